#include "core/io/axis_function_json.hpp"

namespace js::io {

using nlohmann::ordered_json;

// an OpenSim function as {"type": element name, …its parameters as the xml has them}.
AxisFunction read_axis_function(const JsonCursor& c) {
  c.expect_only_keys({"type", "value", "coefficients", "x", "y", "degree", "scale", "function", "dimension", "order"});
  const JsonCursor type_c = c.at("type");
  AxisFunctionKind kind;
  if (!axis_function_from_element(type_c.string(), kind)) {
    type_c.fail(ErrorKind::InvalidValue, "unknown function type " + type_c.json().dump());
  }
  try {
    switch (kind) {
      case AxisFunctionKind::Constant: return AxisFunction::constant(c.at("value").number());
      case AxisFunctionKind::Linear: {
        const JsonCursor k = c.at("coefficients");
        k.expect_array_size(2, "coefficients (slope, intercept)");
        const std::vector<double> v = k.numbers();
        return AxisFunction::linear(v[0], v[1]);
      }
      case AxisFunctionKind::Polynomial: return AxisFunction::polynomial(c.at("coefficients").numbers());
      case AxisFunctionKind::SimmSpline:
      case AxisFunctionKind::NaturalCubicSpline:
      case AxisFunctionKind::PiecewiseLinear: return AxisFunction::spline(kind, c.at("x").numbers(), c.at("y").numbers());
      case AxisFunctionKind::GCVSpline:
        return AxisFunction::gcv_spline(c.at("degree").integer(), c.at("x").numbers(), c.at("y").numbers());
      case AxisFunctionKind::Multiplier:
        return AxisFunction::multiplier(read_axis_function(c.at("function")), c.at("scale").number());
      case AxisFunctionKind::MultivariatePolynomial:
        return AxisFunction::multivariate_polynomial(c.at("dimension").integer(), c.at("order").integer(),
                                                     c.at("coefficients").numbers());
    }
  } catch (const std::invalid_argument& e) {
    c.fail(ErrorKind::InvalidValue, e.what());
  }
  c.fail(ErrorKind::InvalidValue, "unknown function type");
}

ordered_json axis_function_to_json(const AxisFunction& f) {
  ordered_json j;
  j["type"] = axis_function_element(f.kind());
  switch (f.kind()) {
    case AxisFunctionKind::Constant: j["value"] = f.value(); break;
    case AxisFunctionKind::Linear:
    case AxisFunctionKind::Polynomial: j["coefficients"] = f.coefficients(); break;
    case AxisFunctionKind::GCVSpline:
      j["degree"] = f.degree();
      j["x"] = f.x();
      j["y"] = f.y();
      break;
    case AxisFunctionKind::SimmSpline:
    case AxisFunctionKind::NaturalCubicSpline:
    case AxisFunctionKind::PiecewiseLinear:
      j["x"] = f.x();
      j["y"] = f.y();
      break;
    case AxisFunctionKind::Multiplier:
      j["scale"] = f.scale();
      j["function"] = axis_function_to_json(f.inner());
      break;
    case AxisFunctionKind::MultivariatePolynomial:
      j["dimension"] = f.dimension();
      j["order"] = f.order();
      j["coefficients"] = f.coefficients();
      break;
  }
  return j;
}

}  // namespace js::io
