// SO(3): hat/vee, closed-form exp and log, and the left/right jacobians of exp.
// every coefficient that cancels near θ = 0 switches to its taylor series (see so3_coefficients).
#pragma once

#include <cmath>

#include "core/lie/types.hpp"

namespace js {

// [w]: the 3×3 skew matrix with [w] x = w × x.
inline Mat3 hat3(const Vec3& w) {
  Mat3 m;
  m << 0.0, -w.z(), w.y(),
       w.z(), 0.0, -w.x(),
       -w.y(), w.x(), 0.0;
  return m;
}

// inverse of hat3 (reads the skew part of m; m need not be exactly skew).
inline Vec3 vee3(const Mat3& m) {
  return Vec3(m(2, 1) - m(1, 2), m(0, 2) - m(2, 0), m(1, 0) - m(0, 1)) * 0.5;
}

// the scalar functions of θ = |ω| behind exp, log and their jacobians.
//   a = sinθ/θ, b = (1−cosθ)/θ², c = (θ−sinθ)/θ³.
struct So3Coefficients {
  double theta;
  double a, b, c;
  double cos_theta;
};

inline So3Coefficients so3_coefficients(double theta) {
  So3Coefficients k;
  k.theta = theta;
  const double t2 = theta * theta;
  if (theta < 0.25) {
    // alternating taylor series; truncation below 1e-17 relative at θ = 0.25
    k.a = 1.0 - t2 / 6.0 * (1.0 - t2 / 20.0 * (1.0 - t2 / 42.0 * (1.0 - t2 / 72.0 * (1.0 - t2 / 110.0))));
    k.b = 0.5 * (1.0 - t2 / 12.0 * (1.0 - t2 / 30.0 * (1.0 - t2 / 56.0 * (1.0 - t2 / 90.0 * (1.0 - t2 / 132.0)))));
    k.c = (1.0 - t2 / 20.0 * (1.0 - t2 / 42.0 * (1.0 - t2 / 72.0 * (1.0 - t2 / 110.0 * (1.0 - t2 / 156.0))))) / 6.0;
    k.cos_theta = 1.0 - t2 * k.b;
  } else {
    // one sincos; 1 − cosθ ≥ 0.031 here, so its rounding stays below 1e-14 relative
    const double s = std::sin(theta);
    const double co = std::cos(theta);
    k.a = s / theta;
    k.b = (1.0 - co) / t2;
    k.c = (theta - s) / (t2 * theta);
    k.cos_theta = co;
  }
  return k;
}

// exp([w]) by rodrigues' formula.
// written as R = cosθ·1 + a[w] + b wwᵀ, which avoids forming [w]².
inline Mat3 so3_exp(const Vec3& w) {
  const So3Coefficients k = so3_coefficients(w.norm());
  Mat3 R = k.b * (w * w.transpose());
  R.diagonal().array() += k.cos_theta;
  const Vec3 aw = k.a * w;
  R(0, 1) -= aw.z();
  R(1, 0) += aw.z();
  R(0, 2) += aw.y();
  R(2, 0) -= aw.y();
  R(1, 2) -= aw.x();
  R(2, 1) += aw.x();
  return R;
}

// log of a rotation, returns w with |w| ∈ [0, π]. stable near 0 and near π.
Vec3 so3_log(const Mat3& R);

// left jacobian of exp: exp(w + δ) ≈ exp(J_l(w) δ) exp(w). also the "V" matrix of se(3) exp.
inline Mat3 so3_left_jacobian(const Vec3& w) {
  const So3Coefficients k = so3_coefficients(w.norm());
  const Mat3 W = hat3(w);
  return Mat3::Identity() + k.b * W + k.c * W * W;
}

// right jacobian of exp: exp(w + δ) ≈ exp(w) exp(J_r(w) δ); J_r(w) = J_l(−w).
inline Mat3 so3_right_jacobian(const Vec3& w) { return so3_left_jacobian(-w); }

// inverse of the left jacobian (closed form; finite for |w| < 2π).
Mat3 so3_left_jacobian_inverse(const Vec3& w);
inline Mat3 so3_right_jacobian_inverse(const Vec3& w) { return so3_left_jacobian_inverse(-w); }

// projects a near-rotation to the closest rotation (svd), det = +1.
Mat3 so3_orthonormalize(const Mat3& M);

// largest |RᵀR − I| entry and |det R − 1|: how far M is from a rotation.
double so3_orthonormality_error(const Mat3& M);

}  // namespace js
