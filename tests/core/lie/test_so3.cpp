// so3 properties over every lie sample: hat/vee, exp against the matrix exponential, exp∘log and log∘exp
// round trips, and the left/right jacobians against central finite differences.
#include <gtest/gtest.h>

#include <cmath>

#include <unsupported/Eigen/MatrixFunctions>

#include "tests/core/lie/lie_samples.hpp"

namespace js::test {
namespace {

class So3Property : public ::testing::TestWithParam<LieSample> {};

TEST_P(So3Property, HatVeeAreInverseAndHatIsCross) {
  const Vec3 w = GetParam().w();
  const Vec3 x(0.3, -1.2, 2.5);
  EXPECT_EQ(vee3(hat3(w)), w);
  EXPECT_LE(max_abs_diff(hat3(w) * x, w.cross(x)), 1e-15);
  EXPECT_EQ(hat3(w).transpose(), -hat3(w));
}

TEST_P(So3Property, ExpMatchesMatrixExponential) {
  const Vec3 w = GetParam().w();
  const Mat3 R = so3_exp(w);
  const Mat3 ref = hat3(w).exp();
  EXPECT_LE(max_abs_diff(R, ref), 1e-14);
  EXPECT_LE(so3_orthonormality_error(R), 1e-14);
}

TEST_P(So3Property, ExpOfLogIsIdentityMap) {
  const Mat3 R = so3_exp(GetParam().w());
  const Vec3 w = so3_log(R);
  EXPECT_LE(w.norm(), kPi + 1e-15);
  EXPECT_LE(max_abs_diff(so3_exp(w), R), 1e-12);
}

TEST_P(So3Property, LogOfExpReturnsTheVector) {
  const LieSample& s = GetParam();
  const Vec3 w = so3_log(so3_exp(s.w()));
  if (s.cls == SampleClass::Pi) {
    // at exactly π both ±axis are valid logs: compare the rotations they generate
    EXPECT_NEAR(w.norm(), kPi, 1e-12);
    EXPECT_LE(max_abs_diff(so3_exp(w), so3_exp(s.w())), 1e-12);
    return;
  }
  // relative to |ω| so that tiny angles are held to their own scale
  EXPECT_LE((w - s.w()).norm(), 1e-12 * std::max(s.angle(), 1e-3)) << "log " << w.transpose();
}

// central difference of f(δ) = log(exp(w + δ) exp(w)⁻¹) (left) or log(exp(w)⁻¹ exp(w + δ)) (right).
Mat3 numeric_so3_jacobian(const Vec3& w, bool left) {
  const double h = 1e-6;
  const Mat3 R = so3_exp(w);
  Mat3 J;
  for (int i = 0; i < 3; ++i) {
    const Vec3 d = Vec3::Unit(i) * h;
    const Mat3 Rp = so3_exp(w + d);
    const Mat3 Rm = so3_exp(w - d);
    const Vec3 fp = left ? so3_log(Rp * R.transpose()) : so3_log(R.transpose() * Rp);
    const Vec3 fm = left ? so3_log(Rm * R.transpose()) : so3_log(R.transpose() * Rm);
    J.col(i) = (fp - fm) / (2.0 * h);
  }
  return J;
}

TEST_P(So3Property, LeftJacobianMatchesFiniteDifferences) {
  const Vec3 w = GetParam().w();
  EXPECT_LE(max_abs_diff(so3_left_jacobian(w), numeric_so3_jacobian(w, true)), 1e-8);
}

TEST_P(So3Property, RightJacobianMatchesFiniteDifferences) {
  const Vec3 w = GetParam().w();
  EXPECT_LE(max_abs_diff(so3_right_jacobian(w), numeric_so3_jacobian(w, false)), 1e-8);
}

TEST_P(So3Property, JacobianInversesAreInverses) {
  const Vec3 w = GetParam().w();
  EXPECT_LE(max_abs_diff(so3_left_jacobian_inverse(w) * so3_left_jacobian(w), Mat3::Identity()), 1e-12);
  EXPECT_LE(max_abs_diff(so3_right_jacobian_inverse(w) * so3_right_jacobian(w), Mat3::Identity()), 1e-12);
  // J_l = R J_r and J_r = J_lᵀ tie the two together
  EXPECT_LE(max_abs_diff(so3_left_jacobian(w), so3_exp(w) * so3_right_jacobian(w)), 1e-14);
  EXPECT_LE(max_abs_diff(so3_right_jacobian(w), so3_left_jacobian(w).transpose()), 1e-15);
}

INSTANTIATE_TEST_SUITE_P(Lie, So3Property, ::testing::ValuesIn(lie_samples()), SampleName{});

TEST(So3, OrthonormalizeProjectsToRotation) {
  Mat3 M = so3_exp(Vec3(0.4, -0.2, 1.0));
  M(0, 1) += 1e-3;
  const Mat3 R = so3_orthonormalize(M);
  EXPECT_LE(so3_orthonormality_error(R), 1e-14);
  EXPECT_LE(max_abs_diff(R, M), 2e-3);
  // a reflection is flipped to a proper rotation
  EXPECT_NEAR(so3_orthonormalize(-Mat3::Identity()).determinant(), 1.0, 1e-14);
}

TEST(So3, OrthonormalityErrorSeesScaleAndReflection) {
  EXPECT_EQ(so3_orthonormality_error(Mat3::Identity()), 0.0);
  EXPECT_NEAR(so3_orthonormality_error(1.001 * Mat3::Identity()), 3.003e-3, 1e-9);
  EXPECT_NEAR(so3_orthonormality_error(Vec3(1, 1, -1).asDiagonal()), 2.0, 1e-15);
}

// a sweep of angles through the series/closed-form switch points (0.25 for the coefficients, 1e-4 in
// log, cosθ = −0.7 in log) checks that nothing jumps at a branch boundary.
TEST(So3, LogIsAccurateAcrossBranchSwitches) {
  const Vec3 axis = Vec3(1, 2, -2).normalized();
  for (double angle : {0.999e-4, 1.001e-4, 0.2499, 0.2501, 2.3461938, 2.3461939, 3.0, 3.14}) {
    const Vec3 w = angle * axis;
    EXPECT_LE((so3_log(so3_exp(w)) - w).norm(), 1e-13 * std::max(angle, 1e-2)) << "angle " << angle;
    EXPECT_LE(max_abs_diff(so3_exp(w), hat3(w).exp()), 1e-15) << "angle " << angle;
  }
}

// rotations by exactly π built without exp (2aaᵀ − I): the log must find the axis up to sign.
TEST(So3, LogOfExactHalfTurns) {
  for (const Vec3& a : {Vec3(1, 0, 0), Vec3(0, 1, 0), Vec3(0, 0, 1), Vec3(1, 1, 0).normalized(),
                        Vec3(1, -2, 2).normalized()}) {
    const Mat3 R = 2.0 * a * a.transpose() - Mat3::Identity();
    const Vec3 w = so3_log(R);
    EXPECT_NEAR(w.norm(), kPi, 1e-15) << a.transpose();
    EXPECT_NEAR(std::abs(w.normalized().dot(a)), 1.0, 1e-15) << a.transpose();
    EXPECT_LE(max_abs_diff(so3_exp(w), R), 1e-15) << a.transpose();
  }
}

}  // namespace
}  // namespace js::test

