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
  residual_ = Eigen::VectorXd::Zero(n);
  rhs_ = Eigen::VectorXd::Zero(n);
  newton_step_ = Eigen::VectorXd::Zero(n);
  p0_ = Eigen::VectorXd::Zero(n);
  pm_ = Eigen::VectorXd::Zero(n);
  pdot_ = Eigen::VectorXd::Zero(n);
  vm_ = Eigen::VectorXd::Zero(n);
  corner_q_ = Eigen::VectorXd::Zero(n);
  corner_qd_ = Eigen::VectorXd::Zero(n);
}

std::string Simulator::unsupported(Integrator integrator) const {
  if (loops_ && !corners_.empty()) {
    const CornerCoordinate& c = corners_.coordinates().front();
    return "this scene's spline curve joint on body \"" + model_.body(c.body).name + "\" has " +
           std::to_string(c.joint->corners().size()) + " corner(s) (knots of multiplicity k - 1) and the scene has closed "
           "loops or coordinate couplers; the corner impulse does not yet hold loop constraints, so no integrator "
           "steps it (smooth the corner or remove the loops)";
  }
  if (!is_implicit(integrator) || !loops_) return "";
  // LoopSet::num_loops() counts the loops alone; the couplers and rolling contacts are refused as well
  const std::size_t constraints = static_cast<std::size_t>(options_.loops->num_loops()) +
                                  options_.loops->couplers().size() + options_.loops->rolling().size();
  return std::string(integrator_name(integrator)) + " cannot step this scene: it has " +
         std::to_string(constraints) + " closed loop(s), coordinate coupler(s) or rolling contact(s) (" +
         std::to_string(loops_->rows()) + " constraint rows), and the implicit integrators differentiate the "
         "tree's dynamics only; use rk4, symplectic or euler";
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
  if (is_implicit(integrator) && loops_) throw std::invalid_argument(unsupported(integrator));
  if (!corners_.empty() && loops_) throw std::invalid_argument(unsupported(integrator));
  const bool limits = options_.enforce_limits && !constrained_.empty();
  dt_ = dt;
  if (limits) q_start_ = s.q;
  stats_ = StepStats{};
  corners_crossed_ = 0;
  if (corners_.empty()) {
    advance(s, dt, integrator);
  } else {
    advance_through_corners(s, dt, integrator);
  }
  if (limits) enforce_limits(s, q_start_);
  // rolling contacts have no position to restore: their slip is taken out of q̇ at each step's end, so it
  // stays at round-off instead of drifting by the integrator's error
  if (loops_ && !options_.loops->rolling().empty()) {
    forward_kinematics(model_, data_, s.t, s.q, s.qd, Eigen::VectorXd(), KinematicsLevel::Velocity);
    loops_->project_velocities(model_, data_, s.t, s.q, s.qd);
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
    case Integrator::ImplicitMidpoint: implicit_midpoint(s, dt); break;
  }
  s.t += dt;
  apply_prescribed(s);
}

void Simulator::load_prescribed(double t, const Eigen::VectorXd& q, const Eigen::VectorXd& qd) {
  q_eval_ = q;
  qd_eval_ = qd;
  if (model_.prescribed().empty()) return;
  evaluate_prescribed(model_, data_, t);
  for (std::size_t k = 0; k < model_.prescribed().size(); ++k) {
    const int c = model_.prescribed()[k].coordinate;
    q_eval_[c] = data_.prescribed[k].q;
    qd_eval_[c] = data_.prescribed[k].qd;
  }
}

