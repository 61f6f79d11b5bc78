#include "core/dynamics/corner_impulse.hpp"

#include <cmath>
#include <limits>
#include <utility>

#include "core/joints/restricted_joint.hpp"
#include "core/joints/series_joint.hpp"

namespace js {

namespace {

// the spline curve joints with corners inside joint, with the joint coordinate that is each curve's own
// (offset: the joint's first coordinate among the body's). a restricted joint passes on the curves whose
// coordinate it leaves free; one it fixes cannot cross a corner, and one it couples to others (a corner in
// a function of the free coordinates) is left without the impulse.
void curves_in(const JointModel& joint, int offset, std::vector<std::pair<int, const SplineCurveJoint*>>& out) {
  if (const auto* curve = dynamic_cast<const SplineCurveJoint*>(&joint)) {
    if (!curve->corners().empty()) out.emplace_back(offset, curve);
  } else if (const auto* series = dynamic_cast<const SeriesJoint*>(&joint)) {
    curves_in(series->first(), offset, out);
    curves_in(series->second(), offset + series->first().dof(), out);
  } else if (const auto* restricted = dynamic_cast<const RestrictedJoint*>(&joint)) {
    std::vector<std::pair<int, const SplineCurveJoint*>> inner;
    curves_in(restricted->inner(), 0, inner);
    for (const auto& [k, part] : inner) {
      const int free = restricted->free_index_of(k);
      if (free >= 0) out.emplace_back(offset + free, part);
    }
  }
}

}  // namespace

CornerImpulse::CornerImpulse(const MultibodyModel& model) : model_(model), momentum_(model) {
  std::vector<std::pair<int, const SplineCurveJoint*>> found;
  for (int i = 0; i < model.num_bodies(); ++i) {
    const Body& body = model.body(i);
    found.clear();
    curves_in(*body.joint, 0, found);
    for (const auto& [local, curve] : found) {
      // a prescribed coordinate follows its trajectory through the corner: no impulse
      if (model.is_prescribed(body.q_index + local)) continue;
      coordinates_.push_back({i, body.q_index + local, curve, local, curve == body.joint.get()});
    }
  }
  const int n = model.nq();
  p_ = Eigen::VectorXd::Zero(n);
  p_base_ = Eigen::VectorXd::Zero(n);
  rates_ = Eigen::VectorXd::Zero(n);
  M_ = Eigen::MatrixXd::Identity(n, n);
  llt_.compute(M_);  // sizes the factor once
}

bool CornerImpulse::first_crossing(int index, double q0, double q1, CornerCrossing& out) const {
  if (!(q1 != q0) || !std::isfinite(q0) || !std::isfinite(q1)) return false;
  const SplineCurveJoint& joint = *coordinates_[static_cast<std::size_t>(index)].joint;
  const bool upward = q1 > q0;
  const bool closed = joint.closed();
  const double period = joint.q_max() - joint.q_min();
  // the nearest corner past q0 in the direction of motion (a closed curve's corners repeat every period)
  double best = upward ? std::numeric_limits<double>::infinity() : -std::numeric_limits<double>::infinity();
  double knot = 0.0;
  for (double c : joint.corners()) {
    double at = c;
    if (closed) {
      const double m = upward ? std::floor((q0 - c) / period) + 1.0 : std::ceil((q0 - c) / period) - 1.0;
      at = c + m * period;
    } else if (upward ? !(c > q0) : !(c < q0)) {
      continue;
    }
    if (upward ? at < best : at > best) {
      best = at;
      knot = c;
    }
  }
  if (upward ? !(best <= q1) : !(best >= q1)) return false;
  out.index = index;
  out.knot = knot;
  out.q = best;
  out.upward = upward;
  return true;
}

bool CornerImpulse::between(int coordinate, double q0, double q1) const {
  CornerCrossing c;
  for (int i = 0; i < static_cast<int>(coordinates_.size()); ++i) {
    if (coordinates_[static_cast<std::size_t>(i)].coordinate == coordinate && first_crossing(i, q0, q1, c)) return true;
  }
  return false;
}

double CornerImpulse::velocity_sweep(MultibodyData& data, const Eigen::VectorXd& qd) const {
  double kinetic = 0.0;
  for (int i = 0; i < model_.num_bodies(); ++i) {
    const Body& body = model_.body(i);
    BodyData& bd = data.bodies[static_cast<std::size_t>(i)];
    const Twist& parent_v = body.parent < 0 ? data.root.v : data.bodies[static_cast<std::size_t>(body.parent)].v;
    // eq. (11–12)
    bd.v = Ad_inv_apply(bd.joint.G, parent_v);
    if (body.dof > 0) bd.v.noalias() += bd.joint.S * qd.segment(body.q_index, body.dof);
    kinetic += 0.5 * bd.v.dot(body.J * bd.v);
  }
  return kinetic;
}

void CornerImpulse::evaluate_side(const CornerCoordinate& cc, const Eigen::VectorXd& q, const CornerCrossing& crossing,
                                  bool below, JointData& jd) const {
  if (cc.direct) {
    cc.joint->evaluate_one_sided(crossing.knot, below, jd, EvalLevel::Jacobian);
    return;
  }
  const Body& body = model_.body(cc.body);
  JointVector qj = q.segment(body.q_index, body.dof);
  // S is bounded on each side, so a hair off the corner differs from the one-sided limit by ~1e-12 of ∇S
  qj[cc.local] = crossing.q + (below ? -1.0 : 1.0) * 1e-12 * (1.0 + std::abs(crossing.q));
  body.joint->evaluate(qj, jd, EvalLevel::Jacobian);
}

void CornerImpulse::apply(MultibodyData& data, double t, const Eigen::VectorXd& q, Eigen::VectorXd& qd,
                          const CornerCrossing& crossing) {
  const CornerCoordinate& cc = coordinates_[static_cast<std::size_t>(crossing.index)];
  JointData& jd = data.bodies[static_cast<std::size_t>(cc.body)].joint;
  forward_kinematics(model_, data, t, q, qd, Eigen::VectorXd(), KinematicsLevel::Velocity);
  // V⁻: the body twists with the side the coordinate comes from
  evaluate_side(cc, q, crossing, crossing.upward, jd);
  stats_.kinetic_before = velocity_sweep(data, qd);
  // p = J⁺ᵀ 𝕀 V⁻: the momentum of the bodies' motion along the new side's tangents (eq. 16's Sᵀ per joint)
  evaluate_side(cc, q, crossing, !crossing.upward, jd);
  generalized_momentum(model_, data, momentum_, p_);
  // a moving root and prescribed rates keep their share b⁺: take J⁺ᵀ 𝕀 b⁺ out
  const bool driven = !model_.root_is_fixed() || !model_.prescribed().empty();
  if (driven) {
    rates_.setZero();
    for (const PrescribedCoordinate& pc : model_.prescribed()) rates_[pc.coordinate] = qd[pc.coordinate];
    velocity_sweep(data, rates_);
    generalized_momentum(model_, data, momentum_, p_base_);
    p_ -= p_base_;
  }
  // M(q⁺) from the new side's S; prescribed rows keep their rate
  M_ = crba_from_kinematics(model_, data);
  pin_prescribed_rates(model_, qd, M_, p_);
  llt_.compute(M_);
  qd = p_;
  llt_.solveInPlace(qd);
  stats_.kinetic_after = velocity_sweep(data, qd);
}

}  // namespace js
