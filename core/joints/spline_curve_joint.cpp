#include "core/joints/spline_curve_joint.hpp"

#include <stdexcept>
#include <string>

#include "core/joints/poe.hpp"
#include "core/lie/hot_path.hpp"

namespace js {

namespace {

Coordinate make_coordinate(const std::string& name, const spline::KnotVector& knots) {
  Coordinate c;
  c.name = name;
  c.min = knots.q_min();
  c.max = knots.q_max();
  return c;
}

}  // namespace

SplineCurveJoint::SplineCurveJoint(std::vector<SE3> control_frames, spline::KnotVector knots,
                                   const std::string& coordinate)
    : JointModel({make_coordinate(coordinate, knots)}, knots.periodic() ? RangePolicy::Wrap : RangePolicy::Extrapolate),
      frames_(std::move(control_frames)),
      knots_(std::move(knots)),
      basis_(knots_) {
  if (static_cast<int>(frames_.size()) != knots_.num_control()) {
    throw std::invalid_argument("spline curve joint: " + std::to_string(frames_.size()) +
                                " control frames but the knot vector expects " +
                                std::to_string(knots_.num_control()));
  }
  if (knots_.order() < 2 || knots_.order() - 1 > kMaxPoeFactors) {
    throw std::invalid_argument("spline curve joint: order " + std::to_string(knots_.order()) + " unsupported");
  }
  // control twists z_l = log(Ğ_{l−1}⁻¹ Ğ_l) (eq. 21), one per basis index, frames wrapping when closed
  twists_.assign(static_cast<std::size_t>(knots_.num_basis()), Twist::Zero());
  for (int l = 1; l < knots_.num_basis(); ++l) {
    twists_[static_cast<std::size_t>(l)] = se3_log(frame_of_basis(l - 1).inverse() * frame_of_basis(l));
  }
  twist_norms_.reserve(twists_.size());
  for (const Twist& z : twists_) twist_norms_.push_back(angular(z).norm());
}

int SplineCurveJoint::order() const { return knots_.order(); }
bool SplineCurveJoint::closed() const { return knots_.periodic(); }
double SplineCurveJoint::q_min() const { return knots_.q_min(); }
double SplineCurveJoint::q_max() const { return knots_.q_max(); }

const SE3& SplineCurveJoint::frame_of_basis(int l) const {
  return frames_[static_cast<std::size_t>(knots_.control_index(l))];
}

JS_HOT_PATH void SplineCurveJoint::evaluate_inside(double q, JointData& data, EvalLevel level) const {
  spline::CumulativeValues cv;
  basis_.evaluate(q, cv);
  // eq. (24): only k−1 exponentials are non-trivial in span j; B̃ = 1 before them folds into Ğ_{j−k+1}
  const auto first = static_cast<std::size_t>(cv.first_index());
  poe_evaluate_1dof(frame_of_basis(cv.base_index()), &twists_[first], &twist_norms_[first], cv.value.data(),
                    cv.d1.data(), cv.d2.data(), cv.count(), level, data);
}

void SplineCurveJoint::evaluate_local(const ConstJointRef& q, JointData& data, EvalLevel level) const {
  const double x = q[0];
  if (closed() || (x >= q_min() && x <= q_max())) {
    evaluate_inside(x, data, level);  // the knot vector wraps q for closed curves
    return;
  }
  // past an open end: continue with the end's twist, G = G_e exp(ŝ_e (q − q_e)); S = s_e, ∇S = 0
  const double end = x > q_max() ? q_max() : q_min();
  evaluate_inside(end, data, EvalLevel::Jacobian);
  const Twist s = data.S.col(0);
  data.G *= se3_exp(s * (x - end));
  if (level == EvalLevel::Hessian) data.dS.setZero();
}

}  // namespace js
