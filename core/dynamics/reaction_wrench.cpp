// reaction forces: eq. (15) with the actual q̈, carried into each joint's C frame and split (header).
#include "core/dynamics/reaction_wrench.hpp"

#include <Eigen/Cholesky>

#include "core/dynamics/spatial.hpp"
#include "core/lie/inertia.hpp"

namespace js {

namespace {

// S_Cᵀ S_C counts as singular when a pivot of its cholesky factor falls below this fraction of its trace:
// the joint's screw has (nearly) vanished, a dead stop, and no motion part is defined.
constexpr double kDegenerateGram = 1e-12;

// motion = S_C (S_Cᵀ S_C)⁻¹ τ, constraint = total − motion; S_C: 6×n.
void split(const JointJacobian& S_C, JointReaction& r) {
  const int n = static_cast<int>(S_C.cols());
  r.degenerate = false;
  r.motion.setZero();
  if (n == 1) {
    // the common case (hinges, spline curves) without a factorization
    const double gram = S_C.col(0).squaredNorm();
    r.degenerate = !(gram > 0.0);
    if (!r.degenerate) r.motion = S_C.col(0) * (r.tau[0] / gram);
  } else if (n > 1) {
    const JointSquare gram = S_C.transpose() * S_C;
    const Eigen::LLT<JointSquare> llt(gram);
    const double floor = kDegenerateGram * gram.trace();
    const bool invertible = llt.info() == Eigen::Success && llt.matrixLLT().diagonal().cwiseAbs2().minCoeff() > floor;
    if (invertible) {
      const JointVector y = llt.solve(r.tau);
      r.motion.noalias() = S_C * y;
    } else {
      r.degenerate = true;
    }
  }
  r.constraint = r.total - r.motion;
}

}  // namespace

ReactionData::ReactionData(const MultibodyModel& model) {
  joints.resize(static_cast<std::size_t>(model.num_bodies()));
  for (int i = 0; i < model.num_bodies(); ++i) joints[static_cast<std::size_t>(i)].tau.setZero(model.body(i).dof);
}

void joint_reactions(const MultibodyModel& model, MultibodyData& data, const ConstVectorRef& qdd, ReactionData& out) {
  const int nb = model.num_bodies();
  // root to leaves: v̇_i = Ad_{G⁻¹} v̇_λ + c_i + S_i q̈_i (eq. 14), then f_i without the children (eq. 15)
  for (int i = 0; i < nb; ++i) {
    const Body& body = model.body(i);
    BodyData& bd = data.bodies[static_cast<std::size_t>(i)];
    const Twist& a_parent = body.parent < 0 ? data.root.v_dot : data.bodies[static_cast<std::size_t>(body.parent)].a;
    bd.a = Ad_inv_apply(bd.joint.G, a_parent) + bd.c;
    if (body.dof > 0) bd.a.noalias() += bd.joint.S * qdd.segment(body.q_index, body.dof);
    const Vec3 g_body = bd.world_T_body.R.transpose() * model.gravity;
    bd.f = newton_euler_wrench(body.J, bd.v, bd.a) - inertia_times_linear(body.J, g_body) - bd.f_ext;
  }
  // leaves to root: the children's wrenches reach the parent (eq. 15), τ = Sᵀ f (eq. 16), then the C frame
  for (int i = nb - 1; i >= 0; --i) {
    const Body& body = model.body(i);
    const BodyData& bd = data.bodies[static_cast<std::size_t>(i)];
    if (body.parent >= 0) {
      data.bodies[static_cast<std::size_t>(body.parent)].f += Ad_inv_star_apply(bd.joint.G, bd.f);
    }
    JointReaction& r = out.joints[static_cast<std::size_t>(i)];
    r.tau.noalias() = bd.joint.S.transpose() * bd.f;
    // C_T_child = moving_T_child: a child-frame wrench seen from C is Ad*_{(C_T_child)⁻¹} f
    const SE3& C_T_child = body.joint->moving_T_child();
    r.total = Ad_inv_star_apply(C_T_child, bd.f);
    JointJacobian S_C(6, body.dof);
    for (int k = 0; k < body.dof; ++k) S_C.col(k) = Ad_apply(C_T_child, bd.joint.S.col(k));
    split(S_C, r);
  }
}

void joint_reactions(Simulator& sim, const SimulationState& s, ReactionData& out) {
  const Eigen::VectorXd& qdd = sim.accelerations(s.t, s.q, s.qd);
  joint_reactions(sim.model(), sim.data(), qdd, out);
}

}  // namespace js
