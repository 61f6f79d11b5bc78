// the writing half of osim_file.hpp.
#include <cstdio>
#include <fstream>

#include <tinyxml2.h>

#include "core/interop/euler.hpp"
#include "core/io/atomic_file.hpp"
#include "core/io/file_error.hpp"
#include "core/interop/osim_file.hpp"
#include "core/interop/osim_xml_print.hpp"

namespace js::interop {

namespace detail {

std::string digits17(const double* v, std::size_t n) {
  std::string s;
  char buf[32];
  for (std::size_t i = 0; i < n; ++i) {
    std::snprintf(buf, sizeof buf, "%s%.17g", i ? " " : "", v[i]);
    s += buf;
  }
  return s;
}
std::string digits17(const std::vector<double>& v) { return digits17(v.data(), v.size()); }
std::string digits17(const Vec3& v) { return digits17(v.data(), 3); }

void print_element(tinyxml2::XMLPrinter& p, const char* name, const std::string& text) {
  p.OpenElement(name);
  p.PushText(text.c_str());
  p.CloseElement();
}

std::string osim_body_path(const std::string& body) { return body == "ground" ? "/ground" : "/bodyset/" + body; }

void print_offset_frame(tinyxml2::XMLPrinter& p, const std::string& name, const std::string& body, const SE3& body_T_frame) {
  p.OpenElement("PhysicalOffsetFrame");
  p.PushAttribute("name", name.c_str());
  print_element(p, "socket_parent", osim_body_path(body));
  print_element(p, "translation", digits17(body_T_frame.p));
  print_element(p, "orientation", digits17(decompose_body_fixed({0, 1, 2}, body_T_frame.R)));
  p.CloseElement();
}

namespace {

void write_function(tinyxml2::XMLPrinter& p, const OsimFunction& f, const char* name_attribute) {
  p.OpenElement(osim_function_element(f.kind()));
  if (name_attribute) p.PushAttribute("name", name_attribute);
  switch (f.kind()) {
    case OsimFunctionKind::Constant: print_element(p, "value", digits17(&f.coefficients()[0], 1)); break;
    case OsimFunctionKind::Linear:
    case OsimFunctionKind::Polynomial: print_element(p, "coefficients", digits17(f.coefficients())); break;
    case OsimFunctionKind::SimmSpline:
    case OsimFunctionKind::NaturalCubicSpline:
      print_element(p, "x", digits17(f.x()));
      print_element(p, "y", digits17(f.y()));
      break;
    case OsimFunctionKind::Multiplier:
      p.OpenElement("function");
      write_function(p, f.inner(), nullptr);
      p.CloseElement();
      {
        const double scale = f.scale();
        print_element(p, "scale", digits17(&scale, 1));
      }
      break;
  }
  p.CloseElement();
}

}  // namespace

void print_custom_joint(tinyxml2::XMLPrinter& p, const OsimCustomJoint& joint) {
  p.OpenElement("CustomJoint");
  p.PushAttribute("name", joint.name.c_str());
  const std::string pframe = joint.parent_body + "_offset", cframe = joint.child_body + "_offset";
  print_element(p, "socket_parent_frame", pframe);
  print_element(p, "socket_child_frame", cframe);
  p.OpenElement("coordinates");
  for (const OsimCoordinate& c : joint.coordinates) {
    p.OpenElement("Coordinate");
    p.PushAttribute("name", c.name.c_str());
    print_element(p, "default_value", digits17(&c.default_value, 1));
    const double range[2] = {c.min, c.max};
    if (c.has_range) print_element(p, "range", digits17(range, 2));
    print_element(p, "clamped", "true");
    p.CloseElement();
  }
  p.CloseElement();
  p.OpenElement("frames");
  print_offset_frame(p, pframe, joint.parent_body, joint.parent_T_pframe);
  print_offset_frame(p, cframe, joint.child_body, joint.child_T_cframe);
  p.CloseElement();
  p.OpenElement("SpatialTransform");
  for (const OsimTransformAxis& a : joint.axes) {
    p.OpenElement("TransformAxis");
    p.PushAttribute("name", a.name.c_str());
    print_element(p, "coordinates", a.coordinate >= 0 ? joint.coordinates.at(static_cast<std::size_t>(a.coordinate)).name : "");
    print_element(p, "axis", digits17(a.axis));
    write_function(p, a.function, "function");
    p.CloseElement();
  }
  p.CloseElement();  // SpatialTransform
  p.CloseElement();  // CustomJoint
}

}  // namespace detail

std::string osim_joint_to_text(const OsimCustomJoint& joint, const std::string& comment) {
  tinyxml2::XMLPrinter p;
  p.PushHeader(false, true);
  if (!comment.empty()) p.PushComment((" " + comment + " ").c_str());
  p.OpenElement("OpenSimDocument");
  p.PushAttribute("Version", "40000");
  p.OpenElement("Model");
  p.PushAttribute("name", (joint.name + "_fragment").c_str());
  p.OpenElement("JointSet");
  p.PushAttribute("name", "jointset");
  p.OpenElement("objects");
  detail::print_custom_joint(p, joint);
  p.CloseElement();  // objects
  p.CloseElement();  // JointSet
  p.CloseElement();  // Model
  p.CloseElement();  // OpenSimDocument
  return p.CStr();
}

void write_osim_joint(const OsimCustomJoint& joint, const std::string& path, const std::string& comment) {
  try {
    io::write_file_atomic(path, osim_joint_to_text(joint, comment));
  } catch (const io::FileError& e) {
    throw OsimError(OsimErrorKind::Io, path, 0, "", e.problem());
  }
}

}  // namespace js::interop
