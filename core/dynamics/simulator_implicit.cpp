// the implicit integrators of Simulator (issue 17, "Large steps"): linearly implicit euler and implicit
// midpoint, on the analytic derivatives of dynamics_derivatives.hpp, with the constraint rows of closed
// loops, couplers and rolling contacts as impulses solved inside the step (below).
#include "core/dynamics/simulator.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace js {

namespace {

// lu of a square matrix that must not be singular (the constraint rows' schur complement): the smallest
// pivot of U against the largest, as loop_solver's ldlt test.
bool lu_regular(const Eigen::PartialPivLU<Eigen::MatrixXd>& lu) {
  if (lu.matrixLU().rows() == 0) return true;
  const auto d = lu.matrixLU().diagonal().cwiseAbs();
  return d.minCoeff() > 1e-13 * d.maxCoeff();
}

}  // namespace

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
  if (loops_) {
    constrained_derivatives(s, h);
  } else {
    dynamics_derivatives(model_, forces_, data_, deriv_, s.t, q_eval_, qd_eval_, false, &corners_);
    W_ = deriv_.M;
    W_.noalias() -= h * deriv_.D_qd;
    W_.noalias() -= (h * h) * deriv_.D_q;
    rhs_.noalias() = h * (deriv_.M * deriv_.qdd);
    rhs_.noalias() += (h * h) * (deriv_.D_q * qd_eval_);
  }
  for (const PrescribedCoordinate& p : model_.prescribed()) rhs_[p.coordinate] = 0.0;
  lu_.compute(W_);
  delta_ = lu_.solve(rhs_);
  if (loops_) constrain_euler_step(s.t, h);
  stats_.iterations = 1;
  s.qd += delta_;
  s.q += h * s.qd;
}

void Simulator::constrained_derivatives(const SimulationState& s, double h) {
  // with constraint rows the linearization must be the constrained dynamics' q̈_c = q̈_free + M⁻¹Gᵀλ(q, q̇)
  // (loop_solver.hpp, baumgarte and compliant rows included): the tree's own D_q, D_q̇ leave out how λ and G
  // change with the state, and with them a four-bar gains energy at every step (0.17 J in 3 s at 1 ms of
  // its 2.39 J) and diverges at 5 ms. ∂q̈_c/∂q and ∂q̈_c/∂q̇ by central differences of accelerations()
  // (4 nq solves; loop scenes are small): D_x = M ∂q̈_c/∂x. prescribed coordinates: identity rows of M and
  // zero rows of the derivatives (their accelerations follow the trajectory whatever the state).
  const int n = model_.nq();
  k_qd_[2] = accelerations(s.t, s.q, s.qd);
  q_tmp_ = s.q;
  qd_tmp_ = s.qd;
  for (int k = 0; k < n; ++k) {
    // a coordinate next to a spline curve joint's corner (a step starts a hair past one after its impulse):
    // difference on the side without the corner, where q̈_c is smooth
    const double eq = 1e-6 * (1.0 + std::abs(q_tmp_[k]));
    const bool up = !corners_.between(k, q_tmp_[k], q_tmp_[k] + eq);
    const bool down = !corners_.between(k, q_tmp_[k], q_tmp_[k] - eq);
    if (up) q_tmp_[k] += eq;
    k_qd_[0] = up ? accelerations(s.t, q_tmp_, qd_tmp_) : k_qd_[2];
    q_tmp_[k] = s.q[k];
    if (down) q_tmp_[k] -= eq;
    k_qd_[1] = down ? accelerations(s.t, q_tmp_, qd_tmp_) : k_qd_[2];
    q_tmp_[k] = s.q[k];
    const double span = (up ? eq : 0.0) + (down ? eq : 0.0);  // 0 only between two corners 1e-6 apart
    if (span > 0.0) {
      Jq_.col(k) = (k_qd_[0] - k_qd_[1]) / span;
    } else {
      Jq_.col(k).setZero();
    }
    const double ev = 1e-6 * (1.0 + std::abs(qd_tmp_[k]));
    qd_tmp_[k] += ev;
    k_qd_[0] = accelerations(s.t, q_tmp_, qd_tmp_);
    qd_tmp_[k] -= 2.0 * ev;
    k_qd_[1] = accelerations(s.t, q_tmp_, qd_tmp_);
    qd_tmp_[k] = s.qd[k];
    Jqd_.col(k) = (k_qd_[0] - k_qd_[1]) / (2.0 * ev);
  }
  load_prescribed(s.t, s.q, s.qd);  // q_eval_, qd_eval_ back at the state
  M_ = crba(model_, data_, s.t, q_eval_);
  for (const PrescribedCoordinate& p : model_.prescribed()) {
    M_.row(p.coordinate).setZero();
    M_.col(p.coordinate).setZero();
    M_(p.coordinate, p.coordinate) = 1.0;
    Jq_.row(p.coordinate).setZero();
    Jqd_.row(p.coordinate).setZero();
  }
  // W = M (I − h J_q̇ − h² J_q), rhs = h M (q̈_c + h J_q q̇)
  W_ = -h * Jqd_;
  W_.noalias() -= (h * h) * Jq_;
  W_.diagonal().array() += 1.0;
  MJ_.noalias() = M_ * W_;
  W_ = MJ_;
  k_qd_[2].noalias() += h * (Jq_ * qd_eval_);
  rhs_.noalias() = h * (M_ * k_qd_[2]);
}

