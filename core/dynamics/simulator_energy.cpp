// energy projection (issue 17, large steps): after a step, the free rates are scaled so that the jacobi
// integral h = Σ_free q̇ ∂L/∂q̇ − L follows its balance ḣ = q̇·τ_nc − ∂L/∂t. with the root fixed and nothing
// prescribed, h is the total energy (kinetic + potential); on a frame spinning at a constant rate about
// gravity (the beads, the globe) it is the energy in the spinning frame, which such a scene conserves.
// the projection is the standard one (hairer, lubich & wanner, geometric numerical integration, §iv.4;
// dinev et al., "fepr", 2018, for real-time physics) along the rates only: h is quadratic in the free
// rates without a linear term, h(q, s q̇) = U + s² K, so one square root finds s. the budget is integrated
// (simpson's rule on the balance), not re-measured, so that the steps' errors do not accumulate. impulses
// are dissipative: a limit or lock impulse's drop of h comes off the budget; a step with a corner impulse
// skips the quadrature (its cubic midpoint would straddle the jump) and leaves the budget at most h. the
// forces and gravity are read when the simulator is built (a change needs a new simulator).
#include <algorithm>
#include <cmath>
#include <limits>

#include "core/dynamics/simulator.hpp"

namespace js {

namespace {
// the largest rate scaling of one step: energy lost near a turning point (where K is small and U's
// error dominates) comes back over several steps instead of as one jolt of a velocity whose direction is
// mostly error
constexpr double kMaxScale = 1.25;
}  // namespace

double Simulator::jacobi_at(double t, const Eigen::VectorXd& q, const Eigen::VectorXd& qd) {
  load_prescribed(t, q, qd);
  forward_kinematics(model_, data_, t, q_eval_, qd_eval_, Eigen::VectorXd(), KinematicsLevel::Velocity);
  generalized_momentum(model_, data_, momentum_, energy_p_);
  const MechanicalState m = mechanical_state(model_, forces_, data_, q_eval_);
  double h = m.potential - m.kinetic;
  for (int k = 0; k < model_.nq(); ++k) {
    if (!model_.is_prescribed(k)) h += qd_eval_[k] * energy_p_[k];
  }
  return h;
}

double Simulator::jacobi_integral(const SimulationState& s) { return jacobi_at(s.t, s.q, s.qd); }

double Simulator::balance_rate(double t, const Eigen::VectorXd& q, const Eigen::VectorXd& qd) {
  // the power of the non-conservative forces through the free rates only: coordinate forces q̇_f·τ_f and
  // body wrenches f·(v − v_drive), v_drive the bodies' velocities with the free rates at 0 (a sweep needed
  // only when something is driven and some force acts on a body)
  const bool driven = !model_.root_is_fixed() || !model_.prescribed().empty();
  const bool wrenches = !nonconservative_.point_springs.empty() || !nonconservative_.external.empty();
  const int nb = model_.num_bodies();
  if (driven && wrenches) {
    energy_v_ = qd;
    for (int k = 0; k < model_.nq(); ++k) {
      if (!model_.is_prescribed(k)) energy_v_[k] = 0.0;
    }
    load_prescribed(t, q, energy_v_);
    forward_kinematics(model_, data_, t, q_eval_, qd_eval_, Eigen::VectorXd(), KinematicsLevel::Velocity);
    for (int i = 0; i < nb; ++i) drive_v_[static_cast<std::size_t>(i)] = data_.bodies[static_cast<std::size_t>(i)].v;
  }
  load_prescribed(t, q, qd);
  forward_kinematics(model_, data_, t, q_eval_, qd_eval_, Eigen::VectorXd(), KinematicsLevel::Velocity);
  apply_forces(model_, nonconservative_, data_, t, q_eval_, qd_eval_, tau_);
  double rate = 0.0;
  for (int k = 0; k < model_.nq(); ++k) {
    if (!model_.is_prescribed(k)) rate += qd_eval_[k] * tau_[k];
  }
  for (int i = 0; wrenches && i < nb; ++i) {
    const BodyData& bd = data_.bodies[static_cast<std::size_t>(i)];
    rate += bd.f_ext.dot(driven ? Twist(bd.v - drive_v_[static_cast<std::size_t>(i)]) : bd.v);
  }
  if (!driven) return rate;
  // −∂L/∂t at fixed free (q, q̇): the root's and the prescribed coordinates' motion, by a forward difference
  // from this sweep's L (10⁻⁷ s: ~10⁻⁷ relative, far below what a step's quadrature needs)
  const MechanicalState here = mechanical_state(model_, forces_, data_, q_eval_);
  const double eps = 1e-7 * std::max(1.0, std::abs(t));
  load_prescribed(t + eps, q, qd);
  forward_kinematics(model_, data_, t + eps, q_eval_, qd_eval_, Eigen::VectorXd(), KinematicsLevel::Velocity);
  const MechanicalState later = mechanical_state(model_, forces_, data_, q_eval_);
  return rate - ((later.kinetic - later.potential) - (here.kinetic - here.potential)) / eps;
}

void Simulator::begin_energy_step(const SimulationState& s) {
  // a state that is not the one the last step left (a new run, an edit, a scrub) starts a new budget
  if (!budget_valid_ || s.t != budget_t_ || s.q != budget_q_ || s.qd != budget_qd_) {
    budget_ = jacobi_at(s.t, s.q, s.qd);
    budget_valid_ = std::isfinite(budget_);
  }
  energy_t0_ = s.t;
  energy_q0_ = s.q;
  energy_qd0_ = s.qd;
}

void Simulator::hold_energy_balance(SimulationState& s, double dt, bool corner, double h_before_limits) {
  stats_.energy_scale = 1.0;
  if (!budget_valid_ || !s.q.allFinite() || !s.qd.allFinite()) return;
  if (!balance_is_zero_ && !corner) {
    // the balance over the step by simpson's rule at the start, the end and the cubic hermite midpoint of
    // both ends' (q, q̇): fourth order, so that an accurate integrator is not steered by a cruder budget, and
    // two of its three nodes are the integrator's own states (gauss–legendre's two interpolated nodes lost
    // the scapula's stiff, damped spring at 20 ms)
    q_tmp_ = 0.5 * (energy_q0_ + s.q) + (0.125 * dt) * (energy_qd0_ - s.qd);
    qd_tmp_ = (1.5 / dt) * (s.q - energy_q0_) - 0.25 * (energy_qd0_ + s.qd);
    const double middle = balance_rate(energy_t0_ + 0.5 * dt, q_tmp_, qd_tmp_);
    const double end = balance_rate(energy_t0_ + dt, s.q, s.qd);
    const double begin = balance_rate(energy_t0_, energy_q0_, energy_qd0_);
    budget_ += dt / 6.0 * (begin + 4.0 * middle + end);
  }
  const double h = jacobi_at(s.t, s.q, s.qd);
  // limits and locks: whatever their enforcement did to h goes into the budget too — the inelastic impulse's
  // loss, and the change of potential from putting q back on a bound or on its locked value (which can be a
  // gain: a locked link that sagged during the step is lifted back), so the projection never fights them. a
  // corner impulse in the step: its energy is not measured apart, so the budget is at most what the step left
  if (h_before_limits < std::numeric_limits<double>::infinity()) budget_ += h - h_before_limits;
  if (corner) budget_ = std::min(budget_, h);
  qd_tmp_ = s.qd;
  for (int k = 0; k < model_.nq(); ++k) {
    if (!model_.is_prescribed(k)) qd_tmp_[k] = 0.0;
  }
  const double u = jacobi_at(s.t, s.q, qd_tmp_);
  const double kinetic = h - u;  // ½ q̇_fᵀ M_ff q̇_f
  if (std::isfinite(budget_) && std::isfinite(h) && kinetic > 0.0) {
    const double scale = std::sqrt(std::clamp((budget_ - u) / kinetic, 0.0, kMaxScale * kMaxScale));
    for (int k = 0; k < model_.nq(); ++k) {
      if (!model_.is_prescribed(k)) s.qd[k] *= scale;
    }
    stats_.energy_scale = scale;
  }
  budget_t_ = s.t;
  budget_q_ = s.q;
  budget_qd_ = s.qd;
}

}  // namespace js
