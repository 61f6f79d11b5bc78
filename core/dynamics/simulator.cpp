#include "core/dynamics/simulator.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

#include <Eigen/Cholesky>

namespace js {

const char* integrator_name(Integrator integrator) {
  switch (integrator) {
    case Integrator::ExplicitEuler: return "euler";
    case Integrator::SymplecticEuler: return "symplectic";
    case Integrator::RK4: return "rk4";
    case Integrator::ImplicitEuler: return "implicit_euler";
    case Integrator::ImplicitMidpoint: return "implicit_midpoint";
  }
  return "unknown";
}

std::string integrator_names() {
  std::string out;
  for (Integrator i : kIntegrators) out += (out.empty() ? "" : ", ") + std::string(integrator_name(i));
  return out;
}

bool is_implicit(Integrator integrator) {
  return integrator == Integrator::ImplicitEuler || integrator == Integrator::ImplicitMidpoint;
}

bool integrator_from_name(const std::string& name, Integrator& integrator) {
  for (Integrator i : kIntegrators) {
    if (name == integrator_name(i)) {
      integrator = i;
      return true;
    }
  }
  return false;
}

Simulator::Simulator(const MultibodyModel& model, const ForceSet& forces, SimulatorOptions options)
    : model_(model), forces_(forces), options_(options), data_(model), deriv_(model), momentum_(model), corners_(model) {
  if (options.loops != nullptr && !options.loops->empty()) loops_ = std::make_unique<LoopSolver>(model, *options.loops);
  const int n = model.nq();
  for (int k = 0; k < n; ++k) {
    const Coordinate& c = model.coordinate_info(k);
    const Body& body = model.body(model.coordinate(k).body);
    const bool wraps = body.joint->range_policy() == RangePolicy::Wrap;
    if (model.is_prescribed(k)) continue;  // the trajectory decides
    if (c.locked || (!wraps && (c.has_lower_limit() || c.has_upper_limit()))) constrained_.push_back(k);
  }
  engaged_.reserve(constrained_.size());
  // hard loop rows join the limit impulses (compliant rows are springs and give way)
  if (loops_) {
    int r0 = 0;
    for (int i = 0; i < options.loops->num_loops(); ++i) {
      const int nr = options.loops->rows(i);
      if (!(options.loops->loop(i).compliance > 0.0)) {
        for (int r = 0; r < nr; ++r) hard_loop_rows_.push_back(r0 + r);
      } else {
        has_compliant_loops_ = true;
      }
      r0 += nr;
    }
    // couplers and rolling contacts are hard rows too
    for (int r = r0; r < options.loops->total_rows(); ++r) hard_loop_rows_.push_back(r);
  }
  const auto nc = static_cast<Eigen::Index>(constrained_.size() + hard_loop_rows_.size());
  M_ = Eigen::MatrixXd::Zero(n, n);
  // size the factor by factoring the identity: a move-assigned LLT(n) copies eigen's never-set info
  llt_.compute(Eigen::MatrixXd::Identity(n, n));
  Minv_Pt_ = Eigen::MatrixXd::Zero(n, nc);
  A_ = Eigen::MatrixXd::Zero(nc, nc);
  lambda_ = Eigen::VectorXd::Zero(nc);
  step_ = Eigen::VectorXd::Zero(n);
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
  W_ = Eigen::MatrixXd::Identity(n, n);
  lu_.compute(W_);
  delta_ = Eigen::VectorXd::Zero(n);
  rhs_ = Eigen::VectorXd::Zero(n);
  const int m = loops_ ? loops_->rows() : 0;
  xm_ = Eigen::VectorXd::Zero(n + m);
  rx_ = Eigen::VectorXd::Zero(n + m);
  rx_plus_ = Eigen::VectorXd::Zero(n + m);
  dx_ = Eigen::VectorXd::Zero(n + m);
  taken_ = Eigen::VectorXd::Zero(n + m);
  Wx_ = Eigen::MatrixXd::Identity(n + m, n + m);
  lux_.compute(Wx_);
  Gc_ = Eigen::MatrixXd::Zero(m, n);
  const int nj = loops_ ? n : 0;
  Jq_ = Eigen::MatrixXd::Zero(nj, nj);
  Jqd_ = Eigen::MatrixXd::Zero(nj, nj);
  MJ_ = Eigen::MatrixXd::Zero(nj, nj);
  Yc_ = Eigen::MatrixXd::Zero(n, m);
  Ac_ = Eigen::MatrixXd::Identity(m, m);
  luc_.compute(Ac_);
  ec_ = Eigen::VectorXd::Zero(m);
  lc_ = Eigen::VectorXd::Zero(m);
  ctil_ = Eigen::VectorXd::Zero(m);
  row_a_ = Eigen::VectorXd::Zero(m);
  row_b_ = Eigen::VectorXd::Zero(m);
  p0_ = Eigen::VectorXd::Zero(n);
  pm_ = Eigen::VectorXd::Zero(n);
  pdot_ = Eigen::VectorXd::Zero(n);
  vm_ = Eigen::VectorXd::Zero(n);
  corner_q_ = Eigen::VectorXd::Zero(n);
  corner_qd_ = Eigen::VectorXd::Zero(n);
  for (int k = 0; k < kMidpointHalvings; ++k) halving_q_[k] = halving_qd_[k] = Eigen::VectorXd::Zero(n);
  if (options.energy_projection) {
    nonconservative_ = forces;
    for (CoordinateSpring& spring : nonconservative_.springs) spring.stiffness = 0.0;
    for (PointSpring& spring : nonconservative_.point_springs) spring.stiffness = 0.0;
    const ForceSet& f = nonconservative_;
    balance_is_zero_ = model.root_is_fixed() && model.prescribed().empty() && f.joint_damping == 0.0 &&
                       f.motors.empty() && f.external.empty() &&
                       std::all_of(f.springs.begin(), f.springs.end(), [](const auto& k) { return k.damping == 0.0; }) &&
                       std::all_of(f.point_springs.begin(), f.point_springs.end(),
                                   [](const auto& k) { return k.damping == 0.0; });
  }
  budget_q_ = budget_qd_ = energy_q0_ = energy_qd0_ = energy_p_ = energy_v_ = Eigen::VectorXd::Zero(n);
  drive_v_.assign(static_cast<std::size_t>(model.num_bodies()), Twist::Zero());
}

// every integrator steps every scene: the integrator stays in the signature for what a method may not
// support (the implicit ones refused loops, and every one refused corners with loops, before session 18)
std::string Simulator::unsupported([[maybe_unused]] Integrator integrator) const {
  if (options_.energy_projection && has_compliant_loops_) {
    return "energy projection cannot hold a scene with compliant loops (their springs and damping are not in "
           "its energy balance); make the loops hard (compliance 0) or turn the projection off";
  }
  if (options_.energy_projection && !hard_loop_rows_.empty() &&
      (!model_.prescribed().empty() || !model_.root_is_fixed())) {
    return "energy projection cannot hold a driven scene (prescribed coordinates or a moving root) with closed "
           "loops, couplers or rolling contacts: scaling the free rates would open them, and the drive works "
           "through them; turn the projection off";
  }
  return "";
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
    forward_kinematics(model_, data_, t, q_eval_, qd_eval_, Eigen::VectorXd(), KinematicsLevel::Bias);
    apply_forces(model_, forces_, data_, t, q_eval_, qd_eval_, tau_);
    aba_from_kinematics(model_, data_, tau_);
    if (loops_) loops_->solve(model_, data_, t, q_eval_, qd_eval_, dt_);
    return data_.qdd;
  }
  forward_kinematics(model_, data_, t, q, qd, Eigen::VectorXd(), KinematicsLevel::Bias);
  apply_forces(model_, forces_, data_, t, q, qd, tau_);
  aba_from_kinematics(model_, data_, tau_);
  if (loops_) loops_->solve(model_, data_, t, q, qd, dt_);
  return data_.qdd;
}

