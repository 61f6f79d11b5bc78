// each OpenSim 4 joint type as a core joint (docs/opensim.md "Joint types"), and OpenSim functions as
// AxisFunctions. the definitions are Simbody's mobilizers, which OpenSim's joints wrap (with Euler angles for
// the rotational ones: OpenSim sets useEulerAngles, so a ball is a body-fixed x-y-z sequence, not a quaternion).
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <sstream>

#include "core/interop/osim_model_parts.hpp"
#include "core/joints/custom_axes_joint.hpp"
#include "core/joints/ellipsoid_joint.hpp"
#include "core/joints/series_joint.hpp"
#include "core/joints/lower_pairs.hpp"

namespace js::interop::detail {

std::string element_tag(const XMLElement* e) {
  std::string t = std::string("<") + e->Name();
  if (const char* n = e->Attribute("name")) t += std::string(" name='") + n + "'";
  return t + ">";
}

std::string element_text(const XMLElement* e) { return e && e->GetText() ? e->GetText() : ""; }

std::vector<double> element_numbers(const XMLElement* e, int count) {
  std::vector<double> v;
  std::istringstream in(element_text(e));
  std::string word;
  while (in >> word) {
    errno = 0;
    char* end = nullptr;
    const double x = std::strtod(word.c_str(), &end);
    if (end != word.c_str() + word.size() || errno == ERANGE || !std::isfinite(x)) {
      throw ElementError{e, "'" + word + "' is not a finite number"};
    }
    v.push_back(x);
  }
  if (count >= 0 && static_cast<int>(v.size()) != count) {
    throw ElementError{e, "expected " + std::to_string(count) + " numbers, got " + std::to_string(v.size())};
  }
  return v;
}

double element_number(const XMLElement* e) { return element_numbers(e, 1)[0]; }

Vec3 element_vec3(const XMLElement* e) {
  const std::vector<double> v = element_numbers(e, 3);
  return Vec3(v[0], v[1], v[2]);
}

bool element_flag(const XMLElement* e, const char* child) {
  const XMLElement* f = e->FirstChildElement(child);
  return f && element_text(f).find("true") != std::string::npos;
}

const XMLElement* required_child(const XMLElement* e, const char* name) {
  const XMLElement* c = e->FirstChildElement(name);
  if (!c) throw ElementError{e, std::string("missing element <") + name + ">"};
  return c;
}

std::vector<std::string> element_words(const XMLElement* e) {
  std::istringstream in(element_text(e));
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

std::string last_path_part(const std::string& path) {
  std::string p = path;
  while (!p.empty() && p.back() == '/') p.pop_back();
  const std::size_t slash = p.find_last_of('/');
  return slash == std::string::npos ? p : p.substr(slash + 1);
}

AxisFunction read_osim_function(const XMLElement* e) {
  const std::string name = e->Name();
  AxisFunctionKind kind;
  if (!axis_function_from_element(name, kind)) {
    throw ElementError{e, "unknown function type '" + name +
                              "' (known: Constant, LinearFunction, PolynomialFunction, SimmSpline, NaturalCubicSpline, "
                              "GCVSpline, PiecewiseLinearFunction, MultiplierFunction, MultivariatePolynomialFunction)"};
  }
  try {
    switch (kind) {
      case AxisFunctionKind::Constant: return AxisFunction::constant(element_number(required_child(e, "value")));
      case AxisFunctionKind::Linear: {
        const std::vector<double> c = element_numbers(required_child(e, "coefficients"), 2);
        return AxisFunction::linear(c[0], c[1]);
      }
      case AxisFunctionKind::Polynomial: return AxisFunction::polynomial(element_numbers(required_child(e, "coefficients"), -1));
      case AxisFunctionKind::SimmSpline:
      case AxisFunctionKind::NaturalCubicSpline:
      case AxisFunctionKind::PiecewiseLinear:
        return AxisFunction::spline(kind, element_numbers(required_child(e, "x"), -1), element_numbers(required_child(e, "y"), -1));
      case AxisFunctionKind::GCVSpline: {
        const XMLElement* d = e->FirstChildElement("degree");
        const int degree = d ? static_cast<int>(element_number(d)) : 5;
        return AxisFunction::gcv_spline(degree, element_numbers(required_child(e, "x"), -1), element_numbers(required_child(e, "y"), -1));
      }
      case AxisFunctionKind::Multiplier: {
        const XMLElement* wrapper = required_child(e, "function");
        const XMLElement* inner = wrapper->FirstChildElement();
        if (!inner) throw ElementError{wrapper, "no function inside"};
        const double scale = e->FirstChildElement("scale") ? element_number(e->FirstChildElement("scale")) : 1.0;
        return AxisFunction::multiplier(read_osim_function(inner), scale);
      }
      case AxisFunctionKind::MultivariatePolynomial: {
        const int dim = static_cast<int>(element_number(required_child(e, "dimension")));
        const int order = static_cast<int>(element_number(required_child(e, "order")));
        return AxisFunction::multivariate_polynomial(dim, order, element_numbers(required_child(e, "coefficients"), -1));
      }
    }
  } catch (const std::invalid_argument& err) {
    throw ElementError{e, err.what()};
  }
  throw ElementError{e, "unknown function type"};
}

namespace {

// the function of a TransformAxis: a child element other than coordinates/axis, or the one inside <function>
const XMLElement* axis_function_element(const XMLElement* axis) {
  for (const XMLElement* c = axis->FirstChildElement(); c; c = c->NextSiblingElement()) {
    const std::string n = c->Name();
    if (n == "coordinates" || n == "axis") continue;
    if (n != "function") return c;
    if (!c->FirstChildElement()) throw ElementError{c, "no function inside"};
    return c->FirstChildElement();
  }
  return nullptr;
}

CustomAxis linear_axis(const Vec3& axis, int coordinate) {
  CustomAxis a;
  a.axis = axis;
  if (coordinate >= 0) {
    a.coordinates = {coordinate};
    a.function = AxisFunction::linear(1.0, 0.0);
  }
  return a;
}

void expect_coordinates(const XMLElement* e, const JointCoordinates& c, std::size_t n) {
  if (c.names.size() != n) {
    throw ElementError{e, std::string("a ") + e->Name() + " has " + std::to_string(n) + " coordinates, this one " +
                              std::to_string(c.names.size())};
  }
}

std::unique_ptr<JointModel> custom_joint(const XMLElement* e, const JointCoordinates& c, std::vector<OsimMotion>& motions) {
  static const char* kNames[6] = {"rotation1", "rotation2", "rotation3", "translation1", "translation2", "translation3"};
  const XMLElement* st = required_child(e, "SpatialTransform");
  std::array<CustomAxis, 6> axes;
  std::vector<bool> rot(c.names.size(), false), trans(c.names.size(), false);
  for (std::size_t i = 0; i < 6; ++i) {
    const XMLElement* a = st->FirstChildElement("TransformAxis");
    while (a && !(a->Attribute("name") && std::strcmp(a->Attribute("name"), kNames[i]) == 0)) a = a->NextSiblingElement("TransformAxis");
    if (!a) throw ElementError{st, std::string("missing <TransformAxis name='") + kNames[i] + "'>"};
    CustomAxis& axis = axes[i];
    axis.axis = element_vec3(required_child(a, "axis"));
    if (!(axis.axis.norm() > 0.0)) throw ElementError{a->FirstChildElement("axis"), "the axis is zero"};
    const std::vector<std::string> used = a->FirstChildElement("coordinates") ? element_words(a->FirstChildElement("coordinates")) : std::vector<std::string>{};
    for (const std::string& u : used) {
      int k = -1;
      for (std::size_t j = 0; j < c.names.size(); ++j) {
        if (c.names[j] == u) k = static_cast<int>(j);
      }
      if (k < 0) throw ElementError{a, "coordinate '" + u + "' is used but the joint does not define it"};
      axis.coordinates.push_back(k);
      (i < 3 ? rot : trans)[static_cast<std::size_t>(k)] = true;
    }
    const XMLElement* f = axis_function_element(a);
    if (!f && !used.empty()) throw ElementError{a, "no function, but it names coordinate '" + used[0] + "'"};
    axis.function = f ? read_osim_function(f) : AxisFunction::constant(0.0);
    if (used.empty() && !axis.function.is_constant()) throw ElementError{a, "a non-constant function without a coordinate"};
    if (!used.empty() && static_cast<int>(used.size()) != axis.function.inputs()) {
      throw ElementError{a, std::to_string(used.size()) + " coordinates for a function of " +
                                std::to_string(axis.function.inputs()) + " input(s)"};
    }
  }
  for (std::size_t k = 0; k < c.names.size(); ++k) {
    motions[k] = rot[k] && trans[k] ? OsimMotion::Coupled : (trans[k] ? OsimMotion::Translational : OsimMotion::Rotational);
  }
  return std::make_unique<CustomAxesJoint>(c.core, axes);
}

}  // namespace

std::unique_ptr<JointModel> map_osim_joint(const XMLElement* e, const JointCoordinates& c, std::vector<OsimMotion>& motions) {
  const std::string type = e->Name();
  motions.assign(c.names.size(), OsimMotion::Rotational);
  std::unique_ptr<JointModel> j;
  const Vec3 X = Vec3::UnitX(), Y = Vec3::UnitY(), Z = Vec3::UnitZ();
  if (type == "CustomJoint") return custom_joint(e, c, motions);
  if (type == "WeldJoint") {
    expect_coordinates(e, c, 0);
    j = std::make_unique<FixedJoint>();
  } else if (type == "PinJoint") {
    // simbody Pin: rotation about the common z axis of F and M
    expect_coordinates(e, c, 1);
    j = std::make_unique<RevoluteJoint>(Z);
  } else if (type == "SliderJoint") {
    // simbody Slider: translation along the common x axis
    expect_coordinates(e, c, 1);
    j = std::make_unique<PrismaticJoint>(X);
    motions[0] = OsimMotion::Translational;
  } else if (type == "UniversalJoint") {
    // simbody Universal: about x, then about the new y
    expect_coordinates(e, c, 2);
    j = std::make_unique<UniversalJoint>(X, Y);
  } else if (type == "BallJoint" || type == "GimbalJoint") {
    // simbody Ball with euler angles / Gimbal: body-fixed x-y-z
    expect_coordinates(e, c, 3);
    j = std::make_unique<SphericalJoint>("xyz");
  } else if (type == "FreeJoint") {
    // simbody Free with euler angles: q = (body-fixed x-y-z angles, translation of M's origin in F)
    expect_coordinates(e, c, 6);
    j = std::make_unique<CustomAxesJoint>(c.core, std::array<CustomAxis, 6>{linear_axis(X, 0), linear_axis(Y, 1), linear_axis(Z, 2),
                                                                             linear_axis(X, 3), linear_axis(Y, 4), linear_axis(Z, 5)});
    for (std::size_t k = 3; k < 6; ++k) motions[k] = OsimMotion::Translational;
    return j;
  } else if (type == "PlanarJoint") {
    // simbody Planar: q = (rotation about z, translation along x, along y), the translation in F
    expect_coordinates(e, c, 3);
    j = std::make_unique<CustomAxesJoint>(c.core, std::array<CustomAxis, 6>{linear_axis(Z, 0), linear_axis(X, -1), linear_axis(Y, -1),
                                                                             linear_axis(X, 1), linear_axis(Y, 2), linear_axis(Z, -1)});
    motions[1] = motions[2] = OsimMotion::Translational;
    return j;
  } else if (type == "EllipsoidJoint") {
    // simbody Ellipsoid: x-y-z euler angles, origin at diag(radii) · (M's z axis)
    expect_coordinates(e, c, 3);
    const Vec3 radii = element_vec3(required_child(e, "radii_x_y_z"));
    if (!(radii.minCoeff() > 0.0)) throw ElementError{e->FirstChildElement("radii_x_y_z"), "radii must be > 0"};
    j = std::make_unique<EllipsoidJoint>(radii, c.core);
  } else if (type == "ScapulothoracicJoint") {
    // opensim-core ScapulothoracicJoint::extendAddToSystem: an Ellipsoid mobilizer (radii swapped to y, x, z) in
    // the parent frame turned by +π/2 about z, its moving frame turned back by −π/2, then a Pin (winging) about
    // (−sin d, cos d, 0) through (o_x, o_y, 0) of that frame; the scapula welded on. here: a series joint of the two.
    expect_coordinates(e, c, 4);
    const XMLElement* re = required_child(e, "thoracic_ellipsoid_radii_x_y_z");
    const Vec3 r = element_vec3(re);
    if (!(r.minCoeff() > 0.0)) throw ElementError{re, "radii must be > 0"};
    const XMLElement* oe = e->FirstChildElement("scapula_winging_axis_origin");
    const std::vector<double> o = oe ? element_numbers(oe, 2) : std::vector<double>{0.0, 0.0};
    const XMLElement* de = e->FirstChildElement("scapula_winging_axis_direction");
    const double d = de ? element_number(de) : 0.0;
    auto ellipsoid = std::make_unique<EllipsoidJoint>(Vec3(r.y(), r.x(), r.z()), std::vector<Coordinate>(c.core.begin(), c.core.begin() + 3));
    SE3 quarter;
    quarter.R << 0, -1, 0, 1, 0, 0, 0, 0, 1;  // R_z(π/2)
    ellipsoid->set_offsets(quarter, quarter.inverse());
    auto wing = std::make_unique<RevoluteJoint>(Vec3(-std::sin(d), std::cos(d), 0.0));
    wing->coordinates()[0] = c.core[3];
    SE3 to, back;
    to.p = Vec3(o[0], o[1], 0.0);
    back.p = -to.p;
    wing->set_offsets(to, back);
    j = std::make_unique<SeriesJoint>(std::move(ellipsoid), std::move(wing));
  } else {
    throw ElementError{e, "unknown joint type '" + type + "'"};
  }
  for (std::size_t k = 0; k < c.core.size(); ++k) j->coordinates()[k] = c.core[k];
  return j;
}

}  // namespace js::interop::detail
