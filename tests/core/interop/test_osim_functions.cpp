// OpenSim function evaluators against hand-computed values, and the body-fixed euler sequences.
#include <gtest/gtest.h>

#include <random>

#include "core/interop/euler.hpp"
#include "core/interop/osim_function.hpp"

namespace js::interop {
namespace {

TEST(OsimFunction, ConstantLinearPolynomialMultiplier) {
  EXPECT_DOUBLE_EQ(OsimFunction::constant(2.5)(-7.0), 2.5);
  EXPECT_DOUBLE_EQ(OsimFunction::linear(2.0, -1.0)(3.0), 5.0);  // slope first, then intercept
  // highest power first: x³ − 2x² + 3 at 2 is 8 − 8 + 3
  EXPECT_DOUBLE_EQ(OsimFunction::polynomial({1.0, -2.0, 0.0, 3.0})(2.0), 3.0);
  EXPECT_DOUBLE_EQ(OsimFunction::polynomial({4.0})(10.0), 4.0);
  EXPECT_DOUBLE_EQ(OsimFunction::multiplier(OsimFunction::linear(2.0, -1.0), 0.5)(3.0), 2.5);
  EXPECT_THROW(OsimFunction::polynomial({}), std::invalid_argument);
}

// the end conditions of SimmSpline (third derivative of the end cubics) reproduce any cubic exactly, which a
// natural spline (zero second derivative at the ends) would not
TEST(OsimFunction, SimmSplineReproducesACubicAndExtrapolatesAlongTheEndTangent) {
  const std::vector<double> x{0.0, 0.5, 1.5, 2.0, 3.0};
  std::vector<double> y;
  for (double v : x) y.push_back(v * v * v - 2.0 * v + 1.0);
  for (OsimFunctionKind kind : {OsimFunctionKind::SimmSpline, OsimFunctionKind::NaturalCubicSpline}) {
    const OsimFunction f = OsimFunction::spline(kind, x, y);
    EXPECT_NEAR(f(1.0), 0.0, 1e-12);       // 1 − 2 + 1
    EXPECT_NEAR(f(2.5), 11.625, 1e-12);    // 15.625 − 5 + 1
    EXPECT_NEAR(f(0.25), 0.515625, 1e-12);  // 0.015625 − 0.5 + 1
    EXPECT_DOUBLE_EQ(f(3.0), 22.0);
    // past the last knot: y(3) + y'(3) (x − 3) = 22 + 25 · 1
    EXPECT_NEAR(f(4.0), 47.0, 1e-10);
    // before the first: y(0) + y'(0) (x − 0) = 1 − 2 · (−1)
    EXPECT_NEAR(f(-1.0), 3.0, 1e-10);
  }
}

TEST(OsimFunction, SplinesOfThreeAndTwoPoints) {
  // three points: the end intervals have no third derivative, so a parabola comes back exactly
  const OsimFunction q = OsimFunction::spline(OsimFunctionKind::SimmSpline, {0.0, 1.0, 3.0}, {0.0, 1.0, 9.0});
  EXPECT_NEAR(q(2.0), 4.0, 1e-12);
  EXPECT_NEAR(q(0.5), 0.25, 1e-12);
  // two points: a line, continued past the ends
  const OsimFunction l = OsimFunction::spline(OsimFunctionKind::SimmSpline, {1.0, 3.0}, {2.0, 6.0});
  EXPECT_DOUBLE_EQ(l(2.0), 4.0);
  EXPECT_DOUBLE_EQ(l(5.0), 10.0);
}

TEST(OsimFunction, SplineInputIsChecked) {
  EXPECT_THROW(OsimFunction::spline(OsimFunctionKind::SimmSpline, {0.0, 1.0}, {0.0}), std::invalid_argument);
  EXPECT_THROW(OsimFunction::spline(OsimFunctionKind::SimmSpline, {0.0}, {0.0}), std::invalid_argument);
  EXPECT_THROW(OsimFunction::spline(OsimFunctionKind::SimmSpline, {0.0, 1.0, 1.0}, {0.0, 1.0, 2.0}), std::invalid_argument);
}

TEST(Euler, EveryOrderRoundTrips) {
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> outer(-3.1, 3.1), middle(-1.5, 1.5);
  for (const AxisOrder& order : tait_bryan_orders()) {
    for (int k = 0; k < 50; ++k) {
      const Vec3 a(outer(rng), middle(rng), outer(rng));
      const Vec3 back = decompose_body_fixed(order, compose_body_fixed(order, a));
      EXPECT_LT((back - a).cwiseAbs().maxCoeff(), 1e-9) << axis_order_name(order);
      EXPECT_NEAR(gimbal_margin(order, compose_body_fixed(order, a)), std::cos(a[1]), 1e-12);
    }
    // at gimbal lock the angles change but the rotation does not
    const Mat3 locked = compose_body_fixed(order, Vec3(0.3, 1.5707963267948966, -0.4));
    EXPECT_LT((compose_body_fixed(order, decompose_body_fixed(order, locked)) - locked).cwiseAbs().maxCoeff(), 1e-9)
        << axis_order_name(order);
  }
  // body-fixed: x first, then y about the turned frame
  EXPECT_LT((compose_body_fixed({0, 1, 2}, Vec3(0.2, 0.3, 0.0)) - axis_rotation(0, 0.2) * axis_rotation(1, 0.3))
                .cwiseAbs()
                .maxCoeff(),
            1e-15);
}

}  // namespace
}  // namespace js::interop
