// rigid-body inertia in the paper's form (eq. 8) and the newton–euler wrench (eq. 7).
#pragma once

#include "core/lie/se3.hpp"

namespace js {

// generalized inertia J (eq. 8) in the body frame:
//   J = [I_o  m[r]; m[r]ᵀ  m·1]
// mass: kg; com: centre of mass in the body frame (m); inertia_com: rotational inertia about the centre
// of mass in body axes (kg m²). I_o, the inertia about the frame origin, follows by the parallel-axis rule.
inline Mat6 generalized_inertia(double mass, const Vec3& com, const Mat3& inertia_com) {
  const Mat3 C = hat3(com);
  Mat6 J;
  J.topLeftCorner<3, 3>() = inertia_com + mass * C * C.transpose();
  J.topRightCorner<3, 3>() = mass * C;
  J.bottomLeftCorner<3, 3>() = mass * C.transpose();
  J.bottomRightCorner<3, 3>() = mass * Mat3::Identity();
  return J;
}

// newton–euler equations in body coordinates (eq. 7): f = J v̇ − ad*_v J v.
// J: 6×6 generalized inertia; v, v_dot: body velocity and its time derivative [ω; v].
inline Wrench newton_euler_wrench(const Mat6& J, const Twist& v, const Twist& v_dot) {
  return J * v_dot - ad_star_apply(v, J * v);
}

}  // namespace js
