// the difference between two joint models over a grid of q: exact on closed forms, located, and refusing what
// cannot be compared.
#include <cmath>
#include <numbers>
#include <stdexcept>

#include <gtest/gtest.h>

#include "core/joints/joint_difference.hpp"
#include "core/joints/lower_pairs.hpp"
#include "tests/core/joints/joint_harness.hpp"

namespace js::test {
namespace {

TEST(JointDifference, SameJointIsZero) {
  const RevoluteJoint a;
  const JointDifference d = joint_difference(a, a, qv({-1.0}), qv({2.0}), 11);
  EXPECT_EQ(d.points, 11);
  EXPECT_EQ(d.max_position_m, 0.0);
  EXPECT_EQ(d.max_angle_rad, 0.0);
}

TEST(JointDifference, OffsetHingeGrowsWithTheAngleAndSaysWhere) {
  // the same hinge with its child 10 cm off the axis, against one whose axis moved 1 cm along x: the child origin
  // moves by the offset of the axis rotated, |(R(q) − I) e| · 1 cm, largest at q = π
  RevoluteJoint a, b;
  const SE3 child(Mat3::Identity(), Vec3(0.1, 0, 0));
  a.set_offsets(SE3(), child);
  b.set_offsets(SE3(Mat3::Identity(), Vec3(0.01, 0, 0)), SE3(Mat3::Identity(), Vec3(0.09, 0, 0)));
  const JointDifference d = joint_difference(a, b, qv({0.0}), qv({kPi}), 5);
  EXPECT_NEAR(d.max_position_m, 0.02, 1e-12);
  EXPECT_NEAR(d.worst_position_q[0], kPi, 1e-12);
  EXPECT_NEAR(d.max_angle_rad, 0.0, 1e-12);
  // rms over q = 0, π/4, π/2, 3π/4, π of 2·0.01·sin(q/2)
  double sum = 0.0;
  for (int k = 0; k < 5; ++k) sum += std::pow(0.02 * std::sin(k * kPi / 8.0), 2);
  EXPECT_NEAR(d.rms_position_m, std::sqrt(sum / 5.0), 1e-12);
}

TEST(JointDifference, TwoDofGridFindsTheWorstCorner) {
  // a universal joint against itself with a child turned 0.1 rad about its own x: the angle is 0.1 everywhere,
  // position identical; on a 3×3 grid 9 points
  UniversalJoint a, b;
  b.set_offsets(SE3(), SE3(so3_exp(Vec3(0.1, 0, 0)), Vec3::Zero()));
  const JointDifference d = joint_difference(a, b, qv({-0.5, -0.5}), qv({0.5, 0.5}), 3);
  EXPECT_EQ(d.points, 9);
  EXPECT_NEAR(d.max_angle_rad, 0.1, 1e-12);
  EXPECT_NEAR(d.max_position_m, 0.0, 1e-12);
}

TEST(JointDifference, RefusesWhatCannotBeCompared) {
  const RevoluteJoint r;
  const UniversalJoint u;
  EXPECT_THROW(joint_difference(r, u, qv({0.0}), qv({1.0}), 5), std::invalid_argument);
  EXPECT_THROW(joint_difference(r, r, qv({0.0}), qv({INFINITY}), 5), std::invalid_argument);
  EXPECT_THROW(joint_difference(r, r, qv({1.0}), qv({0.0}), 5), std::invalid_argument);
  EXPECT_THROW(joint_difference(r, r, qv({0.0}), qv({1.0}), 1), std::invalid_argument);
  EXPECT_THROW(joint_difference(r, r, qv({0.0, 0.0}), qv({1.0, 1.0}), 5), std::invalid_argument);
}

}  // namespace
}  // namespace js::test
