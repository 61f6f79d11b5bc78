// the reading half of osim_file.hpp.
#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>

#include <tinyxml2.h>

#include "core/interop/euler.hpp"
#include "core/io/file_error.hpp"
#include "core/io/file_read.hpp"
#include "core/interop/osim_file.hpp"
#include "core/interop/osim_model_scan.hpp"
#include "core/interop/osim_model_parts.hpp"

namespace js::interop {

using tinyxml2::XMLElement;

namespace {

// one element and the file it came from, for located errors
struct Reader {
  std::string source;

  static std::string tag(const XMLElement* e) {
    std::string t = std::string("<") + e->Name();
    if (const char* n = e->Attribute("name")) t += std::string(" name='") + n + "'";
    return t + ">";
  }
  [[noreturn]] void fail(OsimErrorKind kind, const XMLElement* e, const std::string& problem) const {
    throw OsimError(kind, source, e ? e->GetLineNum() : 0, e ? tag(e) : std::string(), problem);
  }
  const XMLElement* child(const XMLElement* e, const char* name) const {
    const XMLElement* c = e->FirstChildElement(name);
    if (!c) fail(OsimErrorKind::MissingElement, e, std::string("missing element <") + name + ">");
    return c;
  }
  static std::string text(const XMLElement* e) { return e->GetText() ? e->GetText() : ""; }

  // whitespace-separated finite numbers; count < 0: any number of them
  std::vector<double> numbers(const XMLElement* e, int count) const {
    std::vector<double> v;
    std::istringstream in(text(e));
    std::string word;
    while (in >> word) {
      errno = 0;
      char* end = nullptr;
      const double x = std::strtod(word.c_str(), &end);
      if (end != word.c_str() + word.size() || errno == ERANGE || !std::isfinite(x)) {
        fail(OsimErrorKind::BadNumber, e, "'" + word + "' is not a finite number");
      }
      v.push_back(x);
    }
    if (count >= 0 && static_cast<int>(v.size()) != count) {
      fail(OsimErrorKind::BadNumber, e, "expected " + std::to_string(count) + " numbers, got " + std::to_string(v.size()));
    }
    return v;
  }
  double number(const XMLElement* e) const { return numbers(e, 1)[0]; }
  Vec3 vec3(const XMLElement* e) const {
    const std::vector<double> v = numbers(e, 3);
    return Vec3(v[0], v[1], v[2]);
  }
  // translation + xyz body-fixed orientation (either may be absent: zero)
  SE3 frame(const XMLElement* e, const char* translation, const char* orientation) const {
    SE3 T;
    if (const XMLElement* t = e->FirstChildElement(translation)) T.p = vec3(t);
    if (const XMLElement* o = e->FirstChildElement(orientation)) T.R = compose_body_fixed({0, 1, 2}, vec3(o));
    return T;
  }

  OsimFunction function(const XMLElement* e) const {
    const std::string name = e->Name();
    if (name == "Constant") return OsimFunction::constant(number(child(e, "value")));
    if (name == "LinearFunction") {
      const std::vector<double> c = numbers(child(e, "coefficients"), 2);
      return OsimFunction::linear(c[0], c[1]);
    }
    if (name == "PolynomialFunction") {
      const std::vector<double> c = numbers(child(e, "coefficients"), -1);
      if (c.empty()) fail(OsimErrorKind::CountMismatch, e, "a polynomial needs at least one coefficient");
      return OsimFunction::polynomial(c);
    }
    if (name == "SimmSpline" || name == "NaturalCubicSpline") {
      const std::vector<double> x = numbers(child(e, "x"), -1), y = numbers(child(e, "y"), -1);
      if (x.size() != y.size()) {
        fail(OsimErrorKind::CountMismatch, e,
             std::to_string(x.size()) + " x values but " + std::to_string(y.size()) + " y values (they must pair up)");
      }
      if (x.size() < 2) fail(OsimErrorKind::CountMismatch, e, "a spline needs at least 2 points, got " + std::to_string(x.size()));
      try {
        return OsimFunction::spline(name == "SimmSpline" ? OsimFunctionKind::SimmSpline : OsimFunctionKind::NaturalCubicSpline, x, y);
      } catch (const std::invalid_argument& err) {
        fail(OsimErrorKind::InvalidValue, child(e, "x"), err.what());
      }
    }
    if (name == "MultiplierFunction") {
      const XMLElement* wrapper = child(e, "function");
      const XMLElement* inner = wrapper->FirstChildElement();
      if (!inner) fail(OsimErrorKind::MissingElement, wrapper, "no function inside");
      const double scale = e->FirstChildElement("scale") ? number(e->FirstChildElement("scale")) : 1.0;
      return OsimFunction::multiplier(function(inner), scale);
    }
    fail(OsimErrorKind::UnknownFunction, e,
         "unknown function type '" + name +
             "' (known: Constant, LinearFunction, PolynomialFunction, SimmSpline, NaturalCubicSpline, MultiplierFunction)");
  }