void Simulator::implicit_euler(SimulationState& s, double h) {
  // one newton step of backward euler q̇⁺ = q̇ + h q̈(q⁺, q̇⁺), q⁺ = q + h q̇⁺ from Δq̇ = 0, linearized at (q, q̇):
  // (M − h D_q̇ − h² D_q) Δq̇ = h M q̈ + h² D_q q̇, with D_x = M ∂q̈/∂x (dynamics_derivatives.hpp). prescribed
  // rows are identity with a zero right-hand side: apply_prescribed puts them on their trajectory after.
  load_prescribed(s.t, s.q, s.qd);
  dynamics_derivatives(model_, forces_, data_, deriv_, s.t, q_eval_, qd_eval_);
  W_ = deriv_.M;
  W_.noalias() -= h * deriv_.D_qd;
  W_.noalias() -= (h * h) * deriv_.D_q;
  rhs_.noalias() = h * (deriv_.M * deriv_.qdd);
  rhs_.noalias() += (h * h) * (deriv_.D_q * qd_eval_);
  for (const PrescribedCoordinate& p : model_.prescribed()) rhs_[p.coordinate] = 0.0;
  lu_.compute(W_);
  delta_ = lu_.solve(rhs_);
  stats_.iterations = 1;
  s.qd += delta_;
  s.q += h * s.qd;
}

void Simulator::midpoint_residual(const SimulationState& s, double h, const Eigen::VectorXd& vm, Eigen::VectorXd& r) {
  const double tm = s.t + 0.5 * h;
  q_tmp_ = s.q + (0.5 * h) * vm;
  load_prescribed(tm, q_tmp_, vm);
  forward_kinematics(model_, data_, tm, q_eval_, qd_eval_, Eigen::VectorXd(), KinematicsLevel::Bias);
  apply_forces(model_, forces_, data_, tm, q_eval_, qd_eval_, tau_);
  aba_from_kinematics(model_, data_, tau_);
  momentum_and_rate(model_, data_, qd_eval_, momentum_, pm_, pdot_);
  r = pm_ - p0_ - (0.5 * h) * pdot_;
  for (const PrescribedCoordinate& p : model_.prescribed()) r[p.coordinate] = 0.0;
}

