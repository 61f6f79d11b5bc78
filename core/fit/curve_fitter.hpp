// the iteration behind fit_spline_curve on fixed samples, parameters and knots; kept as a class so cross-
// validation can refit with other smoothing weights or sample masks from a warm start.
#pragma once

#include <vector>

#include "core/fit/banded.hpp"
#include "core/fit/curve_derivatives.hpp"
#include "core/fit/curve_fit.hpp"

namespace js::fit {

class CurveFitter {
 public:
  // samples and q (size N): the data; knots: the curve's knots; options: method, weights, smoothing.
  CurveFitter(const SampleSet& samples, std::vector<double> q, spline::KnotVector knots, CurveFitOptions options);

  // iterates from frames (size knots.num_control()) to convergence, cancellation or max_iterations.
  CurveFitResult run(std::vector<SE3> frames);

  // the two terms of F at frames: data Σ c_k ρ_k and smoothness L³∫|W h|²dq (computed only when w > 0
  // or with_smoothness).
  struct Terms {
    double data = 0.0;
    double smooth = 0.0;
  };
  Terms terms(const std::vector<SE3>& frames, bool with_smoothness = false);
  double objective(const std::vector<SE3>& frames);

  // tr((Hd + Hs)⁻¹ Hd) of the gauss–newton normal equations at frames: the effective number of parameters
  // for generalized cross-validation.
  double effective_parameters(const std::vector<SE3>& frames);

  // changes the smoothing weight w ∈ [0, 1).
  void set_smoothing(double w) { options_.smoothing = w; }
  // per-sample inclusion (size N; false: the sample is left out, for k-fold cross-validation).
  void set_mask(const std::vector<bool>& include);
  const spline::KnotVector& knots() const { return knots_; }
  const std::vector<double>& q() const { return q_; }

 private:
  // assembles the normal equations of one iteration at frames_ (twists_ up to date) into system_;
  // data_only: a second system receiving only the data part (for GCV), may be null.
  void assemble(FitMethod method, BandedSystem& system, BandedSystem* data_only);
  // frames_ ← frames_ exp(step) into trial_; returns the largest |W ŭ| component.
  double apply_step(const Eigen::VectorXd& step, std::vector<SE3>& out) const;

  const SampleSet& samples_;
  std::vector<double> q_;
  spline::KnotVector knots_;
  CurveFitOptions options_;
  std::vector<CurveSpan> spans_;          // per sample
  std::vector<double> weights_;           // c_k (0 for masked samples), Σ = 1
  std::vector<CurveSpan> hessian_spans_;  // quadrature points of the smoothness integral
  std::vector<double> hessian_weights_;   // L³ × quadrature weight
  ControlTwists twists_;
  BandedSystem system_;
  std::vector<SE3> frames_;
  std::vector<SE3> trial_;
  Eigen::VectorXd step_;
};

}  // namespace js::fit
