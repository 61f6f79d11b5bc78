// b-spline basis values and derivatives: reference recursion, partition of unity, finite
// differences, continuity at knots, clamped ends and periodic wrap.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

#include "core/spline/basis.hpp"
#include "core/spline/knots.hpp"
#include "tests/core/spline/spline_test_util.hpp"

namespace js::spline {
namespace {

using test::sample_knots;

// random parameters inside the domain (and some outside for periodic vectors).
std::vector<double> random_q(const KnotVector& kv, int n, unsigned seed) {
  std::mt19937 rng(seed);
  const double span = kv.q_max() - kv.q_min();
  const double pad = kv.periodic() ? 2.0 * span : 0.0;
  std::uniform_real_distribution<double> u(kv.q_min() - pad, kv.q_max() + pad);
  std::vector<double> q(static_cast<std::size_t>(n));
  for (auto& x : q) x = u(rng);
  return q;
}

TEST(Basis, PartitionOfUnity) {
  for (const auto& s : sample_knots()) {
    for (double q : random_q(s.knots, 500, 1)) {
      BasisValues b;
      evaluate_basis(s.knots, q, b);
      double v = 0.0, d1 = 0.0, d2 = 0.0;
      for (int r = 0; r < b.order; ++r) {
        EXPECT_GE(b.value[static_cast<std::size_t>(r)], -1e-15) << s.name;
        v += b.value[static_cast<std::size_t>(r)];
        d1 += b.d1[static_cast<std::size_t>(r)];
        d2 += b.d2[static_cast<std::size_t>(r)];
      }
      const double scale = 1.0 + test::max_abs(basis_dense(s.knots, q, 2));
      ASSERT_NEAR(v, 1.0, 1e-13) << s.name << " q=" << q;
      ASSERT_NEAR(d1, 0.0, 1e-12 * scale) << s.name << " q=" << q;
      ASSERT_NEAR(d2, 0.0, 1e-12 * scale) << s.name << " q=" << q;
    }
  }
}

TEST(Basis, MatchesReferenceRecursion) {
  for (const auto& s : sample_knots()) {
    for (double q : random_q(s.knots, 200, 2)) {
      const double x = s.knots.to_domain(q);
      if (x >= s.knots.q_max()) continue;  // the reference is right-open
      const auto dense = basis_dense(s.knots, q);
      for (int i = 0; i < s.knots.num_basis(); ++i) {
        ASSERT_NEAR(dense[static_cast<std::size_t>(i)], test::naive_basis(s.knots.knots(), i, s.knots.order(), x), 1e-13)
            << s.name << " i=" << i << " q=" << q;
      }
    }
  }
}

// relative error of a derivative against a finite difference, scaled by the largest entry.
double rel_err(const std::vector<double>& exact, const std::vector<double>& fd) {
  double err = 0.0;
  for (std::size_t i = 0; i < exact.size(); ++i) err = std::max(err, std::abs(exact[i] - fd[i]));
  return err / std::max(1.0, test::max_abs(exact));
}

TEST(Basis, DerivativesMatchCentralDifferences) {
  const double h = 1e-6;
  for (const auto& s : sample_knots()) {
    const double width = s.knots.q_max() - s.knots.q_min();
    int checked = 0;
    for (double q : random_q(s.knots, 400, 3)) {
      const double x = s.knots.to_domain(q);
      // keep the stencil inside one span so the difference sees one polynomial.
      const int j = s.knots.find_span(x);
      if (x - s.knots.knot(j) < 2 * h * width || s.knots.knot(j + 1) - x < 2 * h * width) continue;
      const double hh = h * width;
      const auto vp = basis_dense(s.knots, q + hh, 0), vm = basis_dense(s.knots, q - hh, 0);
      const auto gp = basis_dense(s.knots, q + hh, 1), gm = basis_dense(s.knots, q - hh, 1);
      std::vector<double> fd1(vp.size()), fd2(vp.size());
      for (std::size_t i = 0; i < vp.size(); ++i) {
        fd1[i] = (vp[i] - vm[i]) / (2 * hh);
        fd2[i] = (gp[i] - gm[i]) / (2 * hh);
      }
      ASSERT_LT(rel_err(basis_dense(s.knots, q, 1), fd1), 1e-7) << s.name << " q=" << q;
      ASSERT_LT(rel_err(basis_dense(s.knots, q, 2), fd2), 1e-7) << s.name << " q=" << q;
      ++checked;
    }
    EXPECT_GT(checked, 300) << s.name;
  }
}

// next to a knot a centred stencil straddles two polynomial pieces, so differentiate the
// piece that evaluate_basis picked (5-point stencils, exact up to degree 4/5).
TEST(Basis, DerivativesNextToKnots) {
  for (const auto& s : sample_knots()) {
    const double width = s.knots.q_max() - s.knots.q_min();
    const double h = 1e-3 * width;
    auto knots = test::interior_knots(s.knots);
    knots.push_back(s.knots.q_min());
    knots.push_back(s.knots.q_max());
    for (double t : knots) {
      for (double off : {-1e-9, -1e-12, 0.0, 1e-12, 1e-9}) {
        const double q = t + off * width;
        const double x = s.knots.to_domain(q);
        if (x != q) continue;  // outside an open domain
        const int j = s.knots.find_span(q);
        auto piece = [&](double y, int d) { return test::piece_dense(s.knots, j, y, d); };
        for (int d = 1; d <= 2; ++d) {
          const auto p2 = piece(q + 2 * h, d - 1), p1 = piece(q + h, d - 1);
          const auto m1 = piece(q - h, d - 1), m2 = piece(q - 2 * h, d - 1);
          std::vector<double> fd(p1.size());
          for (std::size_t i = 0; i < fd.size(); ++i) fd[i] = (-p2[i] + 8 * p1[i] - 8 * m1[i] + m2[i]) / (12 * h);
          const auto exact = basis_dense(s.knots, q, d);
          EXPECT_EQ(exact, piece(q, d)) << s.name;
          ASSERT_LT(rel_err(exact, fd), 1e-7) << s.name << " d=" << d << " knot=" << t << " off=" << off;
        }
      }
    }
  }
}

TEST(Basis, ContinuityAcrossInteriorKnots) {
  for (const auto& s : sample_knots()) {
    const auto& kv = s.knots;
    for (double t : test::interior_knots(kv)) {
      const int right = kv.find_span(t);
      int left = right - 1;
      while (kv.knot(left) == kv.knot(left + 1)) --left;  // skip the empty spans of a repeated knot
      if (left < kv.order() - 1) continue;                // periodic domain start: see the wrap test
      const int mult = static_cast<int>(std::count(kv.knots().begin(), kv.knots().end(), t));
      const int smooth = kv.order() - 1 - mult;  // c^smooth at this knot
      for (int d = 0; d <= std::min(2, smooth); ++d) {
        const auto a = test::piece_dense(kv, left, t, d);
        const auto b = test::piece_dense(kv, right, t, d);
        const double scale = std::max(1.0, test::max_abs(a));
        for (std::size_t i = 0; i < a.size(); ++i) {
          ASSERT_NEAR(a[i], b[i], 1e-9 * scale) << s.name << " knot " << t << " d=" << d << " i=" << i;
        }
      }
    }
  }
}

TEST(Basis, DoubleKnotInCubicIsOnlyC1) {
  const KnotVector kv(7, 4, {0, 0, 0, 0, 0.5, 0.5, 0.7, 1, 1, 1, 1}, false);
  const auto a1 = test::piece_dense(kv, 3, 0.5, 1), b1 = test::piece_dense(kv, 5, 0.5, 1);
  const auto a2 = test::piece_dense(kv, 3, 0.5, 2), b2 = test::piece_dense(kv, 5, 0.5, 2);
  double jump1 = 0.0, jump2 = 0.0;
  for (std::size_t i = 0; i < a1.size(); ++i) {
    jump1 = std::max(jump1, std::abs(a1[i] - b1[i]));
    jump2 = std::max(jump2, std::abs(a2[i] - b2[i]));
  }
  EXPECT_LT(jump1, 1e-12);
  EXPECT_GT(jump2, 1.0);
}

TEST(Basis, ClampedCurveInterpolatesEndControls) {
  const std::vector<double> c{0.3, -1.2, 2.5, 0.7, 4.1, -0.6, 1.9, 3.3};
  for (const auto& kv : {KnotVector::clamped(8, 4, -1.0, 2.0), KnotVector::clamped(8, 6, 0.0, 1.0),
                         KnotVector::clamped(8, 2, 0.0, 1.0),
                         KnotVector::clamped_from_parameters({0.0, 0.1, 0.45, 0.5, 1.2, 1.3, 2.0, 2.7}, 4)}) {
    EXPECT_NEAR(test::curve(kv, c, kv.q_min(), 0), c.front(), 1e-14);
    EXPECT_NEAR(test::curve(kv, c, kv.q_max(), 0), c.back(), 1e-14);
    // the end tangent points at the neighbouring control: (k-1)/(t_k - t_1) (c_1 - c_0).
    const double k = kv.order();
    EXPECT_NEAR(test::curve(kv, c, kv.q_min(), 1), (k - 1) / (kv.knot(kv.order()) - kv.knot(1)) * (c[1] - c[0]), 1e-10);
    // outside the domain the curve is clamped to its end value.
    EXPECT_NEAR(test::curve(kv, c, kv.q_min() - 5.0, 0), c.front(), 1e-14);
    EXPECT_NEAR(test::curve(kv, c, kv.q_max() + 5.0, 0), c.back(), 1e-14);
  }
}

TEST(Basis, OutOfRangeOpenCurveUsesEndValues) {
  const auto kv = KnotVector::uniform(6, 4, 0.0, 1.0);
  BasisValues lo, at;
  evaluate_basis(kv, -3.0, lo);
  evaluate_basis(kv, 0.0, at);
  EXPECT_EQ(lo.span, at.span);
  EXPECT_EQ(lo.value, at.value);
  EXPECT_EQ(lo.d1, at.d1);
  BasisValues hi, end;
  evaluate_basis(kv, 7.0, hi);
  evaluate_basis(kv, 1.0, end);
  EXPECT_EQ(hi.value, end.value);
  EXPECT_EQ(hi.span, kv.num_basis() - 1);
}

TEST(Basis, PeriodicCurveIsPeriodicAndC2AcrossTheWrap) {
  for (const auto& s : sample_knots()) {
    const auto& kv = s.knots;
    if (!kv.periodic()) continue;
    std::vector<double> c(static_cast<std::size_t>(kv.num_control()));
    std::mt19937 rng(7);
    std::uniform_real_distribution<double> u(-2.0, 2.0);
    for (auto& x : c) x = u(rng);
    const double p = kv.period();
    for (double q : random_q(kv, 100, 4)) {
      for (int d = 0; d <= 2; ++d) {
        const double f = test::curve(kv, c, q, d);
        const double scale = std::max(1.0, std::abs(f));
        ASSERT_NEAR(test::curve(kv, c, q + p, d), f, 1e-9 * scale) << s.name;
        ASSERT_NEAR(test::curve(kv, c, q - 3 * p, d), f, 1e-9 * scale) << s.name;
      }
    }
    // the last span's piece at q_max against the first span's piece at q_min.
    for (int d = 0; d <= 2; ++d) {
      const auto a = test::piece_dense(kv, kv.num_basis() - 1, kv.q_max(), d);
      const auto b = test::piece_dense(kv, kv.order() - 1, kv.q_min(), d);
      double fa = 0.0, fb = 0.0;
      for (int i = 0; i < kv.num_basis(); ++i) {
        const double ci = c[static_cast<std::size_t>(kv.control_index(i))];
        fa += ci * a[static_cast<std::size_t>(i)];
        fb += ci * b[static_cast<std::size_t>(i)];
      }
      EXPECT_NEAR(fa, fb, 1e-9 * std::max(1.0, std::abs(fa))) << s.name << " d=" << d;
    }
  }
}

TEST(Basis, PeriodicUniformCubicHasTheTextbookWeights) {
  // uniform cubic at a knot: 1/6, 2/3, 1/6, 0 with derivatives -1/2, 0, 1/2, 0 (h = 1).
  const auto kv = KnotVector::periodic(6, 4, 0.0, 6.0);
  BasisValues b;
  evaluate_basis(kv, 2.0, b);
  EXPECT_EQ(b.span, 5);
  const double v[] = {1.0 / 6, 2.0 / 3, 1.0 / 6, 0.0};
  const double g[] = {-0.5, 0.0, 0.5, 0.0};
  const double h[] = {1.0, -2.0, 1.0, 0.0};
  for (std::size_t r = 0; r < 4; ++r) {
    EXPECT_NEAR(b.value[r], v[r], 1e-15);
    EXPECT_NEAR(b.d1[r], g[r], 1e-15);
    EXPECT_NEAR(b.d2[r], h[r], 1e-14);
  }
}

TEST(Basis, LinearHasNoSecondDerivative) {
  const auto kv = KnotVector::clamped(4, 2, 0.0, 3.0);
  BasisValues b;
  evaluate_basis(kv, 1.25, b);
  EXPECT_NEAR(b.value[0], 0.75, 1e-15);
  EXPECT_NEAR(b.value[1], 0.25, 1e-15);
  EXPECT_NEAR(b.d1[0], -1.0, 1e-15);
  EXPECT_NEAR(b.d1[1], 1.0, 1e-15);
  EXPECT_EQ(b.d2[0], 0.0);
  EXPECT_EQ(b.d2[1], 0.0);
}

}  // namespace
}  // namespace js::spline
