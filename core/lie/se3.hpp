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
  SE3 operator*(const SE3& o) const { return SE3{R * o.R, R * o.p + p}; }
  SE3& operator*=(const SE3& o) {
    p += R * o.p;
    R = R * o.R;
    return *this;
  }
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

// exp(ĝ) in closed form: R = exp([ω]), p = J_l(ω) v.
inline SE3 se3_exp(const Twist& g) {
  const Vec3 w = g.head<3>();
  const Vec3 v = g.tail<3>();
  const So3Coefficients k = so3_coefficients(w.norm());
  SE3 t;
  t.R = k.b * (w * w.transpose());
  t.R.diagonal().array() += k.cos_theta;
  const Vec3 aw = k.a * w;
  t.R(0, 1) -= aw.z();
  t.R(1, 0) += aw.z();
  t.R(0, 2) += aw.y();
  t.R(2, 0) -= aw.y();
  t.R(1, 2) -= aw.x();
  t.R(2, 1) += aw.x();
  const Vec3 wv = w.cross(v);
  t.p = v + k.b * wv + k.c * w.cross(wv);
  return t;
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

// Ad_T⁻¹ g = Ad_{T⁻¹} g without inverting T.
inline Twist Ad_inv_apply(const SE3& T, const Twist& g) {
  const Vec3 w = g.head<3>();
  return make_twist(T.R.transpose() * w, T.R.transpose() * (g.tail<3>() - T.p.cross(w)));
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

inline Twist ad_apply(const Twist& g1, const Twist& g2) {
  const Vec3 w1 = g1.head<3>();
  return make_twist(w1.cross(g2.head<3>()), g1.tail<3>().cross(g2.head<3>()) + w1.cross(g2.tail<3>()));
}

// ad*_g f = ad_gᵀ f (eq. 5).
inline Wrench ad_star_apply(const Twist& g, const Wrench& f) {
  const Vec3 w = g.head<3>();
  const Vec3 v = g.tail<3>();
  // [ω]ᵀ = −[ω]
  return make_twist(-w.cross(f.head<3>()) - v.cross(f.tail<3>()), -w.cross(f.tail<3>()));
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
