#include "core/joints/axis_function.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <stdexcept>
#include <utility>

#include <Eigen/Dense>

namespace js {

namespace {
constexpr std::array<std::pair<AxisFunctionKind, const char*>, 9> kElements{{
    {AxisFunctionKind::Constant, "Constant"},
    {AxisFunctionKind::Linear, "LinearFunction"},
    {AxisFunctionKind::Polynomial, "PolynomialFunction"},
    {AxisFunctionKind::SimmSpline, "SimmSpline"},
    {AxisFunctionKind::NaturalCubicSpline, "NaturalCubicSpline"},
    {AxisFunctionKind::GCVSpline, "GCVSpline"},
    {AxisFunctionKind::PiecewiseLinear, "PiecewiseLinearFunction"},
    {AxisFunctionKind::Multiplier, "MultiplierFunction"},
    {AxisFunctionKind::MultivariatePolynomial, "MultivariatePolynomialFunction"},
}};

void check_points(const std::vector<double>& x, const std::vector<double>& y, std::size_t least) {
  if (x.size() != y.size()) {
    throw std::invalid_argument(std::to_string(x.size()) + " x values but " + std::to_string(y.size()) + " y values");
  }
  if (x.size() < least) {
    throw std::invalid_argument("needs at least " + std::to_string(least) + " points, got " + std::to_string(x.size()));
  }
  for (std::size_t i = 1; i < x.size(); ++i) {
    if (!(x[i] > x[i - 1])) {
      throw std::invalid_argument("x values must increase: x[" + std::to_string(i) + "] = " + std::to_string(x[i]) +
                                  " after " + std::to_string(x[i - 1]));
    }
  }
}

// (t)_+^p and its first two derivatives
void truncated_power(double t, int p, double& v, double& d1, double& d2) {
  if (t <= 0.0) {
    v = d1 = d2 = 0.0;
    return;
  }
  v = std::pow(t, p);
  d1 = p * std::pow(t, p - 1);
  d2 = p > 1 ? p * (p - 1) * std::pow(t, p - 2) : 0.0;
}
}  // namespace

const char* axis_function_element(AxisFunctionKind kind) {
  for (const auto& [k, n] : kElements) {
    if (k == kind) return n;
  }
  return "?";
}

bool axis_function_from_element(const std::string& name, AxisFunctionKind& kind) {
  for (const auto& [k, n] : kElements) {
    if (name == n) {
      kind = k;
      return true;
    }
  }
  return false;
}

AxisFunction AxisFunction::constant(double value) {
  AxisFunction f;
  f.coefficients_ = {value};
  return f;
}

AxisFunction AxisFunction::linear(double slope, double intercept) {
  AxisFunction f;
  f.kind_ = AxisFunctionKind::Linear;
  f.coefficients_ = {slope, intercept};
  return f;
}

AxisFunction AxisFunction::polynomial(std::vector<double> coefficients) {
  if (coefficients.empty()) throw std::invalid_argument("a polynomial needs at least one coefficient");
  AxisFunction f;
  f.kind_ = AxisFunctionKind::Polynomial;
  f.coefficients_ = std::move(coefficients);
  return f;
}

AxisFunction AxisFunction::multiplier(AxisFunction inner, double scale) {
  AxisFunction f;
  f.kind_ = AxisFunctionKind::Multiplier;
  f.scale_ = scale;
  f.inner_ = std::make_shared<const AxisFunction>(std::move(inner));
  return f;
}

AxisFunction AxisFunction::multivariate_polynomial(int dimension, int order, std::vector<double> coefficients) {
  if (dimension < 1 || dimension > kMaxAxisFunctionInputs) {
    throw std::invalid_argument("dimension " + std::to_string(dimension) + " out of range (1 to " +
                                std::to_string(kMaxAxisFunctionInputs) + ")");
  }
  if (order < 0 || order > 20) throw std::invalid_argument("order " + std::to_string(order) + " out of range (0 to 20)");
  AxisFunction f;
  f.kind_ = AxisFunctionKind::MultivariatePolynomial;
  f.dimension_ = dimension;
  f.order_ = order;
  // every exponent set with sum ≤ order, the first variable's exponent in the outermost loop (opensim-core
  // MultivariatePolynomialFunction.cpp, generateCombinations)
  std::vector<int> current;
  auto recurse = [&](auto&& self, int level, int sum) -> void {
    if (level == dimension) {
      f.exponents_.insert(f.exponents_.end(), current.begin(), current.end());
      return;
    }
    for (int e = 0; e <= order - sum; ++e) {
      current.push_back(e);
      self(self, level + 1, sum + e);
      current.pop_back();
    }
  };
  recurse(recurse, 0, 0);
  const std::size_t terms = f.exponents_.size() / static_cast<std::size_t>(dimension);
  if (coefficients.size() != terms) {
    throw std::invalid_argument("a polynomial of dimension " + std::to_string(dimension) + " and order " +
                                std::to_string(order) + " has " + std::to_string(terms) + " coefficients, got " +
                                std::to_string(coefficients.size()));
  }
  f.coefficients_ = std::move(coefficients);
  return f;
}

AxisFunction AxisFunction::spline(AxisFunctionKind kind, std::vector<double> x, std::vector<double> y) {
  if (kind != AxisFunctionKind::SimmSpline && kind != AxisFunctionKind::NaturalCubicSpline &&
      kind != AxisFunctionKind::PiecewiseLinear) {
    throw std::invalid_argument("not a spline kind");
  }
  check_points(x, y, 2);
  AxisFunction f;
  f.kind_ = kind;
  const std::size_t n = x.size();
  f.b_.assign(n, 0.0);
  f.c_.assign(n, 0.0);
  f.d_.assign(n, 0.0);
  if (kind == AxisFunctionKind::PiecewiseLinear) {
    // opensim-core PiecewiseLinearFunction: slope of each segment, the last segment's continued on the right
    for (std::size_t i = 0; i + 1 < n; ++i) f.b_[i] = (y[i + 1] - y[i]) / (x[i + 1] - x[i]);
    f.b_[n - 1] = f.b_[n - 2];
  } else if (n == 2) {
    f.b_[0] = f.b_[1] = (y[1] - y[0]) / (x[1] - x[0]);
  } else {
    // forsythe, malcolm & moler (the routine of opensim-core SimmSpline.cpp calcCoefficients): s_i = y''(x_i)/6,
    // end rows from the third divided differences of the four end points (zero with three points)
    std::vector<double> h(n - 1), slope(n - 1), diag(n), rhs(n);
    for (std::size_t i = 0; i + 1 < n; ++i) {
      h[i] = x[i + 1] - x[i];
      slope[i] = (y[i + 1] - y[i]) / h[i];
    }
    for (std::size_t i = 1; i + 1 < n; ++i) {
      diag[i] = 2.0 * (h[i - 1] + h[i]);
      rhs[i] = slope[i] - slope[i - 1];
    }
    diag[0] = -h[0];
    diag[n - 1] = -h[n - 2];
    rhs[0] = rhs[n - 1] = 0.0;
    if (n > 3) {
      const double left = (rhs[2] / (x[3] - x[1]) - rhs[1] / (x[2] - x[0])) / (x[3] - x[0]);
      const double right = (rhs[n - 2] / (x[n - 1] - x[n - 3]) - rhs[n - 3] / (x[n - 2] - x[n - 4])) / (x[n - 1] - x[n - 4]);
      rhs[0] = left * h[0] * h[0];
      rhs[n - 1] = -right * h[n - 2] * h[n - 2];
    }
    for (std::size_t i = 1; i < n; ++i) {
      const double t = h[i - 1] / diag[i - 1];
      diag[i] -= t * h[i - 1];
      rhs[i] -= t * rhs[i - 1];
    }
    std::vector<double> s(n);
    s[n - 1] = rhs[n - 1] / diag[n - 1];
    for (std::size_t k = n - 1; k-- > 0;) s[k] = (rhs[k] - h[k] * s[k + 1]) / diag[k];
    for (std::size_t i = 0; i + 1 < n; ++i) {
      f.b_[i] = slope[i] - h[i] * (s[i + 1] + 2.0 * s[i]);
      f.c_[i] = 3.0 * s[i];
      f.d_[i] = (s[i + 1] - s[i]) / h[i];
    }
    f.b_[n - 1] = slope[n - 2] + h[n - 2] * (s[n - 2] + 2.0 * s[n - 1]);
    f.c_[n - 1] = 3.0 * s[n - 1];
    f.d_[n - 1] = f.d_[n - 2];
  }
  f.x_ = std::move(x);
  f.y_ = std::move(y);
  f.coefficients_.clear();
  return f;
}

AxisFunction AxisFunction::gcv_spline(int degree, std::vector<double> x, std::vector<double> y) {
  if (degree < 1 || degree > 7 || degree % 2 == 0) {
    throw std::invalid_argument("degree " + std::to_string(degree) + " must be 1, 3, 5 or 7");
  }
  const int m = (degree + 1) / 2;
  check_points(x, y, static_cast<std::size_t>(std::max(2, m)));
  AxisFunction f;
  f.kind_ = AxisFunctionKind::GCVSpline;
  f.degree_ = degree;
  const int n = static_cast<int>(x.size());
  // the interpolating natural spline of order 2m as Σ_j<m α_j u^j + Σ_i β_i (u − u_i)_+^(2m−1), Σ_i β_i u_i^j = 0
  // (which makes it a polynomial of degree m−1 outside the knots), in u = (x − x_0)/L for conditioning
  const double x0 = x.front(), L = x.back() - x.front();
  Eigen::MatrixXd A = Eigen::MatrixXd::Zero(n + m, n + m);
  Eigen::VectorXd r = Eigen::VectorXd::Zero(n + m);
  for (int k = 0; k < n; ++k) {
    const double uk = (x[static_cast<std::size_t>(k)] - x0) / L;
    for (int i = 0; i < n; ++i) {
      double v, d1, d2;
      truncated_power(uk - (x[static_cast<std::size_t>(i)] - x0) / L, degree, v, d1, d2);
      A(k, i) = v;
    }
    for (int j = 0; j < m; ++j) {
      A(k, n + j) = std::pow(uk, j);
      A(n + j, k) = std::pow(uk, j);
    }
    r[k] = y[static_cast<std::size_t>(k)];
  }
  const Eigen::VectorXd s = A.fullPivLu().solve(r);
  if (!s.allFinite() || !(A * s).isApprox(r, 1e-8 * (1.0 + r.norm()))) {
    throw std::invalid_argument("the interpolating spline cannot be computed (points too close together?)");
  }
  f.b_.assign(s.data(), s.data() + n);
  f.c_.assign(s.data() + n, s.data() + n + m);
  f.d_ = {x0, L};
  f.x_ = std::move(x);
  f.y_ = std::move(y);
  f.coefficients_.clear();
  return f;
}

int AxisFunction::inputs() const {
  if (kind_ == AxisFunctionKind::MultivariatePolynomial) return dimension_;
  if (kind_ == AxisFunctionKind::Multiplier) return inner_->inputs();
  return 1;
}

bool AxisFunction::is_constant() const {
  switch (kind_) {
    case AxisFunctionKind::Constant: return true;
    case AxisFunctionKind::Linear: return coefficients_[0] == 0.0;
    case AxisFunctionKind::Polynomial:
      return std::all_of(coefficients_.begin(), coefficients_.end() - 1, [](double c) { return c == 0.0; });
    case AxisFunctionKind::Multiplier: return scale_ == 0.0 || inner_->is_constant();
    case AxisFunctionKind::MultivariatePolynomial:
      return std::all_of(coefficients_.begin() + 1, coefficients_.end(), [](double c) { return c == 0.0; });
    case AxisFunctionKind::SimmSpline:
    case AxisFunctionKind::NaturalCubicSpline:
    case AxisFunctionKind::GCVSpline:
    case AxisFunctionKind::PiecewiseLinear:
      return std::all_of(y_.begin(), y_.end(), [&](double v) { return v == y_[0]; });
  }
  return false;
}

double AxisFunction::operator()(double x) const {
  double f = 0.0;
  evaluate(&x, f, nullptr, nullptr);
  return f;
}

void AxisFunction::evaluate_1d(double x, double& f, double& df, double& ddf) const {
  df = ddf = 0.0;
  switch (kind_) {
    case AxisFunctionKind::Constant: f = value(); return;
    case AxisFunctionKind::Linear:
      f = coefficients_[0] * x + coefficients_[1];
      df = coefficients_[0];
      return;
    case AxisFunctionKind::Polynomial:
      f = 0.0;
      for (double c : coefficients_) {  // horner for f, f′ and f″ together
        ddf = ddf * x + 2.0 * df;
        df = df * x + f;
        f = f * x + c;
      }
      return;
    case AxisFunctionKind::GCVSpline: {
      const int m = (degree_ + 1) / 2;
      const double x0 = d_[0], L = d_[1], u = (x - x0) / L;
      f = 0.0;
      for (int j = m - 1; j >= 0; --j) {  // horner on the α_j
        ddf = ddf * u + 2.0 * df;
        df = df * u + f;
        f = f * u + c_[static_cast<std::size_t>(j)];
      }
      for (std::size_t i = 0; i < x_.size(); ++i) {
        double v, d1, d2;
        truncated_power(u - (x_[i] - x0) / L, degree_, v, d1, d2);
        f += b_[i] * v;
        df += b_[i] * d1;
        ddf += b_[i] * d2;
      }
      df /= L;
      ddf /= L * L;
      return;
    }
    case AxisFunctionKind::Multiplier:
    case AxisFunctionKind::MultivariatePolynomial: return;  // handled by evaluate
    case AxisFunctionKind::SimmSpline:
    case AxisFunctionKind::NaturalCubicSpline:
    case AxisFunctionKind::PiecewiseLinear: break;
  }
  const std::size_t n = x_.size();
  // tangent continuation outside the knots
  if (x < x_[0]) {
    f = y_[0] + (x - x_[0]) * b_[0];
    df = b_[0];
    return;
  }
  if (x >= x_[n - 1]) {
    f = y_[n - 1] + (x - x_[n - 1]) * b_[n - 1];
    df = b_[n - 1];
    return;
  }
  const std::size_t k = static_cast<std::size_t>(std::upper_bound(x_.begin(), x_.end(), x) - x_.begin()) - 1;
  const double t = x - x_[k];
  f = y_[k] + t * (b_[k] + t * (c_[k] + t * d_[k]));
  df = b_[k] + t * (2.0 * c_[k] + 3.0 * t * d_[k]);
  ddf = 2.0 * c_[k] + 6.0 * t * d_[k];
}

void AxisFunction::evaluate(const double* x, double& f, double* df, double* ddf) const {
  const int n = inputs();
  if (kind_ == AxisFunctionKind::Multiplier) {
    inner_->evaluate(x, f, df, ddf);
    f *= scale_;
    for (int i = 0; df && i < n; ++i) df[i] *= scale_;
    for (int i = 0; ddf && i < n * n; ++i) ddf[i] *= scale_;
    return;
  }
  if (kind_ == AxisFunctionKind::MultivariatePolynomial) {
    // Σ c_k Π x_d^e, each term's derivatives from the powers directly (orders are small)
    f = 0.0;
    if (df) std::fill(df, df + n, 0.0);
    if (ddf) std::fill(ddf, ddf + static_cast<std::ptrdiff_t>(n) * n, 0.0);
    std::array<std::array<double, 24>, kMaxAxisFunctionInputs> pw{};  // x_d^p, p ≤ order
    for (int d = 0; d < n; ++d) {
      pw[static_cast<std::size_t>(d)][0] = 1.0;
      for (int p = 1; p <= order_ && p < 24; ++p) pw[static_cast<std::size_t>(d)][static_cast<std::size_t>(p)] = pw[static_cast<std::size_t>(d)][static_cast<std::size_t>(p - 1)] * x[d];
    }
    auto power = [&](int d, int p) { return p < 0 ? 0.0 : pw[static_cast<std::size_t>(d)][static_cast<std::size_t>(p)]; };
    for (std::size_t k = 0; k < coefficients_.size(); ++k) {
      const double c = coefficients_[k];
      if (c == 0.0) continue;
      const int* e = &exponents_[k * static_cast<std::size_t>(n)];
      double term = c;
      for (int d = 0; d < n; ++d) term *= power(d, e[d]);
      f += term;
      for (int i = 0; df && i < n; ++i) {
        if (e[i] == 0) continue;
        double g = c * e[i];
        for (int d = 0; d < n; ++d) g *= power(d, d == i ? e[d] - 1 : e[d]);
        df[i] += g;
      }
      for (int i = 0; ddf && i < n; ++i) {
        for (int j = 0; j < n; ++j) {
          const int ei = e[i], ej = e[j];
          double g = 0.0;
          if (i == j) {
            if (ei < 2) continue;
            g = c * ei * (ei - 1);
            for (int d = 0; d < n; ++d) g *= power(d, d == i ? e[d] - 2 : e[d]);
          } else {
            if (ei == 0 || ej == 0) continue;
            g = c * ei * ej;
            for (int d = 0; d < n; ++d) g *= power(d, d == i || d == j ? e[d] - 1 : e[d]);
          }
          ddf[i * n + j] += g;
        }
      }
    }
    return;
  }
  double d1 = 0.0, d2 = 0.0;
  evaluate_1d(x[0], f, d1, d2);
  if (df) df[0] = d1;
  if (ddf) ddf[0] = d2;
}

}  // namespace js