void Simulator::implicit_midpoint(SimulationState& s, double h) {
  // the implicit midpoint rule in canonical coordinates (q, p), p = ∂L/∂q̇ (momentum.hpp): symplectic for a
  // conservative mechanism, so its energy error stays bounded over long runs instead of drifting:
  //   q⁺ = q + h q̇_m,  p⁺ = p + h ṗ(t + h/2, q_m, q̇_m),  q_m = q + h q̇_m / 2,  p(q_m, q̇_m) = (p + p⁺)/2
  // the unknown is the midpoint velocity q̇_m: R(q̇_m) = p(q_m, q̇_m) − p − (h/2) ṗ(q_m, q̇_m) = 0, by newton
  // from explicit euler's half step. the matrix is W = M − h/2 (D_q̇ + Ṁ) − h²/4 D_q (D: the analytic
  // derivatives of dynamics_derivatives.hpp; Ṁ = ∂M/∂q q̇_m by a central difference of crba along q̇_m),
  // which leaves out the h² terms ∂M/∂q q̈ and ∂Ṁ/∂q q̇; where that slows the iteration (a correction not
  // below 0.3 of the one before, seen on fast, badly conditioned chains) W is replaced by central
  // differences of R itself. the matrix only steers the iteration: the residual is exact. q̇⁺ then solves
  // p(q⁺, q̇⁺) = p⁺, i.e. M q̇⁺ = p⁺ − p(q⁺, q̇ with free rates 0) (the root's and prescribed rates' share).
  const double tm = s.t + 0.5 * h;
  const double t1 = s.t + h;
  load_prescribed(s.t, s.q, s.qd);
  forward_kinematics(model_, data_, s.t, q_eval_, qd_eval_, Eigen::VectorXd(), KinematicsLevel::Velocity);
  generalized_momentum(model_, data_, momentum_, p0_);
  vm_ = s.qd + (0.5 * h) * accelerations(s.t, s.q, s.qd);
  // W from the analytic derivatives at the first guess: Ṁ first (crba moves data_), then the derivatives
  q_tmp_ = s.q + (0.5 * h) * vm_;
  load_prescribed(tm, q_tmp_, vm_);
  const double eps = 1e-6 / (1.0 + qd_eval_.cwiseAbs().maxCoeff());
  k_q_[0] = q_eval_ + eps * qd_eval_;
  k_q_[1] = q_eval_ - eps * qd_eval_;
  W_ = crba(model_, data_, tm, k_q_[0]);
  W_ -= crba(model_, data_, tm, k_q_[1]);
  for (const PrescribedCoordinate& p : model_.prescribed()) {
    W_.row(p.coordinate).setZero();
    W_.col(p.coordinate).setZero();
  }
  W_ *= -0.5 * h / (2.0 * eps);
  dynamics_derivatives(model_, forces_, data_, deriv_, tm, q_eval_, qd_eval_);
  W_ += deriv_.M;
  W_.noalias() -= (0.5 * h) * deriv_.D_qd;
  W_.noalias() -= (0.25 * h * h) * deriv_.D_q;
  lu_.compute(W_);
  stats_.jacobians = 1;
  const double scale = 1.0 + s.qd.cwiseAbs().maxCoeff();
  stats_.converged = false;
  double last = std::numeric_limits<double>::infinity(), before = last;  // the last two corrections
  bool exact = false;
  for (int it = 0; it < options_.newton_max_iterations; ++it) {
    if (!exact && last > 0.3 * before) {
      // slow: W by central differences of R (2 nq residuals), once per step
      for (int k = 0; k < model_.nq(); ++k) {
        const double e = 1e-7 * (1.0 + std::abs(vm_[k]));
        vm_[k] += e;
        midpoint_residual(s, h, vm_, k_qd_[0]);
        vm_[k] -= 2.0 * e;
        midpoint_residual(s, h, vm_, k_qd_[1]);
        vm_[k] += e;
        W_.col(k) = (k_qd_[0] - k_qd_[1]) / (2.0 * e);
      }
      for (const PrescribedCoordinate& p : model_.prescribed()) W_(p.coordinate, p.coordinate) = 1.0;
      lu_.compute(W_);
      exact = true;
      ++stats_.jacobians;
    }
    midpoint_residual(s, h, vm_, residual_);
    newton_step_ = lu_.solve(residual_);
    double size = newton_step_.cwiseAbs().maxCoeff() / scale;
    // natural monotonicity (deuflhard): a correction larger than the step just taken means that step
    // overshot (far from the solution on a stiff spring); take back half of it, up to 6 times
    for (int halving = 0; it > 0 && !(size < last) && halving < 6; ++halving) {
      rhs_ *= 0.5;
      vm_ += rhs_;
      midpoint_residual(s, h, vm_, residual_);
      newton_step_ = lu_.solve(residual_);
      size = newton_step_.cwiseAbs().maxCoeff() / scale;
      last *= 0.5;
    }
    rhs_ = newton_step_;  // the step taken, for the next test
    vm_ -= newton_step_;
    stats_.iterations = it + 1;
    before = last;
    last = size;
    stats_.residual = last;
    if (!std::isfinite(last)) break;
    if (last <= options_.newton_tolerance) {
      stats_.converged = true;
      break;
    }
    // slow below the floor: where R is only c¹ (a coordinate crossing its range end, continued by
    // extrapolation, or a limit) even the difference matrix converges linearly; below the floor the
    // correction is far under the step's own error, so the iteration ends there
    if (it >= 4 && last > 0.5 * before && last <= options_.newton_floor) {
      stats_.converged = true;
      break;
    }
  }
  // p⁺ = p + h ṗ(midpoint) (pdot_ of the last residual, within the tolerance of the final q̇_m); q⁺; q̇⁺
  pm_ = p0_ + h * pdot_;
  s.q += h * vm_;
  qd_tmp_.setZero();
  load_prescribed(t1, s.q, qd_tmp_);
  M_ = crba(model_, data_, t1, q_eval_);
  forward_kinematics(model_, data_, t1, q_eval_, qd_eval_, Eigen::VectorXd(), KinematicsLevel::Velocity);
  generalized_momentum(model_, data_, momentum_, p0_);
  rhs_ = pm_ - p0_;
  pin_prescribed_rates(model_, qd_eval_, M_, rhs_);
  llt_.compute(M_);
  s.qd = llt_.solve(rhs_);
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
