// knot vector construction, validation, spans and domain mapping.
#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/spline/knots.hpp"
#include "tests/core/spline/spline_test_util.hpp"

namespace js::spline {
namespace {

// runs f and returns the std::invalid_argument message ("" if nothing was thrown).
template <class F>
std::string error_of(F&& f) {
  try {
    f();
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "";
}

TEST(KnotVector, ClampedCubicKnots) {
  const auto kv = KnotVector::clamped(6, 4, 0.0, 3.0);
  EXPECT_EQ(kv.order(), 4);
  EXPECT_EQ(kv.num_control(), 6);
  EXPECT_EQ(kv.num_basis(), 6);
  EXPECT_FALSE(kv.periodic());
  const std::vector<double> expected{0, 0, 0, 0, 1, 2, 3, 3, 3, 3};
  EXPECT_EQ(kv.knots(), expected);
  EXPECT_EQ(kv.q_min(), 0.0);
  EXPECT_EQ(kv.q_max(), 3.0);
  EXPECT_EQ(kv.continuity(), 2);
  EXPECT_EQ(KnotVector::clamped(6, 0.0, 3.0).knots(), expected);  // cubic default
}

TEST(KnotVector, ClampedFromParametersAveragesInteriorKnots) {
  const std::vector<double> p{0.0, 1.0, 3.0, 4.0, 8.0, 9.0};
  const auto kv = KnotVector::clamped_from_parameters(p, 4);
  // t_4 = (p1+p2+p3)/3, t_5 = (p2+p3+p4)/3.
  const std::vector<double> expected{0, 0, 0, 0, 8.0 / 3.0, 5.0, 9, 9, 9, 9};
  ASSERT_EQ(kv.knots().size(), expected.size());
  for (std::size_t i = 0; i < expected.size(); ++i) EXPECT_NEAR(kv.knots()[i], expected[i], 1e-15) << i;
  EXPECT_EQ(kv.q_min(), 0.0);
  EXPECT_EQ(kv.q_max(), 9.0);
}

TEST(KnotVector, UniformUnclamped) {
  const auto kv = KnotVector::uniform(5, 3, 0.0, 3.0);
  const std::vector<double> expected{-2, -1, 0, 1, 2, 3, 4, 5};
  EXPECT_EQ(kv.knots(), expected);
  EXPECT_EQ(kv.q_min(), 0.0);
  EXPECT_EQ(kv.q_max(), 3.0);
}

TEST(KnotVector, PeriodicUniform) {
  const auto kv = KnotVector::periodic(5, 4, 0.0, 5.0);
  EXPECT_EQ(kv.num_basis(), 8);
  ASSERT_EQ(kv.knots().size(), 12u);
  for (int i = 0; i < 12; ++i) EXPECT_DOUBLE_EQ(kv.knot(i), i - 3.0) << i;
  EXPECT_EQ(kv.q_min(), 0.0);
  EXPECT_DOUBLE_EQ(kv.q_max(), 5.0);
  EXPECT_DOUBLE_EQ(kv.period(), 5.0);
  for (int i = 0; i < 8; ++i) EXPECT_EQ(kv.control_index(i), i % 5);
  // a cubic's control i peaks at q_min + (i - 1) h.
  for (int i = 0; i < 8; ++i) EXPECT_DOUBLE_EQ(kv.greville(i), i - 1.0);
  EXPECT_EQ(kv.continuity(), 2);
}

TEST(KnotVector, PeriodicFromParametersPutsControlsAtTheirParameters) {
  // uniform parameters reproduce the uniform periodic vector up to a shift of the domain.
  const auto a = KnotVector::periodic_from_parameters({0, 1, 2, 3, 4}, 5.0, 4);
  for (int i = 0; i < 5; ++i) EXPECT_NEAR(a.greville(i), i, 1e-12) << i;
  EXPECT_NEAR(a.q_min(), 1.0, 1e-12);
  EXPECT_NEAR(a.period(), 5.0, 1e-12);
  // non-uniform: periodic knots, control 0 comes back one period later.
  const std::vector<double> p{0.0, 0.3, 0.4, 1.1, 1.5, 2.4};
  const auto b = KnotVector::periodic_from_parameters(p, 3.0, 4);
  EXPECT_NEAR(b.period(), 3.0, 1e-12);
  for (std::size_t i = 0; i + 6 < b.knots().size(); ++i) EXPECT_NEAR(b.knots()[i + 6] - b.knots()[i], 3.0, 1e-12);
  for (int i = 0; i < b.num_basis(); ++i) {
    const double target = p[static_cast<std::size_t>(i % 6)] + 3.0 * (i / 6);
    EXPECT_NEAR(b.greville(i), target, 0.25) << i;  // near, not equal: averaging is not interpolation
  }
  // the averaging formula in one place: t_m = mean(p_{m-3}, p_{m-2}, p_{m-1}).
  EXPECT_NEAR(b.knot(5), (0.4 + 1.1 + 1.5) / 3.0, 1e-12);
  EXPECT_NEAR(b.knot(0), (1.1 - 3.0 + 1.5 - 3.0 + 2.4 - 3.0) / 3.0, 1e-12);
}

TEST(KnotVector, FindSpanUsesHalfOpenSpans) {
  const auto kv = KnotVector::clamped(6, 4, 0.0, 3.0);  // 0 0 0 0 1 2 3 3 3 3
  EXPECT_EQ(kv.find_span(0.0), 3);
  EXPECT_EQ(kv.find_span(0.5), 3);
  EXPECT_EQ(kv.find_span(1.0), 4);
  EXPECT_EQ(kv.find_span(std::nextafter(1.0, 0.0)), 3);
  EXPECT_EQ(kv.find_span(2.5), 5);
  EXPECT_EQ(kv.find_span(3.0), 5);  // q_max: last non-empty span
  EXPECT_EQ(kv.find_span(-7.0), 3);  // clamped
  EXPECT_EQ(kv.find_span(9.0), 5);
  EXPECT_EQ(kv.clamp(-1.0), 0.0);
  EXPECT_EQ(kv.clamp(4.0), 3.0);
  EXPECT_EQ(kv.to_domain(4.0), 3.0);
  EXPECT_THROW((void)kv.wrap(1.0), std::logic_error);
  for (const auto& s : test::sample_knots()) {
    for (double q = s.knots.q_min() - 1.0; q < s.knots.q_max() + 1.0; q += 0.01) {
      const int j = s.knots.find_span(q);
      const double x = s.knots.to_domain(q);
      ASSERT_GE(j, s.knots.order() - 1) << s.name;
      ASSERT_LE(j, s.knots.num_basis() - 1) << s.name;
      ASSERT_LT(s.knots.knot(j), s.knots.knot(j + 1)) << s.name << " empty span " << j;
      ASSERT_LE(s.knots.knot(j), x) << s.name;
      if (x < s.knots.q_max()) {
        ASSERT_LT(x, s.knots.knot(j + 1)) << s.name;
      }
    }
  }
}

TEST(KnotVector, FindSpanSkipsRepeatedInteriorKnot) {
  const KnotVector kv(7, 4, {0, 0, 0, 0, 0.5, 0.5, 0.7, 1, 1, 1, 1}, false);
  EXPECT_EQ(kv.find_span(0.5), 5);
  EXPECT_EQ(kv.find_span(0.49), 3);
  EXPECT_EQ(kv.continuity(), 1);  // double knot in a cubic: c1 only
}

TEST(KnotVector, PeriodicWrap) {
  const auto kv = KnotVector::periodic(4, 4, 1.0, 3.0);
  EXPECT_DOUBLE_EQ(kv.wrap(3.0), 1.0);
  EXPECT_DOUBLE_EQ(kv.wrap(3.5), 1.5);
  EXPECT_DOUBLE_EQ(kv.wrap(-0.5), 1.5);
  EXPECT_DOUBLE_EQ(kv.wrap(1.0 + 2.0 * 1000 + 0.25), 1.25);
  EXPECT_EQ(kv.find_span(3.0), 3);  // q_max is q_min again
  EXPECT_EQ(kv.find_span(std::nextafter(3.0, 0.0)), kv.num_basis() - 1);
  for (double q = -10.0; q < 10.0; q += 0.0137) {
    const double w = kv.wrap(q);
    ASSERT_GE(w, kv.q_min());
    ASSERT_LT(w, kv.q_max());
    const double turns = (q - w) / kv.period();
    ASSERT_NEAR(turns, std::round(turns), 1e-9);
  }
}

TEST(KnotVector, ValidationMessages) {
  EXPECT_EQ(error_of([] { KnotVector(6, 4, {0, 0, 0, 0, 0.4, 0.3, 1, 1, 1, 1}, false); }),
            "KnotVector: knots not non-decreasing at index 5 (0.3 < 0.4)");
  EXPECT_EQ(error_of([] { KnotVector(6, 4, {0, 0, 0, 0, 0.5, 1, 1, 1, 1}, false); }),
            "KnotVector: knot count 9 inconsistent with 6 control points and order 4 (expected 10)");
  EXPECT_EQ(error_of([] { KnotVector(5, 4, {0, 0, 0, 0, 0.5, 0.5, 0.5, 0.5, 1, 1, 1, 1, 1}, false); }),
            "KnotVector: knot count 13 inconsistent with 5 control points and order 4 (expected 9)");
  EXPECT_EQ(error_of([] { KnotVector(8, 4, {0, 0, 0, 0, 0.5, 0.5, 0.5, 0.5, 1, 1, 1, 1}, false); }),
            "KnotVector: interior knot 0.5 at indices 4..7 has multiplicity 4 > order-1 = 3: the curve "
            "would be discontinuous there (c2 needs multiplicity <= 1)");
  EXPECT_EQ(error_of([] { KnotVector(3, 4, {0, 0, 0, 0, 1, 1, 1}, false); }),
            "KnotVector: 3 control points too few for an open curve of order 4 (need at least 4)");
  EXPECT_EQ(error_of([] { KnotVector(4, 9, std::vector<double>(13, 0.0), false); }),
            "KnotVector: order 9 out of range [2, 8]");
  EXPECT_EQ(error_of([] { KnotVector(4, 1, std::vector<double>(5, 0.0), false); }),
            "KnotVector: order 1 out of range [2, 8]");
  EXPECT_EQ(error_of([] { KnotVector(5, 4, {0, 0, 0, 0, 0, 0.5, 1, 1, 1}, false); }),
            "KnotVector: first domain span [t3, t4] is empty (0): knot 0 repeated more than order 4 times");
  EXPECT_EQ(error_of([] { KnotVector(4, 4, {0, 0, 0, 0, 1, 1, 1, 1}, false); }), "");
  EXPECT_EQ(error_of([] { KnotVector(4, 2, {0, 0, 1, 2, 2, 2}, false); }),
            "KnotVector: last domain span [t3, t4] is empty (2): knot 2 repeated more than order 2 times");
  EXPECT_EQ(error_of([] { KnotVector(4, 4, {0, 0, 0, 0, std::nan(""), 1, 1, 1}, false); }), "KnotVector: knot 4 is not finite");
  EXPECT_EQ(error_of([] { KnotVector(4, 4, {1, 1, 1, 1, 1, 1, 1, 1}, false); }),
            "KnotVector: empty domain [t3, t4] = [1, 1]");
  // periodic: knots must repeat one period later.
  EXPECT_EQ(error_of([] { KnotVector(3, 2, {-1, 0, 1, 2, 3, 4.5}, true); }),
            "KnotVector: periodic knots must satisfy t[i+3] = t[i] + period: t[5] - t[2] = 3.5, period t[4] - "
            "t[1] = 3");
  EXPECT_EQ(error_of([] { KnotVector(3, 2, {-1, 0, 1, 2, 3, 4}, true); }), "");
  EXPECT_EQ(error_of([] { KnotVector(3, 3, {-1, 0, 1, 2, 3, 4}, true); }),
            "KnotVector: knot count 6 inconsistent with 3 periodic control points and order 3 (expected 8)");
  // factories.
  EXPECT_EQ(error_of([] { KnotVector::clamped(3, 4, 0, 1); }),
            "KnotVector: 3 control points too few for a clamped curve of order 4");
  EXPECT_EQ(error_of([] { KnotVector::clamped(5, 4, 1, 1); }), "KnotVector: domain [1, 1] is empty or not finite");
  EXPECT_EQ(error_of([] { KnotVector::clamped_from_parameters({0, 1, 0.5, 2, 3}, 4); }),
            "KnotVector: parameters not non-decreasing at index 2 (0.5 < 1)");
  EXPECT_EQ(error_of([] { KnotVector::periodic_from_parameters({0, 1, 2}, 2.0, 4); }),
            "KnotVector: period end 2 must be greater than the last parameter 2");
  EXPECT_EQ(error_of([] { KnotVector::periodic(1, 4, 0, 1); }),
            "KnotVector: a periodic curve needs at least 2 control points");
  // too many equal parameters make an interior knot of full multiplicity.
  EXPECT_NE(error_of([] { KnotVector::periodic_from_parameters({0, 1, 1, 1, 1, 1, 1, 2}, 3.0, 4); }).find("multiplicity 4"),
            std::string::npos);
}

}  // namespace
}  // namespace js::spline
