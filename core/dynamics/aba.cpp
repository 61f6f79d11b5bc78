// forward dynamics by the articulated-body recursion of appendix A (eq. 43–44), O(n) in the bodies and
// valid for multi-dof joints whose S and ∇S depend on q.
#include <Eigen/Cholesky>

#include "core/dynamics/aba_hybrid.hpp"
#include "core/dynamics/algorithms.hpp"
#include "core/dynamics/spatial.hpp"
#include "core/lie/hot_path.hpp"

namespace js {

namespace {

// Ω⁻¹ for Ω = Sᵀ J̃ S (n×n, symmetric); false when not positive definite.
bool invert_omega(BodyData& bd, int n) {
  if (n == 1) {
    const double omega = bd.joint.S.col(0).dot(bd.U.col(0));
    if (!(omega > 0.0)) return false;
    bd.Omega_inv(0, 0) = 1.0 / omega;
    return true;
  }
  const JointSquare omega = bd.joint.S.transpose() * bd.U;
  Eigen::LLT<JointSquare> llt(omega);
  if (llt.info() != Eigen::Success) return false;
  bd.Omega_inv.setIdentity(n, n);
  llt.solveInPlace(bd.Omega_inv);
  return true;
}

}  // namespace

void evaluate_prescribed(const MultibodyModel& model, MultibodyData& data, double t) {
  data.prescribed_degenerate = false;
  const auto& prescribed = model.prescribed();
  for (std::size_t k = 0; k < prescribed.size(); ++k) {
    data.prescribed[k] = prescribed[k].trajectory(t);
    data.prescribed_degenerate = data.prescribed_degenerate || data.prescribed[k].degenerate;
  }
}

const Eigen::VectorXd& aba(const MultibodyModel& model, MultibodyData& data, double t, const ConstVectorRef& q,
                           const ConstVectorRef& qd, const ConstVectorRef& tau) {
  evaluate_prescribed(model, data, t);
  // update G, S, ∇S, v and c (appendix A, second bullet)
  forward_kinematics(model, data, t, q, qd, Eigen::VectorXd(), KinematicsLevel::Bias);
  return aba_from_kinematics(model, data, tau);
}

JS_HOT_PATH const Eigen::VectorXd& aba_from_kinematics(const MultibodyModel& model, MultibodyData& data,
                                                       const ConstVectorRef& tau) {
  data.singular = false;
  const int nb = model.num_bodies();
  // J̃_i ← J_i, b_i ← −ad*_v J v − f_e before the children add theirs
  for (int i = 0; i < nb; ++i) {
    const Body& body = model.body(i);
    BodyData& bd = data.bodies[static_cast<std::size_t>(i)];
    const Vec3 g_body = bd.world_T_body.R.transpose() * model.gravity;
    bd.Ja = body.J;
    bd.b = -ad_star_apply(bd.v, body.J * bd.v) - inertia_times_linear(body.J, g_body) - bd.f_ext;
  }
  // backward recursion
  for (int i = nb - 1; i >= 0; --i) {
    const Body& body = model.body(i);
    BodyData& bd = data.bodies[static_cast<std::size_t>(i)];
    const int n = body.dof;
    if (body.num_prescribed > 0) {
      // hybrid: prescribed columns of S give known accelerations, the free ones are solved (aba_hybrid.hpp)
      BodyData* parent = body.parent < 0 ? nullptr : &data.bodies[static_cast<std::size_t>(body.parent)];
      if (!detail::hybrid_backward(body, bd, data.prescribed, tau, parent)) data.singular = true;
      continue;
    }
    if (n == 1) {
      // 1-dof joints (the knee, spline curves, lower pairs) with fixed-size types throughout.
      // β = J̃ c + b (the bias seen through the joint) and U = J̃ s in one pass over J̃
      const Twist s = bd.joint.S.col(0);
      Wrench beta, U;
      detail::mat6_times_two(bd.Ja, bd.c.data(), bd.b.data(), s.data(), beta.data(), U.data());
      const double omega = s.dot(U);
      const double d_inv = omega > 0.0 ? 1.0 / omega : 0.0;
      data.singular = data.singular || !(omega > 0.0);
      const double u = tau[body.q_index] - s.dot(beta);
      bd.U.col(0) = U;
      bd.Omega_inv(0, 0) = d_inv;
      bd.u[0] = u;
      if (body.parent < 0) continue;
      BodyData& parent = data.bodies[static_cast<std::size_t>(body.parent)];
      add_articulated_to_parent(bd.joint.G, bd.Ja, d_inv, U, parent.Ja, beta + (d_inv * u) * U, parent.b);
      continue;
    }
    const Wrench beta = bd.Ja * bd.c + bd.b;
    if (n > 0) {
      bd.U.noalias() = bd.Ja * bd.joint.S;
      if (!invert_omega(bd, n)) {
        data.singular = true;
        bd.Omega_inv.setZero();
      }
      bd.u.noalias() = tau.segment(body.q_index, n) - bd.joint.S.transpose() * beta;
    }
    if (body.parent < 0) continue;
    BodyData& parent = data.bodies[static_cast<std::size_t>(body.parent)];
    if (n == 0) {
      add_inertia_to_parent(bd.joint.G, bd.Ja, parent.Ja);
      parent.b += Ad_inv_star_apply(bd.joint.G, beta);
      continue;
    }
    // J̃ − U Ω⁻¹ Uᵀ and β + U Ω⁻¹ u carried to the parent frame
    const JointJacobian UD = bd.U * bd.Omega_inv;
    const Mat6 Ja_reduced = bd.Ja - UD * bd.U.transpose();
    add_inertia_to_parent(bd.joint.G, Ja_reduced, parent.Ja);
    parent.b += Ad_inv_star_apply(bd.joint.G, beta + UD * bd.u);
  }
  // forward recursion (eq. 44)
  for (int i = 0; i < nb; ++i) {
    const Body& body = model.body(i);
    BodyData& bd = data.bodies[static_cast<std::size_t>(i)];
    const int n = body.dof;
    const Twist& a_parent = body.parent < 0 ? data.root.v_dot : data.bodies[static_cast<std::size_t>(body.parent)].a;
    // ⁱv̇_{i−1}
    const Twist a_in = Ad_inv_apply(bd.joint.G, a_parent);
    if (body.num_prescribed > 0) {
      detail::hybrid_forward(body, bd, data.prescribed, a_in, data.qdd, data.drive_tau);
      continue;
    }
    bd.a = a_in + bd.c;
    if (n == 0) continue;
    if (n == 1) {
      const double qdd1 = bd.Omega_inv(0, 0) * (bd.u[0] - bd.U.col(0).dot(a_in));
      data.qdd[body.q_index] = qdd1;
      bd.a += bd.joint.S.col(0) * qdd1;
      continue;
    }
    // q̈ = Ω⁻¹(τ − Sᵀ J̃ (ⁱv̇_{i−1} + c) − Sᵀ b) = Ω⁻¹(u − Uᵀ ⁱv̇_{i−1})
    auto qdd = data.qdd.segment(body.q_index, n);
    qdd.noalias() = bd.Omega_inv * (bd.u - bd.U.transpose() * a_in);
    bd.a.noalias() += bd.joint.S * qdd;
  }
  return data.qdd;
}

}  // namespace js