void Simulator::constrain_euler_step(double t, double h) {
  // q̈_c holds the constraint forces at the step's start; this impulse Λ puts the step's end on the hard
  // rows (loops, couplers: position; rolling contacts: velocity), as a projection inside the step:
  //   W Δq̇ = rhs + Gᵀ Λ,   G Δq̇ = e     (G, δ̇ at the step's start, as W: linearly implicit)
  // by the schur complement: Λ = (G W⁻¹ Gᵀ)⁻¹ (e − G Δq̇₀), Δq̇ = Δq̇₀ + W⁻¹ Gᵀ Λ. a hard row's e comes from its
  // position error where explicit euler's position step would put it, δ(q + h q̇): e = −δ(q + h q̇)/h lands
  // q⁺ on the constraint to second order (δ(q⁺) ≈ δ(q + h q̇) + h G Δq̇ = 0); the first-order δ + h G q̇ lets
  // q⁺ drift off along the tangent by h² q̇ᵀ∂G/∂q q̇ / 2 at every step, and pulling it back does work
  // (against gravity on a four-bar). a rolling row: e = −δ̇ (δ̇⁺ = 0).
  q_tmp_ = q_eval_ + h * qd_eval_;
  forward_kinematics(model_, data_, t + h, q_tmp_, qd_eval_, Eigen::VectorXd(), KinematicsLevel::Velocity);
  loops_->measure(model_, data_, q_tmp_, qd_eval_);
  ec_ = loops_->delta();
  forward_kinematics(model_, data_, t, q_eval_, qd_eval_, Eigen::VectorXd(), KinematicsLevel::Velocity);
  loops_->measure(model_, data_, q_eval_, qd_eval_);
  loops_->check_rank_once(t);
  constraint_jacobian();
  const Eigen::VectorXd& c = loops_->row_compliance();
  const Eigen::VectorXd& dl_dot = loops_->delta_dot();
  const int rolling_from = options_.loops->loop_rows() + static_cast<int>(options_.loops->couplers().size());
  for (int r = 0; r < loops_->rows(); ++r) {
    if (c[r] > 0.0) {
      // compliant rows are springs inside q̈_c (and its derivatives) already: no impulse here
      Gc_.row(r).setZero();
      ctil_[r] = 1.0;
      ec_[r] = 0.0;
    } else {
      ctil_[r] = 0.0;
      ec_[r] = r >= rolling_from ? -dl_dot[r] : -ec_[r] / h;  // rolling rows have no position: δ̇⁺ = 0
    }
  }
  Yc_ = lu_.solve(Gc_.transpose());
  Ac_.noalias() = Gc_ * Yc_;
  Ac_.diagonal() += ctil_;
  ec_.noalias() -= Gc_ * delta_;
  luc_.compute(Ac_);
  if (!lu_regular(luc_)) {
    throw RedundantLoopsError("implicit_euler: the constraint rows are singular at t = " + std::to_string(t) +
                              " (redundant hard rows or a singular configuration); give the loops compliance");
  }
  lc_ = luc_.solve(ec_);
  delta_.noalias() += Yc_ * lc_;
}

