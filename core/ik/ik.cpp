#include "core/ik/ik.hpp"

#include <cmath>
#include <algorithm>
#include <cstdio>
#include <limits>
#include <numeric>
#include <random>
#include <stdexcept>

#include <Eigen/Cholesky>

#include "core/solve/damped_least_squares.hpp"

namespace js {

void body_point_jacobian(const MultibodyModel& model, const MultibodyData& data, int body, const Vec3& point,
                         Eigen::MatrixXd& J) {
  J.setZero(6, model.nq());
  const Vec3 x = data.bodies[static_cast<std::size_t>(body)].world_T_body.act(point);
  // every ancestor joint moves the point: its column s (body j frame) is the spatial twist Ad_{T_j} s
  for (int j = body; j >= 0; j = model.body(j).parent) {
    const Body& bj = model.body(j);
    const BodyData& dj = data.bodies[static_cast<std::size_t>(j)];
    const SE3& T = dj.world_T_body;
    for (int k = 0; k < bj.dof; ++k) {
      const Vec3 w = T.R * angular(dj.joint.S.col(k));
      J.col(bj.q_index + k) << w, T.R * linear(dj.joint.S.col(k)) + w.cross(x - T.p);
    }
  }
}

IkSolver::IkSolver(const MultibodyModel& model)
    : model_(model), data_(model), zero_(Eigen::VectorXd::Zero(model.nq())) {}

namespace {

int target_rows(const IkTarget& t) { return t.goal == IkGoal::Pose ? 6 : 3; }

// the residual of a trial point whose loops could not be closed: never accepted
constexpr double kRejected = std::numeric_limits<double>::infinity();

}  // namespace

double IkSolver::evaluate(const std::vector<IkTarget>& targets, const Eigen::VectorXd& q, double t,
                          bool with_jacobian) {
  // loop rows read the joints' S: velocity level whenever there are loops
  forward_kinematics(model_, data_, t, q, zero_, Eigen::VectorXd(),
                     with_jacobian || loops_ ? KinematicsLevel::Velocity : KinematicsLevel::Position);
  int row = 0;
  for (std::size_t i = 0; i < targets.size(); ++i) {
    const IkTarget& tg = targets[i];
    const SE3& T = data_.bodies[static_cast<std::size_t>(tg.body)].world_T_body;
    if (with_jacobian) body_point_jacobian(model_, data_, tg.body, tg.point, Jb_);
    double err = 0.0;
    if (tg.goal != IkGoal::Orientation) {
      const Vec3 e = tg.position - T.act(tg.point);
      e_trial_.segment<3>(row) = tg.weight * e;
      if (with_jacobian) J_.middleRows<3>(row) = tg.weight * Jb_.bottomRows<3>();
      err = e.norm();
      row += 3;
    }
    if (tg.goal != IkGoal::Position) {
      // rotation error as a world rotation vector: R_target = exp([e]) R
      const Vec3 e = so3_log(tg.rotation * T.R.transpose());
      const double w = tg.weight * tg.orientation_scale;
      e_trial_.segment<3>(row) = w * e;
      if (with_jacobian) J_.middleRows<3>(row) = w * Jb_.topRows<3>();
      err = std::max(err, e.norm());
      row += 3;
    }
    target_errors_[i] = err;
  }
  if (loops_) evaluate_loops(q, row, with_jacobian);
  return e_trial_.norm();
}

IkReport IkSolver::solve(const std::vector<IkTarget>& targets, const Eigen::VectorXd& q0, const IkOptions& o) {
  prepare(targets, q0, o);
  IkReport report;
  report.q = q0.cwiseMax(lo_).cwiseMin(hi_);
  for (int k = 0; k < model_.nq(); ++k) {
    if (locked_[static_cast<std::size_t>(k)]) report.q[k] = q0[k];
  }
  descend(targets, o, report);
  report.start_residuals.push_back(report.residual);
  restart(targets, q0, o, report);
  finish(targets, o, report);
  loops_ = nullptr;  // the loop set is the caller's: not kept past the solve
  return report;
}

void IkSolver::prepare(const std::vector<IkTarget>& targets, const Eigen::VectorXd& q0, const IkOptions& o) {
  const int n = model_.nq();
  if (q0.size() != n) throw std::invalid_argument("ik: q0 has size " + std::to_string(q0.size()) + ", expected " + std::to_string(n));
  int rows = 0;
  for (const IkTarget& t : targets) {
    if (t.body < 0 || t.body >= model_.num_bodies()) throw std::invalid_argument("ik: target body index out of range");
    if (!(t.weight > 0.0)) throw std::invalid_argument("ik: target weight must be > 0");
    rows += target_rows(t);
  }
  target_rows_ = rows;
  // loops: workspaces once per solve; hard rows become constraints, compliant rows join the objective
  loops_ = o.loops && !o.loops->empty() ? o.loops : nullptr;
  loop_data_.clear();
  hard_offset_.clear();
  hard_rows_ = 0;
  loop_weight_ = o.loop_weight;
  if (loops_) {
    if (!(o.loop_weight > 0.0) || !(o.loop_tolerance > 0.0)) {
      throw std::invalid_argument("ik: loop_weight and loop_tolerance must be > 0");
    }
    loop_data_.reserve(static_cast<std::size_t>(loops_->num_loops()));
    for (int i = 0; i < loops_->num_loops(); ++i) {
      const LoopConstraint& l = loops_->loop(i);
      if (l.body_b >= model_.num_bodies() || l.body_a >= model_.num_bodies()) {
        loops_ = nullptr;
        throw std::invalid_argument("ik: loop \"" + l.name + "\" names a body the model does not have");
      }
      loop_data_.emplace_back(model_, l, loops_->rows(i));
      if (l.compliance > 0.0) {
        hard_offset_.push_back(-1);
        rows += loops_->rows(i);
      } else {
        hard_offset_.push_back(hard_rows_);
        hard_rows_ += loops_->rows(i);
      }
    }
    // couplers are hard rows
    coupler_offset_ = hard_rows_;
    hard_rows_ += static_cast<int>(loops_->couplers().size());
    const int all = loops_->total_rows();
    loop_delta_.resize(all);
    loop_dot_.resize(all);
    loop_bias_.resize(all);
    G_loop_.resize(all, n);
  }
  dh_.setZero(hard_rows_);
  dh_trial_.setZero(hard_rows_);
  Gh_.setZero(hard_rows_, n);
  Gh_trial_.setZero(hard_rows_, n);
  Gt_.resize(n, hard_rows_);
  Y_.resize(n, hard_rows_);
  S_.resize(hard_rows_, hard_rows_);
  mu_.resize(hard_rows_);
  dq_soc_.resize(n);
  held_.assign(static_cast<std::size_t>(n), false);
  active_.assign(static_cast<std::size_t>(n), false);
  e_.resize(rows);
  e_trial_.resize(rows);
  J_.resize(rows, n);
  J_accepted_.resize(rows, n);
  g_.resize(n);
  g_c_.resize(n);
  A_.resize(n, n);
  A_c_.resize(n, n);
  dq_.resize(n);
  target_errors_.assign(targets.size(), 0.0);
  lo_.resize(n);
  hi_.resize(n);
  locked_.assign(static_cast<std::size_t>(n), false);
  for (int k = 0; k < n; ++k) {
    const Coordinate& c = model_.coordinate_info(k);
    lo_[k] = c.min;
    hi_[k] = c.max;
    locked_[static_cast<std::size_t>(k)] = c.locked;
  }
}

void IkSolver::restart(const std::vector<IkTarget>& targets, const Eigen::VectorXd& q0, const IkOptions& o,
                       IkReport& report) {
  const int n = model_.nq();
  const int restarts = report.residual <= o.tolerance ? 0 : std::max(o.restarts, 0);
  if (restarts == 0) return;
  // latin hypercube over the ranges: coordinate k of start i lies in stratum perm_k[i] of restarts
  std::mt19937 rng(o.seed);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  std::vector<std::vector<int>> strata(static_cast<std::size_t>(n));
  for (auto& p : strata) {
    p.resize(static_cast<std::size_t>(restarts));
    std::iota(p.begin(), p.end(), 0);
    std::shuffle(p.begin(), p.end(), rng);
  }
  IkReport trial;
  for (int i = 0; i < restarts && report.residual > o.tolerance; ++i) {
    trial.q = report.q;
    for (int k = 0; k < n; ++k) {
      const double u = (strata[static_cast<std::size_t>(k)][static_cast<std::size_t>(i)] + unit(rng)) / restarts;
      const bool bounded = is_limit(lo_[k]) && is_limit(hi_[k]);
      if (locked_[static_cast<std::size_t>(k)]) {
        trial.q[k] = q0[k];
      } else if (bounded) {
        trial.q[k] = lo_[k] + u * (hi_[k] - lo_[k]);
      } else {
        trial.q[k] = std::min(std::max(q0[k] + (2.0 * u - 1.0) * kPi, lo_[k]), hi_[k]);
      }
    }
    descend(targets, o, trial);
    report.iterations += trial.iterations;
    report.start_residuals.push_back(trial.residual);
    ++report.starts;
    if (trial.residual < report.residual) {
      report.q = trial.q;
      report.residual = trial.residual;
      report.best_start = i + 1;
    }
  }
}

void IkSolver::finish(const std::vector<IkTarget>& targets, const IkOptions& o, IkReport& report) {
  // errors at the final q; a start that could not be closed ended at +inf
  report.loops_closed = loops_ == nullptr || std::isfinite(report.residual);
  report.residual = evaluate(targets, report.q, o.time, false);
  report.errors = target_errors_;
  report.loop_error = 0.0;
  if (loops_) report.loop_error = loop_error_;
  report.converged = report.residual <= o.tolerance && report.loops_closed;
  // every start stopped at a stationary point above the tolerance (or ran out of iterations)
  report.unreachable = !report.converged;
  char buf[200];
  const int used = report.starts - 1;
  if (report.converged) {
    std::snprintf(buf, sizeof buf, "converged in %d iterations (%d restart%s), residual %.3g", report.iterations, used,
                  used == 1 ? "" : "s", report.residual);
  } else {
    std::snprintf(buf, sizeof buf,
                  "target unreachable: best of %d start%s stopped at residual %.3g after %d iterations in all",
                  report.starts, report.starts == 1 ? "" : "s", report.residual, report.iterations);
  }
  report.message = buf;
  if (loops_) {
    std::snprintf(buf, sizeof buf, report.loops_closed ? "; loops closed, loop error %.3g" :
                  "; the loops cannot be closed from any start, loop error %.3g", report.loop_error);
    report.message += buf;
  }
}

// one descent as a damped least-squares problem (core/solve/damped_least_squares.hpp): F is the weighted
// residual norm r, the step solves (JᵀJ + λ² 1) Δq = Jᵀe on the free coordinates (active set) subject to
// the hard loops, the retraction is q + Δq clamped into the ranges and projected onto the loops. a trial
// backtracks along the step (halvings, the first with a second-order correction) before λ rises.
struct IkSolver::Descent {
  IkSolver& s;
  const std::vector<IkTarget>& targets;
  const IkOptions& o;
  Eigen::VectorXd& q;   // the current point
  double r = 0.0;       // at q
  double r_trial = 0.0;
  double lambda = 0.0;  // of the current step (its correction is damped alike)
  bool halved = false;  // the accepted trial was a shortened step

