// SO(3): hat/vee, closed-form exp and log, and the left/right jacobians of exp.
// every coefficient that cancels near θ = 0 switches to its taylor series (see so3_coefficients).
#pragma once

#include <array>
#include <cmath>
#include <cstddef>

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

namespace detail {

// Σ_e c[e] x^e by horner.
template <std::size_t N>
constexpr double horner(const std::array<double, N>& c, double x) {
  double r = c[N - 1];
  for (std::size_t e = N - 1; e-- > 0;) r = r * x + c[e];
  return r;
}

// taylor coefficients (−1)^n / m! in x = θ² or (θ/2)², correctly rounded:
// sin(t)/t (m = 2n+1), cos t (m = 2n) and (θ − sinθ)/θ³ (m = 2n+3).
inline constexpr std::array<double, 12> kSincSeries{
    1.0, -0.16666666666666666, 0.008333333333333333, -0.0001984126984126984, 2.7557319223985893e-06,
    -2.505210838544172e-08, 1.6059043836821613e-10, -7.647163731819816e-13, 2.8114572543455206e-15,
    -8.22063524662433e-18, 1.9572941063391263e-20, -3.868170170630684e-23};
inline constexpr std::array<double, 12> kCosSeries{
    1.0, -0.5, 0.041666666666666664, -0.001388888888888889, 2.48015873015873e-05, -2.755731922398589e-07,
    2.08767569878681e-09, -1.1470745597729725e-11, 4.779477332387385e-14, -1.5619206968586225e-16,
    4.110317623312165e-19, -8.896791392450574e-22};
inline constexpr std::array<double, 14> kCSeries{
    0.16666666666666666, -0.008333333333333333, 0.0001984126984126984, -2.7557319223985893e-06,
    2.505210838544172e-08, -1.6059043836821613e-10, 7.647163731819816e-13, -2.8114572543455206e-15,
    8.22063524662433e-18, -1.9572941063391263e-20, 3.868170170630684e-23, -6.446950284384474e-26,
    9.183689863795546e-29, -1.1309962886447716e-31};

}  // namespace detail

inline So3Coefficients so3_coefficients(double theta) {
  So3Coefficients k;
  k.theta = theta;
  const double t2 = theta * theta;
  if (theta < 0.25) {
    // alternating taylor series in horner form; truncation below 1e-17 relative at θ = 0.25. the
    // coefficients are constants so the hot path multiplies instead of dividing (divisions chain slowly)
    constexpr double a1 = -1.0 / 6.0, a2 = 1.0 / 120.0, a3 = -1.0 / 5040.0, a4 = 1.0 / 362880.0,
                     a5 = -1.0 / 39916800.0;
    constexpr double b1 = -1.0 / 24.0, b2 = 1.0 / 720.0, b3 = -1.0 / 40320.0, b4 = 1.0 / 3628800.0,
                     b5 = -1.0 / 479001600.0;
    constexpr double c0 = 1.0 / 6.0, c1 = -1.0 / 120.0, c2 = 1.0 / 5040.0, c3 = -1.0 / 362880.0,
                     c4 = 1.0 / 39916800.0, c5 = -1.0 / 6227020800.0;
    k.a = 1.0 + t2 * (a1 + t2 * (a2 + t2 * (a3 + t2 * (a4 + t2 * a5))));
    k.b = 0.5 + t2 * (b1 + t2 * (b2 + t2 * (b3 + t2 * (b4 + t2 * b5))));
    k.c = c0 + t2 * (c1 + t2 * (c2 + t2 * (c3 + t2 * (c4 + t2 * c5))));
    k.cos_theta = 1.0 - t2 * k.b;
  } else if (theta <= 3.2) {
    // the range every log-derived twist lives in: half-angle series (no libm call, no division).
    // with t = θ/2 ≤ 1.6: a = sinθ/θ = (sin t/t) cos t, b = (1 − cosθ)/θ² = ½ (sin t/t)², both free of
    // cancellation; c from its own series. truncation below 1e-17 at θ = 3.2
    const double sinc_t = detail::horner(detail::kSincSeries, 0.25 * t2);
    const double cos_t = detail::horner(detail::kCosSeries, 0.25 * t2);
    k.a = sinc_t * cos_t;
    k.b = 0.5 * sinc_t * sinc_t;
    k.c = detail::horner(detail::kCSeries, t2);
    k.cos_theta = 1.0 - t2 * k.b;
  } else {
    // one sincos; 1 − cosθ is far from 0 here, so its rounding stays below 1e-14 relative
    const double s = std::sin(theta);
    const double co = std::cos(theta);
    const double inv = 1.0 / theta;  // one division instead of three
    const double inv2 = inv * inv;
    k.a = s * inv;
    k.b = (1.0 - co) * inv2;
    k.c = (theta - s) * inv2 * inv;
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