void Simulator::constraint_jacobian() {
  Gc_ = loops_->jacobian();
  // prescribed coordinates take no constraint force and follow their trajectories
  for (const PrescribedCoordinate& p : model_.prescribed()) Gc_.col(p.coordinate).setZero();
}

void Simulator::midpoint_rows(double h) {
  // the constraint rows of implicit midpoint, a ∘ δ̇_m + b ∘ δ_m + C̃ ∘ Λ = 0 at the midpoint (q_m, q̇_m):
  // hard rows δ̇_m = −ᾱ δ_m (ᾱ = min(α, 1/h)); rolling rows δ̇_m = 0; compliant rows artisynth eq. 3.19's
  // λ = −δ_m/c − d δ̇_m at the midpoint, Λ = h λ: c d δ̇_m + δ_m + (c/h) Λ = 0
  const Eigen::VectorXd& c = loops_->row_compliance();
  const Eigen::VectorXd& d = loops_->row_damping();
  const Eigen::VectorXd& alpha = loops_->row_stabilization();
  for (int r = 0; r < loops_->rows(); ++r) {
    if (c[r] > 0.0) {
      row_a_[r] = c[r] * d[r];
      row_b_[r] = 1.0;
      ctil_[r] = c[r] / h;
    } else {
      row_a_[r] = 1.0;
      row_b_[r] = std::min(alpha[r], 1.0 / h);
      ctil_[r] = 0.0;
    }
  }
}

void Simulator::midpoint_residual(const SimulationState& s, double h, const Eigen::VectorXd& x, Eigen::VectorXd& r) {
  const int nq = model_.nq();
  const double tm = s.t + 0.5 * h;
  vm_ = x.head(nq);
  q_tmp_ = s.q + (0.5 * h) * vm_;
  load_prescribed(tm, q_tmp_, vm_);
  forward_kinematics(model_, data_, tm, q_eval_, qd_eval_, Eigen::VectorXd(), KinematicsLevel::Bias);
  if (loops_) {
    loops_->measure(model_, data_, q_eval_, qd_eval_);
    constraint_jacobian();
  }
  apply_forces(model_, forces_, data_, tm, q_eval_, qd_eval_, tau_);
  aba_from_kinematics(model_, data_, tau_);
  momentum_and_rate(model_, data_, qd_eval_, momentum_, pm_, pdot_);
  r.head(nq) = pm_ - p0_ - (0.5 * h) * pdot_;
  if (loops_) {
    // the constraint impulse Λ enters the momentum balance half at the midpoint: p_m = p + (h ṗ + Gᵀ Λ)/2
    const int m = loops_->rows();
    r.head(nq).noalias() -= 0.5 * (Gc_.transpose() * x.tail(m));
    r.tail(m) = row_a_.cwiseProduct(loops_->delta_dot()) + row_b_.cwiseProduct(loops_->delta()) +
                ctil_.cwiseProduct(x.tail(m));
  }
  for (const PrescribedCoordinate& p : model_.prescribed()) r[p.coordinate] = 0.0;
}

