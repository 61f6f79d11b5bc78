// fixed-size eigen aliases shared by all of core. twists are [ω; v], wrenches [μ; η] (paper §3).
#pragma once

#include <Eigen/Core>
#include <Eigen/Geometry>  // cross products
#include <Eigen/LU>        // determinants

namespace js {

using Vec3 = Eigen::Vector3d;
using Mat3 = Eigen::Matrix3d;
using Mat4 = Eigen::Matrix4d;
using Vec6 = Eigen::Matrix<double, 6, 1>;
using Mat6 = Eigen::Matrix<double, 6, 6>;

// a twist (body velocity or screw) ordered [ω; v]: angular first, then linear (paper eq. 1).
using Twist = Vec6;
// a generalized force ordered [μ; η]: moment first, then force (paper §3, dual of se(3)).
using Wrench = Vec6;

inline Vec3 angular(const Twist& g) { return g.head<3>(); }
inline Vec3 linear(const Twist& g) { return g.tail<3>(); }
inline Twist make_twist(const Vec3& w, const Vec3& v) {
  Twist g;
  g << w, v;
  return g;
}

}  // namespace js
