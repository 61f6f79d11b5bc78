#include "core/fit/curve_fitter.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>

#include "core/solve/damped_least_squares.hpp"
#include "core/fit/metric.hpp"
#include "core/fit/quadrature.hpp"

namespace js::fit {

namespace {

// W = diag(1, 1, 1, 1/ℓ, 1/ℓ, 1/ℓ) applied to the rows of a 6×6 block or a twist
template <typename M>
void scale_rows(M& m, double inv_length) {
  m.template bottomRows<3>() *= inv_length;
}

}  // namespace

CurveFitter::CurveFitter(const SampleSet& samples, std::vector<double> q, spline::KnotVector knots,
                         CurveFitOptions options)
    : samples_(samples), q_(std::move(q)), knots_(std::move(knots)), options_(std::move(options)) {
  const int n = samples_.size();
  spans_.reserve(static_cast<std::size_t>(n));
  for (int k = 0; k < n; ++k) spans_.push_back(make_curve_span(knots_, q_[static_cast<std::size_t>(k)]));
  set_mask(std::vector<bool>(static_cast<std::size_t>(n), true));
  // quadrature of the smoothness integral over every non-empty knot span of the domain (§6.3: hessians
  // sampled along the whole range, not only at the samples)
  std::array<double, 4> gx{}, gw{};
  const int points = std::clamp(options_.hessian_points_per_span, 1, 4);
  gauss_legendre(points, gx, gw);
  const double range = knots_.q_max() - knots_.q_min();
  const double scale = range * range * range;
  for (int j = knots_.order() - 1; j < knots_.num_basis(); ++j) {
    const double a = knots_.knot(j), b = knots_.knot(j + 1);
    if (!(b > a)) continue;
    for (int g = 0; g < points; ++g) {
      const auto gi = static_cast<std::size_t>(g);
      hessian_spans_.push_back(make_curve_span(knots_, a + gx[gi] * (b - a)));
      hessian_weights_.push_back(scale * gw[gi] * (b - a));
    }
  }
  system_.reset(knots_.num_control(), knots_.order() - 1, knots_.periodic());
  trial_system_ = system_;
  damped_ = system_;
}

void CurveFitter::set_mask(const std::vector<bool>& include) {
  const int n = samples_.size();
  weights_.assign(static_cast<std::size_t>(n), 0.0);
  double total = 0.0;
  for (int k = 0; k < n; ++k) {
    if (include[static_cast<std::size_t>(k)]) total += samples_.samples[static_cast<std::size_t>(k)].weight;
  }
  for (int k = 0; k < n; ++k) {
    if (include[static_cast<std::size_t>(k)]) {
      weights_[static_cast<std::size_t>(k)] = samples_.samples[static_cast<std::size_t>(k)].weight / total;
    }
  }
}

CurveFitter::Terms CurveFitter::terms(const std::vector<SE3>& frames, bool with_smoothness) {
  twists_.update(frames, knots_, false);
  const double inv_length = 1.0 / options_.length_scale;
  Terms t;
  CurvePoint pt;
  PoseResidual res;
  for (std::size_t k = 0; k < spans_.size(); ++k) {
    if (weights_[k] == 0.0) continue;
    curve_point(frames, knots_, twists_, spans_[k], CurveDerivative::None, pt);
    pose_residual(pt.G, samples_.samples[k].parent_T_child, inv_length, false, res);
    t.data += weights_[k] * huber(res.r.squaredNorm(), options_.huber_delta).loss;
  }
  if (with_smoothness || options_.smoothing > 0.0) {
    CurveHessianPoint hp;
    for (std::size_t s = 0; s < hessian_spans_.size(); ++s) {
      curve_hessian(twists_, hessian_spans_[s], false, hp);
      scale_rows(hp.h, inv_length);
      t.smooth += hessian_weights_[s] * hp.h.squaredNorm();
    }
  }
  return t;
}

double CurveFitter::objective(const std::vector<SE3>& frames) {
  const Terms t = terms(frames);
  return (1.0 - options_.smoothing) * t.data + options_.smoothing * t.smooth;
}

CurveFitter::Terms CurveFitter::assemble(const std::vector<SE3>& frames, FitMethod method, BandedSystem& system,
                                         BandedSystem* data_only) {
  using Stacked = Eigen::Matrix<double, 6, Eigen::Dynamic, 0, 6, 6 * spline::kMaxOrder>;
  twists_.update(frames, knots_);
  system.set_zero();
  if (data_only != nullptr) data_only->set_zero();
  const double inv_length = 1.0 / options_.length_scale;
  const double w = options_.smoothing;
  const int order = knots_.order();
  CurvePoint pt;
  PoseResidual res;
  Stacked JJ(6, 6 * order);  // W-scaled d(residual)/dŭ of the influencing frames, side by side
  std::array<int, spline::kMaxOrder> frame;
  // adds coef JJᵀJJ to the matrix and coef JJᵀ target to the right-hand side, block by frame (fixed 6×6
  // lazy products: at these sizes they beat one general product with packing)
  auto accumulate = [&](BandedSystem& sys, double coef, const Vec6& target) {
    for (int i = 0; i < order; ++i) {
      const auto ii = static_cast<std::size_t>(i);
      const auto Ji = JJ.middleCols<6>(6 * i);
      sys.add_rhs(frame[ii], coef * (Ji.transpose() * target));
      for (int j = 0; j <= i; ++j) {
        const auto jj = static_cast<std::size_t>(j);
        Mat6 b = Ji.transpose().lazyProduct(JJ.middleCols<6>(6 * j));
        b *= coef;
        // a closed curve with fewer frames than the order has one frame twice in the product
        if (i != j && frame[ii] == frame[jj]) b += b.transpose().eval();
        sys.add_block(frame[ii], frame[jj], b);
      }
    }
  };
  const CurveDerivative derivative = method == FitMethod::Paper ? CurveDerivative::Paper : CurveDerivative::Exact;
  Terms terms;
  for (std::size_t k = 0; k < spans_.size(); ++k) {
    if (weights_[k] == 0.0) continue;
    const CurveSpan& span = spans_[k];
    const SE3& desired = samples_.samples[k].parent_T_child;
    curve_point(frames, knots_, twists_, span, derivative, pt);
    for (int i = 0; i < order; ++i) frame[static_cast<std::size_t>(i)] = knots_.control_index(span.base + i);
    pose_residual(pt.G, desired, inv_length, method == FitMethod::GaussNewton, res);
    const RobustTerm robust = huber(res.r.squaredNorm(), options_.huber_delta);
    terms.data += weights_[k] * robust.loss;
    const double coef = (1.0 - w) * weights_[k] * robust.weight;
    Vec6 target;
    if (method == FitMethod::GaussNewton) {
      // linearized residual r + A J ŭ → normal equations (Σ JJᵀJJ) ŭ = −Σ JJᵀ r
      for (int i = 0; i < order; ++i) JJ.middleCols<6>(6 * i).noalias() = res.A * pt.J[static_cast<std::size_t>(i)];
      target = -res.r;
    } else {
      // eq. (35)–(36): M ŭ = u_d with u_d = log(G⁻¹ G_d), in the metric W
      for (int i = 0; i < order; ++i) JJ.middleCols<6>(6 * i) = pt.J[static_cast<std::size_t>(i)];
      JJ.bottomRows<3>() *= inv_length;
      target = se3_log(pt.G.inverse() * desired);
      scale_rows(target, inv_length);
    }
    accumulate(system, coef, target);
    if (data_only != nullptr) accumulate(*data_only, coef, target);
  }
  if (w > 0.0) {
    // §6.3: h + N ŭ → 0 (gauss–newton), or N ŭ = ḣ_d = −c h (paper, eq. 42)
    const double rate = method == FitMethod::Paper ? options_.hessian_rate : 1.0;
    CurveHessianPoint hp;
    for (std::size_t s = 0; s < hessian_spans_.size(); ++s) {
      const CurveSpan& span = hessian_spans_[s];
      curve_hessian(twists_, span, true, hp);
      for (int i = 0; i < order; ++i) {
        frame[static_cast<std::size_t>(i)] = knots_.control_index(span.base + i);
        JJ.middleCols<6>(6 * i) = hp.N[static_cast<std::size_t>(i)];
      }
      JJ.bottomRows<3>() *= inv_length;
      scale_rows(hp.h, inv_length);
      terms.smooth += hessian_weights_[s] * hp.h.squaredNorm();
      accumulate(system, w * hessian_weights_[s], -rate * hp.h);
    }
  }
  return terms;
}

double CurveFitter::apply_step(const Eigen::VectorXd& step, std::vector<SE3>& out) const {
  const double inv_length = 1.0 / options_.length_scale;
  double largest = 0.0;
  out.resize(frames_.size());
  for (std::size_t i = 0; i < frames_.size(); ++i) {
    const Twist u = step.segment<6>(6 * static_cast<Eigen::Index>(i));
    out[i] = frames_[i] * se3_exp(u);
    largest = std::max({largest, u.head<3>().cwiseAbs().maxCoeff(), u.tail<3>().cwiseAbs().maxCoeff() * inv_length});
  }
  return largest;
}

double CurveFitter::effective_parameters(const std::vector<SE3>& frames) {
  BandedSystem data_only;
  data_only.reset(knots_.num_control(), knots_.order() - 1, knots_.periodic());
  assemble(frames, FitMethod::GaussNewton, system_, &data_only);
  // a whisker of damping keeps frames without data solvable; it barely changes the trace
  system_.add_marquardt(1e-10, 1e-12 * system_.mean_diagonal());
  if (!system_.solve(step_)) return static_cast<double>(6 * knots_.num_control());
  return system_.trace_inverse_times(data_only);
}

// the gauss–newton fit as a damped least-squares problem (core/solve/damped_least_squares.hpp): normal equations in
// system_ at frames_, the trial's pass also linearizes there (fused: one pass per trial)
struct CurveFitter::GaussNewton {
  CurveFitter& f;
  double F = 0.0;        // at frames_
  double F_trial = 0.0;  // at trial_

