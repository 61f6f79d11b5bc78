#include "core/dynamics/simulator.hpp"

#include <Eigen/Cholesky>

namespace js {

const char* integrator_name(Integrator integrator) {
  switch (integrator) {
    case Integrator::ExplicitEuler: return "euler";
    case Integrator::SymplecticEuler: return "symplectic";
    case Integrator::RK4: return "rk4";
  }
  return "unknown";
}

bool integrator_from_name(const std::string& name, Integrator& integrator) {
  for (Integrator i : {Integrator::ExplicitEuler, Integrator::SymplecticEuler, Integrator::RK4}) {
    if (name == integrator_name(i)) {
      integrator = i;
      return true;
    }
  }
  return false;
}

Simulator::Simulator(const MultibodyModel& model, const ForceSet& forces, SimulatorOptions options)
    : model_(model), forces_(forces), options_(options), data_(model) {
  if (options.loops != nullptr && !options.loops->empty()) loops_ = std::make_unique<LoopSolver>(model, *options.loops);
  const int n = model.nq();
  for (int k = 0; k < n; ++k) {
    const Coordinate& c = model.coordinate_info(k);
    const Body& body = model.body(model.coordinate(k).body);
    const bool wraps = body.joint->range_policy() == RangePolicy::Wrap;
    if (model.is_prescribed(k)) continue;  // the trajectory decides
    if (c.locked || (!wraps && (c.min > -1e299 || c.max < 1e299))) constrained_.push_back(k);
  }
  engaged_.reserve(constrained_.size());
  const auto nc = static_cast<Eigen::Index>(constrained_.size());
  M_ = Eigen::MatrixXd::Zero(n, n);
  llt_ = Eigen::LLT<Eigen::MatrixXd>(n);
  Minv_Pt_ = Eigen::MatrixXd::Zero(n, nc);
  A_ = Eigen::MatrixXd::Zero(nc, nc);
  lambda_ = Eigen::VectorXd::Zero(nc);
  q_start_ = Eigen::VectorXd::Zero(n);
  tau_ = Eigen::VectorXd::Zero(n);
  q_eval_ = Eigen::VectorXd::Zero(n);
  qd_eval_ = Eigen::VectorXd::Zero(n);
  q_tmp_ = Eigen::VectorXd::Zero(n);
  qd_tmp_ = Eigen::VectorXd::Zero(n);
  for (int k = 0; k < 4; ++k) {
    k_q_[k] = Eigen::VectorXd::Zero(n);
    k_qd_[k] = Eigen::VectorXd::Zero(n);
  }
}

const Eigen::VectorXd& Simulator::accelerations(double t, const ConstVectorRef& q, const ConstVectorRef& qd) {
  if (!model_.prescribed().empty()) {
    evaluate_prescribed(model_, data_, t);
    q_eval_ = q;
    qd_eval_ = qd;
    for (std::size_t k = 0; k < model_.prescribed().size(); ++k) {
      const int c = model_.prescribed()[k].coordinate;
      q_eval_[c] = data_.prescribed[k].q;
      qd_eval_[c] = data_.prescribed[k].qd;
    }
    forward_kinematics(model_, data_, t, q_eval_, qd_eval_, Eigen::VectorXd(), KinematicsLevel::Acceleration);
    apply_forces(model_, forces_, data_, t, q_eval_, qd_eval_, tau_);
    aba_from_kinematics(model_, data_, tau_);
    if (loops_) loops_->solve(model_, data_, t, q_eval_, dt_);
    return data_.qdd;
  }
  forward_kinematics(model_, data_, t, q, qd, Eigen::VectorXd(), KinematicsLevel::Acceleration);
  apply_forces(model_, forces_, data_, t, q, qd, tau_);
  aba_from_kinematics(model_, data_, tau_);
  if (loops_) loops_->solve(model_, data_, t, q, dt_);
  return data_.qdd;
}

void Simulator::step(SimulationState& s, double dt, Integrator integrator) {
  const bool limits = options_.enforce_limits && !constrained_.empty();
  dt_ = dt;
  if (limits) q_start_ = s.q;
  switch (integrator) {
    case Integrator::ExplicitEuler: {
      // q and q̇ both from the old state
      const Eigen::VectorXd& qdd = accelerations(s.t, s.q, s.qd);
      s.q += dt * s.qd;
      s.qd += dt * qdd;
      break;
    }
    case Integrator::SymplecticEuler: {
      // velocity first, then the position with the new velocity
      s.qd += dt * accelerations(s.t, s.q, s.qd);
      s.q += dt * s.qd;
      break;
    }
    case Integrator::RK4: {
      const double half = 0.5 * dt;
      k_q_[0] = s.qd;
      k_qd_[0] = accelerations(s.t, s.q, s.qd);
      q_tmp_ = s.q + half * k_q_[0];
      qd_tmp_ = s.qd + half * k_qd_[0];
      k_q_[1] = qd_tmp_;
      k_qd_[1] = accelerations(s.t + half, q_tmp_, qd_tmp_);
      q_tmp_ = s.q + half * k_q_[1];
      qd_tmp_ = s.qd + half * k_qd_[1];
      k_q_[2] = qd_tmp_;
      k_qd_[2] = accelerations(s.t + half, q_tmp_, qd_tmp_);
      q_tmp_ = s.q + dt * k_q_[2];
      qd_tmp_ = s.qd + dt * k_qd_[2];
      k_q_[3] = qd_tmp_;
      k_qd_[3] = accelerations(s.t + dt, q_tmp_, qd_tmp_);
      s.q += dt / 6.0 * (k_q_[0] + 2.0 * k_q_[1] + 2.0 * k_q_[2] + k_q_[3]);
      s.qd += dt / 6.0 * (k_qd_[0] + 2.0 * k_qd_[1] + 2.0 * k_qd_[2] + k_qd_[3]);
      break;
    }
  }
  s.t += dt;
  apply_prescribed(s);
  if (limits) enforce_limits(s, q_start_);
}

void Simulator::apply_prescribed(SimulationState& s) {
  if (model_.prescribed().empty()) return;
  evaluate_prescribed(model_, data_, s.t);
  for (std::size_t k = 0; k < model_.prescribed().size(); ++k) {
    const int c = model_.prescribed()[k].coordinate;
    s.q[c] = data_.prescribed[k].q;
    s.qd[c] = data_.prescribed[k].qd;
  }
}

void Simulator::enforce_limits(SimulationState& s, const Eigen::VectorXd& q_start) {
  // engaged: locked, past a bound, or on a bound and moving out of the range
  engaged_.clear();
  for (int k : constrained_) {
    const Coordinate& c = model_.coordinate_info(k);
    if (c.locked) {
      s.q[k] = q_start[k];
    } else if (s.q[k] >= c.max) {
      s.q[k] = c.max;
      if (s.qd[k] <= 0.0) continue;
    } else if (s.q[k] <= c.min) {
      s.q[k] = c.min;
      if (s.qd[k] >= 0.0) continue;
    } else {
      continue;
    }
    engaged_.push_back(k);
  }
  engaged_count_ = static_cast<int>(engaged_.size());
  if (engaged_.empty()) return;
  // inelastic impulses: find λ with (q̇ + M⁻¹ Pᵀ λ)_engaged = 0; a limit whose λ would pull (the
  // coordinate already leaves its bound through the others' impulses) is released and the rest re-solved.
  // prescribed coordinates cannot take an impulse: their rows and columns of M become identity rows, so
  // M⁻¹ acts on the free block only. every buffer is preallocated, so this allocates nothing.
  M_ = crba(model_, data_, s.t, s.q);
  for (const PrescribedCoordinate& p : model_.prescribed()) {
    M_.row(p.coordinate).setZero();
    M_.col(p.coordinate).setZero();
    M_(p.coordinate, p.coordinate) = 1.0;
  }
  llt_.compute(M_);
  for (int attempt = 0; attempt < 8 && !engaged_.empty(); ++attempt) {
    const int m = static_cast<int>(engaged_.size());
    auto Minv_Pt = Minv_Pt_.leftCols(m);
    Minv_Pt.setZero();
    for (int r = 0; r < m; ++r) Minv_Pt(engaged_[static_cast<std::size_t>(r)], r) = 1.0;
    llt_.solveInPlace(Minv_Pt);
    for (const PrescribedCoordinate& p : model_.prescribed()) Minv_Pt.row(p.coordinate).setZero();
    auto A = A_.topLeftCorner(m, m);
    auto lambda = lambda_.head(m);
    for (int r = 0; r < m; ++r) {
      A.row(r) = Minv_Pt.row(engaged_[static_cast<std::size_t>(r)]);
      lambda[r] = -s.qd[engaged_[static_cast<std::size_t>(r)]];
    }
    // A = P M⁻¹ Pᵀ is symmetric positive definite; factored in place
    Eigen::LLT<Eigen::Ref<Eigen::MatrixXd>> llt_a(A);
    llt_a.solveInPlace(lambda);
    // a bound may only push into the range: λ ≤ 0 at max, ≥ 0 at min (locks take either sign)
    std::size_t keep = 0;
    bool released = false;
    for (int r = 0; r < m; ++r) {
      const int k = engaged_[static_cast<std::size_t>(r)];
      const Coordinate& c = model_.coordinate_info(k);
      const bool pulls = !c.locked && ((s.q[k] >= c.max && lambda[r] > 0.0) || (s.q[k] <= c.min && lambda[r] < 0.0));
      if (pulls) {
        released = true;
      } else {
        engaged_[keep++] = k;
      }
    }
    if (!released) {
      s.qd.noalias() += Minv_Pt * lambda;
      // exact zeros where the constraint holds
      for (int k : engaged_) s.qd[k] = 0.0;
      return;
    }
    engaged_.resize(keep);
  }
}

MechanicalState Simulator::measure(const SimulationState& s) {
  forward_kinematics(model_, data_, s.t, s.q, s.qd, Eigen::VectorXd(), KinematicsLevel::Velocity);
  return mechanical_state(model_, forces_, data_, s.q);
}

LoopErrors Simulator::loop_errors(const SimulationState& s) {
  if (!loops_) return {};
  forward_kinematics(model_, data_, s.t, s.q, s.qd, Eigen::VectorXd(), KinematicsLevel::Velocity);
  return loops_->measure(model_, data_);
}

}  // namespace js