  // the function of a TransformAxis: its one element child other than coordinates/axis, or inside <function>;
  // nullptr when it has none
  const XMLElement* function_element(const XMLElement* axis) const {
    for (const XMLElement* c = axis->FirstChildElement(); c; c = c->NextSiblingElement()) {
      const std::string n = c->Name();
      if (n == "coordinates" || n == "axis") continue;
      if (n != "function") return c;
      if (!c->FirstChildElement()) fail(OsimErrorKind::MissingElement, c, "no function inside");
      return c->FirstChildElement();
    }
    return nullptr;
  }

  void collect(const XMLElement* e, const char* name, std::vector<const XMLElement*>& out) const {
    for (const XMLElement* c = e->FirstChildElement(); c; c = c->NextSiblingElement()) {
      if (std::strcmp(c->Name(), name) == 0) out.push_back(c);
      collect(c, name, out);
    }
  }

  // an offset frame named by a socket (OpenSim 4): a PhysicalOffsetFrame under <frames>, or a body itself
  SE3 offset(const XMLElement* joint, const char* socket, std::string& body) const {
    const std::string name = detail::last_path_part(text(child(joint, socket)));
    if (const XMLElement* frames = joint->FirstChildElement("frames")) {
      for (const XMLElement* f = frames->FirstChildElement(); f; f = f->NextSiblingElement()) {
        if (f->Attribute("name") && name == f->Attribute("name")) {
          body = f->FirstChildElement("socket_parent") ? detail::last_path_part(text(f->FirstChildElement("socket_parent"))) : name;
          return frame(f, "translation", "orientation");
        }
      }
    }
    body = name;
    return SE3::identity();
  }

  bool flag(const XMLElement* e, const char* name) const {
    const XMLElement* f = e->FirstChildElement(name);
    return f && text(f).find("true") != std::string::npos;
  }

  OsimCoordinate coordinate(const XMLElement* c) const {
    OsimCoordinate oc;
    if (!c->Attribute("name")) fail(OsimErrorKind::MissingElement, c, "a coordinate needs a name attribute");
    oc.name = c->Attribute("name");
    oc.line = c->GetLineNum();
    if (const XMLElement* range = c->FirstChildElement("range")) {
      const std::vector<double> r = numbers(range, 2);
      if (!(r[0] <= r[1])) fail(OsimErrorKind::InvalidValue, range, "range minimum above its maximum");
      oc.min = r[0];
      oc.max = r[1];
      oc.has_range = true;
    }
    if (const XMLElement* d = c->FirstChildElement("default_value")) oc.default_value = number(d);
    oc.clamped = flag(c, "clamped");
    oc.locked = flag(c, "locked");
    return oc;
  }

  void coordinates(const XMLElement* j, OsimCustomJoint& out) const {
    std::vector<const XMLElement*> coords;
    collect(j, "Coordinate", coords);
    if (coords.empty()) fail(OsimErrorKind::MissingElement, j, "the joint has no <Coordinate>");
    for (const XMLElement* c : coords) {
      out.coordinates.push_back(coordinate(c));
      const OsimCoordinate& oc = out.coordinates.back();
      if (oc.locked) out.notes.push_back("'" + oc.name + "' is locked in the model (held at its default value); sampled over its range all the same");
    }
  }

  // the function of a CoordinateCouplerConstraint: inside <coupled_coordinates_function>, or a function element
  // of that name
  static const XMLElement* coupler_function(const XMLElement* c) {
    if (const XMLElement* f = c->FirstChildElement("coupled_coordinates_function")) return f->FirstChildElement();
    for (const XMLElement* f = c->FirstChildElement(); f; f = f->NextSiblingElement()) {
      if (f->Attribute("name") && std::strcmp(f->Attribute("name"), "coupled_coordinates_function") == 0) return f;
    }
    return nullptr;
  }

