#include "core/interop/euler.hpp"

#include <cmath>

namespace js::interop {

namespace {
// +1 when the order is a cyclic shift of xyz, −1 otherwise (the sign of the permutation)
double parity(const AxisOrder& o) { return (o[1] - o[0] + 3) % 3 == 1 ? 1.0 : -1.0; }
}  // namespace

const std::array<AxisOrder, 6>& tait_bryan_orders() {
  static const std::array<AxisOrder, 6> orders{{{0, 1, 2}, {1, 2, 0}, {2, 0, 1}, {0, 2, 1}, {2, 1, 0}, {1, 0, 2}}};
  return orders;
}

std::string axis_order_name(const AxisOrder& order) {
  std::string s;
  for (int a : order) s += static_cast<char>('x' + a);
  return s;
}

Mat3 axis_rotation(int axis, double angle) {
  const double c = std::cos(angle), s = std::sin(angle);
  Mat3 r = Mat3::Identity();
  const int u = (axis + 1) % 3, v = (axis + 2) % 3;
  r(u, u) = c;
  r(u, v) = -s;
  r(v, u) = s;
  r(v, v) = c;
  return r;
}

Mat3 compose_body_fixed(const AxisOrder& order, const Vec3& angles) {
  return axis_rotation(order[0], angles[0]) * axis_rotation(order[1], angles[1]) * axis_rotation(order[2], angles[2]);
}

Vec3 decompose_body_fixed(const AxisOrder& order, const Mat3& R) {
  // for R = R_i(a) R_j(b) R_k(c) with e the permutation's sign: R_ik = e sin b, R_jk = −e sin a cos b,
  // R_kk = cos a cos b, R_ij = −e cos b sin c, R_ii = cos b cos c
  const int i = order[0], j = order[1], k = order[2];
  const double e = parity(order);
  const double sb = std::max(-1.0, std::min(1.0, e * R(i, k)));
  const double b = std::asin(sb);
  if (std::abs(sb) > 1.0 - 1e-14) {
    // gimbal lock: a and c turn about the same axis; put it all in a (c = 0): R = R_i(a) R_j(b)
    const double a = std::atan2(e * R(k, j), R(j, j));
    return Vec3(a, b, 0.0);
  }
  const double a = std::atan2(-e * R(j, k), R(k, k));
  const double c = std::atan2(-e * R(i, j), R(i, i));
  return Vec3(a, b, c);
}

double gimbal_margin(const AxisOrder& order, const Mat3& R) {
  const double s = R(order[0], order[2]);
  return std::sqrt(std::max(0.0, 1.0 - s * s));
}

}  // namespace js::interop
