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
// rotation first (B = diag(R) A diag(Rᵀ), three 3×3 blocks, the lower-left one by symmetry), then the
// origin shift X = [1 0; P 1], P = −[p]: Xᵀ B X = [B11 + B12 P + (B12 P)ᵀ + Pᵀ B22 P, B12 + Pᵀ B22; ·, B22].
// scalar loops with cross products for the [p] factors: eigen's 3×3 products were not inlined into the
// hot recursions and ran at a third of the speed
[[gnu::always_inline]] inline Mat6 inertia_to_parent(const SE3& parent_T_child, const Mat6& A) {
  const Mat3& R = parent_T_child.R;
  const Vec3& p = parent_T_child.p;
  // b[blk](i, j) = (R A_blk Rᵀ)(i, j) for the blocks 11, 12, 22
  double b[3][3][3];
  const int row0[3] = {0, 0, 3};
  const int col0[3] = {0, 3, 3};
  for (int blk = 0; blk < 3; ++blk) {
    double m[3][3];  // A_blk Rᵀ
    for (int i = 0; i < 3; ++i) {
      for (int j = 0; j < 3; ++j) {
        m[i][j] = A(row0[blk] + i, col0[blk]) * R(j, 0) + A(row0[blk] + i, col0[blk] + 1) * R(j, 1) +
                  A(row0[blk] + i, col0[blk] + 2) * R(j, 2);
      }
    }
    for (int i = 0; i < 3; ++i) {
      for (int j = 0; j < 3; ++j) b[blk][i][j] = R(i, 0) * m[0][j] + R(i, 1) * m[1][j] + R(i, 2) * m[2][j];
    }
  }
  const auto& b11 = b[0];
  const auto& b12 = b[1];
  const auto& b22 = b[2];
  // c = [p] B22 (column j: p × B22(:, j)); d = B12 [p]ᵀ (row i: p × B12(i, :)); e = [p] B22 [p]ᵀ = c [p]ᵀ
  double c[3][3];
  double d[3][3];
  double e[3][3];
  for (int j = 0; j < 3; ++j) {
    c[0][j] = p[1] * b22[2][j] - p[2] * b22[1][j];
    c[1][j] = p[2] * b22[0][j] - p[0] * b22[2][j];
    c[2][j] = p[0] * b22[1][j] - p[1] * b22[0][j];
  }
  for (int i = 0; i < 3; ++i) {
    d[i][0] = p[1] * b12[i][2] - p[2] * b12[i][1];
    d[i][1] = p[2] * b12[i][0] - p[0] * b12[i][2];
    d[i][2] = p[0] * b12[i][1] - p[1] * b12[i][0];
    e[i][0] = p[1] * c[i][2] - p[2] * c[i][1];
    e[i][1] = p[2] * c[i][0] - p[0] * c[i][2];
    e[i][2] = p[0] * c[i][1] - p[1] * c[i][0];
  }
  Mat6 out;
  for (int j = 0; j < 3; ++j) {
    for (int i = 0; i < 3; ++i) {
      out(i, j) = b11[i][j] + d[i][j] + d[j][i] + e[i][j];
      out(i, j + 3) = b12[i][j] + c[i][j];
      out(j + 3, i) = b12[i][j] + c[i][j];
      out(i + 3, j + 3) = b22[i][j];
    }
  }
  return out;
}

// J [0; a]: the wrench of a uniform acceleration field a (body frame) on a body of inertia J (eq. 8);
// used for gravity: f_g = J [0; Rᵀ g].
inline Wrench inertia_times_linear(const Mat6& J, const Vec3& a) { return J.rightCols<3>() * a; }

}  // namespace js
