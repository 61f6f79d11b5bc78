// structured spatial transforms used by the dynamics recursions (paper eq. 2–5, 15, appendix A).
// each works on an SE3 {R, p} directly instead of forming the 6×6 adjoint.
#pragma once

#include "core/lie/se3.hpp"

namespace js {

// Ad*_{G⁻¹} f = Ad_{G⁻¹}ᵀ f: a wrench on the child (child frame) expressed in the parent frame, where
// G = parent_T_child (eq. 15, the term ⁱf_{i+1}). f: [μ; η], 6.
inline Wrench Ad_inv_star_apply(const SE3& parent_T_child, const Wrench& f) {
  // Ad_{G⁻¹}ᵀ = [R [p]R; 0 R]
  const Vec3 n = parent_T_child.R * f.tail<3>();
  return make_twist(parent_T_child.R * f.head<3>() + parent_T_child.p.cross(n), n);
}

// Ad_{G⁻¹}ᵀ A Ad_{G⁻¹} for a symmetric 6×6 inertia-like A in the child frame: the same inertia seen from
// the parent frame (appendix A, the first line of the backward recursion). A: 6×6 symmetric.
// rotation first (three 3×3 blocks, the lower-left one by symmetry), then an origin shift by p.
inline Mat6 inertia_to_parent(const SE3& parent_T_child, const Mat6& A) {
  const Mat3& R = parent_T_child.R;
  // B = diag(R) A diag(Rᵀ)
  const Mat3 B11 = R * A.topLeftCorner<3, 3>() * R.transpose();
  const Mat3 B12 = R * A.topRightCorner<3, 3>() * R.transpose();
  const Mat3 B22 = R * A.bottomRightCorner<3, 3>() * R.transpose();
  // shift: X = [1 0; P 1] with P = −[p]; Xᵀ B X = [B11 + B12 P + Pᵀ B21 + Pᵀ B22 P, B12 + Pᵀ B22; ·, B22]
  const Mat3 Pt = hat3(parent_T_child.p);  // Pᵀ = [p]
  const Mat3 C12 = B12 + Pt * B22;         // B12 + Pᵀ B22
  const Mat3 B12P = B12 * Pt.transpose();  // B12 P, since P = −[p] = [p]ᵀ
  Mat6 out;
  // B11 + B12 P + Pᵀ B21 + Pᵀ B22 P = B11 + (B12 P) + (B12 P)ᵀ + Pᵀ B22 P
  const Mat3 PtB22P = -(Pt * B22 * Pt);
  out.topLeftCorner<3, 3>() = B11 + B12P + B12P.transpose() + PtB22P;
  out.topRightCorner<3, 3>() = C12;
  out.bottomLeftCorner<3, 3>() = C12.transpose();
  out.bottomRightCorner<3, 3>() = B22;
  return out;
}

// J [0; a]: the wrench of a uniform acceleration field a (body frame) on a body of inertia J (eq. 8);
// used for gravity: f_g = J [0; Rᵀ g].
inline Wrench inertia_times_linear(const Mat6& J, const Vec3& a) { return J.rightCols<3>() * a; }

}  // namespace js
