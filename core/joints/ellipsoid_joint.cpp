#include "core/joints/ellipsoid_joint.hpp"

#include <array>
#include <stdexcept>

#include "core/joints/poe.hpp"
#include "core/lie/so3.hpp"

namespace js {

namespace {
std::vector<Coordinate> named(std::vector<Coordinate> c) {
  if (c.empty()) c = {Coordinate{"rx"}, Coordinate{"ry"}, Coordinate{"rz"}};
  if (c.size() != 3) throw std::invalid_argument("an ellipsoid joint has 3 coordinates, got " + std::to_string(c.size()));
  return c;
}
}  // namespace

EllipsoidJoint::EllipsoidJoint(const Vec3& radii, std::vector<Coordinate> coordinates)
    : JointModel(named(std::move(coordinates)), RangePolicy::Natural), radii_(radii) {
  if (!(radii.minCoeff() > 0.0) || !radii.allFinite()) throw std::invalid_argument("ellipsoid radii must be > 0");
}

void EllipsoidJoint::evaluate_local(const ConstJointRef& q, JointData& data, EvalLevel level) const {
  // the rotation and its angular columns from the x-y-z euler chain
  std::array<PoeFactor, 3> f;
  for (int i = 0; i < 3; ++i) {
    f[static_cast<std::size_t>(i)].g << Vec3::Unit(i), Vec3::Zero();
    f[static_cast<std::size_t>(i)].phi = q[i];
    f[static_cast<std::size_t>(i)].dphi[static_cast<std::size_t>(i)] = 1.0;
  }
  poe_evaluate(SE3::identity(), f.data(), 3, 3, level, data);
  const Mat3 R = data.G.R;
  data.G.p = radii_.cwiseProduct(R.col(2));
  if (level == EvalLevel::Transform) return;
  const Mat3 M = R.transpose() * radii_.asDiagonal() * R;
  const Vec3 ez = Vec3::UnitZ();
  Vec3 w[3], wz[3];
  for (int i = 0; i < 3; ++i) {
    w[i] = angular(data.S.col(i));
    wz[i] = w[i].cross(ez);
    linear(data.S.col(i)) = M * wz[i];
  }
  if (level != EvalLevel::Hessian) return;
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 3; ++j) {
      const Vec3 dw = angular(data.dS.col(i * 3 + j));
      const Mat3 W = hat3(w[j]);
      linear(data.dS.col(i * 3 + j)) = (M * W - W * M) * wz[i] + M * dw.cross(ez);
    }
  }
}

}  // namespace js
