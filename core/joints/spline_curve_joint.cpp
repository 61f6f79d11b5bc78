#include "core/joints/spline_curve_joint.hpp"

#include <algorithm>
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
  corners_ = find_corners();
}

std::vector<double> SplineCurveJoint::find_corners() const {
  // knots repeated k − 1 times inside the domain (open: interior only; closed: [q_min, q_max), the seam too)
  std::vector<double> out;
  const std::vector<double>& t = knots_.knots();
  const int k = knots_.order();
  JointData below(1), above(1);
  for (std::size_t i = 0; i < t.size();) {
    std::size_t e = i;
    while (e < t.size() && t[e] == t[i]) ++e;
    const double x = t[i];
    const bool inside = closed() ? (x >= q_min() && x < q_max()) : (x > q_min() && x < q_max());
    if (inside && static_cast<int>(e - i) >= k - 1) {
      evaluate_inside_left(x, below, EvalLevel::Jacobian);
      evaluate_inside(x, above, EvalLevel::Jacobian);
      const double size = std::max(below.S.norm(), above.S.norm());
      if ((below.S - above.S).norm() > 1e-9 * size) out.push_back(x);
    }
    i = e;
  }
  return out;
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

void SplineCurveJoint::evaluate_inside_left(double q, JointData& data, EvalLevel level) const {
  spline::CumulativeValues cv;
  basis_.evaluate_left(q, cv);
  // eq. (24) on the span that ends at q
  const auto first = static_cast<std::size_t>(cv.first_index());
  poe_evaluate_1dof(frame_of_basis(cv.base_index()), &twists_[first], &twist_norms_[first], cv.value.data(),
                    cv.d1.data(), cv.d2.data(), cv.count(), level, data);
}

void SplineCurveJoint::evaluate_one_sided(double q, bool from_below, JointData& data, EvalLevel level) const {
  if (!from_below || (!closed() && (q <= q_min() || q > q_max()))) {
    evaluate(Eigen::Matrix<double, 1, 1>(q), data, level);
    return;
  }
  evaluate_inside_left(q, data, level);
  // the offsets as JointModel::evaluate applies them: G = P · G_local · C, twists to the child frame by Ad_{C⁻¹}
  data.G = parent_T_joint() * data.G * moving_T_child();
  if (level == EvalLevel::Transform) return;
  data.S.col(0) = Ad_inv_apply(moving_T_child(), data.S.col(0));
  if (level == EvalLevel::Hessian) data.dS.col(0) = Ad_inv_apply(moving_T_child(), data.dS.col(0));
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
