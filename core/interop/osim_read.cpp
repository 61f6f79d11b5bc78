// the reading half of osim_file.hpp.
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>

#include <tinyxml2.h>

#include "core/interop/euler.hpp"
#include "core/interop/osim_file.hpp"

namespace js::interop {

using tinyxml2::XMLElement;

const char* osim_error_kind_name(OsimErrorKind kind) {
  switch (kind) {
    case OsimErrorKind::Io: return "io";
    case OsimErrorKind::Syntax: return "syntax";
    case OsimErrorKind::MissingJoint: return "missing_joint";
    case OsimErrorKind::MissingElement: return "missing_element";
    case OsimErrorKind::UnknownFunction: return "unknown_function";
    case OsimErrorKind::BadNumber: return "bad_number";
    case OsimErrorKind::CountMismatch: return "count_mismatch";
    case OsimErrorKind::InvalidValue: return "invalid_value";
  }
  return "unknown";
}

OsimError::OsimError(OsimErrorKind kind, std::string file, int line, const std::string& element,
                     const std::string& problem)
    : std::runtime_error(file + (line > 0 ? ":" + std::to_string(line) : std::string()) + ": " +
                         (element.empty() ? std::string() : element + ": ") + problem),
      kind_(kind),
      file_(std::move(file)),
      line_(line) {}

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

  // the function of a TransformAxis: its one element child other than coordinates/axis, or inside <function>
  const XMLElement* function_element(const XMLElement* axis) const {
    const XMLElement* found = nullptr;
    for (const XMLElement* c = axis->FirstChildElement(); c; c = c->NextSiblingElement()) {
      const std::string n = c->Name();
      if (n == "coordinates" || n == "axis") continue;
      found = c;
      if (n == "function") {
        found = c->FirstChildElement();
        if (!found) fail(OsimErrorKind::MissingElement, c, "no function inside");
      }
      break;
    }
    if (!found) fail(OsimErrorKind::MissingElement, axis, "missing the function of this axis");
    return found;
  }

  void collect(const XMLElement* e, const char* name, std::vector<const XMLElement*>& out) const {
    for (const XMLElement* c = e->FirstChildElement(); c; c = c->NextSiblingElement()) {
      if (std::strcmp(c->Name(), name) == 0) out.push_back(c);
      collect(c, name, out);
    }
  }

  static std::string last_path_part(const std::string& path) {
    const std::size_t slash = path.find_last_of('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
  }

  // an offset frame named by a socket (OpenSim 4): a PhysicalOffsetFrame under <frames>, or a body itself
  SE3 offset(const XMLElement* joint, const char* socket, std::string& body) const {
    const std::string name = last_path_part(text(child(joint, socket)));
    if (const XMLElement* frames = joint->FirstChildElement("frames")) {
      for (const XMLElement* f = frames->FirstChildElement(); f; f = f->NextSiblingElement()) {
        if (f->Attribute("name") && name == f->Attribute("name")) {
          body = f->FirstChildElement("socket_parent") ? last_path_part(text(f->FirstChildElement("socket_parent"))) : name;
          return frame(f, "translation", "orientation");
        }
      }
    }
    body = name;
    return SE3::identity();
  }

  OsimCustomJoint joint(const XMLElement* j) const {
    OsimCustomJoint out;
    out.name = j->Attribute("name") ? j->Attribute("name") : "";
    std::vector<const XMLElement*> coords;
    collect(j, "Coordinate", coords);
    if (coords.empty()) fail(OsimErrorKind::MissingElement, j, "the joint has no <Coordinate>");
    for (const XMLElement* c : coords) {
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
      out.coordinates.push_back(oc);
    }
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
    const XMLElement* st = child(j, "SpatialTransform");
    static const char* names[6] = {"rotation1", "rotation2", "rotation3", "translation1", "translation2", "translation3"};
    for (std::size_t i = 0; i < 6; ++i) {
      const XMLElement* a = st->FirstChildElement("TransformAxis");
      while (a && !(a->Attribute("name") && std::strcmp(a->Attribute("name"), names[i]) == 0)) {
        a = a->NextSiblingElement("TransformAxis");
      }
      if (!a) fail(OsimErrorKind::MissingElement, st, std::string("missing <TransformAxis name='") + names[i] + "'>");
      OsimTransformAxis& axis = out.axes[i];
      axis.name = names[i];
      axis.axis = vec3(child(a, "axis"));
      if (!(axis.axis.norm() > 0.0)) fail(OsimErrorKind::InvalidValue, child(a, "axis"), "the axis is zero");
      axis.axis.normalize();
      axis.function = function(function_element(a));
      std::istringstream names_in(a->FirstChildElement("coordinates") ? text(a->FirstChildElement("coordinates")) : "");
      std::vector<std::string> used;
      for (std::string w; names_in >> w;) used.push_back(w);
      if (used.size() > 1) {
        fail(OsimErrorKind::InvalidValue, a, "a function of " + std::to_string(used.size()) +
                                                 " coordinates; only functions of one coordinate are supported");
      }
      if (used.empty()) {
        if (axis.function.kind() != OsimFunctionKind::Constant) {
          fail(OsimErrorKind::InvalidValue, a, "a non-constant function without a coordinate");
        }
      } else {
        axis.coordinate = out.find_coordinate(used[0]);
        if (axis.coordinate < 0) fail(OsimErrorKind::InvalidValue, a, "unknown coordinate '" + used[0] + "'");
      }
    }
    return out;
  }
};

}  // namespace

OsimCustomJoint read_osim_joint_text(const std::string& text, const std::string& source, const std::string& joint_name) {
  tinyxml2::XMLDocument doc;
  if (doc.Parse(text.c_str(), text.size()) != tinyxml2::XML_SUCCESS) {
    throw OsimError(OsimErrorKind::Syntax, source, doc.ErrorLineNum(), "", std::string("invalid XML: ") + doc.ErrorStr());
  }
  const Reader reader{source};
  std::vector<const XMLElement*> joints;
  reader.collect(doc.RootElement(), "CustomJoint", joints);
  if (doc.RootElement() && std::strcmp(doc.RootElement()->Name(), "CustomJoint") == 0) joints.insert(joints.begin(), doc.RootElement());
  std::string names;
  for (const XMLElement* j : joints) {
    const char* n = j->Attribute("name");
    if (joint_name.empty() ? joints.size() == 1 : (n && joint_name == n)) return reader.joint(j);
    names += (names.empty() ? "" : ", ") + std::string(n ? n : "(unnamed)");
  }
  if (joints.empty()) throw OsimError(OsimErrorKind::MissingJoint, source, 0, "", "no CustomJoint in the model");
  if (joint_name.empty()) {
    throw OsimError(OsimErrorKind::MissingJoint, source, 0, "", "several CustomJoints (" + names + "); name one");
  }
  throw OsimError(OsimErrorKind::MissingJoint, source, 0, "", "no CustomJoint named '" + joint_name + "' (found: " + names + ")");
}

OsimCustomJoint read_osim_joint(const std::string& path, const std::string& joint_name) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw OsimError(OsimErrorKind::Io, path, 0, "", "cannot open the file");
  std::stringstream ss;
  ss << in.rdbuf();
  return read_osim_joint_text(ss.str(), path, joint_name);
}

}  // namespace js::interop
