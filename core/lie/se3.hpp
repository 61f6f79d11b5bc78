// SE(3) with twists ordered [ω; v] (paper eq. 1–6): the group, hat/vee, exp/log, Ad and ad with their
// duals, and the left/right jacobians of exp. hot-path functions are inline and allocate nothing.
#pragma once

#include "core/lie/so3.hpp"

namespace js {

// a rigid transform (R, p): maps x to R x + p. names say frames: parent_T_child.
struct SE3 {
  Mat3 R = Mat3::Identity();
  Vec3 p = Vec3::Zero();

  static SE3 identity() { return SE3{}; }
  static SE3 from_matrix(const Mat4& m) { return SE3{m.topLeftCorner<3, 3>(), m.topRightCorner<3, 1>()}; }
  static SE3 translation(const Vec3& t) { return SE3{Mat3::Identity(), t}; }
  static SE3 rotation(const Mat3& r) { return SE3{r, Vec3::Zero()}; }

  Mat4 matrix() const {
    Mat4 m = Mat4::Identity();
    m.topLeftCorner<3, 3>() = R;
    m.topRightCorner<3, 1>() = p;
    return m;
  }
  SE3 inverse() const {
    SE3 t;
    t.R = R.transpose();
    t.p = -(t.R * p);
    return t;
  }
  // composition in scalar form: eigen's packet code for 3×3 products costs about three times the
  // instructions (two-lane packets over three rows plus broadcasts), and every kinematics sweep composes
  [[gnu::always_inline]] SE3 operator*(const SE3& o) const {
    SE3 t;
    for (int j = 0; j < 3; ++j) {
      for (int i = 0; i < 3; ++i) t.R(i, j) = R(i, 0) * o.R(0, j) + R(i, 1) * o.R(1, j) + R(i, 2) * o.R(2, j);
    }
    for (int i = 0; i < 3; ++i) t.p[i] = R(i, 0) * o.p[0] + R(i, 1) * o.p[1] + R(i, 2) * o.p[2] + p[i];
    return t;
  }
  [[gnu::always_inline]] SE3& operator*=(const SE3& o) { return *this = *this * o; }
  // transforms a point
  Vec3 act(const Vec3& x) const { return R * x + p; }
  bool is_approx(const SE3& o, double tol = 1e-12) const {
    return (R - o.R).cwiseAbs().maxCoeff() <= tol && (p - o.p).cwiseAbs().maxCoeff() <= tol;
  }
};

// ĝ: the 4×4 matrix [[ω] v; 0 0] of a twist (eq. 1).
inline Mat4 hat6(const Twist& g) {
  Mat4 m = Mat4::Zero();
  m.topLeftCorner<3, 3>() = hat3(g.head<3>());
  m.topRightCorner<3, 1>() = g.tail<3>();
  return m;
}

// inverse of hat6.
inline Twist vee6(const Mat4& m) { return make_twist(vee3(m.topLeftCorner<3, 3>()), m.topRightCorner<3, 1>()); }

// exp(ĝ) for a twist whose rotation angle θ = |ω| is already known (a spline joint keeps the norms of its
// constant twists, so exp(ĝ φ) needs no square root on the hot path). theta: |ω| ≥ 0.
[[gnu::always_inline]] inline SE3 se3_exp_with_angle(const Twist& g, double theta) {
  // scalar form of R = cosθ·1 + a[ω] + b ωωᵀ and p = v + b ω×v + c ω×(ω×v): the hot path of every joint
  const double wx = g[0], wy = g[1], wz = g[2];
  const So3Coefficients k = so3_coefficients(theta);
  const double ax = k.a * wx, ay = k.a * wy, az = k.a * wz;
  const double bxy = k.b * wx * wy, bxz = k.b * wx * wz, byz = k.b * wy * wz;
  SE3 t;
  t.R(0, 0) = k.cos_theta + k.b * wx * wx;
  t.R(1, 1) = k.cos_theta + k.b * wy * wy;
  t.R(2, 2) = k.cos_theta + k.b * wz * wz;
  t.R(0, 1) = bxy - az;
  t.R(1, 0) = bxy + az;
  t.R(0, 2) = bxz + ay;
  t.R(2, 0) = bxz - ay;
  t.R(1, 2) = byz - ax;
  t.R(2, 1) = byz + ax;
  const double vx = g[3], vy = g[4], vz = g[5];
  const double cx = wy * vz - wz * vy, cy = wz * vx - wx * vz, cz = wx * vy - wy * vx;  // ω × v
  const double dx = wy * cz - wz * cy, dy = wz * cx - wx * cz, dz = wx * cy - wy * cx;  // ω × (ω × v)
  t.p = Vec3(vx + k.b * cx + k.c * dx, vy + k.b * cy + k.c * dy, vz + k.b * cz + k.c * dz);
  return t;
}

// exp(ĝ) in closed form: R = exp([ω]), p = J_l(ω) v.
inline SE3 se3_exp(const Twist& g) {
  return se3_exp_with_angle(g, std::sqrt(g[0] * g[0] + g[1] * g[1] + g[2] * g[2]));
}

// log of a transform: the twist g with exp(ĝ) = T and |ω| ≤ π.
Twist se3_log(const SE3& T);

// Ad_T (eq. 2): [R 0; [p]R R].
inline Mat6 Ad(const SE3& T) {
  Mat6 m;
  m.topLeftCorner<3, 3>() = T.R;
  m.topRightCorner<3, 3>().setZero();
  m.bottomLeftCorner<3, 3>() = hat3(T.p) * T.R;
  m.bottomRightCorner<3, 3>() = T.R;
  return m;
}

// Ad_T g without forming the 6×6 matrix.
inline Twist Ad_apply(const SE3& T, const Twist& g) {
  const Vec3 w = T.R * g.head<3>();
  return make_twist(w, T.p.cross(w) + T.R * g.tail<3>());
}

// Ad_T⁻¹ g = Ad_{T⁻¹} g = [Rᵀω; Rᵀ(v − p×ω)] without inverting T (scalar form: a hot path of eq. 29–31).
[[gnu::always_inline]] inline Twist Ad_inv_apply(const SE3& T, const Twist& g) {
  const Mat3& R = T.R;
  const double w0 = g[0], w1 = g[1], w2 = g[2];
  const double u0 = g[3] - (T.p[1] * w2 - T.p[2] * w1);
  const double u1 = g[4] - (T.p[2] * w0 - T.p[0] * w2);
  const double u2 = g[5] - (T.p[0] * w1 - T.p[1] * w0);
  Twist out;
  out[0] = R(0, 0) * w0 + R(1, 0) * w1 + R(2, 0) * w2;
  out[1] = R(0, 1) * w0 + R(1, 1) * w1 + R(2, 1) * w2;
  out[2] = R(0, 2) * w0 + R(1, 2) * w1 + R(2, 2) * w2;
  out[3] = R(0, 0) * u0 + R(1, 0) * u1 + R(2, 0) * u2;
  out[4] = R(0, 1) * u0 + R(1, 1) * u1 + R(2, 1) * u2;
  out[5] = R(0, 2) * u0 + R(1, 2) * u1 + R(2, 2) * u2;
  return out;
}

// Ad*_T f = Ad_Tᵀ f (eq. 5), for wrenches.
inline Wrench Ad_star_apply(const SE3& T, const Wrench& f) {
  // Ad_Tᵀ = [Rᵀ Rᵀ[p]ᵀ; 0 Rᵀ]
  const Vec3 n = f.tail<3>();
  return make_twist(T.R.transpose() * (f.head<3>() - T.p.cross(n)), T.R.transpose() * n);
}

// ad_g (eq. 4): [[ω] 0; [v] [ω]]; the lie bracket ad_g1 g2.
inline Mat6 ad(const Twist& g) {
  Mat6 m;
  m.topLeftCorner<3, 3>() = hat3(g.head<3>());
  m.topRightCorner<3, 3>().setZero();
  m.bottomLeftCorner<3, 3>() = hat3(g.tail<3>());
  m.bottomRightCorner<3, 3>() = hat3(g.head<3>());
  return m;
}

[[gnu::always_inline]] inline Twist ad_apply(const Twist& g1, const Twist& g2) {
  // [ω1 × ω2; v1 × ω2 + ω1 × v2]
  Twist out;
  out[0] = g1[1] * g2[2] - g1[2] * g2[1];
  out[1] = g1[2] * g2[0] - g1[0] * g2[2];
  out[2] = g1[0] * g2[1] - g1[1] * g2[0];
  out[3] = g1[4] * g2[2] - g1[5] * g2[1] + g1[1] * g2[5] - g1[2] * g2[4];
  out[4] = g1[5] * g2[0] - g1[3] * g2[2] + g1[2] * g2[3] - g1[0] * g2[5];
  out[5] = g1[3] * g2[1] - g1[4] * g2[0] + g1[0] * g2[4] - g1[1] * g2[3];
  return out;
}

// ad*_g f = ad_gᵀ f (eq. 5).
// scalar form, always inlined: the articulated-body recursion runs it once per body.
[[gnu::always_inline]] inline Wrench ad_star_apply(const Twist& g, const Wrench& f) {
  // [−ω × μ − v × η; −ω × η] with f = [μ; η] ([ω]ᵀ = −[ω])
  Wrench out;
  out[0] = g[2] * f[1] - g[1] * f[2] + g[5] * f[4] - g[4] * f[5];
  out[1] = g[0] * f[2] - g[2] * f[0] + g[3] * f[5] - g[5] * f[3];
  out[2] = g[1] * f[0] - g[0] * f[1] + g[4] * f[3] - g[3] * f[4];
  out[3] = g[2] * f[4] - g[1] * f[5];
  out[4] = g[0] * f[5] - g[2] * f[3];
  out[5] = g[1] * f[3] - g[0] * f[4];
  return out;
}

// left jacobian of exp on se(3): exp(g + δ) ≈ exp(J_l(g) δ) exp(g). block form [J 0; Q J] for [ω; v].
Mat6 se3_left_jacobian(const Twist& g);
// right jacobian: exp(g + δ) ≈ exp(g) exp(J_r(g) δ); J_r(g) = J_l(−g).
inline Mat6 se3_right_jacobian(const Twist& g) { return se3_left_jacobian(-g); }
Mat6 se3_left_jacobian_inverse(const Twist& g);
inline Mat6 se3_right_jacobian_inverse(const Twist& g) { return se3_left_jacobian_inverse(-g); }

// the unweighted twist norm and the length-scaled metric |ω|² + |v/ℓ|² used for fitting (paper §6.1, fn. 2).
inline double twist_norm(const Twist& g, double length_scale = 1.0) {
  return std::sqrt(g.head<3>().squaredNorm() + g.tail<3>().squaredNorm() / (length_scale * length_scale));
}

}  // namespace js
