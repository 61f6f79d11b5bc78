// the custom-axes joint: S and ∇S against finite differences (harness), its functions' analytic derivatives
// against finite differences, each function kind's documented definition, and the joint file round trip.
#include <cmath>
#include <random>

#include <gtest/gtest.h>

#include "core/io/joint_file.hpp"
#include "core/joints/custom_axes_joint.hpp"
#include "tests/core/joints/custom_axes_cases.hpp"

namespace js::test {

INSTANTIATE_TEST_SUITE_P(CustomAxes, JointHarnessTest, ::testing::ValuesIn(custom_axes_cases()), joint_case_name);

namespace {

// f′ and f″ by central differences of the function itself, against evaluate()
void check_derivatives(const AxisFunction& f, double lo, double hi, double tol) {
  std::mt19937 rng(7);
  const int n = f.inputs();
  std::uniform_real_distribution<double> u(lo, hi);
  for (int s = 0; s < 40; ++s) {
    double x[kMaxAxisFunctionInputs];
    for (int i = 0; i < n; ++i) x[i] = u(rng);
    double v = 0.0, df[kMaxAxisFunctionInputs], ddf[kMaxAxisFunctionInputs * kMaxAxisFunctionInputs];
    f.evaluate(x, v, df, ddf);
    const double h = 1e-5;
    for (int i = 0; i < n; ++i) {
      double xp[kMaxAxisFunctionInputs], xm[kMaxAxisFunctionInputs];
      std::copy(x, x + n, xp);
      std::copy(x, x + n, xm);
      xp[i] += h;
      xm[i] -= h;
      double fp, fm, dfp[kMaxAxisFunctionInputs], dfm[kMaxAxisFunctionInputs];
      f.evaluate(xp, fp, dfp, nullptr);
      f.evaluate(xm, fm, dfm, nullptr);
      EXPECT_NEAR(df[i], (fp - fm) / (2 * h), tol * (1 + std::abs(df[i]))) << axis_function_element(f.kind()) << " x0=" << x[0];
      for (int j = 0; j < n; ++j) {
        EXPECT_NEAR(ddf[j * n + i], (dfp[j] - dfm[j]) / (2 * h), tol * (1 + std::abs(ddf[j * n + i])))
            << axis_function_element(f.kind()) << " x0=" << x[0];
      }
    }
  }
}

}  // namespace

TEST(AxisFunction, DerivativesMatchFiniteDifferences) {
  check_derivatives(AxisFunction::linear(0.7, -0.1), -3, 3, 1e-7);
  check_derivatives(AxisFunction::polynomial({0.3, -0.2, 1.1, 0.05, 2.0}), -2, 2, 1e-6);
  check_derivatives(AxisFunction::spline(AxisFunctionKind::SimmSpline, {-2, -1, 0, 1.5, 2.5}, {0.3, -0.1, 0.2, 0.5, -0.4}), -3, 3, 1e-5);
  check_derivatives(AxisFunction::gcv_spline(5, {-2.5, -1.2, -0.3, 0.4, 1.3, 2.6}, {0.1, 0.4, -0.2, 0.3, 0.2, -0.5}), -3, 3, 1e-5);
  check_derivatives(AxisFunction::multiplier(AxisFunction::polynomial({1.0, 0.0, 0.0}), -3.0), -2, 2, 1e-6);
  check_derivatives(AxisFunction::multivariate_polynomial(3, 3, std::vector<double>(20, 0.3)), -1, 1, 1e-6);
}

TEST(AxisFunction, DocumentedDefinitions) {
  // PolynomialFunction: highest power first
  EXPECT_DOUBLE_EQ(AxisFunction::polynomial({2.0, 3.0, 5.0})(2.0), 2 * 4 + 3 * 2 + 5);
  // PiecewiseLinearFunction: lines between points, end slopes continued
  const AxisFunction pl = AxisFunction::spline(AxisFunctionKind::PiecewiseLinear, {0, 1, 3}, {0, 2, 3});
  EXPECT_DOUBLE_EQ(pl(0.5), 1.0);
  EXPECT_DOUBLE_EQ(pl(2.0), 2.5);
  EXPECT_DOUBLE_EQ(pl(5.0), 4.0);
  EXPECT_DOUBLE_EQ(pl(-1.0), -2.0);
  // GCVSpline (zero error variance): interpolates; natural: degree m−1 outside the knots (a line for degree 3)
  const std::vector<double> x{0, 0.5, 1.2, 2, 3}, y{1, -1, 0.5, 2, 0};
  const AxisFunction g = AxisFunction::gcv_spline(3, x, y);
  for (std::size_t i = 0; i < x.size(); ++i) EXPECT_NEAR(g(x[i]), y[i], 1e-10);
  double v, d1, d2;
  const double left = -1.0;
  g.evaluate(&left, v, &d1, &d2);
  EXPECT_NEAR(d2, 0.0, 1e-9);
  const AxisFunction g5 = AxisFunction::gcv_spline(5, x, y);
  for (std::size_t i = 0; i < x.size(); ++i) EXPECT_NEAR(g5(x[i]), y[i], 1e-10);
  // MultivariatePolynomialFunction: dimension 2, order 2 in opensim's order
  // (0,0) (0,1) (0,2) (1,0) (1,1) (2,0) → c0 + c1 y + c2 y² + c3 x + c4 x y + c5 x²
  const AxisFunction mv = AxisFunction::multivariate_polynomial(2, 2, {1, 2, 3, 4, 5, 6});
  const double xy[2] = {0.7, -1.3};
  double f = 0.0;
  mv.evaluate(xy, f, nullptr, nullptr);
  EXPECT_NEAR(f, 1 + 2 * xy[1] + 3 * xy[1] * xy[1] + 4 * xy[0] + 5 * xy[0] * xy[1] + 6 * xy[0] * xy[0], 1e-12);
  EXPECT_THROW(AxisFunction::multivariate_polynomial(2, 2, {1, 2, 3}), std::invalid_argument);
  EXPECT_THROW(AxisFunction::gcv_spline(4, x, y), std::invalid_argument);
}

TEST(CustomAxesJoint, JointFileRoundTrip) {
  for (const JointCase& c : custom_axes_cases()) {
    std::unique_ptr<JointModel> j = c.make();
    std::mt19937 rng(3);
    j->set_offsets(random_transform(rng), random_transform(rng));
    const std::unique_ptr<JointModel> back = io::read_joint_json(io::joint_to_json(*j), "roundtrip");
    ASSERT_EQ(back->kind(), j->kind());
    JointData a(j->dof()), b(j->dof());
    JointVector q = JointVector::Constant(j->dof(), 0.37);
    j->evaluate(q, a);
    back->evaluate(q, b);
    EXPECT_TRUE(a.G.is_approx(b.G, 1e-15)) << c.name;
    EXPECT_LT((a.dS - b.dS).norm(), 1e-14) << c.name;
  }
}

TEST(CustomAxesJoint, RefusesBadAxes) {
  std::array<CustomAxis, 6> axes;
  axes[0].coordinates = {0};
  axes[0].function = AxisFunction::multivariate_polynomial(2, 1, {0, 1, 1});
  EXPECT_THROW(CustomAxesJoint({Coordinate{"a"}}, axes), std::invalid_argument);  // 1 coordinate, 2 inputs
  axes[0].function = AxisFunction::linear(1, 0);
  axes[1].function = AxisFunction::linear(1, 0);  // moves without a coordinate
  EXPECT_THROW(CustomAxesJoint({Coordinate{"a"}}, axes), std::invalid_argument);
}

}  // namespace js::test
