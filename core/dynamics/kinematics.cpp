#include "core/dynamics/algorithms.hpp"
#include "core/lie/hot_path.hpp"
#include "core/lie/lanes.hpp"

namespace js {

namespace {

// c = q̇ᵀ∇S q̇ + ad_v (S q̇) (eq. 14); u = S q̇ (eq. 12).
inline Twist velocity_product(const JointData& jd, int n, const double* qd, const Twist& v, const Twist& u) {
  Twist c = ad_apply(v, u);
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j) c.noalias() += jd.dS.col(i * n + j) * (qd[i] * qd[j]);
  }
  return c;
}

}  // namespace

JS_HOT_PATH void forward_kinematics(const MultibodyModel& model, MultibodyData& data, double t,
                                    const ConstVectorRef& q, const ConstVectorRef& qd, const ConstVectorRef& qdd, KinematicsLevel level) {
  data.root = model.root_state(t);
  const EvalLevel eval = level == KinematicsLevel::Position   ? EvalLevel::Transform
                         : level == KinematicsLevel::Velocity ? EvalLevel::Jacobian
                                                              : EvalLevel::Hessian;
  const bool with_qdd = level == KinematicsLevel::Acceleration && qdd.size() == model.nq();
  const int nb = model.num_bodies();
  for (int i = 0; i < nb; ++i) {
    const Body& body = model.body(i);
    BodyData& bd = data.bodies[static_cast<std::size_t>(i)];
    const int n = body.dof;
    body.joint->evaluate(q.segment(body.q_index, n), bd.joint, eval);
    const SE3& G = bd.joint.G;
    const bool at_root = body.parent < 0;
    const BodyData* parent = at_root ? nullptr : &data.bodies[static_cast<std::size_t>(body.parent)];
    // eq. (9)
    lanes::compose_into(at_root ? data.root.world_T_root : parent->world_T_body, G, bd.world_T_body);
    if (level == KinematicsLevel::Position) continue;
    // eq. (11–12)
    const Twist u = n == 1 ? Twist(bd.joint.S.col(0) * qd[body.q_index]) : Twist(bd.joint.S * qd.segment(body.q_index, n));
    bd.v = Ad_inv_apply(G, at_root ? data.root.v : parent->v) + u;
    if (level == KinematicsLevel::Velocity) continue;
    // eq. (14)
    bd.c = velocity_product(bd.joint, n, qd.data() + body.q_index, bd.v, u);
    if (level == KinematicsLevel::Bias) continue;
    bd.a = Ad_inv_apply(G, at_root ? data.root.v_dot : parent->a) + bd.c;
    if (with_qdd) bd.a.noalias() += bd.joint.S * qdd.segment(body.q_index, n);
  }
}

}  // namespace js
