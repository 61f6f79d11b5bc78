// the elliptic joint against eq. (17)–(20) written out directly, plus the generic harness.
#include <cmath>
#include <numbers>
#include <stdexcept>

#include <gtest/gtest.h>

#include "core/joints/elliptic_joint.hpp"
#include "tests/core/joints/joint_cases.hpp"

namespace js::test {
namespace {

INSTANTIATE_TEST_SUITE_P(Elliptic, JointHarnessTest, ::testing::ValuesIn(elliptic_cases()), joint_case_name);

TEST(EllipticJoint, MatchesEquations17To20) {
  const double a = 1.7, b = 0.6;
  const EllipticJoint joint(a, b);
  const Vec3 k = Vec3::UnitZ();
  JointData d(1);
  JointVector q(1);
  for (int i = -40; i <= 40; ++i) {
    const double t = 0.173 * i;
    q[0] = t;
    joint.evaluate(q, d);
    // eq. (18) and its derivatives, written independently of the implementation
    const double phi = std::atan2(b * std::sin(t), a * std::cos(t));
    const double D = a * a * std::cos(t) * std::cos(t) + b * b * std::sin(t) * std::sin(t);
    const double dphi = a * b / D;
    const double ddphi = -a * b * (b * b - a * a) * std::sin(2.0 * t) / (D * D);
    const Mat3 R = so3_exp(k * phi);
    // eq. (17)
    EXPECT_TRUE(d.G.is_approx(SE3{R, Vec3(a * std::sin(t), -b * std::cos(t), 0.0)}, 1e-14)) << t;
    // eq. (19)
    const Twist s = make_twist(dphi * k, R.transpose() * Vec3(a * std::cos(t), b * std::sin(t), 0.0));
    EXPECT_LT((d.S.col(0) - s).norm(), 1e-14) << t;
    // eq. (20)
    const Twist ds = make_twist(
        ddphi * k, R.transpose() * Vec3((b * dphi - a) * std::sin(t), (b - a * dphi) * std::cos(t), 0.0));
    EXPECT_LT((d.dS.col(0) - ds).norm(), 1e-13) << t;
    // the child's x axis is tangent to the ellipse (fig. 2), and S never vanishes (§5, requirement 2)
    EXPECT_NEAR(d.S(4, 0), 0.0, 1e-14) << t;
    EXPECT_GT(d.S(3, 0), 0.0) << t;
  }
}

TEST(EllipticJoint, RejectsBadParameters) {
  EXPECT_THROW(EllipticJoint(0.0, 1.0), std::invalid_argument);
  EXPECT_THROW(EllipticJoint(1.0, -1.0), std::invalid_argument);
  EXPECT_THROW(EllipticJoint(NAN, 1.0), std::invalid_argument);
  EXPECT_THROW(EllipticJoint(1.0, 1.0, Vec3::Zero()), std::invalid_argument);
  try {
    EllipticJoint bad(1.0, -2.0);
    FAIL() << "no throw";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("semi-axis b = -2"), std::string::npos) << e.what();
  }
  const EllipticJoint ok(1.0, 2.0, Vec3(0.0, 0.0, 5.0));
  EXPECT_NEAR(ok.k().norm(), 1.0, 1e-15);
  EXPECT_EQ(ok.coordinates().at(0).name, "angle");
  EXPECT_EQ(ok.range_policy(), RangePolicy::Natural);
}

// a circle (a = b = r) is a revolute joint about z through the centre, offset by (0, −r, 0).
TEST(EllipticJoint, CircleIsARevolute) {
  const double r = 0.8;
  const EllipticJoint joint(r, r);
  JointData d(1);
  JointVector q(1);
  q[0] = 1.3;
  joint.evaluate(q, d);
  EXPECT_NEAR(d.S(2, 0), 1.0, 1e-15);
  EXPECT_LT((d.S.col(0).tail<3>() - Vec3(r, 0.0, 0.0)).norm(), 1e-15);
  EXPECT_LT(d.dS.norm(), 1e-15);
}

}  // namespace
}  // namespace js::test
