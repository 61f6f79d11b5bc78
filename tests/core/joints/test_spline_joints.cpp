// spline curve joint (eq. 21–24) and multi-dof spline joint (eq. 25): derivatives through the shared
// harness, the paper's two requirements (§5), the cumulative truncation of eq. 24, ends, wrap and
// natural parameterization (§6.1).
#include <cmath>

#include <gtest/gtest.h>

#include "core/joints/natural_parameterization.hpp"
#include "core/joints/spline_checks.hpp"
#include "core/spline/cumulative.hpp"
#include "tests/core/joints/spline_cases.hpp"

namespace js::test {
namespace {

INSTANTIATE_TEST_SUITE_P(SplineCurve, JointHarnessTest, ::testing::ValuesIn(spline_curve_cases()), joint_case_name);
INSTANTIATE_TEST_SUITE_P(SplineSurface, JointHarnessTest, ::testing::ValuesIn(spline_surface_cases()),
                         joint_case_name);

double gap(const SE3& a, const SE3& b) {
  return std::max((a.R - b.R).cwiseAbs().maxCoeff(), (a.p - b.p).cwiseAbs().maxCoeff());
}

SE3 at(const JointModel& joint, double q) {
  JointData d(1);
  joint.evaluate(JointVector::Constant(1, q), d);
  return d.G;
}

TEST(SplineCurveJoint, OpenCurveStartsAndEndsAtItsEndFrames) {
  for (int order : {3, 4, 5}) {
    const SplineCurveJoint j = random_spline_curve(11, 9, order, false);
    EXPECT_LT(gap(at(j, j.q_min()), j.control_frames().front()), 1e-12) << "order " << order;
    EXPECT_LT(gap(at(j, j.q_max()), j.control_frames().back()), 1e-12) << "order " << order;
  }
}

TEST(SplineCurveJoint, CumulativeTruncationMatchesTheFullProduct) {
  // eq. (21) with every factor versus eq. (24) with k−1 factors
  const SplineCurveJoint j = random_spline_curve(12, 10, 4, false);
  for (int i = 0; i <= 50; ++i) {
    const double q = j.q_min() + (j.q_max() - j.q_min()) * i / 50.0;
    const std::vector<double> bt = spline::cumulative_dense(j.knots(), q);
    SE3 G = j.control_frames().front();
    for (int l = 1; l < j.knots().num_basis(); ++l) {
      G = G * se3_exp(j.control_twists()[static_cast<std::size_t>(l)] * bt[static_cast<std::size_t>(l)]);
    }
    EXPECT_LT(gap(G, at(j, q)), 1e-12) << "q = " << q;
  }
}

TEST(SplineCurveJoint, CubicAndQuinticAreC2AcrossEveryKnot) {
  for (bool closed : {false, true}) {
    for (int order : {4, 5, 6}) {
      const SplineCurveJoint j = random_spline_curve(13, 10, order, closed);
      const ContinuityReport r = check_c2_across_knots(j, j.knots().knots(), 0, Eigen::VectorXd::Zero(1));
      EXPECT_TRUE(r.c2) << "order " << order << " closed " << closed << " worst knot " << r.worst_knot;
      EXPECT_GE(r.knots_checked, 3);
      EXPECT_LT(r.max_jump_hessian, 1e-6);
    }
  }
}

TEST(SplineCurveJoint, QuadraticIsFlaggedNotC2) {
  // order 3 is only C¹: ∇S jumps at the knots, and the check must say so
  const SplineCurveJoint j = random_spline_curve(14, 8, 3, false);
  const ContinuityReport r = check_c2_across_knots(j, j.knots().knots(), 0, Eigen::VectorXd::Zero(1));
  EXPECT_FALSE(r.c2);
  EXPECT_GT(r.max_jump_hessian, 1e-3);
  EXPECT_LT(r.max_jump_jacobian, 1e-6);
}

TEST(SplineCurveJoint, ClosedCurveIsSmoothAcrossTheWrap) {
  const SplineCurveJoint j = random_spline_curve(15, 7, 4, true);
  ASSERT_TRUE(j.closed());
  const double eps = 1e-9;
  JointData a(1), b(1);
  j.evaluate(JointVector::Constant(1, j.q_max() - eps), a);
  j.evaluate(JointVector::Constant(1, j.q_min() + eps), b);
  EXPECT_LT(gap(a.G, b.G), 1e-7);
  EXPECT_LT((a.S - b.S).cwiseAbs().maxCoeff(), 1e-7);
  EXPECT_LT((a.dS - b.dS).cwiseAbs().maxCoeff(), 1e-6);
  // and q wraps by whole periods
  EXPECT_LT(gap(at(j, j.q_min() + 0.3), at(j, j.q_min() + 0.3 + 3.0 * (j.q_max() - j.q_min()))), 1e-9);
}

TEST(SplineCurveJoint, OpenCurveExtrapolatesWithTheEndTwist) {
  const SplineCurveJoint j = random_spline_curve(16, 8, 4, false);
  JointData end(1), past(1);
  j.evaluate(JointVector::Constant(1, j.q_max()), end);
  j.evaluate(JointVector::Constant(1, j.q_max() + 0.7), past);
  EXPECT_LT((past.S - end.S).cwiseAbs().maxCoeff(), 1e-12);
  EXPECT_LT(past.dS.cwiseAbs().maxCoeff(), 1e-15);
  EXPECT_LT(gap(past.G, end.G * se3_exp(end.S.col(0) * 0.7)), 1e-12);
  EXPECT_EQ(j.range_policy(), RangePolicy::Extrapolate);
}

TEST(SplineCurveJoint, JacobianNeverVanishesOnARandomCurve) {
  const SplineCurveJoint j = random_spline_curve(17, 10, 4, false);
  const JacobianNormReport r = check_jacobian_norm(j, 2000);
  EXPECT_GT(r.min_norm, 0.05) << "at q = " << r.where.transpose();
}

TEST(SplineCurveJoint, JacobianNormReportFindsAStop) {
  // three coincident middle frames make the curve stop: ‖S‖ → 0 there and the report must locate it
  std::vector<SE3> frames;
  for (int i = 0; i < 9; ++i) {
    const int k = i < 3 ? i : (i < 6 ? 3 : i - 2);
    frames.push_back(se3_exp(make_twist(Vec3(0, 0, 0.3 * k), Vec3(0.1 * k, 0, 0))));
  }
  const SplineCurveJoint j(frames, spline::KnotVector::clamped(9, 4, 0.0, 1.0));
  const JacobianNormReport r = check_jacobian_norm(j, 4001);
  EXPECT_LT(r.min_norm, 1e-6);
  EXPECT_NEAR(r.where[0], 0.5, 0.1);
}

TEST(SplineCurveJoint, NaturalParameterizationOfAUniformCircleHasUnitSpeed) {
  // frames at equal steps of one screw: every control twist is the same, and with periodic knots the
  // curve is exactly that screw motion at unit speed (‖s‖ = 1, §6.1)
  const Twist screw = make_twist(Vec3(0, 0, 1), Vec3(0.2, 0, 0));
  std::vector<SE3> frames;
  const int n = 8;
  for (int i = 0; i < n; ++i) frames.push_back(se3_exp(screw * (2.0 * kPi * i / n)));
  const SplineCurveJoint j = make_natural_spline_curve(frames, 4, true, 1.0);
  const JacobianNormReport r = check_jacobian_norm(j, 500);
  EXPECT_LT(r.max_speed_deviation, 1e-12);
  EXPECT_NEAR(j.q_max() - j.q_min(), 2.0 * kPi * twist_norm(screw), 1e-12);
}

TEST(SplineCurveJoint, NaturalParametersUseTheLengthScale) {
  std::vector<SE3> frames{SE3::identity(), SE3::translation(Vec3(0.02, 0, 0)),
                          SE3{so3_exp(Vec3(0, 0, 0.1)), Vec3(0.02, 0, 0)}};
  const std::vector<double> p = natural_parameters(frames, 0.01);
  ASSERT_EQ(p.size(), 3u);
  EXPECT_NEAR(p[1], 2.0, 1e-12);        // 2 cm at ℓ = 1 cm
  EXPECT_NEAR(p[2] - p[1], 0.1, 1e-12);  // 0.1 rad
}

TEST(SplineCurveJoint, CoincidentFramesAreRejectedByName) {
  std::vector<SE3> frames{SE3::identity(), SE3::translation(Vec3(1, 0, 0)), SE3::translation(Vec3(1, 0, 0))};
  try {
    natural_parameters(frames);
    FAIL() << "expected an error";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("control frames 1 and 2 coincide"), std::string::npos) << e.what();
  }
}

TEST(SplineCurveJoint, FrameCountMustMatchTheKnots) {
  std::mt19937 rng(3);
  try {
    SplineCurveJoint j(random_path(rng, 5, 0.3), spline::KnotVector::clamped(6, 4, 0.0, 1.0));
    FAIL() << "expected an error";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("5 control frames but the knot vector expects 6"), std::string::npos)
        << e.what();
  }
}

