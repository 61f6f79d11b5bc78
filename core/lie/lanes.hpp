// lane types for hand-vectorized hot paths: gcc vector extensions, so the x86-64-v3 clones (hot_path.hpp)
// get 4-wide fused multiply-adds while the baseline clones still build (gcc splits the lanes in two).
// eigen cannot do this: its packet size is fixed at compile time by the baseline's flags.
// keep lane values inside always-inline bodies: passing them by value across calls changes the abi.
#pragma once

#include "core/lie/se3.hpp"

namespace js::lanes {

using V4 = double __attribute__((vector_size(32)));
using V2 = double __attribute__((vector_size(16)));

// a ∘ b = (R_a R_b, R_a p_b + p_a) in lane form (the columns of R_a as lanes), the same products as
// SE3::operator* with a different summation grouping. an SE3 is 12 contiguous doubles, R column-major
// then p, so every 4-lane load and store below stays inside the objects.
// out = a ∘ b; out may be a or b (every load comes before the first store).
[[gnu::always_inline]] inline void compose_into(const SE3& a, const SE3& b, SE3& out) {
  static_assert(sizeof(SE3) == 12 * sizeof(double));
  const double* x = a.R.data();
  V4 c0, c1, c2, tail;
  __builtin_memcpy(&c0, x, sizeof c0);
  __builtin_memcpy(&c1, x + 3, sizeof c1);
  __builtin_memcpy(&c2, x + 6, sizeof c2);
  __builtin_memcpy(&tail, x + 8, sizeof tail);  // (R22, p0, p1, p2)
  const V4 pa = __builtin_shufflevector(tail, tail, 1, 2, 3, 0);
  const Mat3& B = b.R;
  const V4 r0 = c0 * B(0, 0) + c1 * B(1, 0) + c2 * B(2, 0);
  const V4 r1 = c0 * B(0, 1) + c1 * B(1, 1) + c2 * B(2, 1);
  const V4 r2 = c0 * B(0, 2) + c1 * B(1, 2) + c2 * B(2, 2);
  const V4 pt = c0 * b.p[0] + c1 * b.p[1] + c2 * b.p[2] + pa;
  const V4 last = __builtin_shufflevector(r2, pt, 2, 4, 5, 6);  // (R22, p0, p1, p2)
  double* y = out.R.data();
  __builtin_memcpy(y, &r0, sizeof r0);
  __builtin_memcpy(y + 3, &r1, sizeof r1);
  __builtin_memcpy(y + 6, &r2, sizeof r2);
  __builtin_memcpy(y + 8, &last, sizeof last);
}

[[gnu::always_inline]] inline SE3 compose(const SE3& a, const SE3& b) {
  SE3 t;
  compose_into(a, b, t);
  return t;
}

}  // namespace js::lanes
