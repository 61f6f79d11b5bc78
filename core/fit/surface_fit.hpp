// fitting an n-dof spline surface joint G(q) = H ∏_{j=0..5} exp(ê_j φ_j(q)) (paper eq. 25; n = 1..3, the
// paper's future work of §8) to samples (q_k ∈ Rⁿ, G_d^k): minimize
//
//   F = (1 − w) Σ_k c_k |r(G(q_k), G_d^k)|² + w Σ_j |W ê_j|² ∫_{[0,1]ⁿ} ‖∇²φ_j‖²_F du
//
// over the 6·∏_a n_a spline coefficients, r the metric of metric.hpp (rotation + translation/ℓ), c_k the
// normalized sample weights. the smoothing term is the integrated squared second derivatives of the φ_j
// (coordinates rescaled to the unit box; |W ê_j|² = 1 for rotations, 1/ℓ² for translations), a constant
// quadratic form in the coefficients, so gauss–newton treats it exactly.
//
// 1. start (coordinate-wise): each sample's H⁻¹G_d is decomposed into the six φ values of the default basis
//    (translation and x-y-z euler angles), angles unwrapped consistently from the sample nearest the centre
//    outwards, then each φ_j is a linear least-squares spline fit (one cholesky, six right-hand sides).
// 2. refinement: levenberg–marquardt on F with the exact derivative of G(q_k) with respect to every
//    coefficient through the product structure (surface_pose.hpp). the normal equations are 6·∏n_a square
//    and formed dense (8×8 net: 384 unknowns, a few ms per cholesky); see docs/fitting.md.
#pragma once

#include <array>
#include <atomic>
#include <optional>
#include <vector>

#include "core/fit/curve_fit.hpp"
#include "core/joints/spline_surface_joint.hpp"

namespace js::fit {

struct SurfaceFitOptions {
  int order = 4;                 // k of every axis (4: bicubic)
  std::vector<int> net{8};       // control values per coordinate: one entry (all axes) or one per axis
  double length_scale = 0.05;    // ℓ in metres, as in the curve fit
  double smoothing = 0.0;        // w ∈ [0, 1)
  int max_iterations = 50;
  double step_tolerance = 1e-12;       // converged when the largest |W step| component falls below
  double objective_tolerance = 1e-12;  // … or when F decreases by less than this fraction of itself
  int hessian_points = 3;        // gauss–legendre points per knot span and axis for the smoothing integral
  bool refine = true;            // false: stop after the coordinate-wise start
  std::optional<SE3> base;       // H; default: the pose of the sample nearest the centre of the q box
  std::optional<std::vector<spline::KnotVector>> knots;  // explicit knots (override order and net)
  ProgressCallback progress;     // called on the fitting thread after every iteration
  const std::atomic<bool>* cancel = nullptr;  // set from another thread to stop the fit
};

struct SurfaceFitResult {
  SE3 base;
  std::vector<spline::KnotVector> knots;
  std::array<std::vector<double>, 6> coefficients;    // the fitted φ_j control values (row-major net)
  std::array<std::vector<double>, 6> coordinatewise;  // the coordinate-wise start
  int iterations = 0;                      // levenberg–marquardt iterations (accepted steps)
  bool converged = false;
  bool stalled = false;                    // no step lowered F up to damping 1e10
  bool cancelled = false;
  std::vector<double> objective_history;   // F of the start, then after each iteration
  double data_term = 0.0;                  // Σ c_k |r_k|² at the end
  double smoothness_term = 0.0;            // Σ_j |W ê_j|² ∫‖∇²φ_j‖² at the end
  double coordinatewise_data_term = 0.0;   // Σ c_k |r_k|² of the start
  double seconds = 0.0;

  SplineSurfaceJoint joint() const { return SplineSurfaceJoint(base, knots, coefficients); }
  SplineSurfaceJoint coordinatewise_joint() const { return SplineSurfaceJoint(base, knots, coordinatewise); }
};

// the whole n-dof fit. throws SampleError(TooFewSamples) when the samples cannot determine the net (fewer
// samples than coefficients per φ_j, or fewer distinct q values along an axis than its control values,
// unless w > 0), std::invalid_argument on bad options or samples without q (n-dof needs given q).
SurfaceFitResult fit_spline_surface(const SampleSet& samples, const SurfaceFitOptions& options);

// knots of one axis: clamped uniform over [q_min, q_max] with `controls` values of order `order`.
std::vector<spline::KnotVector> surface_knots(const SampleSet& samples, const std::vector<int>& net, int order);

}  // namespace js::fit
