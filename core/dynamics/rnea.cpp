// inverse dynamics (eq. 15–16) and the composite-rigid-body mass matrix.
#include "core/dynamics/algorithms.hpp"
#include "core/dynamics/spatial.hpp"

namespace js {

const Eigen::VectorXd& rnea(const MultibodyModel& model, MultibodyData& data, double t, const ConstVectorRef& q,
                            const ConstVectorRef& qd, const ConstVectorRef& qdd) {
  forward_kinematics(model, data, t, q, qd, qdd, KinematicsLevel::Acceleration);
  const int nb = model.num_bodies();
  // eq. (15) without the children: f_i = J v̇ − ad*_v J v − f_e, f_e = gravity + external
  for (int i = 0; i < nb; ++i) {
    const Body& body = model.body(i);
    BodyData& bd = data.bodies[static_cast<std::size_t>(i)];
    const Vec3 g_body = bd.world_T_body.R.transpose() * model.gravity;
    bd.f = newton_euler_wrench(body.J, bd.v, bd.a) - inertia_times_linear(body.J, g_body) - bd.f_ext;
  }
  // leaves to root: τ_i = Sᵀ f_i (eq. 16), then add Ad*_{G⁻¹} f_i to the parent
  for (int i = nb - 1; i >= 0; --i) {
    const Body& body = model.body(i);
    const BodyData& bd = data.bodies[static_cast<std::size_t>(i)];
    data.tau.segment(body.q_index, body.dof).noalias() = bd.joint.S.transpose() * bd.f;
    if (body.parent >= 0) {
      data.bodies[static_cast<std::size_t>(body.parent)].f += Ad_inv_star_apply(bd.joint.G, bd.f);
    }
  }
  return data.tau;
}

const Eigen::VectorXd& nonlinear_effects(const MultibodyModel& model, MultibodyData& data, double t,
                                         const ConstVectorRef& q, const ConstVectorRef& qd) {
  return rnea(model, data, t, q, qd, Eigen::VectorXd());
}

const Eigen::MatrixXd& crba(const MultibodyModel& model, MultibodyData& data, double t, const ConstVectorRef& q) {
  forward_kinematics(model, data, t, q, Eigen::VectorXd(), Eigen::VectorXd(), KinematicsLevel::Position);
  const int nb = model.num_bodies();
  // the sweep above skipped S; evaluate it (G again, cheap next to the rest)
  for (int i = 0; i < nb; ++i) {
    const Body& body = model.body(i);
    body.joint->evaluate(q.segment(body.q_index, body.dof), data.bodies[static_cast<std::size_t>(i)].joint,
                         EvalLevel::Jacobian);
  }
  return crba_from_kinematics(model, data);
}

void pin_prescribed_rates(const MultibodyModel& model, const ConstVectorRef& qd, Eigen::MatrixXd& M,
                          Eigen::VectorXd& rhs) {
  for (const PrescribedCoordinate& p : model.prescribed()) {
    M.row(p.coordinate).setZero();
    M.col(p.coordinate).setZero();
    M(p.coordinate, p.coordinate) = 1.0;
    rhs[p.coordinate] = qd[p.coordinate];
  }
}

const Eigen::MatrixXd& crba_from_kinematics(const MultibodyModel& model, MultibodyData& data) {
  const int nb = model.num_bodies();
  for (int i = 0; i < nb; ++i) data.bodies[static_cast<std::size_t>(i)].Ja = model.body(i).J;
  for (int i = nb - 1; i >= 0; --i) {
    const Body& body = model.body(i);
    BodyData& bd = data.bodies[static_cast<std::size_t>(i)];
    const int n = body.dof;
    if (n > 0) {
      // F = Ic S, carried up the chain as a set of wrenches
      JointJacobian F = bd.Ja * bd.joint.S;
      data.M.block(body.q_index, body.q_index, n, n).noalias() = bd.joint.S.transpose() * F;
      int j = i;
      while (model.body(j).parent >= 0) {
        const SE3& G = data.bodies[static_cast<std::size_t>(j)].joint.G;
        for (int k = 0; k < n; ++k) F.col(k) = Ad_inv_star_apply(G, F.col(k));
        j = model.body(j).parent;
        const Body& bj = model.body(j);
        if (bj.dof == 0) continue;
        const auto block = (data.bodies[static_cast<std::size_t>(j)].joint.S.transpose() * F).eval();
        data.M.block(bj.q_index, body.q_index, bj.dof, n) = block;
        data.M.block(body.q_index, bj.q_index, n, bj.dof) = block.transpose();
      }
    }
    if (body.parent >= 0) {
      add_inertia_to_parent(bd.joint.G, bd.Ja, data.bodies[static_cast<std::size_t>(body.parent)].Ja);
    }
  }
  return data.M;
}

}  // namespace js
