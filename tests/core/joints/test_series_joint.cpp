// the series joint G = A(q_a) · B(q_b): S and ∇S against finite differences through the shared harness,
// G against the product of its parts, coordinates and range policy, copies and the dof limit.
#include <gtest/gtest.h>

#include "core/joints/lower_pairs.hpp"
#include "core/joints/series_joint.hpp"
#include "tests/core/joints/series_cases.hpp"
#include "tests/core/joints/spline_cases.hpp"

namespace js::test {
namespace {

INSTANTIATE_TEST_SUITE_P(Series, JointHarnessTest, ::testing::ValuesIn(series_cases()), joint_case_name);

TEST(SeriesJoint, TransformIsTheProductOfItsParts) {
  for (const JointCase& c : series_cases()) {
    const std::unique_ptr<JointModel> joint = c.make();
    const auto& s = dynamic_cast<const SeriesJoint&>(*joint);
    const int na = s.first().dof(), nb = s.second().dof();
    std::mt19937 rng(4);
    const QSampler sample = c.sampler(*joint);
    for (int k = 0; k < 20; ++k) {
      const JointVector q = sample(rng);
      JointData d(joint->dof()), a(na), b(nb);
      joint->evaluate(q, d);
      s.first().evaluate(q.head(na), a);
      s.second().evaluate(q.tail(nb), b);
      const SE3 expected = a.G * b.G;
      EXPECT_TRUE(d.G.is_approx(expected, 1e-12)) << c.name << " sample " << k;
      // the second part's jacobian is the series' last n_b columns unchanged
      EXPECT_LT((d.S.rightCols(nb) - b.S).cwiseAbs().maxCoeff(), 1e-12) << c.name;
    }
  }
}

TEST(SeriesJoint, ReportsTightDerivativeErrors) {
  // the 4-dof slide on both surfaces, checked with its own tolerance report
  const std::vector<JointCase> cases = series_cases();
  for (const JointCase& c : cases) {
    if (c.name != "nested_both_surfaces") continue;
    const std::unique_ptr<JointModel> joint = c.make();
    EXPECT_EQ(joint->dof(), 4);
    const JointCheckReport r = check_joint(*joint, c.sampler(*joint));
    EXPECT_LT(r.max_jacobian_error, 1e-7);
    EXPECT_LT(r.max_hessian_error, 1e-6);
  }
}

TEST(SeriesJoint, CoordinatesAreFirstThenSecondAndWrapsStayUnbounded) {
  SplineCurveJoint curve = random_spline_curve(3, 8, 4, true);
  ASSERT_EQ(curve.range_policy(), RangePolicy::Wrap);
  const double lo = curve.q_min(), hi = curve.q_max();
  PrismaticJoint slide(Vec3::UnitZ());
  slide.coordinates()[0].min = -0.1;
  slide.coordinates()[0].max = 0.2;
  const SeriesJoint mixed(std::make_unique<PrismaticJoint>(slide), std::make_unique<SplineCurveJoint>(curve));
  ASSERT_EQ(mixed.dof(), 2);
  EXPECT_EQ(mixed.coordinates()[0].name, "slide");
  EXPECT_EQ(mixed.coordinates()[0].min, -0.1);
  EXPECT_EQ(mixed.coordinates()[0].max, 0.2);
  EXPECT_EQ(mixed.coordinates()[1].name, "q");
  EXPECT_FALSE(mixed.coordinates()[1].has_lower_limit());  // the dynamics must not clamp a periodic coordinate
  EXPECT_FALSE(mixed.coordinates()[1].has_upper_limit());
  EXPECT_EQ(mixed.range_policy(), RangePolicy::Natural);
  // both parts periodic: the series wraps and keeps the ranges
  const SeriesJoint both(std::make_unique<SplineCurveJoint>(curve), std::make_unique<SplineCurveJoint>(curve));
  EXPECT_EQ(both.range_policy(), RangePolicy::Wrap);
  EXPECT_EQ(both.coordinates()[0].min, lo);
  EXPECT_EQ(both.coordinates()[1].max, hi);
  const SeriesJoint open(std::make_unique<RevoluteJoint>(), std::make_unique<SplineCurveJoint>(random_spline_curve(3, 8, 4, false)));
  EXPECT_EQ(open.range_policy(), RangePolicy::Extrapolate);
}

TEST(SeriesJoint, CloneIsDeep) {
  auto original = std::make_unique<SeriesJoint>(std::make_unique<RevoluteJoint>(Vec3::UnitX()),
                                                std::make_unique<PrismaticJoint>(Vec3::UnitY()));
  const std::unique_ptr<JointModel> copy = original->clone();
  const SeriesJoint* s = dynamic_cast<const SeriesJoint*>(copy.get());
  ASSERT_NE(s, nullptr);
  EXPECT_NE(&s->first(), &original->first());
  original.reset();  // the copy must not share the parts
  JointData d(2);
  copy->evaluate(JointVector::Constant(2, 0.5), d);
  EXPECT_NEAR(d.G.p.y(), 0.5 * std::cos(0.5), 1e-12);
  EXPECT_NEAR(d.G.p.z(), 0.5 * std::sin(0.5), 1e-12);
}

TEST(SeriesJoint, RejectsMissingPartsAndTooManyCoordinates) {
  EXPECT_THROW(SeriesJoint(nullptr, std::make_unique<RevoluteJoint>()), std::invalid_argument);
  try {
    SeriesJoint(std::make_unique<SphericalJoint>("xyz"), std::make_unique<SeriesJoint>(std::make_unique<SphericalJoint>("zyx"),
                                                                                       std::make_unique<RevoluteJoint>()));
    FAIL() << "7 coordinates accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("3 + 4 coordinates exceed the largest joint dof 6"), std::string::npos)
        << e.what();
  }
}

}  // namespace
}  // namespace js::test
