// fixed-size eigen aliases shared by all of core. twists are [ω; v], wrenches [μ; η] (paper §3).
#pragma once

#include <Eigen/Core>
#include <Eigen/Geometry>  // cross products
#include <Eigen/LU>        // determinants
#include <numbers>
#include <type_traits>

namespace js {

// π, the one spelling of it in the project
inline constexpr double kPi = std::numbers::pi;

using Vec3 = Eigen::Vector3d;
using Mat3 = Eigen::Matrix3d;
using Mat4 = Eigen::Matrix4d;
using Vec6 = Eigen::Matrix<double, 6, 1>;
using Mat6 = Eigen::Matrix<double, 6, 6>;

// a twist (body velocity or screw) ordered [ω; v]: angular first, then linear (paper eq. 1).
using Twist = Vec6;
// a generalized force ordered [μ; η]: moment first, then force (paper §3, dual of se(3)).
using Wrench = Vec6;

// the angular (first) and linear (last) halves of a twist or wrench: any 6-row vector expression (a Vec6, a
// column of S), writable when it is; a temporary Vec6 gives a copy (a view would dangle).
template <typename Vector6>
  requires(std::remove_cvref_t<Vector6>::RowsAtCompileTime == 6 && std::remove_cvref_t<Vector6>::ColsAtCompileTime == 1)
auto angular(Vector6&& x) {
  return x.template head<3>();
}
template <typename Vector6>
  requires(std::remove_cvref_t<Vector6>::RowsAtCompileTime == 6 && std::remove_cvref_t<Vector6>::ColsAtCompileTime == 1)
auto linear(Vector6&& x) {
  return x.template tail<3>();
}
inline Vec3 angular(Vec6&& x) { return x.head<3>(); }
inline Vec3 linear(Vec6&& x) { return x.tail<3>(); }

inline Twist make_twist(const Vec3& w, const Vec3& v) {
  Twist g;
  g << w, v;
  return g;
}

}  // namespace js