void Simulator::step(SimulationState& s, double dt, Integrator integrator) {
  const bool limits = options_.enforce_limits && !constrained_.empty();
  dt_ = dt;
  if (limits) q_start_ = s.q;
  stats_ = StepStats{};
  midpoint_totals_ = StepStats{};
  midpoint_totals_.solves = 0;
  corners_crossed_ = 0;
  if (options_.energy_projection) begin_energy_step(s);
  if (corners_.empty()) {
    advance(s, dt, integrator);
  } else {
    advance_through_corners(s, dt, integrator);
  }
  // the projection takes the energy a limit or lock impulse removes out of its budget: h around it
  double h_before_limits = 0.0;
  if (limits && options_.energy_projection) h_before_limits = jacobi_at(s.t, s.q, s.qd);
  if (limits) enforce_limits(s, q_start_);
  // rolling contacts have no position to restore: their slip is taken out of q̇ at each step's end, so it
  if (loops_ && (!options_.loops->rolling().empty() || integrator == Integrator::ImplicitEuler)) {
    forward_kinematics(model_, data_, s.t, s.q, s.qd, Eigen::VectorXd(), KinematicsLevel::Velocity);
    loops_->project_velocities(model_, data_, s.t, s.q, s.qd);
  }
  if (integrator == Integrator::ImplicitMidpoint) stats_ = midpoint_totals_;  // every segment's solves
  if (options_.energy_projection) {
    const double before = limits && engaged_count_ > 0 ? h_before_limits : std::numeric_limits<double>::infinity();
    hold_energy_balance(s, dt, corners_crossed_ > 0, before);
  }
}