  // the CoordinateCouplerConstraints of one independent coordinate that set one of the joint's coordinates, with
  // the independent coordinate as declared anywhere in the model. one we cannot read (a function of an unknown
  // type, a malformed number) is left out; the notes still name it.
  void couplings(const XMLElement* root, OsimCustomJoint& out) const {
    std::vector<const XMLElement*> couplers, coords;
    collect(root, "CoordinateCouplerConstraint", couplers);
    for (const XMLElement* c : couplers) {
      const XMLElement* dep = c->FirstChildElement("dependent_coordinate_name");
      const XMLElement* ind = c->FirstChildElement("independent_coordinate_names");
      const XMLElement* fn = coupler_function(c);
      if (!dep || !ind || !fn) continue;
      std::istringstream dep_in(text(dep)), ind_in(text(ind));
      std::string d, i, more;
      dep_in >> d;
      ind_in >> i;
      const int k = out.find_coordinate(d);
      if (k < 0 || i.empty() || (ind_in >> more)) continue;
      OsimCoupling cp;
      cp.constraint = c->Attribute("name") ? c->Attribute("name") : "";
      cp.dependent = k;
      cp.independent.name = i;
      try {
        cp.function = function(fn);
        if (const XMLElement* scale = c->FirstChildElement("scale_factor")) cp.scale = number(scale);
        if (coords.empty()) collect(root, "Coordinate", coords);
        for (const XMLElement* e : coords) {
          if (e->Attribute("name") && i == e->Attribute("name")) {
            cp.independent = coordinate(e);
            cp.independent_found = true;
            break;
          }
        }
      } catch (const OsimError&) {
        continue;
      }
      out.couplings.push_back(cp);
    }
  }

  // the six TransformAxis of a CustomJoint's SpatialTransform
  void spatial_transform(const XMLElement* j, OsimCustomJoint& out) const {
    const XMLElement* st = child(j, "SpatialTransform");
    for (std::size_t i = 0; i < 6; ++i) {
      const char* name = kAxisNames[i];
      const XMLElement* a = st->FirstChildElement("TransformAxis");
      while (a && !(a->Attribute("name") && std::strcmp(a->Attribute("name"), name) == 0)) a = a->NextSiblingElement("TransformAxis");
      if (!a) fail(OsimErrorKind::MissingElement, st, std::string("missing <TransformAxis name='") + name + "'>");
      OsimTransformAxis& axis = out.axes[i];
      axis.name = name;
      axis.axis = vec3(child(a, "axis"));
      // simbody normalizes every axis (FunctionBasedImpl: axes[i].normalize()); a zero axis has no direction
      if (!(axis.axis.norm() > 0.0)) fail(OsimErrorKind::InvalidValue, child(a, "axis"), "the axis is zero");
      axis.axis.normalize();
      std::istringstream names_in(a->FirstChildElement("coordinates") ? text(a->FirstChildElement("coordinates")) : "");
      std::vector<std::string> used;
      for (std::string w; names_in >> w;) used.push_back(w);
      if (used.size() > 1) {
        fail(OsimErrorKind::InvalidValue, a, "a function of " + std::to_string(used.size()) +
                                                 " coordinates; only functions of one coordinate are supported");
      }
      const XMLElement* f = function_element(a);
      // no function: opensim's TransformAxis default is Constant 0, fine without a coordinate; with one it
      // would silently not move, so we refuse rather than guess
      if (!f && !used.empty()) {
        fail(OsimErrorKind::MissingElement, a, "no function, but it names coordinate '" + used[0] + "' (give it a function)");
      }
      axis.function = f ? function(f) : OsimFunction::constant(0.0);
      if (used.empty()) {
        if (!axis.function.is_constant()) fail(OsimErrorKind::InvalidValue, a, "a non-constant function without a coordinate");
      } else {
        axis.coordinate = out.find_coordinate(used[0]);
        if (axis.coordinate < 0) fail(OsimErrorKind::InvalidValue, a, "unknown coordinate '" + used[0] + "'");
      }
    }
  }

  // a PinJoint (rotation about the common z axis of the two offset frames) or a SliderJoint (translation along
  // their common x axis), as the CustomJoint that moves the same way
  void one_axis_joint(const XMLElement* j, OsimCustomJoint& out, bool pin) const {
    if (out.coordinates.size() != 1) fail(OsimErrorKind::InvalidValue, j, "expected one coordinate");
    static const Vec3 units[6] = {Vec3::UnitZ(), Vec3::UnitX(), Vec3::UnitY(), Vec3::UnitX(), Vec3::UnitY(), Vec3::UnitZ()};
    for (std::size_t i = 0; i < 6; ++i) {
      out.axes[i].name = kAxisNames[i];
      out.axes[i].axis = units[i];
      out.axes[i].function = OsimFunction::constant(0.0);
    }
    OsimTransformAxis& moving = out.axes[pin ? 0 : 3];
    moving.coordinate = 0;
    moving.function = OsimFunction::linear(1.0, 0.0);
  }

