// the closed-loop part of the ik solver (IkOptions::loops): the loop rows at q, the newton projection onto
// δ = 0 and the damped step subject to the linearized hard rows (kkt by the schur complement).
#include <algorithm>
#include <cmath>

#include "core/ik/ik.hpp"

namespace js {

double IkSolver::evaluate_loops(const Eigen::VectorXd& q, int row, bool with_jacobian) {
  double all = 0.0;
  hard_error_ = 0.0;
  int r = 0;
  for (int i = 0; i < loops_->num_loops(); ++i) {
    const LoopConstraint& loop = loops_->loop(i);
    LoopData& ld = loop_data_[static_cast<std::size_t>(i)];
    const int nr = ld.rows;
    evaluate_loop(model_, data_, loop, ld, false,
                  LoopRows{loop_delta_.segment(r, nr), loop_dot_.segment(r, nr), G_loop_.middleRows(r, nr),
                           loop_bias_.segment(r, nr)});
    const double err = loop_delta_.segment(r, nr).norm();
    all = std::max(all, err);
    const int h = hard_offset_[static_cast<std::size_t>(i)];
    if (h >= 0) {
      hard_error_ = std::max(hard_error_, err);
      dh_trial_.segment(h, nr) = loop_delta_.segment(r, nr);
      Gh_trial_.middleRows(h, nr) = G_loop_.middleRows(r, nr);
    } else {
      // a compliant loop pulls like a stiff spring: rows −w δ of the error, w G of the jacobian (G Δq ≈ −δ)
      e_trial_.segment(row, nr) = -loop_weight_ * loop_delta_.segment(r, nr);
      if (with_jacobian) J_.middleRows(row, nr) = loop_weight_ * G_loop_.middleRows(r, nr);
      row += nr;
    }
    r += nr;
  }
  int h = coupler_offset_;
  for (const CoordinateCoupler& c : loops_->couplers()) {
    CouplerRow cr;
    evaluate_coupler(c, q, zero_, false, cr, G_loop_.middleRows(r, 1));
    const double err = std::abs(cr.delta);
    all = std::max(all, err);
    hard_error_ = std::max(hard_error_, err);
    dh_trial_[h] = cr.delta;
    Gh_trial_.row(h) = G_loop_.row(r);
    ++h;
    ++r;
  }
  loop_error_ = all;
  return all;
}

bool IkSolver::close_loops(Eigen::VectorXd& q, const IkOptions& o) {
  if (hard_rows_ == 0) return true;
  const int n = model_.nq();
  for (int it = 0; it < 30; ++it) {
    forward_kinematics(model_, data_, o.time, q, zero_, Eigen::VectorXd(), KinematicsLevel::Velocity);
    evaluate_loops(q, target_rows_, false);
    if (hard_error_ <= o.loop_tolerance) return true;
    if (!std::isfinite(hard_error_)) return false;
    // newton on δ(q) = 0: the minimum-norm step −G_fᵀ (G_f G_fᵀ + ε)⁻¹ δ over the free coordinates; a
    // coordinate on a bound that the step pushes outward is held and the step taken again
    for (int k = 0; k < n; ++k) held_[static_cast<std::size_t>(k)] = locked_[static_cast<std::size_t>(k)];
    for (int pass = 0; pass < 4; ++pass) {
      Gt_ = Gh_trial_.transpose();
      for (int k = 0; k < n; ++k) {
        if (held_[static_cast<std::size_t>(k)]) Gt_.row(k).setZero();
      }
      S_.noalias() = Gt_.transpose() * Gt_;
      // ε keeps a singular configuration (a four-bar at a dead point) solvable with a damped step
      S_.diagonal().array() += 1e-14 * std::max(1.0, S_.diagonal().maxCoeff());
      ldlt_s_.compute(S_);
      mu_ = ldlt_s_.solve(dh_trial_);
      dq_soc_.noalias() = -Gt_ * mu_;
      bool more = false;
      for (int k = 0; k < n; ++k) {
        if (held_[static_cast<std::size_t>(k)]) continue;
        if ((q[k] <= lo_[k] && dq_soc_[k] < 0.0) || (q[k] >= hi_[k] && dq_soc_[k] > 0.0)) {
          held_[static_cast<std::size_t>(k)] = true;
          more = true;
        }
      }
      if (!more) break;
    }
    const double step = dq_soc_.cwiseAbs().maxCoeff();
    if (!std::isfinite(step)) return false;
    if (step > o.max_step) dq_soc_ *= o.max_step / step;
    q = (q + dq_soc_).cwiseMax(lo_).cwiseMin(hi_);
  }
  forward_kinematics(model_, data_, o.time, q, zero_, Eigen::VectorXd(), KinematicsLevel::Velocity);
  evaluate_loops(q, target_rows_, false);
  return hard_error_ <= o.loop_tolerance;
}

void IkSolver::damped_step(const Eigen::MatrixXd& A, const Eigen::VectorXd& g, const Eigen::MatrixXd& Gh,
                           const Eigen::VectorXd& dh, Eigen::VectorXd& out) {
  llt_.compute(A);
  out = llt_.solve(g);
  if (hard_rows_ == 0) return;
  // the kkt system [A G_fᵀ; G_f 0] [Δq; μ] = [g; −δ] by its schur complement: with Δq₀ = A⁻¹ g and
  // Y = A⁻¹ G_fᵀ, (G_f Y) μ = G_f Δq₀ + δ and Δq = Δq₀ − Y μ, so that G_f Δq = −δ
  const int n = model_.nq();
  Gt_ = Gh.transpose();
  for (int k = 0; k < n; ++k) {
    if (held_[static_cast<std::size_t>(k)]) Gt_.row(k).setZero();
  }
  Y_ = Gt_;
  llt_.solveInPlace(Y_);
  S_.noalias() = Gt_.transpose() * Y_;
  S_.diagonal().array() += 1e-14 * std::max(1.0, S_.diagonal().maxCoeff());
  ldlt_s_.compute(S_);
  mu_ = dh;
  mu_.noalias() += Gt_.transpose() * out;
  ldlt_s_.solveInPlace(mu_);
  out.noalias() -= Y_ * mu_;
}

}  // namespace js
