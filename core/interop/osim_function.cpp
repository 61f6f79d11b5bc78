#include "core/interop/osim_function.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace js::interop {

const char* osim_function_element(OsimFunctionKind kind) {
  switch (kind) {
    case OsimFunctionKind::Constant: return "Constant";
    case OsimFunctionKind::Linear: return "LinearFunction";
    case OsimFunctionKind::Polynomial: return "PolynomialFunction";
    case OsimFunctionKind::SimmSpline: return "SimmSpline";
    case OsimFunctionKind::NaturalCubicSpline: return "NaturalCubicSpline";
    case OsimFunctionKind::Multiplier: return "MultiplierFunction";
  }
  return "?";
}

OsimFunction OsimFunction::constant(double value) {
  OsimFunction f;
  f.coefficients_ = {value};
  return f;
}

OsimFunction OsimFunction::linear(double slope, double intercept) {
  OsimFunction f;
  f.kind_ = OsimFunctionKind::Linear;
  f.coefficients_ = {slope, intercept};
  return f;
}

OsimFunction OsimFunction::polynomial(std::vector<double> coefficients) {
  if (coefficients.empty()) throw std::invalid_argument("a polynomial needs at least one coefficient");
  OsimFunction f;
  f.kind_ = OsimFunctionKind::Polynomial;
  f.coefficients_ = std::move(coefficients);
  return f;
}

OsimFunction OsimFunction::multiplier(OsimFunction inner, double scale) {
  OsimFunction f;
  f.kind_ = OsimFunctionKind::Multiplier;
  f.scale_ = scale;
  f.inner_ = std::make_shared<const OsimFunction>(std::move(inner));
  return f;
}

OsimFunction OsimFunction::spline(OsimFunctionKind kind, std::vector<double> x, std::vector<double> y) {
  if (kind != OsimFunctionKind::SimmSpline && kind != OsimFunctionKind::NaturalCubicSpline) {
    throw std::invalid_argument("not a spline kind");
  }
  if (x.size() != y.size()) {
    throw std::invalid_argument(std::to_string(x.size()) + " x values but " + std::to_string(y.size()) + " y values");
  }
  if (x.size() < 2) throw std::invalid_argument("a spline needs at least 2 points, got " + std::to_string(x.size()));
  for (std::size_t i = 1; i < x.size(); ++i) {
    if (!(x[i] > x[i - 1])) {
      throw std::invalid_argument("x values must increase: x[" + std::to_string(i) + "] = " + std::to_string(x[i]) +
                                  " after " + std::to_string(x[i - 1]));
    }
  }
  OsimFunction f;
  f.kind_ = kind;
  const std::size_t n = x.size();
  f.b_.assign(n, 0.0);
  f.c_.assign(n, 0.0);
  f.d_.assign(n, 0.0);
  if (n == 2) {
    f.b_[0] = f.b_[1] = (y[1] - y[0]) / (x[1] - x[0]);
  } else {
    // unknowns s_i = y''(x_i) / 6; rows h_(i−1) s_(i−1) + 2 (h_(i−1) + h_i) s_i + h_i s_(i+1) = Δ_i − Δ_(i−1)
    // with Δ_i the slope of interval i; end rows −h s_0 + h s_1 = h² δ³_0 (δ³: third divided difference
    // of the four end points; 0 with three points), mirrored at the right end.
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
    // tridiagonal solve (off-diagonals h), no pivoting as in the reference routine
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

bool OsimFunction::is_constant() const {
  switch (kind_) {
    case OsimFunctionKind::Constant: return true;
    case OsimFunctionKind::Linear: return coefficients_[0] == 0.0;
    case OsimFunctionKind::Polynomial:
      return std::all_of(coefficients_.begin(), coefficients_.end() - 1, [](double c) { return c == 0.0; });
    case OsimFunctionKind::Multiplier: return scale_ == 0.0 || inner_->is_constant();
    case OsimFunctionKind::SimmSpline:
    case OsimFunctionKind::NaturalCubicSpline:
      return std::all_of(y_.begin(), y_.end(), [&](double v) { return v == y_[0]; });
  }
  return false;
}

double OsimFunction::operator()(double x) const {
  switch (kind_) {
    case OsimFunctionKind::Constant: return value();
    case OsimFunctionKind::Linear: return coefficients_[0] * x + coefficients_[1];
    case OsimFunctionKind::Polynomial: {
      double v = 0.0;
      for (double c : coefficients_) v = v * x + c;  // horner, highest power first
      return v;
    }
    case OsimFunctionKind::Multiplier: return scale_ * (*inner_)(x);
    case OsimFunctionKind::SimmSpline:
    case OsimFunctionKind::NaturalCubicSpline: break;
  }
  const std::size_t n = x_.size();
  // tangent continuation outside the knots, exact values at the ends
  if (x < x_[0]) return y_[0] + (x - x_[0]) * b_[0];
  if (x > x_[n - 1]) return y_[n - 1] + (x - x_[n - 1]) * b_[n - 1];
  if (x == x_[n - 1]) return y_[n - 1];
  const std::size_t k = static_cast<std::size_t>(std::upper_bound(x_.begin(), x_.end(), x) - x_.begin()) - 1;
  const double t = x - x_[k];
  return y_[k] + t * (b_[k] + t * (c_[k] + t * d_[k]));
}

}  // namespace js::interop