void Simulator::advance(SimulationState& s, double dt, Integrator integrator) {
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
    case Integrator::ImplicitEuler: implicit_euler(s, dt); break;
    case Integrator::ImplicitMidpoint: {
      // a step cut at corners is several segments: the step's totals add them up
      StepStats total;
      total.solves = 0;
      total.converged = midpoint_halving(s, dt, 0, total);
      midpoint_totals_.iterations += total.iterations;
      midpoint_totals_.jacobians += total.jacobians;
      midpoint_totals_.solves += total.solves;
      midpoint_totals_.residual = std::max(midpoint_totals_.residual, total.residual);
      midpoint_totals_.converged = midpoint_totals_.converged && total.converged;
      stats_ = total;
      break;
    }
  }
  s.t += dt;
  apply_prescribed(s);
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
  // inelastic impulses: find λ with (q̇ + M⁻¹ Cᵀ λ) in the null space of C, where C stacks a unit row per
  // engaged coordinate (P) and the hard loop rows G (a limit in a closed loop must not open the loop: the
  // loop's own multipliers act in the same impulse). a limit whose λ would pull (the coordinate already
  // leaves its bound through the others' impulses) is released and the rest re-solved; loop rows take
  // either sign. prescribed coordinates cannot take an impulse: their rows and columns of M become
  // identity rows, so M⁻¹ acts on the free block only. every buffer is preallocated: no allocation.
  const int nh = static_cast<int>(hard_loop_rows_.size());
  M_ = crba(model_, data_, s.t, s.q);
  for (const PrescribedCoordinate& p : model_.prescribed()) {
    M_.row(p.coordinate).setZero();
    M_.col(p.coordinate).setZero();
    M_(p.coordinate, p.coordinate) = 1.0;
  }
  llt_.compute(M_);
  if (nh > 0) {
    // putting a coordinate on its bound moves the loop off its closure: close it again with the engaged
    // coordinates held, by gauss–newton steps Δq = M⁻¹Cᵀ(C M⁻¹ Cᵀ)⁻¹ [0; −δ] (the smallest move in the
    // kinetic metric), so that a coordinate resting on a stop does not leave baumgarte fighting the stop
    // safeguarded: a step that does not lower the worst hard |δ| is taken back (near a singular
    // configuration the ridge lets steps grow), and no coordinate moves more than kMaxStep per step
    constexpr double kMaxStep = 0.25;
    double previous = std::numeric_limits<double>::infinity();
    for (int iteration = 0; iteration <= 4; ++iteration) {
      forward_kinematics(model_, data_, s.t, s.q, s.qd, Eigen::VectorXd(), KinematicsLevel::Velocity);
      loops_->measure(model_, data_, s.q, s.qd);
      double worst = 0.0;
      for (int r : hard_loop_rows_) worst = std::max(worst, std::abs(loops_->delta()[r]));
      if (!(worst < previous)) {
        if (iteration > 0) s.q -= step_;
        break;
      }
      if (worst < 1e-12 || iteration == 4) break;
      previous = worst;
      const int m = static_cast<int>(engaged_.size());
      auto rhs = lambda_.head(m + nh);
      rhs.head(m).setZero();
      for (int r = 0; r < nh; ++r) rhs[m + r] = -loops_->delta()[hard_loop_rows_[static_cast<std::size_t>(r)]];
      constrained_step(m, nh);
      for (int k : engaged_) step_[k] = 0.0;  // held exactly (the unit rows hold them to round-off only)
      const double largest = step_.cwiseAbs().maxCoeff();
      if (largest > kMaxStep) step_ *= kMaxStep / largest;
      s.q += step_;
    }
    // the re-closure may carry a coordinate that was not engaged past one of its bounds: put it back
    for (int k : constrained_) {
      const Coordinate& c = model_.coordinate_info(k);
      if (!c.locked) s.q[k] = std::clamp(s.q[k], c.min, c.max);
    }
    forward_kinematics(model_, data_, s.t, s.q, s.qd, Eigen::VectorXd(), KinematicsLevel::Velocity);
    loops_->measure(model_, data_, s.q, s.qd);
  }
  for (int attempt = 0; attempt < 8 && !engaged_.empty(); ++attempt) {
    const int m = static_cast<int>(engaged_.size());
    // the velocities the impulse must cancel: −C q̇ (prescribed rates included)
    auto lambda = lambda_.head(m + nh);
    for (int r = 0; r < m; ++r) lambda[r] = -s.qd[engaged_[static_cast<std::size_t>(r)]];
    for (int r = 0; r < nh; ++r) lambda[m + r] = -loops_->jacobian().row(hard_loop_rows_[static_cast<std::size_t>(r)]).dot(s.qd);
    const Eigen::VectorXd& dqd = constrained_step(m, nh);
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
      s.qd.noalias() += dqd;
      // exact zeros where the constraint holds
      for (int k : engaged_) s.qd[k] = 0.0;
      return;
    }
    engaged_.resize(keep);
  }
}

