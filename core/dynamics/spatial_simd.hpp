// the articulated-inertia transform of the backward recursions (appendix A) in lane form
// (core/lie/lanes.hpp). a 6-vector lives in two lane groups: rows 0–3 (hi) and rows 4–5 (lo), the layout
// of a Mat6 column.
#pragma once

#include "core/lie/lanes.hpp"

namespace js::detail {

using lanes::V2;
using lanes::V4;

// the columns of Y = Ad*_{G⁻¹} = Ad_{G⁻¹}ᵀ = [R [p]R; 0 R] (eq. 5), G = parent_T_child. the lo part of
// columns 0–2 is zero and never used.
struct AdjointStarColumns {
  V4 hi[6];
  V2 lo[6];
};

[[gnu::always_inline]] inline void adjoint_star_columns(const SE3& parent_T_child, AdjointStarColumns& y) {
  const Mat3& R = parent_T_child.R;
  const Vec3& p = parent_T_child.p;
#pragma GCC unroll 3
  for (int m = 0; m < 3; ++m) {
    // column m + 3 of [p]R is p × R(:, m)
    const double c0 = p[1] * R(2, m) - p[2] * R(1, m);
    const double c1 = p[2] * R(0, m) - p[0] * R(2, m);
    const double c2 = p[0] * R(1, m) - p[1] * R(0, m);
    y.hi[m] = V4{R(0, m), R(1, m), R(2, m), 0.0};
    y.hi[m + 3] = V4{c0, c1, c2, R(0, m)};
    y.lo[m + 3] = V2{R(1, m), R(2, m)};
  }
}

// Y x for x: 6 scalars (any stride: x[m * stride]); the result in lane form.
[[gnu::always_inline]] inline void adjoint_star_times(const AdjointStarColumns& y, const double* x, int stride,
                                                      V4& hi, V2& lo) {
  hi = y.hi[0] * x[0] + y.hi[1] * x[stride] + y.hi[2] * x[2 * stride] + y.hi[3] * x[3 * stride] +
       y.hi[4] * x[4 * stride] + y.hi[5] * x[5 * stride];
  lo = y.lo[3] * x[3 * stride] + y.lo[4] * x[4 * stride] + y.lo[5] * x[5 * stride];
}

// out += Y x (out: 6 doubles).
[[gnu::always_inline]] inline void add_lanes(const AdjointStarColumns& y, const double* x, int stride, double* out) {
  V4 hi;
  V2 lo;
  adjoint_star_times(y, x, stride, hi, lo);
  V4 o_hi;
  V2 o_lo;
  __builtin_memcpy(&o_hi, out, sizeof o_hi);
  __builtin_memcpy(&o_lo, out + 4, sizeof o_lo);
  o_hi += hi;
  o_lo += lo;
  __builtin_memcpy(out, &o_hi, sizeof o_hi);
  __builtin_memcpy(out + 4, &o_lo, sizeof o_lo);
}

// y1 = A x1 + b1 and y2 = A x2 in one pass over A's columns (A: 6×6 column-major; x1, x2, b1, y1, y2: 6).
// the backward recursion's β = J̃ c + b and U = J̃ s.
[[gnu::always_inline]] inline void mat6_times_two(const Mat6& A, const double* x1, const double* b1, const double* x2,
                                                  double* y1, double* y2) {
  V4 h1, h2{0.0, 0.0, 0.0, 0.0};
  V2 l1, l2{0.0, 0.0};
  __builtin_memcpy(&h1, b1, sizeof h1);
  __builtin_memcpy(&l1, b1 + 4, sizeof l1);
  const double* a = A.data();
#pragma GCC unroll 6
  for (int k = 0; k < 6; ++k) {
    V4 ch;
    V2 cl;
    __builtin_memcpy(&ch, a + 6 * k, sizeof ch);
    __builtin_memcpy(&cl, a + 6 * k + 4, sizeof cl);
    h1 += ch * x1[k];
    l1 += cl * x1[k];
    h2 += ch * x2[k];
    l2 += cl * x2[k];
  }
  __builtin_memcpy(y1, &h1, sizeof h1);
  __builtin_memcpy(y1 + 4, &l1, sizeof l1);
  __builtin_memcpy(y2, &h2, sizeof h2);
  __builtin_memcpy(y2 + 4, &l2, sizeof l2);
}

// parent += Y A Yᵀ in two passes of six columns: W = Y A, then out(:, j) = Y W(j, :)ᵀ (A symmetric, so
// Y A Yᵀ = Y Wᵀ). with Rank1, A = Ja − d U Uᵀ without forming it:
// Y A(:, k) = Y Ja(:, k) − U_k (Y d U). Ja: 6×6 symmetric (all of it read), U: 6, parent: 6×6.
// with f given, parent_f += Y f too (the bias force carried with the inertia). f, parent_f: 6 or null.
template <bool Rank1>
[[gnu::always_inline]] inline void add_transformed_inertia(const SE3& parent_T_child, const Mat6& Ja, double d,
                                                           const double* U, Mat6& parent, const double* f = nullptr,
                                                           double* parent_f = nullptr) {
  AdjointStarColumns y{};
  adjoint_star_columns(parent_T_child, y);
  if (f != nullptr) add_lanes(y, f, 1, parent_f);
  V4 z_hi{0.0, 0.0, 0.0, 0.0};
  V2 z_lo{0.0, 0.0};
  if constexpr (Rank1) {
    const double dU[6] = {d * U[0], d * U[1], d * U[2], d * U[3], d * U[4], d * U[5]};
    adjoint_star_times(y, dU, 1, z_hi, z_lo);
  }
  double W[36];  // Y A, column-major
  const double* a = Ja.data();
#pragma GCC unroll 6
  for (int k = 0; k < 6; ++k) {
    V4 hi;
    V2 lo;
    adjoint_star_times(y, a + 6 * k, 1, hi, lo);
    if constexpr (Rank1) {
      hi -= z_hi * U[k];
      lo -= z_lo * U[k];
    }
    __builtin_memcpy(W + 6 * k, &hi, sizeof hi);
    __builtin_memcpy(W + 6 * k + 4, &lo, sizeof lo);
  }
  double* out = parent.data();
#pragma GCC unroll 6
  for (int j = 0; j < 6; ++j) {
    V4 hi;
    V2 lo;
    adjoint_star_times(y, W + j, 6, hi, lo);  // row j of W
    V4 o_hi;
    V2 o_lo;
    __builtin_memcpy(&o_hi, out + 6 * j, sizeof o_hi);
    __builtin_memcpy(&o_lo, out + 6 * j + 4, sizeof o_lo);
    o_hi += hi;
    o_lo += lo;
    __builtin_memcpy(out + 6 * j, &o_hi, sizeof o_hi);
    __builtin_memcpy(out + 6 * j + 4, &o_lo, sizeof o_lo);
  }
}

}  // namespace js::detail