namespace js {
namespace {

// the three branches of so3_coefficients (short taylor, half-angle series, libm) against long double
// closed forms on a fine grid through both switch points.
TEST(So3Coefficients, MatchLongDoubleReferenceAcrossBranches) {
  for (int i = 1; i <= 4000; ++i) {
    const double theta = 1e-3 * i;
    const So3Coefficients k = so3_coefficients(theta);
    const long double t = theta;
    const long double a = std::sin(t) / t;
    const long double half_sin = std::sin(0.5L * t);
    const long double b = 2.0L * half_sin * half_sin / (t * t);  // 1 − cos t without cancellation
    // (θ − sinθ)/θ³ cancels in long double too below ~0.1; use its series there
    long double c = 0.0L;
    if (theta < 0.1) {
      long double term = 1.0L / 6.0L;
      for (int n = 0; n < 8; ++n) {
        c += term;
        term *= -(t * t) / ((2 * n + 4) * (2 * n + 5));
      }
    } else {
      c = (t - std::sin(t)) / (t * t * t);
    }
    ASSERT_NEAR(k.a, static_cast<double>(a), 4e-16) << theta;
    ASSERT_NEAR(k.b, static_cast<double>(b), 4e-16) << theta;
    ASSERT_NEAR(k.c, static_cast<double>(c), 4e-16) << theta;
    ASSERT_NEAR(k.cos_theta, static_cast<double>(std::cos(t)), 8e-16) << theta;
  }
}

}  // namespace
}  // namespace js
