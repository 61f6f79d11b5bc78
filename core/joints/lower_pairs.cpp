#include "core/joints/lower_pairs.hpp"

#include <array>
#include <cmath>
#include <limits>
#include <sstream>
#include <stdexcept>

#include "core/joints/poe.hpp"

namespace js {

namespace {

// a unit copy of axis; throws when it has no direction. `what` names the joint and parameter.
Vec3 unit_axis(const Vec3& axis, const char* what) {
  const double n = axis.norm();
  if (!std::isfinite(n) || n < 1e-12) {
    std::ostringstream msg;
    msg << what << ": axis (" << axis.x() << ", " << axis.y() << ", " << axis.z()
        << ") must be a finite non-zero vector";
    throw std::invalid_argument(msg.str());
  }
  // an axis already unit to round-off is kept bit for bit: renormalizing is not idempotent in floating
  // point, and joint files must round-trip exactly
  if (std::abs(n - 1.0) <= 8.0 * std::numeric_limits<double>::epsilon()) return axis;
  return axis / n;
}

std::vector<Coordinate> coords(std::initializer_list<const char*> names) {
  std::vector<Coordinate> out;
  for (const char* n : names) out.push_back(Coordinate{n});
  return out;
}

// rotation by angle about a unit axis (rodrigues); cheaper than so3_exp because |axis| = 1 is known.
Mat3 axis_rotation(const Vec3& unit, double angle) {
  const Mat3 W = hat3(unit);
  return Mat3::Identity() + std::sin(angle) * W + (1.0 - std::cos(angle)) * (W * W);
}

// a revolute factor exp([axis; 0] q_index) of a product of exponentials (eq. 26), φ = q_index.
// φ is linear in q, so ∂²φ = 0 (the default).
PoeFactor rotation_factor(const Vec3& axis, const ConstJointRef& q, int index) {
  PoeFactor f;
  f.g << axis, Vec3::Zero();
  f.phi = q[index];
  f.dphi[static_cast<std::size_t>(index)] = 1.0;
  return f;
}

PoeFactor translation_factor(const Vec3& axis, const ConstJointRef& q, int index) {
  PoeFactor f;
  f.g << Vec3::Zero(), axis;
  f.phi = q[index];
  f.dphi[static_cast<std::size_t>(index)] = 1.0;
  return f;
}

// sets constant S columns and zero ∇S for joints whose jacobian does not depend on q.
void write_constant_jacobian(JointData& data, EvalLevel level, const Twist* columns, int n) {
  if (level == EvalLevel::Transform) return;
  for (int i = 0; i < n; ++i) data.S.col(i) = columns[i];
  if (level == EvalLevel::Hessian) data.dS.setZero();
}

}  // namespace

// ---------------------------------------------------------------- fixed

FixedJoint::FixedJoint() : JointModel({}, RangePolicy::Natural) {}

void FixedJoint::evaluate_local(const ConstJointRef&, JointData& data, EvalLevel) const {
  data.G = SE3::identity();
}

// ---------------------------------------------------------------- revolute

RevoluteJoint::RevoluteJoint(const Vec3& axis)
    : JointModel(coords({"angle"}), RangePolicy::Natural), axis_(unit_axis(axis, "revolute joint")) {}

void RevoluteJoint::evaluate_local(const ConstJointRef& q, JointData& data, EvalLevel level) const {
  data.G.R = axis_rotation(axis_, q[0]);
  data.G.p.setZero();
  const Twist s = make_twist(axis_, Vec3::Zero());
  write_constant_jacobian(data, level, &s, 1);
}

// ---------------------------------------------------------------- prismatic

PrismaticJoint::PrismaticJoint(const Vec3& axis)
    : JointModel(coords({"slide"}), RangePolicy::Natural), axis_(unit_axis(axis, "prismatic joint")) {}

void PrismaticJoint::evaluate_local(const ConstJointRef& q, JointData& data, EvalLevel level) const {
  data.G.R.setIdentity();
  data.G.p = axis_ * q[0];
  const Twist s = make_twist(Vec3::Zero(), axis_);
  write_constant_jacobian(data, level, &s, 1);
}

// ---------------------------------------------------------------- helical

HelicalJoint::HelicalJoint(const Vec3& axis, double pitch)
    : JointModel(coords({"angle"}), RangePolicy::Natural), axis_(unit_axis(axis, "helical joint")), pitch_(pitch) {
  if (!std::isfinite(pitch)) {
    std::ostringstream msg;
    msg << "helical joint: pitch " << pitch << " must be finite (m/rad)";
    throw std::invalid_argument(msg.str());
  }
}

void HelicalJoint::evaluate_local(const ConstJointRef& q, JointData& data, EvalLevel level) const {
  // §4.1: G = exp(ŝq), s = [a; h a]. the screw passes through the origin so [a]v = 0 and p = h q a
  data.G.R = axis_rotation(axis_, q[0]);
  data.G.p = axis_ * (pitch_ * q[0]);
  const Twist s = make_twist(axis_, pitch_ * axis_);
  write_constant_jacobian(data, level, &s, 1);
}

// ---------------------------------------------------------------- cylindrical

CylindricalJoint::CylindricalJoint(const Vec3& axis)
    : JointModel(coords({"angle", "slide"}), RangePolicy::Natural), axis_(unit_axis(axis, "cylindrical joint")) {}

void CylindricalJoint::evaluate_local(const ConstJointRef& q, JointData& data, EvalLevel level) const {
  // rotation and translation along one axis commute, so S is constant
  data.G.R = axis_rotation(axis_, q[0]);
  data.G.p = axis_ * q[1];
  const std::array<Twist, 2> s{make_twist(axis_, Vec3::Zero()), make_twist(Vec3::Zero(), axis_)};
  write_constant_jacobian(data, level, s.data(), 2);
}

// ---------------------------------------------------------------- universal

UniversalJoint::UniversalJoint(const Vec3& axis0, const Vec3& axis1)
    : JointModel(coords({"angle0", "angle1"}), RangePolicy::Natural),
      axis0_(unit_axis(axis0, "universal joint axis0")),
      axis1_(unit_axis(axis1, "universal joint axis1")) {
  // parallel axes give a 1-dof joint whose S has rank 1 everywhere
  if (axis0_.cross(axis1_).norm() < 1e-9) {
    throw std::invalid_argument("universal joint: axis0 and axis1 must not be parallel");
  }
}

void UniversalJoint::evaluate_local(const ConstJointRef& q, JointData& data, EvalLevel level) const {
  // §4.1: G = exp(ŝ₀q₀) exp(ŝ₁q₁), evaluated by the recursion of eq. (27)–(31)
  const std::array<PoeFactor, 2> f{rotation_factor(axis0_, q, 0), rotation_factor(axis1_, q, 1)};
  poe_evaluate(SE3::identity(), f.data(), 2, 2, level, data);
}

// ---------------------------------------------------------------- planar

PlanarJoint::PlanarJoint(const Vec3& normal)
    : JointModel(coords({"x", "y", "theta"}), RangePolicy::Natural), normal_(unit_axis(normal, "planar joint normal")) {
  // in-plane axes: project the unit axis least aligned with the normal, so normal = z gives e_x = x, e_y = y
  int least = 0;
  for (int i = 1; i < 3; ++i) {
    if (std::abs(normal_[i]) < std::abs(normal_[least])) least = i;
  }
  const Vec3 e = Vec3::Unit(least);
  ex_ = (e - e.dot(normal_) * normal_).normalized();
  ey_ = normal_.cross(ex_);
}

void PlanarJoint::evaluate_local(const ConstJointRef& q, JointData& data, EvalLevel level) const {
  const std::array<PoeFactor, 3> f{translation_factor(ex_, q, 0), translation_factor(ey_, q, 1),
                                   rotation_factor(normal_, q, 2)};
  poe_evaluate(SE3::identity(), f.data(), 3, 3, level, data);
}

// ---------------------------------------------------------------- spherical

SphericalJoint::SphericalJoint(const std::string& order)
    : JointModel(coords({"angle0", "angle1", "angle2"}), RangePolicy::Natural), order_(order) {
  // intrinsic euler orders: three letters of x/y/z, neighbours distinct (tait–bryan "zyx" or proper "zxz")
  bool ok = order.size() == 3;
  for (std::size_t i = 0; ok && i < 3; ++i) ok = order[i] == 'x' || order[i] == 'y' || order[i] == 'z';
  ok = ok && order[0] != order[1] && order[1] != order[2];
  if (!ok) {
    throw std::invalid_argument("spherical joint: euler order \"" + order +
                                "\" is invalid; expected three lowercase letters from x, y, z with no two "
                                "neighbours equal, e.g. \"zyx\", \"xyz\" or \"zxz\"");
  }
  for (int i = 0; i < 3; ++i) axes_[i] = Vec3::Unit(order[static_cast<std::size_t>(i)] - 'x');
}

void SphericalJoint::evaluate_local(const ConstJointRef& q, JointData& data, EvalLevel level) const {
  const std::array<PoeFactor, 3> f{rotation_factor(axes_[0], q, 0), rotation_factor(axes_[1], q, 1),
                                   rotation_factor(axes_[2], q, 2)};
  poe_evaluate(SE3::identity(), f.data(), 3, 3, level, data);
}

}  // namespace js
