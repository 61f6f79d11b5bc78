// the two stages behind fit_spline_surface on fixed samples, q, knots and base H: the coordinate-wise
// linear least squares of the six φ_j and the levenberg–marquardt refinement on the SE(3) metric.
#pragma once

#include <Eigen/Core>
#include <Eigen/Cholesky>
#include <vector>

#include "core/fit/surface_fit.hpp"
#include "core/fit/surface_stencil.hpp"

namespace js::fit {

// coefficients of the six φ_j: row i = control value i of φ_0..φ_5, so the data is the unknown vector
// x with x[6i + j] (the 6×6 blocks of the normal equations belong to one control value).
using SurfaceCoefficients = Eigen::Matrix<double, Eigen::Dynamic, 6, Eigen::RowMajor>;

// the fitter keeps a reference to samples: it must not outlive them.
class SurfaceFitter {
 public:
  // samples with q of size knots.size(); H: the base transform; options: ℓ, w, iteration limits, callbacks.
  SurfaceFitter(const SampleSet& samples, std::vector<spline::KnotVector> knots, const SE3& H,
                const SurfaceFitOptions& options);

  // linear least squares of each φ_j against targets (N × 6: φ_j at sample k), with the smoothing term.
  SurfaceCoefficients coordinatewise(const Eigen::Matrix<double, Eigen::Dynamic, 6>& targets) const;

  struct Terms {
    double data = 0.0;    // Σ c_k |r_k|²
    double smooth = 0.0;  // Σ_j |W ê_j|² c_jᵀ R c_j
  };
  Terms terms(const SurfaceCoefficients& C) const;

  // levenberg–marquardt from C; fills iterations, history, flags and the final coefficients of result.
  void refine(SurfaceCoefficients& C, SurfaceFitResult& result);

  // G(q_k) and, when S is given, ∂G/∂φ at q_k for sample k.
  void sample_pose(const SurfaceCoefficients& C, int k, SE3& G, Mat6* S) const;
  const SurfaceStencil& stencil(int k) const { return stencils_[static_cast<std::size_t>(k)]; }
  int num_coefficients() const { return num_coefficients_; }

 private:
  // F at C and the gauss–newton normal equations H x = g (H: 6nc square, lower triangle filled).
  Terms assemble(const SurfaceCoefficients& C);

  const SampleSet& samples_;
  std::vector<spline::KnotVector> knots_;
  SE3 H_;
  SurfaceFitOptions options_;
  std::array<Twist, 6> basis_;
  std::array<double, 6> metric_;        // |W ê_j|²
  int num_coefficients_ = 0;
  std::vector<SurfaceStencil> stencils_;  // per sample
  std::vector<double> weights_;           // c_k, Σ = 1
  Eigen::MatrixXd roughness_;             // R: ∫‖∇²B_i : ∇²B_l‖ du over the unit box (nc square)
  Eigen::MatrixXd normal_;                // gauss–newton matrix (6nc square)
  Eigen::VectorXd gradient_;              // right-hand side −½∇F
  Eigen::MatrixXd damped_;
  Eigen::LLT<Eigen::MatrixXd> llt_;
  Eigen::VectorXd step_;
  struct Refinement;  // the damped least-squares problem of refine()
};

}  // namespace js::fit
