// tensor-product bases and scalar splines in 2 and 3 variables.
#include <gtest/gtest.h>

#include <Eigen/Core>
#include <random>
#include <stdexcept>
#include <vector>

#include "core/spline/tensor.hpp"
#include "tests/core/spline/spline_test_util.hpp"

namespace js::spline {
namespace {

std::vector<double> random_coeffs(int n, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  std::vector<double> c(static_cast<std::size_t>(n));
  for (auto& x : c) x = u(rng);
  return c;
}

struct Axes3 {
  KnotVector a = KnotVector::clamped_from_parameters({0.0, 0.2, 0.25, 0.7, 1.0, 1.4}, 4);
  KnotVector b = KnotVector::periodic(5, 4, -3.0, 3.0);
  KnotVector c = KnotVector::uniform(5, 3, 0.0, 2.0);
};

template <int N>
SplineJet<N> eval(const Axes3& ax, const std::vector<double>& c, const Eigen::Matrix<double, N, 1>& q) {
  SplineJet<N> out;
  if constexpr (N == 2) {
    evaluate_scalar_spline(ax.a, ax.b, c, q, out);
  } else {
    evaluate_scalar_spline(ax.a, ax.b, ax.c, c, q, out);
  }
  return out;
}

template <int N>
void check_against_differences(const Axes3& ax, int num_coeffs, unsigned seed) {
  const auto c = random_coeffs(num_coeffs, seed);
  std::mt19937 rng(seed + 1);
  std::uniform_real_distribution<double> u0(0.05, 1.35), u1(-5.0, 5.0), u2(0.05, 1.95);
  const double h = 1e-6;
  for (int trial = 0; trial < 200; ++trial) {
    Eigen::Matrix<double, N, 1> q;
    q[0] = u0(rng);
    q[1] = u1(rng);
    if constexpr (N == 3) q[2] = u2(rng);
    const auto f = eval<N>(ax, c, q);
    for (int a = 0; a < N; ++a) {
      Eigen::Matrix<double, N, 1> e = Eigen::Matrix<double, N, 1>::Zero();
      e[a] = h;
      const auto fp = eval<N>(ax, c, (q + e).eval());
      const auto fm = eval<N>(ax, c, (q - e).eval());
      const double scale_g = std::max(1.0, f.gradient.cwiseAbs().maxCoeff());
      const double scale_h = std::max(1.0, f.hessian.cwiseAbs().maxCoeff());
      // near knots the difference straddles pieces; its error there is O(h), so be looser.
      EXPECT_NEAR((fp.value - fm.value) / (2 * h), f.gradient[a], 1e-6 * scale_g) << "a=" << a;
      const Eigen::Matrix<double, N, 1> col = (fp.gradient - fm.gradient) / (2 * h);
      EXPECT_LT((col - f.hessian.col(a)).cwiseAbs().maxCoeff(), 1e-4 * scale_h) << "a=" << a;
    }
    EXPECT_LT((f.hessian - f.hessian.transpose()).cwiseAbs().maxCoeff(), 1e-12);
  }
}

TEST(Tensor, GradientAndHessianMatchDifferences2D) {
  Axes3 ax;
  check_against_differences<2>(ax, ax.a.num_control() * ax.b.num_control(), 21);
}

TEST(Tensor, GradientAndHessianMatchDifferences3D) {
  Axes3 ax;
  check_against_differences<3>(ax, ax.a.num_control() * ax.b.num_control() * ax.c.num_control(), 22);
}

TEST(Tensor, MatchesSumOfProductWeights) {
  Axes3 ax;
  const int n = ax.a.num_control() * ax.b.num_control() * ax.c.num_control();
  const auto c = random_coeffs(n, 23);
  TensorBasis<3> basis;
  evaluate_tensor_basis(ax.a, ax.b, ax.c, Eigen::Vector3d(0.61, 2.9, 1.3), basis);
  EXPECT_EQ(basis.num_coefficients(), n);
  EXPECT_EQ(basis.num_products(), 4 * 4 * 3);
  SplineJet<3> sum;
  for (int i = 0; i < 4; ++i) {
    for (int j = 0; j < 4; ++j) {
      for (int k = 0; k < 3; ++k) {
        SplineJet<3> w;
        product_weight(basis, {i, j, k}, w);
        const double ci = c[static_cast<std::size_t>(basis.coefficient_index({i, j, k}))];
        sum.value += ci * w.value;
        sum.gradient += ci * w.gradient;
        sum.hessian += ci * w.hessian;
      }
    }
  }
  SplineJet<3> f;
  evaluate_scalar_spline(basis, c, f);
  EXPECT_NEAR(f.value, sum.value, 1e-13);
  EXPECT_LT((f.gradient - sum.gradient).cwiseAbs().maxCoeff(), 1e-12);
  EXPECT_LT((f.hessian - sum.hessian).cwiseAbs().maxCoeff(), 1e-11);
}

TEST(Tensor, SeparableCoefficientsGiveProductOfCurves) {
  Axes3 ax;
  const auto ca = random_coeffs(ax.a.num_control(), 24);
  const auto cb = random_coeffs(ax.b.num_control(), 25);
  std::vector<double> c;
  for (double x : ca) {
    for (double y : cb) c.push_back(x * y);  // row-major: axis 0 outer
  }
  const Eigen::Vector2d q(0.33, -1.7);
  SplineJet<2> f;
  evaluate_scalar_spline(ax.a, ax.b, c, q, f);
  double fa[3], fb[3];
  for (int d = 0; d < 3; ++d) {
    fa[d] = test::curve(ax.a, ca, q[0], d);
    fb[d] = test::curve(ax.b, cb, q[1], d);
  }
  EXPECT_NEAR(f.value, fa[0] * fb[0], 1e-14);
  EXPECT_NEAR(f.gradient[0], fa[1] * fb[0], 1e-13);
  EXPECT_NEAR(f.gradient[1], fa[0] * fb[1], 1e-13);
  EXPECT_NEAR(f.hessian(0, 0), fa[2] * fb[0], 1e-12);
  EXPECT_NEAR(f.hessian(0, 1), fa[1] * fb[1], 1e-12);
  EXPECT_NEAR(f.hessian(1, 1), fa[0] * fb[2], 1e-12);
}

TEST(Tensor, ConstantCoefficientsGiveAConstant) {
  Axes3 ax;
  const std::vector<double> c(static_cast<std::size_t>(ax.a.num_control() * ax.b.num_control() * ax.c.num_control()), 2.5);
  SplineJet<3> f;
  evaluate_scalar_spline(ax.a, ax.b, ax.c, c, Eigen::Vector3d(1.1, 0.4, 0.2), f);
  EXPECT_NEAR(f.value, 2.5, 1e-13);
  EXPECT_LT(f.gradient.cwiseAbs().maxCoeff(), 1e-12);
  EXPECT_LT(f.hessian.cwiseAbs().maxCoeff(), 1e-10);
}

TEST(Tensor, PeriodicAxisWrapsOntoItsControls) {
  Axes3 ax;
  const auto c = random_coeffs(ax.a.num_control() * ax.b.num_control(), 26);
  SplineJet<2> f, g;
  evaluate_scalar_spline(ax.a, ax.b, c, Eigen::Vector2d(0.5, 1.0), f);
  evaluate_scalar_spline(ax.a, ax.b, c, Eigen::Vector2d(0.5, 1.0 + 6.0), g);
  EXPECT_NEAR(f.value, g.value, 1e-12);
  EXPECT_LT((f.gradient - g.gradient).cwiseAbs().maxCoeff(), 1e-10);
  EXPECT_LT((f.hessian - g.hessian).cwiseAbs().maxCoeff(), 1e-9);
}

TEST(Tensor, WrongCoefficientCountThrows) {
  Axes3 ax;
  const std::vector<double> c(7, 0.0);
  SplineJet<2> f;
  EXPECT_THROW(evaluate_scalar_spline(ax.a, ax.b, c, Eigen::Vector2d(0.5, 0.5), f), std::invalid_argument);
}

}  // namespace
}  // namespace js::spline
