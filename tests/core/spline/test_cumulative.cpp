// cumulative basis (paper eq. 22-23): sum definition, structure, derivative formula, differences.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

#include "core/spline/cumulative.hpp"
#include "tests/core/spline/spline_test_util.hpp"

namespace js::spline {
namespace {

using test::sample_knots;

std::vector<double> random_inside(const KnotVector& kv, int n, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> u(kv.q_min(), kv.q_max());
  std::vector<double> q(static_cast<std::size_t>(n));
  for (auto& x : q) x = u(rng);
  return q;
}

TEST(Cumulative, MatchesSumDefinition) {
  for (const auto& s : sample_knots()) {
    const auto& kv = s.knots;
    for (double q : random_inside(kv, 300, 11)) {
      for (int d = 0; d <= 2; ++d) {
        const auto b = basis_dense(kv, q, d);
        const auto c = cumulative_dense(kv, q, d);
        double suffix = 0.0;
        for (int l = kv.num_basis() - 1; l >= 0; --l) {
          suffix += b[static_cast<std::size_t>(l)];
          ASSERT_NEAR(c[static_cast<std::size_t>(l)], suffix, 1e-12 * std::max(1.0, test::max_abs(b)))
              << s.name << " l=" << l << " d=" << d << " q=" << q;
        }
      }
    }
  }
}

TEST(Cumulative, OnlyTheLocalEntriesVary) {
  for (const auto& s : sample_knots()) {
    const auto& kv = s.knots;
    for (double q : random_inside(kv, 100, 12)) {
      CumulativeValues c;
      evaluate_cumulative(kv, q, c);
      const int j = kv.find_span(q);
      const int k = kv.order();
      ASSERT_EQ(c.span, j);
      ASSERT_EQ(c.count(), k - 1);
      ASSERT_EQ(c.base_index(), j - k + 1);
      ASSERT_EQ(c.first_index(), j - k + 2);
      const auto dense = cumulative_dense(kv, q);
      for (int l = 0; l < kv.num_basis(); ++l) {
        const double v = dense[static_cast<std::size_t>(l)];
        if (l <= j - k + 1) {
          ASSERT_EQ(v, 1.0) << s.name;
        }
        if (l > j) {
          ASSERT_EQ(v, 0.0) << s.name;
        }
        // eq. 22: B̃_l is non-constant only on (t_l, t_{l+k-1}).
        if (q <= kv.knot(l)) {
          ASSERT_NEAR(v, 0.0, 1e-15) << s.name;
        }
        if (l + k - 1 < static_cast<int>(kv.knots().size()) && q >= kv.knot(l + k - 1)) {
          ASSERT_NEAR(v, 1.0, 1e-13) << s.name;
        }
      }
      // values are non-increasing in l, inside [0, 1].
      for (int r = 0; r < c.count(); ++r) {
        const double v = c.value[static_cast<std::size_t>(r)];
        ASSERT_GE(v, -1e-15);
        ASSERT_LE(v, 1.0 + 1e-15);
        if (r > 0) {
          ASSERT_LE(v, c.value[static_cast<std::size_t>(r - 1)] + 1e-15);
        }
      }
    }
  }
}

// eq. 23 in our indexing (no shift): dB̃_l/dq = (k-1)/(t_{l+k-1} - t_l) B_{l,k-1}(q), with B_{l,k-1}
// the order k-1 basis on the same knots; the quotient is 0 where t_{l+k-1} = t_l.
TEST(Cumulative, DerivativeMatchesPaperEq23) {
  for (const auto& s : sample_knots()) {
    const auto& kv = s.knots;
    const int k = kv.order();
    for (double q : random_inside(kv, 200, 13)) {
      CumulativeValues c;
      evaluate_cumulative(kv, q, c);
      for (int r = 0; r < c.count(); ++r) {
        const int l = c.first_index() + r;
        const double dt = kv.knot(l + k - 1) - kv.knot(l);
        const double eq23 = dt > 0.0 ? (k - 1) / dt * test::naive_basis(kv.knots(), l, k - 1, q) : 0.0;
        ASSERT_NEAR(c.d1[static_cast<std::size_t>(r)], eq23, 1e-11 * std::max(1.0, std::abs(eq23)))
            << s.name << " l=" << l << " q=" << q;
      }
    }
  }
}

TEST(Cumulative, DerivativesMatchCentralDifferences) {
  for (const auto& s : sample_knots()) {
    const auto& kv = s.knots;
    const double hh = 1e-6 * (kv.q_max() - kv.q_min());
    for (double q : random_inside(kv, 300, 14)) {
      const int j = kv.find_span(q);
      if (q - kv.knot(j) < 2 * hh || kv.knot(j + 1) - q < 2 * hh) continue;
      const auto v = cumulative_dense(kv, q, 0);
      const auto g = cumulative_dense(kv, q, 1);
      const auto h = cumulative_dense(kv, q, 2);
      const auto vp = cumulative_dense(kv, q + hh, 0), vm = cumulative_dense(kv, q - hh, 0);
      const auto gp = cumulative_dense(kv, q + hh, 1), gm = cumulative_dense(kv, q - hh, 1);
      const double sg = std::max(1.0, test::max_abs(g)), sh = std::max(1.0, test::max_abs(h));
      for (std::size_t l = 0; l < v.size(); ++l) {
        ASSERT_LT(std::abs((vp[l] - vm[l]) / (2 * hh) - g[l]) / sg, 1e-7) << s.name << " l=" << l;
        ASSERT_LT(std::abs((gp[l] - gm[l]) / (2 * hh) - h[l]) / sh, 1e-7) << s.name << " l=" << l;
      }
    }
  }
}

TEST(Cumulative, UniformCubicAtAKnot) {
  // basis 1/6, 2/3, 1/6, 0 -> cumulative entries B̃_{j-2} = 5/6, B̃_{j-1} = 1/6, B̃_j = 0.
  const auto kv = KnotVector::periodic(6, 4, 0.0, 6.0);
  CumulativeValues c;
  evaluate_cumulative(kv, 2.0, c);
  EXPECT_EQ(c.span, 5);
  EXPECT_NEAR(c.value[0], 5.0 / 6.0, 1e-15);
  EXPECT_NEAR(c.value[1], 1.0 / 6.0, 1e-15);
  EXPECT_NEAR(c.value[2], 0.0, 1e-15);
  EXPECT_NEAR(c.d1[0], 0.5, 1e-15);
  EXPECT_NEAR(c.d1[1], 0.5, 1e-15);
  EXPECT_NEAR(c.d2[0], -1.0, 1e-14);
  EXPECT_NEAR(c.d2[1], 1.0, 1e-14);
}

}  // namespace
}  // namespace js::spline
