#include "core/lie/se3.hpp"

namespace js {

Twist se3_log(const SE3& T) {
  const Vec3 w = so3_log(T.R);
  return make_twist(w, so3_left_jacobian_inverse(w) * T.p);
}

namespace {

// the three scalar functions of barfoot's Q block, with series below θ = 1 where they cancel.
//   c1 = (θ − sinθ)/θ³, c2 = (θ² + 2cosθ − 2)/(2θ⁴), c3 = (2θ − 3sinθ + θcosθ)/(2θ⁵)
void q_coefficients(double theta, double& c1, double& c2, double& c3) {
  const double t2 = theta * theta;
  if (theta < 1.0) {
    c1 = c2 = c3 = 0.0;
    // term k of each series uses 1/(2k)! and 1/(2k+1)!; 12 terms reach 1e-17 at θ = 1
    double power = 1.0;         // θ^(2k−4) for k ≥ 2, starting at k = 2
    double fact_even = 24.0;    // (2k)!
    double fact_odd = 120.0;    // (2k+1)!
    double sign = 1.0;          // (−1)^k
    c1 = 1.0 / 6.0;             // k = 1 term of c1
    for (int k = 2; k <= 13; ++k) {
      c1 += -sign * power * t2 / fact_odd;  // (−1)^(k+1) θ^(2k−2)/(2k+1)!
      c2 += sign * power / fact_even;
      c3 += sign * (k - 1) * power / fact_odd;
      power *= t2;
      sign = -sign;
      fact_even *= (2.0 * k + 1.0) * (2.0 * k + 2.0);
      fact_odd *= (2.0 * k + 2.0) * (2.0 * k + 3.0);
    }
    return;
  }
  const double s = std::sin(theta);
  const double c = std::cos(theta);
  c1 = (theta - s) / (t2 * theta);
  c2 = (t2 + 2.0 * c - 2.0) / (2.0 * t2 * t2);
  c3 = (2.0 * theta - 3.0 * s + theta * c) / (2.0 * t2 * t2 * theta);
}

// barfoot's Q(φ, ρ) for φ = ω, ρ = v.
Mat3 q_block(const Vec3& w, const Vec3& v) {
  double c1 = 0.0, c2 = 0.0, c3 = 0.0;
  q_coefficients(w.norm(), c1, c2, c3);
  const Mat3 W = hat3(w);
  const Mat3 V = hat3(v);
  const Mat3 WV = W * V;
  const Mat3 VW = V * W;
  const Mat3 WVW = WV * W;
  return 0.5 * V + c1 * (WV + VW + WVW) + c2 * (W * WV + VW * W - 3.0 * WVW) + c3 * (WVW * W + W * WVW);
}

}  // namespace

Mat6 se3_left_jacobian(const Twist& g) {
  const Vec3 w = g.head<3>();
  const Mat3 J = so3_left_jacobian(w);
  Mat6 m;
  m.topLeftCorner<3, 3>() = J;
  m.topRightCorner<3, 3>().setZero();
  m.bottomLeftCorner<3, 3>() = q_block(w, g.tail<3>());
  m.bottomRightCorner<3, 3>() = J;
  return m;
}

Mat6 se3_left_jacobian_inverse(const Twist& g) {
  const Vec3 w = g.head<3>();
  const Mat3 Jinv = so3_left_jacobian_inverse(w);
  Mat6 m;
  m.topLeftCorner<3, 3>() = Jinv;
  m.topRightCorner<3, 3>().setZero();
  m.bottomLeftCorner<3, 3>() = -Jinv * q_block(w, g.tail<3>()) * Jinv;
  m.bottomRightCorner<3, 3>() = Jinv;
  return m;
}

}  // namespace js
