#include "core/interop/osim_replace.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <stdexcept>

#include "core/io/atomic_file.hpp"
#include "core/interop/euler.hpp"
#include "core/interop/osim_file.hpp"
#include "core/interop/osim_splice.hpp"

namespace js::interop {

namespace fs = std::filesystem;

namespace {


using detail::osim_number;
using detail::osim_numbers;

std::string numbers(const std::vector<double>& v) { return osim_numbers(v.data(), v.size()); }
std::string numbers(const Vec3& v) { return osim_numbers(v.data(), 3); }

void write_function(std::string& out, const OsimFunction& f, const std::string& ind, const std::string& unit, const std::string& nl) {
  const std::string kind = osim_function_element(f.kind());
  out += "<" + kind + " name=\"function\">";
  switch (f.kind()) {
    case OsimFunctionKind::SimmSpline:
    case OsimFunctionKind::NaturalCubicSpline:
      out += nl + ind + unit + "<x>" + numbers(f.x()) + "</x>" + nl + ind + unit + "<y>" + numbers(f.y()) + "</y>" + nl + ind;
      break;
    case OsimFunctionKind::Constant: out += nl + ind + unit + "<value>" + osim_number(f.value()) + "</value>" + nl + ind; break;
    case OsimFunctionKind::Linear:
    case OsimFunctionKind::Polynomial:
      out += nl + ind + unit + "<coefficients>" + numbers(f.coefficients()) + "</coefficients>" + nl + ind;
      break;
    case OsimFunctionKind::Multiplier: throw std::logic_error("the export writes no MultiplierFunction");
  }
  out += "</" + kind + ">";
}

// the <SpatialTransform> element of osim (whose axes name coordinates by index) with the model's coordinate names,
// starting at '<' and indented as an element at indentation ind
std::string spatial_transform_text(const OsimCustomJoint& osim, const std::vector<std::string>& names, const std::string& comment,
                                   const std::string& ind, const std::string& unit, const std::string& nl) {
  std::string s = "<SpatialTransform>" + nl;
  if (!comment.empty()) s += ind + unit + "<!-- " + comment + " -->" + nl;
  const std::string a = ind + unit, b = a + unit;
  for (const OsimTransformAxis& axis : osim.axes) {
    s += a + "<TransformAxis name=\"" + axis.name + "\">" + nl;
    s += b + "<coordinates>" + (axis.coordinate >= 0 ? names.at(static_cast<std::size_t>(axis.coordinate)) : "") + "</coordinates>" + nl;
    s += b + "<axis>" + numbers(axis.axis) + "</axis>" + nl;
    s += b;
    write_function(s, axis.function, b, unit, nl);
    s += nl + a + "</TransformAxis>" + nl;
  }
  return s + ind + "</SpatialTransform>";
}

}  // namespace

OsimReplaceResult replace_osim_joint(const std::string& text, const std::string& model_path, const std::string& joint_name,
                                     const JointModel& joint, const OsimReplaceOptions& options) {
  if (joint_name.empty()) throw OsimError(OsimErrorKind::MissingJoint, model_path, 0, "", "name the joint to replace");
  if (joint.dof() != 1) return detail::replace_osim_joint_polynomial(text, model_path, joint_name, joint, options);
  // the joint as the project's reader sees it: validates the xml and names the joints when this one is absent
  const OsimCustomJoint original = read_osim_joint_text(text, model_path, joint_name);
  detail::Splicer s(text, model_path);
  const int j = detail::locate_joint(s, original.type, original.name, original.coordinates.empty() ? 0 : original.coordinates[0].line);
  // the coordinate the fitted joint drives: the one named (--coordinates), else the fitted coordinate's name, else
  // the joint's only one; the joint's other coordinates are removed (with the couplers that set them)
  std::vector<std::string> own;
  for (const OsimCoordinate& c : original.coordinates) own.push_back(c.name);
  std::string driven;
  if (options.coordinates.size() > 1) {
    s.fail(OsimErrorKind::InvalidValue, j, "the fitted joint has 1 coordinate; " + std::to_string(options.coordinates.size()) + " named (" +
                                              detail::joined(options.coordinates) + ")");
  } else if (options.coordinates.size() == 1) {
    driven = options.coordinates[0];
  } else if (std::find(own.begin(), own.end(), joint.coordinates()[0].name) != own.end()) {
    driven = joint.coordinates()[0].name;
  } else if (own.size() == 1) {
    driven = own[0];
  } else {
    s.fail(OsimErrorKind::InvalidValue, j, "has " + std::to_string(own.size()) + " coordinates (" + detail::joined(own) +
                                              "); name the one the fitted joint drives (--coordinates NAME)");
  }
  const auto driven_at = std::find(own.begin(), own.end(), driven);
  if (driven_at == own.end()) s.fail(OsimErrorKind::InvalidValue, j, "has no coordinate '" + driven + "' (it has " + detail::joined(own) + ")");

  OsimReplaceResult r;
  r.old_begin = s.at(j).begin;
  r.old_end = s.at(j).end;
  const OsimCoordinate& coord = original.coordinates[static_cast<std::size_t>(driven_at - own.begin())];
  r.coordinate = coord.name;
  const int coord_span = detail::coordinate_element(s, j, coord.name);
  if (coord_span < 0) s.fail(OsimErrorKind::MissingElement, j, "cannot locate <Coordinate name='" + coord.name + "'>");
  double q0 = coord.min, q1 = coord.max;
  if (options.range) {
    std::tie(q0, q1) = *options.range;
  } else if (!coord.has_range || osim_range_is_unbounded(q0, q1) || !(q1 > q0)) {
    s.fail(OsimErrorKind::InvalidValue, coord_span, "has no bounded range to export over; give one (--range MIN,MAX)");
  }
  if (!(q1 > q0) || !std::isfinite(q0) || !std::isfinite(q1)) s.fail(OsimErrorKind::InvalidValue, coord_span, "empty range");
  const Coordinate& fitted = joint.coordinates()[0];
  const double slack = 1e-9 * std::max(1.0, q1 - q0);
  if (fitted.min > q0 + slack || fitted.max < q1 - slack) {
    char buf[512];
    std::snprintf(buf, sizeof buf,
                  "range [%.6g, %.6g] is not covered by the fitted joint, whose coordinate '%s' spans [%.6g, %.6g] (its "
                  "samples); sample and fit over the whole range, or give a range inside [%.6g, %.6g] (--range)",
                  q0, q1, fitted.name.c_str(), fitted.min, fitted.max, fitted.min, fitted.max);
    s.fail(OsimErrorKind::InvalidValue, coord_span, buf);
  }
  r.q_min = q0;
  r.q_max = q1;
  r.coordinates = {coord.name};
  r.ranges = {{q0, q1}};
  if (options.range) {
    const double range[2] = {q0, q1};
    s.set_child(coord_span, "range", osim_numbers(range, 2));
    if (!coord.has_range || coord.min != q0 || coord.max != q1)
      r.notes.push_back("the range of '" + coord.name + "' is now " + osim_number(q0) + " " + osim_number(q1) +
                        (coord.has_range ? " (the file's was " + osim_number(coord.min) + " " + osim_number(coord.max) + ")" : ""));
    if (coord.default_value < q0 || coord.default_value > q1) {
      const double d = std::clamp(coord.default_value, q0, q1);
      s.set_child(coord_span, "default_value", osim_number(d));
      r.notes.push_back("the default value of '" + coord.name + "' (" + osim_number(coord.default_value) + ") lies outside the new range; set to " + osim_number(d));
    }
  }

  OsimExportOptions eo = options.fit;
  eo.range = std::make_pair(q0, q1);
  const OsimExport ex = export_osim(joint, eo);

  detail::set_offset_frames(s, j, ex.joint.parent_T_pframe, ex.joint.child_T_cframe);
  std::vector<std::string> undriven;
  for (const std::string& c : own)
    if (c != driven) undriven.push_back(c);
  detail::remove_coordinates(s, j, undriven, r);
  detail::make_custom_joint(s, j, original.type, original.name, r.notes);
  char comment[256];
  std::snprintf(comment, sizeof comment, "re-authored by jointsmith: %s of %s, max error %.3g mm, %.3g deg over [%.6g, %.6g]",
                osim_function_element(eo.spline_kind), coord.name.c_str(), ex.fidelity.max_position_error_m * 1e3,
                ex.fidelity.max_angle_error_rad * 180.0 / kPi, q0, q1);
  const std::vector<std::string> names{coord.name};
  detail::set_spatial_transform(s, j, [&](const std::string& ind) { return spatial_transform_text(ex.joint, names, comment, ind, s.unit, s.nl); });
  detail::fix_meshes(s, model_path, options.output_path, options.meshes, r);
  detail::apply_edits(s, r);

  // the proof: the new model read back by the project's reader, its joint evaluated by OpenSim's rules
  const std::string out_path = options.output_path.empty() ? model_path : options.output_path;
  const OsimCustomJoint reread = read_osim_joint_text(r.text, out_path, original.name);
  const int points = std::max(4001, 32 * ex.fidelity.knots);
  r.fidelity = measure_osim_fidelity(joint, reread, 0, q0, q1, points);
  r.fidelity.rotation_order = ex.fidelity.rotation_order;
  r.fidelity.min_gimbal_margin = ex.fidelity.min_gimbal_margin;
  r.fidelity.within_tolerance = r.fidelity.max_position_error_m <= eo.position_tolerance && r.fidelity.max_angle_error_rad <= eo.angle_tolerance;
  r.fidelity.worst_position_at = {r.fidelity.worst_position_q};
  r.fidelity.worst_angle_at = {r.fidelity.worst_angle_q};
  return r;
}

void save_osim_model(const OsimReplaceResult& result, const std::string& path) {
  for (const OsimMeshFix& c : result.copies) {
    std::error_code ec;
    fs::create_directories(fs::path(c.to).parent_path(), ec);
    if (!fs::copy_file(c.found, c.to, fs::copy_options::overwrite_existing, ec)) {
      throw std::runtime_error(c.to + ": cannot copy mesh " + c.found + " (" + ec.message() + ")");
    }
  }
  io::write_file_atomic(path, result.text);
}

std::string replace_summary(const OsimReplaceResult& r, const OsimReplaceOptions& o) {
  const OsimFidelity& f = r.fidelity;
  char buf[768];
  std::string s;
  if (r.coordinates.size() > 1) {
    // n-dof: the box, the errors and where, the degree
    std::string box, pos = "(", ang = "(", names = "(";
    for (std::size_t d = 0; d < r.coordinates.size(); ++d) {
      std::snprintf(buf, sizeof buf, "%s%s in [%.6g, %.6g]", d ? ", " : "", r.coordinates[d].c_str(), r.ranges[d].first, r.ranges[d].second);
      box += buf;
      names += (d ? ", " : "") + r.coordinates[d];
      std::snprintf(buf, sizeof buf, "%s%.4g", d ? ", " : "", d < f.worst_position_at.size() ? f.worst_position_at[d] : 0.0);
      pos += buf;
      std::snprintf(buf, sizeof buf, "%s%.4g", d ? ", " : "", d < f.worst_angle_at.size() ? f.worst_angle_at[d] : 0.0);
      ang += buf;
    }
    names += ")";
    std::snprintf(buf, sizeof buf,
                  "fidelity (the saved joint read back, evaluated as OpenSim does) over a grid of %d points of %s:\n"
                  "  max position error %.3g mm (at %s = %s)), max angle error %.3g deg (at %s = %s)); tolerance %.3g mm, %.3g deg: %s\n"
                  "  MultivariatePolynomialFunction of degree %d (%d coefficients per function), rotations about %s, smallest cos(rotation2) %.3f\n",
                  f.points, box.c_str(), f.max_position_error_m * 1e3, names.c_str(), pos.c_str(), f.max_angle_error_rad * 180.0 / kPi, names.c_str(),
                  ang.c_str(), o.polynomial.position_tolerance * 1e3, o.polynomial.angle_tolerance * 180.0 / kPi, f.within_tolerance ? "met" : "NOT met",
                  f.degree, static_cast<int>(polynomial_exponents(static_cast<int>(r.coordinates.size()), f.degree).size() / r.coordinates.size()),
                  axis_order_name(f.rotation_order).c_str(), f.min_gimbal_margin);
    s = buf;
    std::string steps;
    for (const auto& [degree, g] : r.degrees_tried) {
      std::snprintf(buf, sizeof buf, "%s%d: %.3g mm %.3g deg", steps.empty() ? "" : ", ", degree, g.max_position_error_m * 1e3, g.max_angle_error_rad * 180.0 / kPi);
      steps += buf;
    }
    if (!steps.empty()) s += "  degrees tried (error of the fit before saving): " + steps + "\n";
    if (!r.chart.empty()) s += "  parent offset frame and angles: " + r.chart + "\n";
  } else {
    std::snprintf(buf, sizeof buf,
                  "fidelity (the saved joint read back, evaluated as OpenSim does) over %d points of %s in [%.6g, %.6g]:\n"
                  "  max position error %.3g mm (at %s = %.6g), max angle error %.3g deg (at %s = %.6g); tolerance %.3g mm, "
                  "%.3g deg: %s\n  %d knots per function (%s), rotations about %s, smallest cos(rotation2) %.3f\n",
                  f.points, r.coordinate.c_str(), r.q_min, r.q_max, f.max_position_error_m * 1e3, r.coordinate.c_str(), f.worst_position_q,
                  f.max_angle_error_rad * 180.0 / kPi, r.coordinate.c_str(), f.worst_angle_q, o.fit.position_tolerance * 1e3,
                  o.fit.angle_tolerance * 180.0 / kPi, f.within_tolerance ? "met" : "NOT met", f.knots,
                  osim_function_element(o.fit.spline_kind), axis_order_name(f.rotation_order).c_str(), f.min_gimbal_margin);
    s = buf;
  }
  if (!r.rewritten.empty()) {
    s += "  " + std::to_string(r.rewritten.size()) + " mesh path(s) rewritten to resolve from the new folder (e.g. " + r.rewritten[0].name +
         " -> " + r.rewritten[0].to + ")\n";
  }
  if (!r.copies.empty()) s += "  " + std::to_string(r.copies.size()) + " mesh(es) copied beside the model (" + fs::path(r.copies[0].to).parent_path().string() + ")\n";
  if (!r.missing_meshes.empty()) {
    std::string names;
    for (const std::string& m : r.missing_meshes) names += (names.empty() ? "" : ", ") + m;
    s += "  meshes not found beside the model or in its Geometry/ folder (left as written): " + names + "\n";
  }
  for (const std::string& n : r.notes) s += "  note: " + n + "\n";
  return s;
}

}  // namespace js::interop
