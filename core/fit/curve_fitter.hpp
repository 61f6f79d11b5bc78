// the iteration behind fit_spline_curve on fixed samples, parameters and knots; kept as a class so cross-
// validation can refit with other smoothing weights or sample masks from a warm start.
#pragma once

#include <vector>

#include "core/fit/banded.hpp"
#include "core/fit/curve_derivatives.hpp"
#include "core/fit/curve_fit.hpp"

namespace js::fit {

// q of each sample, knots and initial frames for options (validated; throws like fit_spline_curve).
struct PreparedCurve {
  std::vector<double> q;
  spline::KnotVector knots;
  std::vector<SE3> frames;
};
PreparedCurve prepare_curve_fit(const SampleSet& samples, const CurveFitOptions& options);

// the fitter keeps a reference to samples: it must not outlive them.
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
  // one pass over samples and hessian points at frames: the terms of F and the normal equations of the
  // method into system; data_only (may be null) receives only the data part (for GCV).
  Terms assemble(const std::vector<SE3>& frames, FitMethod method, BandedSystem& system, BandedSystem* data_only);
  // frames_ ← frames_ exp(step) into trial_; returns the largest |W ŭ| component.
  double apply_step(const Eigen::VectorXd& step, std::vector<SE3>& out) const;
  // the paper's iteration (eq. 32–36) from frames_ at objective F; returns the best frames seen.
  std::vector<SE3> run_paper(double F, CurveFitResult& result);
  struct GaussNewton;  // the damped least-squares problem of the gauss–newton method

  const SampleSet& samples_;
  std::vector<double> q_;
  spline::KnotVector knots_;
  CurveFitOptions options_;
  std::vector<CurveSpan> spans_;          // per sample
  std::vector<double> weights_;           // c_k (0 for masked samples), Σ = 1
  std::vector<CurveSpan> hessian_spans_;  // quadrature points of the smoothness integral
  std::vector<double> hessian_weights_;   // L³ × quadrature weight
  ControlTwists twists_;
  BandedSystem system_;        // normal equations at frames_
  BandedSystem trial_system_;  // … at trial_
  BandedSystem damped_;
  std::vector<SE3> frames_;
  std::vector<SE3> trial_;
  Eigen::VectorXd step_;
};

}  // namespace js::fit
