// se3 properties over every lie sample: hat/vee, the group operations, exp against the matrix
// exponential, exp∘log / log∘exp round trips, the left/right jacobians against central finite differences,
// and the derivative of exp(ŝ ρ(t)) (eq. 6).
#include <gtest/gtest.h>

#include <Eigen/LU>
#include <unsupported/Eigen/MatrixFunctions>

#include "core/lie/lanes.hpp"
#include "tests/core/lie/lie_samples.hpp"

namespace js::test {
namespace {

class Se3Property : public ::testing::TestWithParam<LieSample> {};

TEST_P(Se3Property, HatVeeAreInverse) {
  const Twist g = GetParam().g;
  EXPECT_EQ(vee6(hat6(g)), g);
  EXPECT_EQ(hat6(g).row(3), Eigen::RowVector4d::Zero());
}

TEST_P(Se3Property, ExpMatchesMatrixExponential) {
  const Twist g = GetParam().g;
  const SE3 T = se3_exp(g);
  EXPECT_LE(max_abs_diff(T.matrix(), hat6(g).exp()), 1e-13);
  EXPECT_LE(so3_orthonormality_error(T.R), 1e-14);
  EXPECT_LE(max_abs_diff(T.R, so3_exp(g.head<3>())), 1e-15);
}

TEST_P(Se3Property, GroupOperationsMatchMatrices) {
  const SE3 A = se3_exp(GetParam().g);
  std::mt19937_64 rng = sample_rng(GetParam(), 7);
  const SE3 B = random_se3(rng);
  EXPECT_LE(max_abs_diff((A * B).matrix(), A.matrix() * B.matrix()), 1e-14);
  EXPECT_LE(max_abs_diff(A.inverse().matrix(), A.matrix().inverse()), 1e-13);
  EXPECT_TRUE((A * A.inverse()).is_approx(SE3::identity(), 1e-14));
  SE3 C = A;
  C *= B;
  EXPECT_TRUE(C.is_approx(A * B, 0.0));
  const Vec3 x(0.1, 0.2, -0.3);
  EXPECT_LE(max_abs_diff(A.act(x), (A.matrix() * x.homogeneous()).head<3>()), 1e-15);
  EXPECT_TRUE(SE3::from_matrix(A.matrix()).is_approx(A, 0.0));
}

// the lane-form composition of the hot paths (core/lie/lanes.hpp) equals operator*, also in place
TEST_P(Se3Property, LaneCompositionMatchesOperator) {
  const SE3 A = se3_exp(GetParam().g);
  std::mt19937_64 rng(7);  // its own stream: the shared one feeds the later suites
  const SE3 B = random_se3(rng);
  const SE3 expected = A * B;
  EXPECT_TRUE(lanes::compose(A, B).is_approx(expected, 1e-15));
  SE3 out_a = A;
  lanes::compose_into(out_a, B, out_a);
  EXPECT_TRUE(out_a.is_approx(expected, 1e-15));
  SE3 out_b = B;
  lanes::compose_into(A, out_b, out_b);
  EXPECT_TRUE(out_b.is_approx(expected, 1e-15));
}

TEST_P(Se3Property, ExpOfLogIsIdentityMap) {
  const SE3 T = se3_exp(GetParam().g);
  const Twist g = se3_log(T);
  EXPECT_LE(g.head<3>().norm(), kPi + 1e-15);
  EXPECT_LE(max_abs_diff(se3_exp(g).matrix(), T.matrix()), 1e-12);
}

TEST_P(Se3Property, LogOfExpReturnsTheTwist) {
  const LieSample& s = GetParam();
  const SE3 T = se3_exp(s.g);
  const Twist g = se3_log(T);
  if (s.cls == SampleClass::Pi) {
    // at exactly π the axis sign is free: compare the transforms instead of the twists
    EXPECT_TRUE(se3_exp(g).is_approx(T, 1e-12));
    return;
  }
  EXPECT_LE((g - s.g).norm(), 1e-12 * std::max(s.g.norm(), 1e-3)) << "log " << g.transpose();
}

// central differences of log(exp(g + δ) exp(g)⁻¹) (left) or log(exp(g)⁻¹ exp(g + δ)) (right).
Mat6 numeric_se3_jacobian(const Twist& g, bool left) {
  const double h = 1e-6;
  const SE3 T = se3_exp(g);
  const SE3 Ti = T.inverse();
  Mat6 J;
  for (int i = 0; i < 6; ++i) {
    const Twist d = Twist::Unit(i) * h;
    const SE3 Tp = se3_exp(g + d);
    const SE3 Tm = se3_exp(g - d);
    const Twist fp = left ? se3_log(Tp * Ti) : se3_log(Ti * Tp);
    const Twist fm = left ? se3_log(Tm * Ti) : se3_log(Ti * Tm);
    J.col(i) = (fp - fm) / (2.0 * h);
  }
  return J;
}

TEST_P(Se3Property, LeftJacobianMatchesFiniteDifferences) {
  const Twist g = GetParam().g;
  EXPECT_LE(max_abs_diff(se3_left_jacobian(g), numeric_se3_jacobian(g, true)), 1e-8);
}

TEST_P(Se3Property, RightJacobianMatchesFiniteDifferences) {
  const Twist g = GetParam().g;
  EXPECT_LE(max_abs_diff(se3_right_jacobian(g), numeric_se3_jacobian(g, false)), 1e-8);
}

TEST_P(Se3Property, JacobianInversesAreInverses) {
  const Twist g = GetParam().g;
  const Mat6 I = Mat6::Identity();
  EXPECT_LE(max_abs_diff(se3_left_jacobian_inverse(g) * se3_left_jacobian(g), I), 1e-12);
  EXPECT_LE(max_abs_diff(se3_right_jacobian_inverse(g) * se3_right_jacobian(g), I), 1e-12);
  // J_l = Ad_exp(g) J_r links the two sides
  EXPECT_LE(max_abs_diff(se3_left_jacobian(g), Ad(se3_exp(g)) * se3_right_jacobian(g)), 1e-13);
}

// eq. (6): d/dt exp(ŝ ρ(t)) = exp(ŝ ρ) ŝ ρ̇ = ŝ exp(ŝ ρ) ρ̇ for a constant twist s.
TEST_P(Se3Property, Eq6DerivativeOfExpOfScaledConstantTwist) {
  const Twist s = GetParam().g;
  const auto rho = [](double t) { return 0.7 * std::sin(t) + 0.3 * t * t; };
  const auto rho_dot = [](double t) { return 0.7 * std::cos(t) + 0.6 * t; };
  const auto G = [&](double t) { return se3_exp(s * rho(t)).matrix(); };
  for (double t : {-0.8, 0.0, 0.4, 1.1}) {
    // five-point central difference: o(h⁴) truncation
    const double h = 1e-3;
    const Mat4 num = (G(t - 2 * h) - 8.0 * G(t - h) + 8.0 * G(t + h) - G(t + 2 * h)) / (12.0 * h);
    const Mat4 right = G(t) * hat6(s) * rho_dot(t);
    const Mat4 left = hat6(s) * G(t) * rho_dot(t);
    EXPECT_LE(max_abs_diff(right, num), 1e-9) << "t = " << t;
    EXPECT_LE(max_abs_diff(left, right), 1e-14) << "t = " << t;
  }
}

INSTANTIATE_TEST_SUITE_P(Lie, Se3Property, ::testing::ValuesIn(lie_samples()), SampleName{});

TEST(Se3, TwistNormUsesLengthScale) {
  const Twist g = make_twist(Vec3(3, 0, 0), Vec3(0, 4, 0));
  EXPECT_DOUBLE_EQ(twist_norm(g), 5.0);
  EXPECT_DOUBLE_EQ(twist_norm(g, 2.0), std::sqrt(9.0 + 4.0));
}

TEST(Se3, ConstructorsAndAccessors) {
  const Vec3 t(1, 2, 3);
  EXPECT_EQ(SE3::translation(t).p, t);
  EXPECT_EQ(SE3::translation(t).R, Mat3::Identity());
  const Mat3 R = so3_exp(Vec3(0.1, 0.2, 0.3));
  EXPECT_EQ(SE3::rotation(R).R, R);
  EXPECT_EQ(SE3::rotation(R).p, Vec3::Zero());
  const Twist g = make_twist(Vec3(1, 2, 3), Vec3(4, 5, 6));
  EXPECT_EQ(angular(g), Vec3(1, 2, 3));
  EXPECT_EQ(linear(g), Vec3(4, 5, 6));
  // writable halves, of a wrench and of a column of a 6×n jacobian
  Wrench f = Wrench::Zero();
  angular(f) = Vec3(1, 2, 3);
  linear(f) += Vec3(4, 5, 6);
  EXPECT_EQ(f, g);
  Eigen::Matrix<double, 6, Eigen::Dynamic> S = Eigen::Matrix<double, 6, Eigen::Dynamic>::Zero(6, 2);
  linear(S.col(1)) = Vec3(7, 8, 9);
  EXPECT_EQ(S.col(1), make_twist(Vec3::Zero(), Vec3(7, 8, 9)));
  EXPECT_EQ(angular(make_twist(Vec3(1, 0, 0), Vec3::Zero())), Vec3(1, 0, 0));  // a temporary: a copy
}

}  // namespace
}  // namespace js::test