TEST(SplineSurfaceJoint, DefaultBasisIsTranslationsThenRotations) {
  const auto e = SplineSurfaceJoint::default_basis();
  EXPECT_EQ(e[0], make_twist(Vec3::Zero(), Vec3::UnitX()));
  EXPECT_EQ(e[2], make_twist(Vec3::Zero(), Vec3::UnitZ()));
  EXPECT_EQ(e[3], make_twist(Vec3::UnitX(), Vec3::Zero()));
  EXPECT_EQ(e[5], make_twist(Vec3::UnitZ(), Vec3::Zero()));
}

TEST(SplineSurfaceJoint, TwoDofIsC2AcrossKnotsInBothDirections) {
  const SplineSurfaceJoint j = random_spline_surface(21, 2, 7);
  for (int axis = 0; axis < 2; ++axis) {
    Eigen::VectorXd q(2);
    q << 0.13, -0.27;
    const ContinuityReport r = check_c2_across_knots(j, j.knots()[static_cast<std::size_t>(axis)].knots(), axis, q);
    EXPECT_TRUE(r.c2) << "axis " << axis;
    EXPECT_GE(r.knots_checked, 3);
  }
}

TEST(SplineSurfaceJoint, MatchesTheProductOfSixExponentials) {
  // eq. (25) evaluated directly from the scalar splines
  const SplineSurfaceJoint j = random_spline_surface(22, 2, 5);
  const Eigen::Vector2d q(0.3, 0.4);
  JointData d(2);
  j.evaluate(q, d);
  SE3 G = j.base();
  for (std::size_t k = 0; k < 6; ++k) {
    const std::vector<double> b0 = spline::basis_dense(j.knots()[0], q[0]);
    const std::vector<double> b1 = spline::basis_dense(j.knots()[1], q[1]);
    double phi = 0.0;
    for (int a = 0; a < j.knots()[0].num_control(); ++a) {
      for (int b = 0; b < j.knots()[1].num_control(); ++b) {
        phi += b0[static_cast<std::size_t>(a)] * b1[static_cast<std::size_t>(b)] *
               j.coefficients()[k][static_cast<std::size_t>(a * j.knots()[1].num_control() + b)];
      }
    }
    G = G * se3_exp(j.basis()[k] * phi);
  }
  EXPECT_LT(gap(G, d.G), 1e-12);
}

TEST(SplineSurfaceJoint, CoefficientCountIsChecked) {
  std::vector<spline::KnotVector> knots{spline::KnotVector::clamped(5, 4, 0, 1), spline::KnotVector::clamped(4, 4, 0, 1)};
  std::array<std::vector<double>, 6> c;
  for (auto& v : c) v.assign(20, 0.0);
  c[4].assign(19, 0.0);
  try {
    SplineSurfaceJoint j(SE3::identity(), knots, c);
    FAIL() << "expected an error";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("basis twist 4 have 19 values, the knot vectors need 20"), std::string::npos)
        << e.what();
  }
}

}  // namespace
}  // namespace js::test
