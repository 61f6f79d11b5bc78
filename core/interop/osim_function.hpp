// the OpenSim function types a CustomJoint's TransformAxis uses, evaluated with OpenSim's own semantics
// (opensim-core, OpenSim/Common):
//   Constant            f(x) = value
//   LinearFunction      f(x) = coefficients[0] x + coefficients[1]              (slope, intercept)
//   PolynomialFunction  f(x) = c_0 x^(n−1) + c_1 x^(n−2) + … + c_(n−1)          (highest power first)
//   SimmSpline          an interpolating cubic through (x_i, y_i) with the end conditions of forsythe,
//                       malcolm & moler: the third derivative in the first and last interval equals that of
//                       the cubic through the four nearest points (three points: zero; two points: a line)
//   NaturalCubicSpline  the same coefficients as SimmSpline: opensim-core computes both with the same
//                       routine, so despite its name the end conditions are not "natural" (s'' = 0)
//   MultiplierFunction  f(x) = scale · g(x)
// outside [x_0, x_(n−1)] both splines continue along the tangent at the end point, as OpenSim does.
#pragma once

#include <memory>
#include <string>
#include <vector>

namespace js::interop {

enum class OsimFunctionKind { Constant, Linear, Polynomial, SimmSpline, NaturalCubicSpline, Multiplier };

// the xml element name ("SimmSpline", "LinearFunction", …).
const char* osim_function_element(OsimFunctionKind kind);

class OsimFunction {
 public:
  OsimFunction() = default;  // Constant 0

  static OsimFunction constant(double value);
  // coefficients = {slope, intercept}
  static OsimFunction linear(double slope, double intercept);
  // coefficients from the highest power to the constant term; at least one. throws std::invalid_argument.
  static OsimFunction polynomial(std::vector<double> coefficients);
  // kind SimmSpline or NaturalCubicSpline through (x_i, y_i): x and y of equal size ≥ 2, x strictly
  // increasing. throws std::invalid_argument saying which condition fails.
  static OsimFunction spline(OsimFunctionKind kind, std::vector<double> x, std::vector<double> y);
  static OsimFunction multiplier(OsimFunction inner, double scale);

  OsimFunctionKind kind() const { return kind_; }
  // f(x)
  double operator()(double x) const;
  // true when f takes one value everywhere (Constant, a zero-slope line, a degree-0 polynomial, a spline of equal
  // y, or a MultiplierFunction of one of these): such a function may sit on a TransformAxis without a coordinate
  bool is_constant() const;

  // the parameters, as the xml stores them
  double value() const { return coefficients_.empty() ? 0.0 : coefficients_[0]; }  // Constant
  const std::vector<double>& coefficients() const { return coefficients_; }        // Linear, Polynomial
  const std::vector<double>& x() const { return x_; }                              // splines
  const std::vector<double>& y() const { return y_; }
  double scale() const { return scale_; }                                          // Multiplier
  const OsimFunction& inner() const { return *inner_; }

 private:
  OsimFunctionKind kind_ = OsimFunctionKind::Constant;
  std::vector<double> coefficients_{0.0};
  std::vector<double> x_, y_, b_, c_, d_;  // spline: y_i + t (b_i + t (c_i + t d_i)), t = x − x_i
  double scale_ = 1.0;
  std::shared_ptr<const OsimFunction> inner_;
};

}  // namespace js::interop
