#include "core/ik/ik.hpp"

#include <cmath>
#include <algorithm>
#include <cstdio>
#include <limits>
#include <numeric>
#include <random>
#include <stdexcept>

#include <Eigen/Cholesky>

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
      const Vec3 w = T.R * dj.joint.S.col(k).head<3>();
      J.col(bj.q_index + k) << T.R * dj.joint.S.col(k).tail<3>() + w.cross(x - T.p), w;
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
      if (with_jacobian) J_.middleRows<3>(row) = tg.weight * Jb_.topRows<3>();
      err = e.norm();
      row += 3;
    }
    if (tg.goal != IkGoal::Position) {
      // rotation error as a world rotation vector: R_target = exp([e]) R
      const Vec3 e = so3_log(tg.rotation * T.R.transpose());
      const double w = tg.weight * tg.orientation_scale;
      e_trial_.segment<3>(row) = w * e;
      if (with_jacobian) J_.middleRows<3>(row) = w * Jb_.bottomRows<3>();
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
    loop_data_.reserve(static_cast<std::size_t>(loops_->size()));
    for (int i = 0; i < loops_->size(); ++i) {
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
      const bool bounded = lo_[k] > -1e299 && hi_[k] < 1e299;
      if (locked_[static_cast<std::size_t>(k)]) {
        trial.q[k] = q0[k];
      } else if (bounded) {
        trial.q[k] = lo_[k] + u * (hi_[k] - lo_[k]);
      } else {
        trial.q[k] = std::min(std::max(q0[k] + (2.0 * u - 1.0) * 3.141592653589793, lo_[k]), hi_[k]);
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

void IkSolver::descend(const std::vector<IkTarget>& targets, const IkOptions& o, IkReport& report) {
  const int n = model_.nq();
  const Eigen::VectorXd& lo = lo_;
  const Eigen::VectorXd& hi = hi_;
  const std::vector<bool>& locked = locked_;
  if (hard_rows_ > 0) {
    // every iterate lies on the loops' manifold: close the start first (it stays as it was if it cannot be)
    q_trial_ = report.q;
    if (!close_loops(q_trial_, o)) {
      report.iterations = 0;
      report.residual = std::numeric_limits<double>::infinity();
      return;
    }
    report.q = q_trial_;
  }
  double r = evaluate(targets, report.q, o.time, true);
  e_ = e_trial_;
  Eigen::MatrixXd& J = J_accepted_;  // the jacobian at report.q (J_ holds the trial's)
  J = J_;
  dh_ = dh_trial_;
  Gh_ = Gh_trial_;
  double lambda = o.initial_damping;
  int stalled = 0;
  for (report.iterations = 0; report.iterations < o.max_iterations && r > o.tolerance; ++report.iterations) {
    // active set: a coordinate at a bound whose descent direction leaves the range is held
    g_.noalias() = J.transpose() * e_;
    A_.noalias() = J.transpose() * J;
    for (int k = 0; k < n; ++k) {
      const bool held = locked[static_cast<std::size_t>(k)] || (report.q[k] <= lo[k] && g_[k] < 0.0) ||
                        (report.q[k] >= hi[k] && g_[k] > 0.0);
      held_[static_cast<std::size_t>(k)] = held;
      active_[static_cast<std::size_t>(k)] = held;
      if (held) {
        A_.row(k).setZero();
        A_.col(k).setZero();
        A_(k, k) = 1.0;
        g_[k] = 0.0;
      }
    }
    A_.diagonal().array() += lambda * lambda;
    damped_step(A_, g_, Gh_, dh_, dq_);
    const double step = dq_.cwiseAbs().maxCoeff();
    if (step > o.max_step) dq_ *= o.max_step / step;
    // backtrack along the step before raising λ: in a curved valley (a nearly planar leg reaching a
    // 3-d point) the full gauss–newton step overshoots, a shorter one still makes progress
    bool accepted = false;
    for (int halving = 0; halving < 6 && !accepted; ++halving) {
      q_trial_ = (report.q + dq_).cwiseMax(lo).cwiseMin(hi);
      double r_trial = close_loops(q_trial_, o) ? evaluate(targets, q_trial_, o.time, true) : kRejected;
      if (!(r_trial < r) && halving == 0) {
        // second-order correction: the full step went along a curved valley (the leg's self-motion,
        // steered by the knee's 2 mm lateral shift) and left it; one gauss–newton step from the trial
        // point, on the same active set, falls back into the valley. keeps the long step when it helps.
        g_c_.noalias() = J_.transpose() * e_trial_;
        A_c_.noalias() = J_.transpose() * J_;
        for (int k = 0; k < n; ++k) {
          // this iteration's active set (close_loops may have changed held_ since)
          held_[static_cast<std::size_t>(k)] = active_[static_cast<std::size_t>(k)];
          if (held_[static_cast<std::size_t>(k)]) {
            A_c_.row(k).setZero();
            A_c_.col(k).setZero();
            A_c_(k, k) = 1.0;
            g_c_[k] = 0.0;
          }
        }
        A_c_.diagonal().array() += lambda * lambda;
        if (r_trial < kRejected) {
          // with loops the correction is the constrained step at the (closed) trial point
          damped_step(A_c_, g_c_, Gh_trial_, dh_trial_, dq_soc_);
          q_trial_ = (q_trial_ + dq_soc_).cwiseMax(lo).cwiseMin(hi);
          r_trial = close_loops(q_trial_, o) ? evaluate(targets, q_trial_, o.time, true) : kRejected;
        }
      }
      if (r_trial < r) {
        stalled = (r - r_trial) < 1e-12 * r ? stalled + 1 : 0;
        report.q = q_trial_;
        r = r_trial;
        e_ = e_trial_;
        J = J_;
        dh_ = dh_trial_;
        Gh_ = Gh_trial_;
        accepted = true;
        if (halving == 0) lambda = std::max(lambda * 0.1, 1e-12);
      } else {
        dq_ *= 0.5;
      }
    }
    if (!accepted) lambda *= 10.0;
    // a stationary point: the gradient vanishes, or steps stopped helping
    if (lambda > 1e6 || stalled >= 5 || g_.norm() < 1e-15 * (1.0 + r)) break;
  }
  report.residual = r;
}

}  // namespace js
