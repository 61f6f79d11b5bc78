// structured spatial transforms used by the dynamics recursions (paper eq. 2–5, 15, appendix A).
// each works on an SE3 {R, p} directly instead of forming the 6×6 adjoint.
#pragma once

#include "core/dynamics/spatial_simd.hpp"
#include "core/lie/se3.hpp"

namespace js {

// Ad*_{G⁻¹} f = Ad_{G⁻¹}ᵀ f: a wrench on the child (child frame) expressed in the parent frame, where
// G = parent_T_child (eq. 15, the term ⁱf_{i+1}). f: [μ; η], 6. scalar form, always inlined into the
// recursions: Ad_{G⁻¹}ᵀ = [R [p]R; 0 R], so the result is [R μ + p × R η; R η].
[[gnu::always_inline]] inline Wrench Ad_inv_star_apply(const SE3& parent_T_child, const Wrench& f) {
  const Mat3& R = parent_T_child.R;
  const Vec3& p = parent_T_child.p;
  const double n0 = R(0, 0) * f[3] + R(0, 1) * f[4] + R(0, 2) * f[5];
  const double n1 = R(1, 0) * f[3] + R(1, 1) * f[4] + R(1, 2) * f[5];
  const double n2 = R(2, 0) * f[3] + R(2, 1) * f[4] + R(2, 2) * f[5];
  Wrench out;
  out[0] = R(0, 0) * f[0] + R(0, 1) * f[1] + R(0, 2) * f[2] + (p[1] * n2 - p[2] * n1);
  out[1] = R(1, 0) * f[0] + R(1, 1) * f[1] + R(1, 2) * f[2] + (p[2] * n0 - p[0] * n2);
  out[2] = R(2, 0) * f[0] + R(2, 1) * f[1] + R(2, 2) * f[2] + (p[0] * n1 - p[1] * n0);
  out[3] = n0;
  out[4] = n1;
  out[5] = n2;
  return out;
}

namespace detail {

// the blocks 11, 12 and 22 (rows, columns 0–2 / 3–5) of a symmetric 6×6; the 21 block is 12's transpose.
using InertiaBlocks = double[3][3][3];

// R A_blk Rᵀ for one 3×3 block; a symmetric block (11, 22) sums only its upper triangle. the loops have
// constant trips and are unrolled: left rolled, their index arithmetic cost as much as the products
template <bool Symmetric>
[[gnu::always_inline]] inline void rotate_block(const Mat3& R, const double (&a)[3][3], double (&b)[3][3]) {
  double m[3][3];  // A_blk Rᵀ
#pragma GCC unroll 3
  for (int i = 0; i < 3; ++i) {
#pragma GCC unroll 3
    for (int j = 0; j < 3; ++j) m[i][j] = a[i][0] * R(j, 0) + a[i][1] * R(j, 1) + a[i][2] * R(j, 2);
  }
#pragma GCC unroll 3
  for (int i = 0; i < 3; ++i) {
#pragma GCC unroll 3
    for (int j = Symmetric ? i : 0; j < 3; ++j) b[i][j] = R(i, 0) * m[0][j] + R(i, 1) * m[1][j] + R(i, 2) * m[2][j];
  }
  if constexpr (Symmetric) {
    b[1][0] = b[0][1];
    b[2][0] = b[0][2];
    b[2][1] = b[1][2];
  }
}

// Ad_{G⁻¹}ᵀ A Ad_{G⁻¹} for a symmetric A given by its blocks (appendix A, the first line of the backward
// recursion), written into out: the reference form the lane forms (spatial_simd.hpp) are tested against.
// rotation first (B = diag(R) A diag(Rᵀ): three 3×3 blocks, 11 and 22 symmetric), then the origin shift
// X = [1 0; P 1], P = −[p]: Xᵀ B X = [B11 + B12 P + (B12 P)ᵀ + Pᵀ B22 P, B12 + Pᵀ B22; ·, B22].
// scalar loops with cross products for the [p] factors: eigen's 3×3 products were not inlined into the
// hot recursions and ran at a third of the speed
[[gnu::always_inline]] inline void inertia_blocks_to_parent(const SE3& parent_T_child, const InertiaBlocks& a, Mat6& out) {
  const Mat3& R = parent_T_child.R;
  const Vec3& p = parent_T_child.p;
  double b[3][3][3];
  rotate_block<true>(R, a[0], b[0]);
  rotate_block<false>(R, a[1], b[1]);
  rotate_block<true>(R, a[2], b[2]);
  const auto& b11 = b[0];
  const auto& b12 = b[1];
  const auto& b22 = b[2];
  // c = [p] B22 (column j: p × B22(:, j)); d = B12 [p]ᵀ (row i: p × B12(i, :)); e = [p] B22 [p]ᵀ = c [p]ᵀ
  double c[3][3];
  double d[3][3];
  double e[3][3];
#pragma GCC unroll 3
  for (int j = 0; j < 3; ++j) {
    c[0][j] = p[1] * b22[2][j] - p[2] * b22[1][j];
    c[1][j] = p[2] * b22[0][j] - p[0] * b22[2][j];
    c[2][j] = p[0] * b22[1][j] - p[1] * b22[0][j];
  }
#pragma GCC unroll 3
  for (int i = 0; i < 3; ++i) {
    d[i][0] = p[1] * b12[i][2] - p[2] * b12[i][1];
    d[i][1] = p[2] * b12[i][0] - p[0] * b12[i][2];
    d[i][2] = p[0] * b12[i][1] - p[1] * b12[i][0];
    e[i][0] = p[1] * c[i][2] - p[2] * c[i][1];
    e[i][1] = p[2] * c[i][0] - p[0] * c[i][2];
    e[i][2] = p[0] * c[i][1] - p[1] * c[i][0];
  }
#pragma GCC unroll 3
  for (int j = 0; j < 3; ++j) {
#pragma GCC unroll 3
    for (int i = 0; i < 3; ++i) {
      const double o11 = b11[i][j] + d[i][j] + d[j][i] + e[i][j];
      const double o12 = b12[i][j] + c[i][j];
      out(i, j) = o11;
      out(i, j + 3) = o12;
      out(j + 3, i) = o12;
      out(i + 3, j + 3) = b22[i][j];
    }
  }
}

[[gnu::always_inline]] inline void inertia_blocks(const Mat6& A, InertiaBlocks& a) {
#pragma GCC unroll 3
  for (int i = 0; i < 3; ++i) {
#pragma GCC unroll 3
    for (int j = 0; j < 3; ++j) {
      a[0][i][j] = A(i, j);
      a[1][i][j] = A(i, j + 3);
      a[2][i][j] = A(i + 3, j + 3);
    }
  }
}

}  // namespace detail

// Ad_{G⁻¹}ᵀ A Ad_{G⁻¹} for a symmetric 6×6 inertia-like A in the child frame: the same inertia seen from
// the parent frame (appendix A, the first line of the backward recursion). A: 6×6 symmetric (its lower-left
// block is not read).
[[gnu::always_inline]] inline Mat6 inertia_to_parent(const SE3& parent_T_child, const Mat6& A) {
  detail::InertiaBlocks a;
  detail::inertia_blocks(A, a);
  Mat6 out;
  detail::inertia_blocks_to_parent(parent_T_child, a, out);
  return out;
}

// parent += Ad_{G⁻¹}ᵀ A Ad_{G⁻¹} (appendix A: the child's articulated inertia joins its parent's).
// A: 6×6 symmetric, all of it read. lane form (spatial_simd.hpp); inertia_to_parent is the reference.
[[gnu::always_inline]] inline void add_inertia_to_parent(const SE3& parent_T_child, const Mat6& A, Mat6& parent) {
  detail::add_transformed_inertia<false>(parent_T_child, A, 0.0, nullptr, parent);
}

// parent += Ad_{G⁻¹}ᵀ (J̃ − d U Uᵀ) Ad_{G⁻¹}: appendix A's backward step for a 1-dof joint, U = J̃ s and
// d = Ω⁻¹ = 1/(sᵀ J̃ s), fused so that the reduced inertia is never stored. Ja: 6×6 symmetric (all of it
// read), U: 6.
[[gnu::always_inline]] inline void add_articulated_to_parent(const SE3& parent_T_child, const Mat6& Ja, double d,
                                                             const Wrench& U, Mat6& parent) {
  detail::add_transformed_inertia<true>(parent_T_child, Ja, d, U.data(), parent);
}

// the same, and parent_b += Ad*_{G⁻¹} f in the same pass (the bias force β + U Ω⁻¹ u). f, parent_b: 6.
[[gnu::always_inline]] inline void add_articulated_to_parent(const SE3& parent_T_child, const Mat6& Ja, double d,
                                                             const Wrench& U, Mat6& parent, const Wrench& f,
                                                             Wrench& parent_b) {
  detail::add_transformed_inertia<true>(parent_T_child, Ja, d, U.data(), parent, f.data(), parent_b.data());
}

// J [0; a]: the wrench of a uniform acceleration field a (body frame) on a body of inertia J (eq. 8);
// used for gravity: f_g = J [0; Rᵀ g].
inline Wrench inertia_times_linear(const Mat6& J, const Vec3& a) { return J.rightCols<3>() * a; }

}  // namespace js