const Eigen::VectorXd& Simulator::constrained_step(int m, int nh) {
  // C stacks a unit row per engaged coordinate (P) and the hard loop rows of the loop solver's G; on entry
  // lambda_.head(m + nh) holds the right-hand side r, on return λ = (C M⁻¹ Cᵀ)⁻¹ r, and the move M⁻¹Cᵀλ is
  // returned (a workspace, valid until the next call). M must be factored in llt_ and G current.
  const int rows = m + nh;
  auto Minv_Ct = Minv_Pt_.leftCols(rows);
  Minv_Ct.setZero();
  for (int r = 0; r < m; ++r) Minv_Ct(engaged_[static_cast<std::size_t>(r)], r) = 1.0;
  for (int r = 0; r < nh; ++r) Minv_Ct.col(m + r) = loops_->jacobian().row(hard_loop_rows_[static_cast<std::size_t>(r)]).transpose();
  // prescribed coordinates take no impulse: zero rows of Cᵀ (and of M⁻¹Cᵀ, as M has identity rows there)
  for (const PrescribedCoordinate& p : model_.prescribed()) Minv_Ct.row(p.coordinate).setZero();
  llt_.solveInPlace(Minv_Ct);
  for (const PrescribedCoordinate& p : model_.prescribed()) Minv_Ct.row(p.coordinate).setZero();
  // A = C M⁻¹ Cᵀ: the rows of M⁻¹Cᵀ at the engaged coordinates, and G times it for the loop rows
  auto A = A_.topLeftCorner(rows, rows);
  for (int r = 0; r < m; ++r) A.row(r) = Minv_Ct.row(engaged_[static_cast<std::size_t>(r)]);
  for (int r = 0; r < nh; ++r) {
    A.row(m + r).noalias() = loops_->jacobian().row(hard_loop_rows_[static_cast<std::size_t>(r)]) * Minv_Ct;
  }
  // symmetric positive semi-definite: a bound can be implied by the loop rows (a one-dof linkage with two
  // bounds) or by other bounds through a nearly singular M, so a relative ridge keeps the factor defined
  // and the rows are then met in least squares
  A.diagonal().array() += 1e-12 * A.diagonal().cwiseAbs().maxCoeff();
  Eigen::LLT<Eigen::Ref<Eigen::MatrixXd>> llt_a(A);
  auto lambda = lambda_.head(rows);
  if (llt_a.info() != Eigen::Success || !lambda.allFinite()) {
    // not factorable (a non-finite state): no move rather than one made of NaN
    lambda.setZero();
    step_.setZero();
    return step_;
  }
  llt_a.solveInPlace(lambda);
  step_.noalias() = Minv_Ct * lambda;
  return step_;
}

MechanicalState Simulator::measure(const SimulationState& s) {
  forward_kinematics(model_, data_, s.t, s.q, s.qd, Eigen::VectorXd(), KinematicsLevel::Velocity);
  MechanicalState m = mechanical_state(model_, forces_, data_, s.q);
  if (has_compliant_loops_) {
    // compliant loops are springs: their stored energy belongs to the potential
    loops_->measure(model_, data_, s.q, s.qd);
    m.potential += loops_->potential();
  }
  return m;
}

LoopErrors Simulator::loop_errors(const SimulationState& s) {
  if (!loops_) return {};
  forward_kinematics(model_, data_, s.t, s.q, s.qd, Eigen::VectorXd(), KinematicsLevel::Velocity);
  return loops_->measure(model_, data_, s.q, s.qd);
}

}  // namespace js
