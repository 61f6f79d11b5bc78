#include "core/dynamics/rolling_contact.hpp"

#include <bit>
#include <cmath>
#include <stdexcept>

#include "core/dynamics/relative_jacobian.hpp"

namespace js {

void check_rolling(const MultibodyModel& model, const RollingContact& c) {
  const std::string who = "rolling contact \"" + c.name + "\": ";
  const int nb = model.num_bodies();
  if (c.body_a < -1 || c.body_a >= nb || c.body_b < 0 || c.body_b >= nb || c.frame_body < -1 || c.frame_body >= nb) {
    throw std::invalid_argument(who + "body index out of range");
  }
  if (c.body_a == c.body_b) throw std::invalid_argument(who + "both sides are the same body");
  if (c.axes == 0) throw std::invalid_argument(who + "constrains no rows");
  if (c.axes >= 64u) throw std::invalid_argument(who + "axes has bits beyond the six twist components");
  if (!(c.stabilization >= 0.0) || !std::isfinite(c.stabilization)) {
    throw std::invalid_argument(who + "stabilization must be finite and ≥ 0");
  }
  const SE3& T = c.frame_T_contact;
  const double off = (T.R.transpose() * T.R - Mat3::Identity()).cwiseAbs().maxCoeff();
  if (!T.p.allFinite() || !T.R.allFinite() || off > 1e-9 || T.R.determinant() < 0.0) {
    throw std::invalid_argument(who + "the contact frame is not a rigid transform");
  }
}

RollingData::RollingData(const MultibodyModel& model, const RollingContact& contact)
    : path(relative_path(model, contact.body_a, contact.body_b)), rows(std::popcount(contact.axes)) {
  N.setZero(rows, 6);
}

void evaluate_rolling(const MultibodyModel& model, const MultibodyData& data, const RollingContact& contact,
                      RollingData& rd, bool with_bias, RollingRows out) {
  const SE3& world_T_b = body_pose(data, contact.body_b);
  const SE3 b_T_world = world_T_b.inverse();
  const SE3 b_T_a = b_T_world * body_pose(data, contact.body_a);
  const SE3 b_T_f = b_T_world * body_pose(data, contact.frame_body);
  const SE3 c_T_b = (b_T_f * contact.frame_T_contact).inverse();
  // the chosen rows of Ad_{c_T_b}: twists of b's frame seen at the contact point, in the contact's axes
  const Mat6 Ad_cb = Ad(c_T_b);
  for (int k = 0, r = 0; k < 6; ++k) {
    if ((contact.axes >> k) & 1u) rd.N.row(r++) = Ad_cb.row(k);
  }
  const Twist& v_a = body_velocity(data, contact.body_a);
  const Twist& v_b = body_velocity(data, contact.body_b);
  rd.v_rel = v_b - Ad_apply(b_T_a, v_a);
  out.delta_dot.noalias() = rd.N * rd.v_rel;
  relative_jacobian_rows(model, data, rd.path, b_T_world, rd.N, out.G);
  if (!with_bias) return;
  // d/dt (N Ad_{c_T_b} V_rel) = N Ad_{c_T_b} (V̇_rel + ad_ξ V_rel), ξ = v_b − Ad_{b_T_f} v_f (header)
  const Twist v_rel_dot = body_acceleration(data, contact.body_b) - Ad_apply(b_T_a, body_acceleration(data, contact.body_a)) +
                          ad_apply(rd.v_rel, v_b);
  const Twist xi = v_b - Ad_apply(b_T_f, body_velocity(data, contact.frame_body));
  out.bias.noalias() = -(rd.N * (v_rel_dot + ad_apply(xi, rd.v_rel)));
}

}  // namespace js
