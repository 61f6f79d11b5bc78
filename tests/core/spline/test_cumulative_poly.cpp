// precomputed per-span cumulative polynomials against the triangular recursion (evaluate_cumulative).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>

#include "core/spline/cumulative_poly.hpp"
#include "tests/core/spline/spline_test_util.hpp"

namespace js::spline {
namespace {

void expect_same(const KnotVector& kv, const CumulativePolynomials& poly, double q, const std::string& name) {
  CumulativeValues ref;
  CumulativeValues got;
  evaluate_cumulative(kv, q, ref);
  poly.evaluate(q, got);
  ASSERT_EQ(got.span, ref.span) << name << " q=" << q;
  ASSERT_EQ(got.order, ref.order) << name;
  // derivatives scale with 1/h and 1/h²; compare relative to the largest entry of each kind
  double s1 = 1.0, s2 = 1.0;
  for (int r = 0; r < kMaxOrder; ++r) {
    s1 = std::max(s1, std::abs(ref.d1[static_cast<std::size_t>(r)]));
    s2 = std::max(s2, std::abs(ref.d2[static_cast<std::size_t>(r)]));
  }
  for (std::size_t r = 0; r < static_cast<std::size_t>(kMaxOrder); ++r) {
    ASSERT_NEAR(got.value[r], ref.value[r], 1e-13) << name << " r=" << r << " q=" << q;
    ASSERT_NEAR(got.d1[r], ref.d1[r], 1e-12 * s1) << name << " r=" << r << " q=" << q;
    ASSERT_NEAR(got.d2[r], ref.d2[r], 1e-11 * s2) << name << " r=" << r << " q=" << q;
  }
}

TEST(CumulativePolynomials, MatchRecursionInsideAtKnotsAndOutside) {
  for (const auto& s : test::sample_knots()) {
    const KnotVector& kv = s.knots;
    const CumulativePolynomials poly(kv);
    std::mt19937 rng(3);
    const double width = kv.q_max() - kv.q_min();
    std::uniform_real_distribution<double> u(kv.q_min() - 0.5 * width, kv.q_max() + 0.5 * width);
    for (int i = 0; i < 400; ++i) expect_same(kv, poly, u(rng), s.name);
    for (double t : kv.knots()) expect_same(kv, poly, t, s.name);
    expect_same(kv, poly, kv.q_min(), s.name);
    expect_same(kv, poly, kv.q_max(), s.name);
  }
}

}  // namespace
}  // namespace js::spline