  OsimCustomJoint joint(const XMLElement* j) const {
    OsimCustomJoint out;
    out.name = j->Attribute("name") ? j->Attribute("name") : "";
    out.type = j->Name();
    coordinates(j, out);
    if (j->FirstChildElement("socket_parent_frame")) {
      out.parent_T_pframe = offset(j, "socket_parent_frame", out.parent_body);
      out.child_T_cframe = offset(j, "socket_child_frame", out.child_body);
    } else {
      // opensim 3: offsets on the joint itself
      out.parent_T_pframe = frame(j, "location_in_parent", "orientation_in_parent");
      out.child_T_cframe = frame(j, "location", "orientation");
      if (const XMLElement* pb = j->FirstChildElement("parent_body")) out.parent_body = text(pb);
    }
    // reverse = true swaps parent and child in simbody (MobilizedBody::Direction); we only read forward joints
    if (const XMLElement* r = j->FirstChildElement("reverse"); r && text(r) == "true") {
      fail(OsimErrorKind::InvalidValue, r, "<reverse>true</reverse> (a joint defined child-to-parent) is not supported");
    }
    if (out.type == "CustomJoint") {
      spatial_transform(j, out);
    } else {
      one_axis_joint(j, out, out.type == "PinJoint");
    }
    return out;
  }

  static constexpr const char* kAxisNames[6] = {"rotation1", "rotation2", "rotation3", "translation1", "translation2", "translation3"};
};

}  // namespace

OsimCustomJoint read_osim_joint_text(const std::string& text, const std::string& source, const std::string& joint_name) {
  tinyxml2::XMLDocument doc;
  if (doc.Parse(text.c_str(), text.size()) != tinyxml2::XML_SUCCESS) {
    throw OsimError(OsimErrorKind::Syntax, source, doc.ErrorLineNum(), "", std::string("invalid XML: ") + doc.ErrorStr());
  }
  const Reader reader{source};
  std::vector<const XMLElement*> all, joints;
  collect_osim_joints(doc.RootElement(), all);
  for (const XMLElement* j : all) {
    if (osim_joint_readable(j)) joints.push_back(j);
  }
  std::string names;
  for (const XMLElement* j : all) names += (names.empty() ? "" : ", ") + std::string(j->Attribute("name")) + " (" + j->Name() + ")";
  for (const XMLElement* j : all) {
    if (joint_name.empty() || joint_name != j->Attribute("name")) continue;
    if (!osim_joint_readable(j)) {
      throw OsimError(OsimErrorKind::MissingJoint, source, j->GetLineNum(), Reader::tag(j),
                      "'" + joint_name + "' is a " + j->Name() + "; import-osim reads CustomJoint, PinJoint and SliderJoint");
    }
  }
  for (const XMLElement* j : joints) {
    if (joint_name.empty() ? joints.size() == 1 : joint_name == j->Attribute("name")) {
      OsimCustomJoint out = reader.joint(j);
      add_osim_coupler_notes(doc.RootElement(), out);
      reader.couplings(doc.RootElement(), out);
      return out;
    }
  }
  if (joints.empty()) {
    throw OsimError(OsimErrorKind::MissingJoint, source, 0, "", "no CustomJoint in the model" + (names.empty() ? "" : " (found: " + names + ")"));
  }
  if (joint_name.empty()) {
    throw OsimError(OsimErrorKind::MissingJoint, source, 0, "", "several joints (" + names + "); name one");
  }
  throw OsimError(OsimErrorKind::MissingJoint, source, 0, "", "no CustomJoint named '" + joint_name + "' (found: " + names + ")");
}

OsimCustomJoint read_osim_joint(const std::string& path, const std::string& joint_name) {
  std::string text;
  try {
    text = io::read_file_bytes(path);
  } catch (const io::FileError& e) {
    // keep the documented wording for a missing file ("cannot open the file: <reason>")
    const std::string& p = e.problem();
    throw OsimError(OsimErrorKind::Io, path, 0, "", p.rfind("cannot open: ", 0) == 0 ? "cannot open the file: " + p.substr(13) : p);
  }
  return read_osim_joint_text(text, path, joint_name);
}

}  // namespace js::interop
