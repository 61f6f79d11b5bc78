// lower pairs: the generic harness over every kind, then the closed forms of paper §4.1 and the
// spherical chart's singularity.
#include <cmath>
#include <numbers>
#include <stdexcept>

#include <Eigen/SVD>
#include <gtest/gtest.h>

#include "core/joints/lower_pairs.hpp"
#include "tests/core/joints/joint_harness.hpp"
#include "tests/core/joints/joint_cases.hpp"

namespace js::test {
namespace {


INSTANTIATE_TEST_SUITE_P(LowerPairs, JointHarnessTest, ::testing::ValuesIn(lower_pair_cases()), joint_case_name);

TEST(LowerPairs, DofNamesAndPolicy) {
  EXPECT_EQ(FixedJoint().dof(), 0);
  EXPECT_EQ(RevoluteJoint().coordinates().at(0).name, "angle");
  EXPECT_EQ(PrismaticJoint().coordinates().at(0).name, "slide");
  EXPECT_EQ(CylindricalJoint().coordinates().at(1).name, "slide");
  const PlanarJoint planar;
  ASSERT_EQ(planar.dof(), 3);
  EXPECT_EQ(planar.coordinates()[0].name, "x");
  EXPECT_EQ(planar.coordinates()[1].name, "y");
  EXPECT_EQ(planar.coordinates()[2].name, "theta");
  EXPECT_EQ(SphericalJoint().dof(), 3);
  EXPECT_EQ(UniversalJoint().dof(), 2);
  EXPECT_EQ(SphericalJoint("zxz").range_policy(), RangePolicy::Natural);
  EXPECT_EQ(HelicalJoint(Vec3::UnitZ(), 0.1).kind(), JointKind::Helical);
}

TEST(LowerPairs, RejectsBadParameters) {
  EXPECT_THROW(RevoluteJoint(Vec3::Zero()), std::invalid_argument);
  EXPECT_THROW(PrismaticJoint(Vec3(0.0, 0.0, NAN)), std::invalid_argument);
  EXPECT_THROW(HelicalJoint(Vec3::UnitZ(), INFINITY), std::invalid_argument);
  EXPECT_THROW(UniversalJoint(Vec3::UnitX(), -2.0 * Vec3::UnitX()), std::invalid_argument);
  EXPECT_THROW(PlanarJoint(Vec3::Zero()), std::invalid_argument);
  try {
    RevoluteJoint bad(Vec3::Zero());
    FAIL() << "no throw";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("revolute joint: axis"), std::string::npos) << e.what();
  }
  // axes are normalised, not rejected, when merely non-unit
  EXPECT_NEAR(RevoluteJoint(Vec3(0.0, 0.0, 3.0)).axis().norm(), 1.0, 1e-15);
}

TEST(LowerPairs, SphericalValidatesEulerOrder) {
  for (const char* good : {"zyx", "xyz", "zxz", "xyx", "yzy", "yxz"}) EXPECT_NO_THROW(SphericalJoint{good}) << good;
  for (const char* bad : {"", "zy", "zyxz", "zzy", "xyy", "XYZ", "abc", "z y"}) {
    try {
      SphericalJoint j{bad};
      ADD_FAILURE() << "order \"" << bad << "\" accepted";
    } catch (const std::invalid_argument& e) {
      const std::string msg = e.what();
      EXPECT_NE(msg.find(std::string("\"") + bad + "\""), std::string::npos) << msg;
      EXPECT_NE(msg.find("euler order"), std::string::npos) << msg;
    }
  }
}

TEST(LowerPairs, RevolutePrismaticCylindricalClosedForms) {
  const Vec3 a = Vec3(1.0, 2.0, -2.0) / 3.0;
  JointData d1(1), d2(2);
  RevoluteJoint(a).evaluate(qv({0.7}), d1);
  EXPECT_TRUE(d1.G.is_approx(SE3::rotation(so3_exp(a * 0.7)), 1e-14));
  EXPECT_TRUE(d1.S.col(0).isApprox(make_twist(a, Vec3::Zero())));
  EXPECT_EQ(d1.dS.norm(), 0.0);

  PrismaticJoint(a).evaluate(qv({-0.4}), d1);
  EXPECT_TRUE(d1.G.is_approx(SE3::translation(-0.4 * a), 1e-15));
  EXPECT_TRUE(d1.S.col(0).isApprox(make_twist(Vec3::Zero(), a)));

  CylindricalJoint(a).evaluate(qv({1.1, 0.25}), d2);
  EXPECT_TRUE(d2.G.is_approx(se3_exp(make_twist(a * 1.1, a * 0.25)), 1e-14));
  EXPECT_EQ(d2.dS.norm(), 0.0);
}

// §4.1: G(q) = exp(ŝq), S = s, ∇S = 0.
TEST(LowerPairs, HelicalMatchesSection41) {
  const Vec3 a = Vec3(0.0, 0.6, 0.8);
  const double h = 0.03;
  const HelicalJoint joint(a, h);
  const Twist s = make_twist(a, h * a);
  JointData d(1);
  for (double q : {-5.0, -0.3, 0.0, 1e-9, 2.0, 9.0}) {
    joint.evaluate(qv({q}), d);
    EXPECT_TRUE(d.G.is_approx(se3_exp(s * q), 1e-13)) << q;
    EXPECT_TRUE(d.S.col(0).isApprox(s, 1e-15)) << q;
    EXPECT_EQ(d.dS.col(0).norm(), 0.0) << q;
  }
}

// §4.1: S = [Ad_{exp(−ŝ₁q₁)} s₀, s₁]; ∂s₀*/∂q₁ = ad_{s₀*} s₁, ∂s₀*/∂q₀ = 0, ∂s₁/∂q = 0.
TEST(LowerPairs, UniversalMatchesSection41) {
  const Vec3 a0 = Vec3(1.0, 0.0, 0.2).normalized();
  const Vec3 a1 = Vec3(0.1, 1.0, -0.3).normalized();
  const UniversalJoint joint(a0, a1);
  const Twist s0 = make_twist(a0, Vec3::Zero());
  const Twist s1 = make_twist(a1, Vec3::Zero());
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> u(-3.0, 3.0);
  JointData d(2);
  for (int k = 0; k < 50; ++k) {
    const JointVector q = qv({u(rng), u(rng)});
    joint.evaluate(q, d);
    EXPECT_TRUE(d.G.is_approx(se3_exp(s0 * q[0]) * se3_exp(s1 * q[1]), 1e-13));
    const Twist s0_star = Ad_apply(se3_exp(-s1 * q[1]), s0);
    EXPECT_LT((d.S.col(0) - s0_star).norm(), 1e-14);
    EXPECT_LT((d.S.col(1) - s1).norm(), 1e-14);
    EXPECT_LT(d.dS.col(0 * 2 + 0).norm(), 1e-14);                                 // ∂s₀*/∂q₀
    EXPECT_LT((d.dS.col(0 * 2 + 1) - ad_apply(s0_star, s1)).norm(), 1e-14);     // ∂s₀*/∂q₁
    EXPECT_LT(d.dS.col(1 * 2 + 0).norm(), 1e-14);                                 // ∂s₁/∂q₀
    EXPECT_LT(d.dS.col(1 * 2 + 1).norm(), 1e-14);                                 // ∂s₁/∂q₁
  }
}

TEST(LowerPairs, PlanarAndSphericalTransforms) {
  JointData d(3);
  PlanarJoint().evaluate(qv({0.3, -0.2, 0.9}), d);
  EXPECT_TRUE(d.G.is_approx(SE3{so3_exp(Vec3(0.0, 0.0, 0.9)), Vec3(0.3, -0.2, 0.0)}, 1e-14));
  // in-plane axes are orthonormal and perpendicular to a tilted normal
  const Vec3 n = Vec3(1.0, 1.0, 1.0).normalized();
  PlanarJoint(n).evaluate(qv({1.0, 0.0, 0.0}), d);
  EXPECT_NEAR(d.G.p.norm(), 1.0, 1e-15);
  EXPECT_NEAR(d.G.p.dot(n), 0.0, 1e-15);

  // intrinsic order: "zyx" is R_z(q₀) R_y(q₁) R_x(q₂)
  SphericalJoint("zyx").evaluate(qv({0.4, -0.5, 1.2}), d);
  const Mat3 R = so3_exp(Vec3::UnitZ() * 0.4) * so3_exp(Vec3::UnitY() * -0.5) * so3_exp(Vec3::UnitX() * 1.2);
  EXPECT_TRUE(d.G.is_approx(SE3::rotation(R), 1e-14));
  // a ball joint's S is purely angular
  EXPECT_EQ(d.S.bottomRows<3>().norm(), 0.0);
}

double smallest_singular_value(const JointJacobian& S) {
  // a ball joint's S is purely angular: the rank lives in the top 3×3 block
  const Eigen::Matrix3d W = S.topRows<3>();
  const Eigen::JacobiSVD<Eigen::Matrix3d> svd(W);
  const Eigen::Vector3d sigma = svd.singularValues();
  return sigma.minCoeff();
}

// the chart is singular where the first and last axes line up: middle angle ±π/2 for tait–bryan
// orders, 0 and π for proper euler orders. documented in lower_pairs.hpp and docs/joints.md.
TEST(LowerPairs, SphericalLosesRankAtTheMiddleAngle) {
  JointData d(3);
  for (const char* order : {"zyx", "xyz"}) {
    const SphericalJoint joint(order);
    for (double mid : {kPi / 2, -kPi / 2}) {
      joint.evaluate(qv({0.3, mid, -0.8}), d);
      EXPECT_LT(smallest_singular_value(d.S), 1e-12) << order << " at " << mid;
    }
    joint.evaluate(qv({0.3, 0.4, -0.8}), d);
    EXPECT_GT(smallest_singular_value(d.S), 0.5) << order;
  }
  const SphericalJoint proper("zxz");
  for (double mid : {0.0, kPi}) {
    proper.evaluate(qv({0.3, mid, -0.8}), d);
    EXPECT_LT(smallest_singular_value(d.S), 1e-12) << "zxz at " << mid;
  }
  proper.evaluate(qv({0.3, kPi / 2, -0.8}), d);
  EXPECT_GT(smallest_singular_value(d.S), 0.9);
}

}  // namespace
}  // namespace js::test
