// fitting a 1-dof spline curve joint to samples (paper §6): minimize
//
//   F = (1 − w) Σ_k c_k ρ(|r(G(q_k), G_d^k)|²) + w · L³ ∫ |W h(q)|² dq
//
// over the control frames Ğ_0..Ğ_m (right perturbations Ğ_j ← Ğ_j exp(ŭ_j)), where r is the metric of
// metric.hpp, c_k the normalized sample weights (Σ c_k = 1), ρ the squared norm or the huber loss, h = ∇S
// the joint hessian (§6.3, zero for a screw motion), W = diag(1, 1, 1, 1/ℓ, 1/ℓ, 1/ℓ), L = q_max − q_min
// (L³∫…dq is the integral over the range rescaled to [0, 1], so w does not depend on the units of q).
//
// two methods:
//   Paper:       the iteration of eq. 32–36 (M from eq. 34, target u_d = log(G⁻¹G_d)); with smoothing the
//                combined system of §6.3, ḣ_d = −c h, using the exact N = ∂h/∂ŭ (analytic, not numeric N′).
//   GaussNewton: levenberg–marquardt on F with the exact derivative of G(q_k) w.r.t. each control frame
//                (curve_derivatives.hpp) and of h; huber by reweighting.
// both assemble banded normal equations (banded.hpp). see docs/fitting.md.
#pragma once

#include <atomic>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/fit/samples.hpp"
#include "core/joints/spline_curve_joint.hpp"
#include "core/solve/damped_least_squares.hpp"
#include "core/spline/knots.hpp"

namespace js::fit {

enum class FitMethod { Paper, GaussNewton };

// "paper" / "gauss-newton"
const char* fit_method_name(FitMethod method);
bool fit_method_from_name(const std::string& name, FitMethod& method);

// reported after every iteration: iteration (1-based), F after it, the largest |W ŭ_j| component of the
// step taken (the shared schedule's progress, core/solve/damped_least_squares.hpp).
using FitProgress = DampedLeastSquaresProgress;

// return false to stop the fit (the result is the best so far, marked cancelled).
using ProgressCallback = std::function<bool(const FitProgress&)>;

struct CurveFitOptions {
  int order = 4;              // k (4: cubic, the lowest C² order)
  int num_frames = 8;         // m + 1 control frames (≥ order)
  bool closed = false;        // periodic curve: the motion returns to its start
  FitMethod method = FitMethod::GaussNewton;
  double length_scale = 0.05;  // ℓ in metres: 1 rad of rotation error weighs like ℓ of translation error
  double smoothing = 0.0;      // w ∈ [0, 1)
  double huber_delta = 0.0;    // huber threshold on |r| (rad-equivalent); ≤ 0: plain least squares
  int max_iterations = 100;
  double step_tolerance = 1e-12;      // converged when the largest step component falls below
  double objective_tolerance = 1e-10;  // … or when F decreases by less than this fraction of itself
  int hessian_points_per_span = 3;    // gauss–legendre points per knot span for the smoothness integral
  double hessian_rate = 1.0;          // c of ḣ_d = −c h (paper method, 0 < c ≤ 1)
  std::optional<spline::KnotVector> knots;         // explicit knots (override order, num_frames, closed)
  std::optional<std::vector<SE3>> initial_frames;  // explicit start (size of the knots' num_control)
  ProgressCallback progress;                       // called on the fitting thread after every iteration
  const std::atomic<bool>* cancel = nullptr;       // set from another thread to stop the fit
};

struct CurveFitResult {
  explicit CurveFitResult(spline::KnotVector k) : knots(std::move(k)) {}

  std::vector<SE3> frames;          // Ğ_0..Ğ_m
  spline::KnotVector knots;
  std::vector<double> q;            // parameter of each sample, size N (given or natural)
  int iterations = 0;
  bool converged = false;
  bool stalled = false;             // levenberg–marquardt found no step lowering F (damping reached 1e10)
  bool cancelled = false;
  std::vector<double> objective_history;  // F before the first iteration, then after each
  double data_term = 0.0;           // Σ c_k ρ_k at the end (before the 1 − w factor)
  double smoothness_term = 0.0;     // L³ ∫ |W h|² dq at the end (before the w factor)
  double effective_parameters = 0.0;  // tr of the influence matrix (filled by cross-validation)
  double seconds = 0.0;

  // the fitted joint
  SplineCurveJoint joint(const std::string& coordinate = "q") const { return SplineCurveJoint(frames, knots, coordinate); }
};

// the whole 1-dof fit: q (given or natural, §6.1), knots, initial frames, iteration. throws SampleError
// (TooFewSamples) when the set has fewer samples than control frames, std::invalid_argument on bad options.
CurveFitResult fit_spline_curve(const SampleSet& samples, const CurveFitOptions& options);

}  // namespace js::fit