  double total(const Terms& t) const { return (1.0 - f.options_.smoothing) * t.data + f.options_.smoothing * t.smooth; }
  double objective() const { return F; }
  bool solve(double lambda) {
    f.damped_ = f.system_;
    f.damped_.add_marquardt(lambda, 1e-9 * f.system_.mean_diagonal());
    return f.damped_.solve(f.step_);
  }
  double try_step(double& step_size) {
    step_size = f.apply_step(f.step_, f.trial_);
    F_trial = total(f.assemble(f.trial_, FitMethod::GaussNewton, f.trial_system_, nullptr));
    return F_trial;
  }
  double accept() {
    f.frames_.swap(f.trial_);
    std::swap(f.system_, f.trial_system_);
    F = F_trial;
    return F;
  }
};

CurveFitResult CurveFitter::run(std::vector<SE3> frames) {
  const auto start = std::chrono::steady_clock::now();
  CurveFitResult result(knots_);
  result.q = q_;
  frames_ = std::move(frames);
  const double w = options_.smoothing;
  auto total = [w](const Terms& t) { return (1.0 - w) * t.data + w * t.smooth; };
  // one pass gives F and the normal equations at the same frames
  const double F0 = total(assemble(frames_, options_.method, system_, nullptr));
  result.objective_history.push_back(F0);
  if (options_.method == FitMethod::Paper) {
    result.frames = run_paper(F0, result);
  } else {
    GaussNewton problem{*this, F0};
    DampedLeastSquaresOptions o;
    o.max_iterations = options_.max_iterations;
    o.step_tolerance = options_.step_tolerance;
    o.objective_tolerance = options_.objective_tolerance;
    o.progress = &options_.progress;
    o.cancel = options_.cancel;
    DampedLeastSquaresReport report;
    damped_least_squares(problem, o, report, result.objective_history);
    result.iterations = report.iterations;
    result.converged = report.converged;
    result.stalled = report.stalled;
    result.cancelled = report.cancelled;
    result.frames = frames_;
  }
  const Terms t = terms(result.frames, true);
  result.data_term = t.data;
  result.smoothness_term = t.smooth;
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

std::vector<SE3> CurveFitter::run_paper(double F, CurveFitResult& result) {
  // eq. (35) in least squares, then Ğ_j ← Ğ_j exp(ŭ_j), undamped: the paper's iteration, not a descent
  // method, so it keeps the best frames seen and stops after five increases in a row
  const double w = options_.smoothing;
  auto total = [w](const Terms& t) { return (1.0 - w) * t.data + w * t.smooth; };
  int increases = 0;
  std::vector<SE3> best = frames_;
  double best_F = F;
  for (int it = 1; it <= options_.max_iterations; ++it) {
    if (options_.cancel != nullptr && options_.cancel->load()) {
      result.cancelled = true;
      break;
    }
    // a whisker of ridge for frames without data
    system_.add_marquardt(1e-12, 1e-12 * system_.mean_diagonal());
    if (!system_.solve(step_)) break;
    const double step_size = apply_step(step_, trial_);
    frames_.swap(trial_);
    const double F_new = total(assemble(frames_, FitMethod::Paper, system_, nullptr));
    increases = F_new > F ? increases + 1 : 0;
    const double F_old = F;
    F = F_new;
    result.iterations = it;
    result.objective_history.push_back(F);
    if (F < best_F) {
      best_F = F;
      best = frames_;
    }
    if (options_.progress && !options_.progress(FitProgress{it, F, step_size})) {
      result.cancelled = true;
      break;
    }
    if (step_size < options_.step_tolerance || F < 1e-30 ||
        std::abs(F_old - F) <= options_.objective_tolerance * F_old) {
      result.converged = true;
      break;
    }
    if (increases >= 5) break;  // the paper's iteration is diverging
  }
  return best;
}

}  // namespace js::fit
