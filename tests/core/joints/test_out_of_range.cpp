// the per-joint out-of-range policy (issue 17, "diagnostics along q"): extrapolate, clamp and wrap, chosen on a
// joint model and what each does to G, S and ∇S past the coordinates' ranges.
#include <cmath>
#include <numbers>
#include <random>
#include <stdexcept>

#include <gtest/gtest.h>

#include "core/joints/lower_pairs.hpp"
#include "core/joints/series_joint.hpp"
#include "core/joints/spline_curve_joint.hpp"
#include "tests/core/joints/joint_harness.hpp"
#include "tests/core/joints/out_of_range_cases.hpp"
#include "tests/core/joints/spline_cases.hpp"

namespace js::test {
namespace {

constexpr double kPi = std::numbers::pi;

JointData at(const JointModel& joint, const JointVector& q) {
  JointData d(joint.dof());
  joint.evaluate(q, d);
  return d;
}

void expect_same(const JointData& a, const JointData& b, double tol = 1e-12) {
  EXPECT_TRUE(a.G.is_approx(b.G, tol));
  EXPECT_LE((a.S - b.S).norm(), tol);
  EXPECT_LE((a.dS - b.dS).norm(), tol);
}

TEST(OutOfRange, EachKindStartsWithItsOwnPolicy) {
  RevoluteJoint hinge;
  EXPECT_EQ(hinge.out_of_range(), OutOfRange::Extrapolate);
  EXPECT_TRUE(hinge.out_of_range_is_own());
  const SplineCurveJoint open = random_spline_curve(3, 6, 4, false);
  EXPECT_EQ(open.out_of_range(), OutOfRange::Extrapolate);
  const SplineCurveJoint closed = random_spline_curve(3, 6, 4, true);
  EXPECT_EQ(closed.out_of_range(), OutOfRange::Wrap);
}

TEST(OutOfRange, NamesGoBothWays) {
  for (OutOfRange p : {OutOfRange::Extrapolate, OutOfRange::Clamp, OutOfRange::Wrap}) {
    OutOfRange back{};
    ASSERT_TRUE(out_of_range_from_name(out_of_range_name(p), back));
    EXPECT_EQ(back, p);
  }
  OutOfRange back{};
  EXPECT_FALSE(out_of_range_from_name("mirror", back));
}

TEST(OutOfRange, ClampHoldsAnOpenCurveAtItsEnds) {
  SplineCurveJoint curve = random_spline_curve(7, 6, 4, false);
  const Coordinate c = curve.coordinates()[0];
  const JointData end_hi = at(curve, qv({c.max})), end_lo = at(curve, qv({c.min}));
  // its own policy continues past the end with a constant twist: the pose moves on
  EXPECT_FALSE(at(curve, qv({c.max + 0.3})).G.is_approx(end_hi.G, 1e-6));
  curve.set_out_of_range(OutOfRange::Clamp);
  EXPECT_EQ(curve.range_policy(), RangePolicy::Clamp);
  EXPECT_FALSE(curve.out_of_range_is_own());
  expect_same(at(curve, qv({c.max + 0.3})), end_hi);
  expect_same(at(curve, qv({c.min - 5.0})), end_lo);
  // inside the range nothing changes, and S, ∇S stay the derivatives of G
  const JointCheckReport report = check_joint(curve, uniform_sampler(1, c.min + 0.05, c.max - 0.05));
  EXPECT_LT(report.max_jacobian_error, 1e-6);
  EXPECT_LT(report.max_hessian_error, 1e-6);
  // and back to its own
  curve.set_out_of_range(OutOfRange::Extrapolate);
  EXPECT_TRUE(curve.out_of_range_is_own());
  EXPECT_FALSE(at(curve, qv({c.max + 0.3})).G.is_approx(end_hi.G, 1e-6));
}

TEST(OutOfRange, ClampAppliesOnlyTheBoundsThatExist) {
  PrismaticJoint slider;
  slider.coordinates()[0].max = 0.2;  // no lower bound
  slider.set_out_of_range(OutOfRange::Clamp);
  EXPECT_NEAR(at(slider, qv({0.5})).G.p.z(), 0.2, 1e-15);
  EXPECT_NEAR(at(slider, qv({-3.0})).G.p.z(), -3.0, 1e-15);
}

TEST(OutOfRange, ClampWithoutAnyBoundIsRefused) {
  RevoluteJoint hinge;
  EXPECT_THROW(hinge.set_out_of_range(OutOfRange::Clamp), std::invalid_argument);
  EXPECT_TRUE(hinge.out_of_range_is_own());
}

TEST(OutOfRange, WrapARevoluteOverAFullTurn) {
  RevoluteJoint hinge;
  hinge.coordinates()[0].min = -kPi;
  hinge.coordinates()[0].max = kPi;
  hinge.set_out_of_range(OutOfRange::Wrap);
  EXPECT_EQ(hinge.range_policy(), RangePolicy::Wrap);
  // the pose is the same either way (a revolute is periodic); S and ∇S too
  for (double q : {-7.0, -kPi, 3.5, 10.0}) expect_same(at(hinge, qv({q})), at(RevoluteJoint(), qv({q})), 1e-12);
}

TEST(OutOfRange, WrapRefusesEndsThatDoNotMeet) {
  RevoluteJoint hinge;
  hinge.coordinates()[0].min = 0.0;
  hinge.coordinates()[0].max = 2.0;
  try {
    hinge.set_out_of_range(OutOfRange::Wrap);
    FAIL() << "a 2 rad range was wrapped";
  } catch (const std::invalid_argument& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("'angle'"), std::string::npos) << what;
    EXPECT_NE(what.find("do not meet"), std::string::npos) << what;
    EXPECT_NE(what.find("deg"), std::string::npos) << what;
  }
  EXPECT_TRUE(hinge.out_of_range_is_own());
  RevoluteJoint unbounded;
  EXPECT_THROW(unbounded.set_out_of_range(OutOfRange::Wrap), std::invalid_argument);
  SplineCurveJoint open = random_spline_curve(7, 6, 4, false);
  EXPECT_THROW(open.set_out_of_range(OutOfRange::Wrap), std::invalid_argument);
}

TEST(OutOfRange, WrapMapsAPrismaticOntoAClosedSlide) {
  // a slide whose ends meet only in its own motion is refused; a prismatic never comes back
  PrismaticJoint slider;
  slider.coordinates()[0].min = 0.0;
  slider.coordinates()[0].max = 1.0;
  EXPECT_THROW(slider.set_out_of_range(OutOfRange::Wrap), std::invalid_argument);
}

TEST(OutOfRange, AClosedCurveCannotExtrapolateButCanClamp) {
  SplineCurveJoint closed = random_spline_curve(5, 6, 4, true);
  EXPECT_THROW(closed.set_out_of_range(OutOfRange::Extrapolate), std::invalid_argument);
  const Coordinate c = closed.coordinates()[0];
  const double period = c.max - c.min;
  // its own wrap: a period later, the same pose
  expect_same(at(closed, qv({c.min + 0.25 * period + period})), at(closed, qv({c.min + 0.25 * period})), 1e-9);
  closed.set_out_of_range(OutOfRange::Clamp);
  EXPECT_EQ(closed.range_policy(), RangePolicy::Clamp);
  expect_same(at(closed, qv({c.min + 1.25 * period})), at(closed, qv({c.max})), 1e-12);
  closed.set_out_of_range(OutOfRange::Wrap);
  EXPECT_TRUE(closed.out_of_range_is_own());
}

TEST(OutOfRange, TheChoiceSurvivesACloneAndOffsets) {
  SplineCurveJoint curve = random_spline_curve(9, 6, 4, false);
  curve.set_offsets(SE3::translation(Vec3(0.1, 0.0, 0.0)), SE3::translation(Vec3(0.0, 0.2, 0.0)));
  curve.set_out_of_range(OutOfRange::Clamp);
  const std::unique_ptr<JointModel> copy = curve.clone();
  EXPECT_EQ(copy->out_of_range(), OutOfRange::Clamp);
  const double hi = curve.coordinates()[0].max;
  expect_same(at(*copy, qv({hi + 1.0})), at(curve, qv({hi})));
}

TEST(OutOfRange, ASeriesClampsThroughItsPart) {
  auto part = std::make_unique<SplineCurveJoint>(random_spline_curve(11, 6, 4, false));
  part->set_out_of_range(OutOfRange::Clamp);
  const double hi = part->coordinates()[0].max;
  SeriesJoint series(std::move(part), std::make_unique<RevoluteJoint>());
  EXPECT_EQ(series.range_policy(), RangePolicy::Extrapolate);
  expect_same(at(series, qv({hi + 0.5, 0.3})), at(series, qv({hi, 0.3})));
}

TEST(OutOfRange, EveryCaseEvaluatesPastItsRange) {
  for (const JointCase& c : out_of_range_cases()) {
    const std::unique_ptr<JointModel> joint = c.make();
    std::mt19937 rng(5);
    const QSampler sample = c.sampler(*joint);
    for (int k = 0; k < 20; ++k) {
      const JointData d = at(*joint, sample(rng));
      EXPECT_TRUE(d.G.p.allFinite() && d.S.allFinite()) << c.name;
    }
  }
}

}  // namespace
}  // namespace js::test
