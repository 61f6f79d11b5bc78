#include "core/dynamics/momentum.hpp"

#include "core/dynamics/spatial.hpp"

namespace js {

void generalized_momentum(const MultibodyModel& model, const MultibodyData& data, MomentumWork& work,
                          Eigen::Ref<Eigen::VectorXd> p) {
  const int nb = model.num_bodies();
  for (int i = 0; i < nb; ++i) {
    work.P[static_cast<std::size_t>(i)] = model.body(i).J * data.bodies[static_cast<std::size_t>(i)].v;
  }
  for (int i = nb - 1; i >= 0; --i) {
    const Body& body = model.body(i);
    const auto ii = static_cast<std::size_t>(i);
    const BodyData& bd = data.bodies[ii];
    if (body.dof > 0) p.segment(body.q_index, body.dof).noalias() = bd.joint.S.transpose() * work.P[ii];
    if (body.parent >= 0) work.P[static_cast<std::size_t>(body.parent)] += Ad_inv_star_apply(bd.joint.G, work.P[ii]);
  }
}

void momentum_and_rate(const MultibodyModel& model, const MultibodyData& data, const ConstVectorRef& qd,
                       MomentumWork& work, Eigen::Ref<Eigen::VectorXd> p, Eigen::Ref<Eigen::VectorXd> pdot) {
  const int nb = model.num_bodies();
  for (int i = 0; i < nb; ++i) {
    const auto ii = static_cast<std::size_t>(i);
    work.P[ii] = model.body(i).J * data.bodies[ii].v;
    work.Pdot[ii] = model.body(i).J * data.bodies[ii].a;
  }
  for (int i = nb - 1; i >= 0; --i) {
    const Body& body = model.body(i);
    const auto ii = static_cast<std::size_t>(i);
    const BodyData& bd = data.bodies[ii];
    const int n = body.dof;
    for (int r = 0; r < n; ++r) {
      Twist sdot = Twist::Zero();
      for (int j = 0; j < n; ++j) sdot.noalias() += bd.joint.dS.col(r * n + j) * qd[body.q_index + j];
      p[body.q_index + r] = bd.joint.S.col(r).dot(work.P[ii]);
      pdot[body.q_index + r] = sdot.dot(work.P[ii]) + bd.joint.S.col(r).dot(work.Pdot[ii]);
    }
    if (body.parent < 0) continue;
    const auto pi = static_cast<std::size_t>(body.parent);
    const Twist u = n > 0 ? Twist(bd.joint.S * qd.segment(body.q_index, n)) : Twist::Zero();
    work.P[pi] += Ad_inv_star_apply(bd.joint.G, work.P[ii]);
    work.Pdot[pi] += Ad_inv_star_apply(bd.joint.G, work.Pdot[ii] - ad_star_apply(u, work.P[ii]));
  }
}

}  // namespace js