  double objective() const { return r; }
  bool solve(double damping);
  double try_step(double& step_size);
  double accept();
  bool shortened() const { return halved; }
  // the gradient of the last step vanishes
  bool stationary(double F) const { return s.g_.norm() < 1e-15 * (1.0 + F); }

 private:
  double trial_residual() {
    return s.close_loops(s.q_trial_, o) ? s.evaluate(targets, s.q_trial_, o.time, true) : kRejected;
  }
  void correct();
};

void IkSolver::hold_and_damp(Eigen::MatrixXd& A, Eigen::VectorXd& g, double lambda) const {
  for (int k = 0; k < model_.nq(); ++k) {
    if (held_[static_cast<std::size_t>(k)]) {
      A.row(k).setZero();
      A.col(k).setZero();
      A(k, k) = 1.0;
      g[k] = 0.0;
    }
  }
  A.diagonal().array() += lambda * lambda;
}

bool IkSolver::Descent::solve(double damping) {
  lambda = damping;
  // active set: a coordinate at a bound whose descent direction leaves the range is held
  s.g_.noalias() = s.J_accepted_.transpose() * s.e_;
  s.A_.noalias() = s.J_accepted_.transpose() * s.J_accepted_;
  for (int k = 0; k < q.size(); ++k) {
    const auto i = static_cast<std::size_t>(k);
    const bool held = s.locked_[i] || (q[k] <= s.lo_[k] && s.g_[k] < 0.0) || (q[k] >= s.hi_[k] && s.g_[k] > 0.0);
    s.held_[i] = held;
    s.active_[i] = held;
  }
  s.hold_and_damp(s.A_, s.g_, lambda);
  s.damped_step(s.A_, s.g_, s.Gh_, s.dh_, s.dq_);
  const double step = s.dq_.cwiseAbs().maxCoeff();
  if (step > o.max_step) s.dq_ *= o.max_step / step;
  return true;
}

// second-order correction: the full step went along a curved valley (the leg's self-motion, steered by
// the knee's 2 mm lateral shift) and left it; one gauss–newton step from the trial point, on the same
// active set, falls back into the valley. keeps the long step when it helps.
void IkSolver::Descent::correct() {
  s.g_c_.noalias() = s.J_.transpose() * s.e_trial_;
  s.A_c_.noalias() = s.J_.transpose() * s.J_;
  // this iteration's active set (close_loops may have changed held_ since)
  s.held_ = s.active_;
  s.hold_and_damp(s.A_c_, s.g_c_, lambda);
  if (r_trial < kRejected) {
    // with loops the correction is the constrained step at the (closed) trial point
    s.damped_step(s.A_c_, s.g_c_, s.Gh_trial_, s.dh_trial_, s.dq_soc_);
    s.q_trial_ = (s.q_trial_ + s.dq_soc_).cwiseMax(s.lo_).cwiseMin(s.hi_);
    r_trial = trial_residual();
  }
}

// backtracks along the step before the schedule raises λ: in a curved valley (a nearly planar leg
// reaching a 3-d point) the full gauss–newton step overshoots, a shorter one still makes progress
double IkSolver::Descent::try_step(double& step_size) {
  for (int halving = 0; halving < 6; ++halving) {
    s.q_trial_ = (q + s.dq_).cwiseMax(s.lo_).cwiseMin(s.hi_);
    r_trial = trial_residual();
    if (!(r_trial < r) && halving == 0) correct();
    if (r_trial < r) {
      halved = halving > 0;
      step_size = (s.q_trial_ - q).cwiseAbs().maxCoeff();
      return r_trial;
    }
    s.dq_ *= 0.5;
  }
  return kRejected;
}

double IkSolver::Descent::accept() {
  // the trial's rows and jacobian (evaluate wrote them to the trial workspaces) become the current ones
  q = s.q_trial_;
  r = r_trial;
  s.e_ = s.e_trial_;
  s.J_accepted_ = s.J_;
  s.dh_ = s.dh_trial_;
  s.Gh_ = s.Gh_trial_;
  return r;
}

namespace {

// the ik's levenberg–marquardt schedule: every solved linearization is an iteration; a stationary point
// (λ past 1e6, five steps in a row that lower r by less than 1e-12 of itself, a vanishing gradient) ends
// the descent short of the tolerance
DampedLeastSquaresOptions ik_schedule(const IkOptions& o) {
  DampedLeastSquaresOptions s;
  s.max_iterations = o.max_iterations;
  s.target = o.tolerance;
  s.step_tolerance = 0.0;  // short steps are backtracked ones: no reason to stop
  s.objective_tolerance = 1e-12;
  s.slow_steps = 5;
  s.initial_damping = o.initial_damping;
  s.min_damping = 1e-12;
  s.max_damping = std::nextafter(1e6, std::numeric_limits<double>::infinity());  // λ = 1e6 is still tried
  s.rejection_ends_iteration = true;
  return s;
}

}  // namespace

void IkSolver::descend(const std::vector<IkTarget>& targets, const IkOptions& o, IkReport& report) {
  report.iterations = 0;
  if (hard_rows_ > 0) {
    // every iterate lies on the loops' manifold: close the start first (it stays as it was if it cannot be)
    q_trial_ = report.q;
    if (!close_loops(q_trial_, o)) {
      report.residual = std::numeric_limits<double>::infinity();
      return;
    }
    report.q = q_trial_;
  }
  Descent descent{*this, targets, o, report.q};
  descent.r = evaluate(targets, report.q, o.time, true);
  e_ = e_trial_;
  J_accepted_ = J_;  // the jacobian at report.q (J_ holds the trial's)
  dh_ = dh_trial_;
  Gh_ = Gh_trial_;
  if (descent.r > o.tolerance) {
    DampedLeastSquaresReport dls;
    damped_least_squares(descent, ik_schedule(o), dls);
    report.iterations = dls.iterations;
  }
  report.residual = descent.r;
}

}  // namespace js