void Simulator::implicit_midpoint(SimulationState& s, double h) {
  // the implicit midpoint rule in canonical coordinates (q, p), p = ∂L/∂q̇ (momentum.hpp): symplectic for a
  // conservative mechanism, so its energy error stays bounded over long runs instead of drifting:
  //   q⁺ = q + h q̇_m,  p⁺ = p + h ṗ(t + h/2, q_m, q̇_m) + Gᵀ Λ,  q_m = q + h q̇_m / 2,  p(q_m, q̇_m) = (p + p⁺)/2
  // the unknown is x = (q̇_m, Λ), Λ the constraint impulse of the loops, couplers and rolling contacts
  // (none without them) with the rows of midpoint_rows: R(x) = (p(q_m, q̇_m) − p − (h/2) ṗ − Gᵀ Λ / 2,
  // a ∘ δ̇_m + b ∘ δ_m + C̃ ∘ Λ) = 0, by newton from explicit euler's half step (and its multipliers). the matrix
  // is [W, −Gᵀ/2; (a + b h/2) ∘ G, C̃] with W = M − h/2 (D_q̇ + Ṁ) − h²/4 D_q (D: the analytic derivatives of
  // dynamics_derivatives.hpp; Ṁ = ∂M/∂q q̇_m by a central difference of crba along q̇_m), which leaves out the
  // h² terms ∂M/∂q q̈ and ∂Ṁ/∂q q̇ and G's own change; where that slows the iteration (a correction not below
  // 0.3 of the one before, seen on fast, badly conditioned chains) the q̇_m columns are replaced by central
  // differences of R itself. the matrix only steers the iteration: the residual is exact. q̇⁺ then solves
  // p(q⁺, q̇⁺) = p⁺, i.e. M q̇⁺ = p⁺ − p(q⁺, q̇ with free rates 0) (the root's and prescribed rates' share).
  const int nq = model_.nq();
  const int m = loops_ ? loops_->rows() : 0;
  const double tm = s.t + 0.5 * h;
  const double t1 = s.t + h;
  load_prescribed(s.t, s.q, s.qd);
  forward_kinematics(model_, data_, s.t, q_eval_, qd_eval_, Eigen::VectorXd(), KinematicsLevel::Velocity);
  generalized_momentum(model_, data_, momentum_, p0_);
  xm_.head(nq) = s.qd + (0.5 * h) * accelerations(s.t, s.q, s.qd);
  vm_ = xm_.head(nq);
  if (loops_) {
    xm_.tail(m) = h * loops_->lambda();  // explicit euler's multipliers as the first guess of Λ
    loops_->check_rank_once(s.t);
    midpoint_rows(h);
  }
  // the matrix from the analytic derivatives at the first guess: G, then Ṁ (crba moves data_), then the
  // derivatives
  q_tmp_ = s.q + (0.5 * h) * vm_;
  load_prescribed(tm, q_tmp_, vm_);
  if (loops_) {
    forward_kinematics(model_, data_, tm, q_eval_, qd_eval_, Eigen::VectorXd(), KinematicsLevel::Velocity);
    loops_->measure(model_, data_, q_eval_, qd_eval_);
    constraint_jacobian();
  }
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
  dynamics_derivatives(model_, forces_, data_, deriv_, tm, q_eval_, qd_eval_, false, &corners_);
  W_ += deriv_.M;
  W_.noalias() -= (0.5 * h) * deriv_.D_qd;
  W_.noalias() -= (0.25 * h * h) * deriv_.D_q;
  Wx_.topLeftCorner(nq, nq) = W_;
  if (loops_) {
    Wx_.topRightCorner(nq, m) = -0.5 * Gc_.transpose();
    Wx_.bottomLeftCorner(m, nq) = (row_a_ + (0.5 * h) * row_b_).asDiagonal() * Gc_;
    Wx_.bottomRightCorner(m, m) = ctil_.asDiagonal();
  }
  lux_.compute(Wx_);
  stats_.jacobians = 1;
  const double scale = 1.0 + s.qd.cwiseAbs().maxCoeff();
  const double impulse_scale = 1.0 + (m > 0 ? xm_.tail(m).cwiseAbs().maxCoeff() : 0.0);
  const auto correction = [&](const Eigen::VectorXd& dx) {
    double size = dx.head(nq).cwiseAbs().maxCoeff() / scale;
    if (m > 0) size = std::max(size, dx.tail(m).cwiseAbs().maxCoeff() / impulse_scale);
    return size;
  };
  stats_.converged = false;
  double last = std::numeric_limits<double>::infinity(), before = last;  // the last two corrections
  bool exact = false;
  for (int it = 0; it < options_.newton_max_iterations; ++it) {
    if (!exact && last > 0.3 * before) {
      // slow: the q̇_m columns by central differences of R (2 nq residuals), once per step; R is linear in Λ
      for (int k = 0; k < nq; ++k) {
        const double e = 1e-7 * (1.0 + std::abs(xm_[k]));
        xm_[k] += e;
        midpoint_residual(s, h, xm_, rx_plus_);
        xm_[k] -= 2.0 * e;
        midpoint_residual(s, h, xm_, rx_);
        xm_[k] += e;
        Wx_.col(k) = (rx_plus_ - rx_) / (2.0 * e);
      }
      for (const PrescribedCoordinate& p : model_.prescribed()) Wx_(p.coordinate, p.coordinate) = 1.0;
      if (loops_) {
        Wx_.topRightCorner(nq, m) = -0.5 * Gc_.transpose();
        Wx_.bottomRightCorner(m, m) = ctil_.asDiagonal();
      }
      lux_.compute(Wx_);
      exact = true;
      ++stats_.jacobians;
    }
    midpoint_residual(s, h, xm_, rx_);
    dx_ = lux_.solve(rx_);
    double size = correction(dx_);
    // natural monotonicity (deuflhard): a correction larger than the step just taken means that step
    // overshot (far from the solution on a stiff spring); take back half of it, up to 6 times
    for (int halving = 0; it > 0 && !(size < last) && halving < 6; ++halving) {
      taken_ *= 0.5;
      xm_ += taken_;
      midpoint_residual(s, h, xm_, rx_);
      dx_ = lux_.solve(rx_);
      size = correction(dx_);
      last *= 0.5;
    }
    taken_ = dx_;  // the step taken, for the next test
    xm_ -= dx_;
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
  // p⁺ = p + h ṗ(midpoint) + Gᵀ Λ (ṗ and G of the last residual, within the tolerance of the final x); q⁺; q̇⁺
  pm_ = p0_ + h * pdot_;
  if (loops_) pm_.noalias() += Gc_.transpose() * xm_.tail(m);
  vm_ = xm_.head(nq);
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

bool Simulator::midpoint_halving(SimulationState& s, double h, int depth, StepStats& totals) {
  // a step whose newton iteration does not converge is not a solution of the method: where the dynamics
  // turns fast (a bead whose frame turns 16.5 rad per metre of wire, a letter rounding a corner) the same
  // rule in two halves is, and stays symmetric and symplectic. q and q̇ are kept per level (no allocation)
  if (depth < kMidpointHalvings) {
    halving_q_[depth] = s.q;
    halving_qd_[depth] = s.qd;
  }
  implicit_midpoint(s, h);
  ++totals.solves;
  totals.iterations += stats_.iterations;
  totals.jacobians += stats_.jacobians;
  // the step's residual: the worst of its solves that stand (a halved solve is replaced by its halves)
  if (stats_.converged || depth == kMidpointHalvings) totals.residual = std::max(totals.residual, stats_.residual);
  if (stats_.converged || depth == kMidpointHalvings) return stats_.converged;
  s.q = halving_q_[depth];
  s.qd = halving_qd_[depth];
  const double t0 = s.t;
  const bool first = midpoint_halving(s, 0.5 * h, depth + 1, totals);
  s.t = t0 + 0.5 * h;
  apply_prescribed(s);
  const bool second = midpoint_halving(s, 0.5 * h, depth + 1, totals);
  s.t = t0;  // advance() adds the whole step
  return first && second;
}

}  // namespace js
