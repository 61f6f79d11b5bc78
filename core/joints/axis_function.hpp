// the scalar functions an OpenSim CustomJoint's TransformAxis uses, with their first and second derivatives, as
// the custom-axes joint needs them for S and ∇S (custom_axes_joint.hpp). semantics are opensim-core's
// (OpenSim/Common, docs/opensim.md):
//   Constant                        f = value
//   LinearFunction                  f = c_0 x + c_1
//   PolynomialFunction              f = c_0 x^(n−1) + … + c_(n−1)       (highest power first)
//   SimmSpline, NaturalCubicSpline  the interpolating cubic with forsythe–malcolm–moler end conditions (both use
//                                   the same routine in opensim-core); tangent continuation outside the knots
//   GCVSpline                       woltring's natural spline of degree 2m−1 (m = (degree+1)/2) with zero error
//                                   variance, i.e. the interpolating natural spline; degree m−1 outside the knots
//   PiecewiseLinearFunction         straight lines between the points, the end slopes continued outside
//   MultiplierFunction              f = scale · g
//   MultivariatePolynomialFunction  Σ_k c_k Π_d x_d^(e_kd) over every exponent set with Σ e ≤ order, enumerated
//                                   with the first variable's exponent in the outer loop (opensim ≥ 4.4)
// evaluation allocates nothing.
#pragma once

#include <memory>
#include <string>
#include <vector>

namespace js {

enum class AxisFunctionKind {
  Constant,
  Linear,
  Polynomial,
  SimmSpline,
  NaturalCubicSpline,
  GCVSpline,
  PiecewiseLinear,
  Multiplier,
  MultivariatePolynomial,
};

// the xml element name ("SimmSpline", "LinearFunction", …), also the "type" in joint files.
const char* axis_function_element(AxisFunctionKind kind);
bool axis_function_from_element(const std::string& name, AxisFunctionKind& kind);

// largest number of inputs of a multivariate polynomial.
inline constexpr int kMaxAxisFunctionInputs = 6;

class AxisFunction {
 public:
  AxisFunction() = default;  // Constant 0

  static AxisFunction constant(double value);
  static AxisFunction linear(double slope, double intercept);
  // highest power first; at least one coefficient. std::invalid_argument otherwise.
  static AxisFunction polynomial(std::vector<double> coefficients);
  // SimmSpline / NaturalCubicSpline / PiecewiseLinear through (x_i, y_i): equal sizes ≥ 2, x strictly increasing.
  static AxisFunction spline(AxisFunctionKind kind, std::vector<double> x, std::vector<double> y);
  // degree odd in 1…7, at least (degree+1)/2 points, x strictly increasing.
  static AxisFunction gcv_spline(int degree, std::vector<double> x, std::vector<double> y);
  static AxisFunction multiplier(AxisFunction inner, double scale);
  // dimension 1…kMaxAxisFunctionInputs, order ≥ 0, C(dimension+order, order) coefficients.
  static AxisFunction multivariate_polynomial(int dimension, int order, std::vector<double> coefficients);

  AxisFunctionKind kind() const { return kind_; }
  // number of inputs: the dimension of a multivariate polynomial (or of one inside a multiplier), else 1.
  int inputs() const;
  // f(x) of a one-input function
  double operator()(double x) const;
  // f, ∂f/∂x_i (df, inputs() entries) and ∂²f/∂x_i∂x_j (ddf, inputs()² entries, row-major); df/ddf may be null.
  void evaluate(const double* x, double& f, double* df, double* ddf) const;
  // true when f is the same everywhere
  bool is_constant() const;

  // parameters as the xml stores them
  double value() const { return coefficients_.empty() ? 0.0 : coefficients_[0]; }
  const std::vector<double>& coefficients() const { return coefficients_; }  // linear, polynomials
  const std::vector<double>& x() const { return x_; }
  const std::vector<double>& y() const { return y_; }
  double scale() const { return scale_; }
  const AxisFunction& inner() const { return *inner_; }
  int degree() const { return degree_; }        // GCVSpline
  int dimension() const { return dimension_; }  // MultivariatePolynomial
  int order() const { return order_; }          // MultivariatePolynomial

 private:
  void evaluate_1d(double x, double& f, double& df, double& ddf) const;

  AxisFunctionKind kind_ = AxisFunctionKind::Constant;
  std::vector<double> coefficients_{0.0};
  std::vector<double> x_, y_, b_, c_, d_;  // cubic: y_i + t (b_i + t (c_i + t d_i)); gcv: b_ = truncated-power weights
  double scale_ = 1.0;
  int degree_ = 0, dimension_ = 1, order_ = 0;
  std::vector<int> exponents_;  // multivariate: coefficients_.size() × dimension_
  std::shared_ptr<const AxisFunction> inner_;
};

}  // namespace js
