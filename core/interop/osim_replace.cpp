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
#include "core/interop/xml_spans.hpp"

namespace js::interop {

namespace fs = std::filesystem;

namespace {

constexpr double kPi = 3.14159265358979323846;

struct Edit {
  std::size_t begin, end;
  std::string text;
};

std::string number(double v) {
  if (v == 0.0) v = 0.0;  // no "-0" in the file
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.17g", v);
  return buf;
}
std::string numbers(const double* v, std::size_t n) {
  std::string s;
  for (std::size_t i = 0; i < n; ++i) s += (i ? " " : "") + number(v[i]);
  return s;
}
std::string numbers(const std::vector<double>& v) { return numbers(v.data(), v.size()); }
std::string numbers(const Vec3& v) { return numbers(v.data(), 3); }

std::string trimmed(std::string_view s) {
  const std::size_t a = s.find_first_not_of(" \t\r\n");
  if (a == std::string_view::npos) return "";
  const std::size_t b = s.find_last_not_of(" \t\r\n");
  return std::string(s.substr(a, b - a + 1));
}

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

std::string last_path_part(const std::string& path) {
  const std::size_t slash = path.find_last_of('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

// the edit context: the text, its spans, its newline and indentation unit
struct Splicer {
  const std::string& text;
  const std::string& source;
  std::vector<XmlSpan> spans;
  std::string nl = "\n";
  std::string unit = "\t";
  std::vector<Edit> edits;

  const XmlSpan& at(int k) const { return spans[static_cast<std::size_t>(k)]; }
  std::string content(int k) const { return trimmed(std::string_view(text).substr(at(k).open_end, at(k).content_size())); }
  int child(int parent, std::string_view name) const {
    const std::vector<int> c = xml_children(spans, parent, name);
    return c.empty() ? -1 : c.front();
  }
  [[noreturn]] void fail(OsimErrorKind kind, int k, const std::string& problem) const {
    const XmlSpan& e = at(k);
    const std::string tag = "<" + e.name + (e.name_attribute.empty() ? "" : " name='" + e.name_attribute + "'") + ">";
    throw OsimError(kind, source, e.line, tag, problem);
  }
  // true when only blanks stand between the start of pos's line and pos
  bool line_starts_at(std::size_t pos) const {
    const std::string indent = line_indent(text, pos);
    return pos >= indent.size() && text.compare(pos - indent.size(), indent.size(), indent) == 0 &&
           (pos == indent.size() || text[pos - indent.size() - 1] == '\n');
  }
  // replaces the content of element k (a leaf) with value
  void set_content(int k, const std::string& value) {
    const XmlSpan& e = at(k);
    if (e.self_closing) {
      edits.push_back({e.begin, e.end, "<" + e.name + ">" + value + "</" + e.name + ">"});
    } else {
      edits.push_back({e.open_end, e.close_begin, value});
    }
  }
  // inserts a child element (text starting at '<') as the last child of parent, on its own line
  void append_child(int parent, const std::string& element) {
    const XmlSpan& p = at(parent);
    const std::string indent = line_indent(text, p.begin);
    if (line_starts_at(p.close_begin)) {
      const std::size_t line_start = p.close_begin - line_indent(text, p.close_begin).size();
      edits.push_back({line_start, line_start, indent + unit + element + nl});
    } else {
      edits.push_back({p.close_begin, p.close_begin, element});
    }
  }
  // sets leaf child `name` of parent to value, adding it when absent
  void set_child(int parent, const char* name, const std::string& value) {
    const int k = child(parent, name);
    if (k >= 0) {
      set_content(k, value);
    } else {
      append_child(parent, std::string("<") + name + ">" + value + "</" + name + ">");
    }
  }
  // removes element k together with the blanks and the newline before it
  void remove(int k) {
    const XmlSpan& e = at(k);
    std::size_t from = e.begin;
    if (line_starts_at(from)) {
      from -= line_indent(text, from).size();
      if (from > 0 && text[from - 1] == '\n') --from;
      if (from > 0 && text[from - 1] == '\r') --from;
    }
    edits.push_back({from, e.end, ""});
  }
};

void write_function(std::string& out, const OsimFunction& f, const std::string& ind, const std::string& unit, const std::string& nl) {
  const std::string kind = osim_function_element(f.kind());
  out += "<" + kind + " name=\"function\">";
  switch (f.kind()) {
    case OsimFunctionKind::SimmSpline:
    case OsimFunctionKind::NaturalCubicSpline:
      out += nl + ind + unit + "<x>" + numbers(f.x()) + "</x>" + nl + ind + unit + "<y>" + numbers(f.y()) + "</y>" + nl + ind;
      break;
    case OsimFunctionKind::Constant: out += nl + ind + unit + "<value>" + number(f.value()) + "</value>" + nl + ind; break;
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

// a mesh as OpenSim looks for it: the name itself when absolute, else beside the model and in its Geometry/
// folder; then the same folders ignoring letter case (models written on case-insensitive disks)
std::optional<fs::path> find_mesh(const fs::path& folder, const std::string& name, bool ignore_case) {
  const fs::path n(name);
  std::error_code ec;
  if (n.is_absolute()) return fs::exists(n, ec) ? std::optional<fs::path>(n) : std::nullopt;
  for (const fs::path& d : {folder, folder / "Geometry"}) {
    if (fs::is_regular_file(d / n, ec)) return d / n;
  }
  if (!ignore_case) return std::nullopt;
  for (const fs::path& d : {folder, folder / "Geometry"}) {
    const fs::path dir = (d / n).parent_path();
    if (!fs::is_directory(dir, ec)) continue;
    for (const fs::directory_entry& entry : fs::directory_iterator(dir, ec)) {
      if (entry.is_regular_file(ec) && lower(entry.path().filename().string()) == lower(n.filename().string())) return entry.path();
    }
  }
  return std::nullopt;
}

void fix_meshes(Splicer& s, const fs::path& model_folder, const fs::path& out_folder, OsimMeshPaths mode, OsimReplaceResult& r) {
  std::error_code ec;
  const bool same_folder = fs::equivalent(model_folder, out_folder, ec);
  for (std::size_t k = 0; k < s.spans.size(); ++k) {
    if (s.spans[k].name != "mesh_file" || s.spans[k].self_closing) continue;
    const std::string name = s.content(static_cast<int>(k));
    if (name.empty()) continue;
    const std::optional<fs::path> found = find_mesh(model_folder, name, true);
    if (!found) {
      if (std::find(r.missing_meshes.begin(), r.missing_meshes.end(), name) == r.missing_meshes.end()) r.missing_meshes.push_back(name);
      continue;
    }
    if (same_folder || mode == OsimMeshPaths::Keep || find_mesh(out_folder, name, false)) continue;
    OsimMeshFix fix{name, found->string(), "", s.spans[k].line};
    if (mode == OsimMeshPaths::Copy) {
      fix.to = (out_folder / "Geometry" / fs::path(name)).string();
      if (std::none_of(r.copies.begin(), r.copies.end(), [&](const OsimMeshFix& c) { return c.to == fix.to; })) r.copies.push_back(fix);
      continue;
    }
    const fs::path absolute = fs::absolute(*found, ec);
    fs::path relative = absolute.lexically_relative(fs::absolute(out_folder, ec));
    fix.to = relative.empty() ? absolute.generic_string() : relative.generic_string();
    s.set_content(static_cast<int>(k), fix.to);
    r.rewritten.push_back(fix);
  }
}

// direct children of a Joint that a CustomJoint also has (Joint and Component properties); the rest belong to the
// replaced type (an EllipsoidJoint's radii …) and are dropped
bool custom_joint_property(const std::string& name) {
  return name == "socket_parent_frame" || name == "socket_child_frame" || name == "coordinates" || name == "frames" ||
         name == "reverse" || name == "components" || name == "SpatialTransform";
}

}  // namespace

OsimReplaceResult replace_osim_joint(const std::string& text, const std::string& model_path, const std::string& joint_name,
                                     const JointModel& joint, const OsimReplaceOptions& options) {
  if (joint_name.empty()) throw OsimError(OsimErrorKind::MissingJoint, model_path, 0, "", "name the joint to replace");
  // the joint as the project's reader sees it: validates the xml and names the joints when this one is absent
  const OsimCustomJoint original = read_osim_joint_text(text, model_path, joint_name);
  Splicer s{text, model_path, {}, "\n", "\t", {}};
  try {
    s.spans = scan_xml_spans(text);
  } catch (const std::runtime_error& e) {
    throw OsimError(OsimErrorKind::Syntax, model_path, 0, "", std::string("cannot locate elements: ") + e.what());
  }
  if (text.find("\r\n") != std::string::npos) s.nl = "\r\n";
  // the joint's element: its type and name, outside <defaults>, holding the coordinate the reader read
  int j = -1;
  for (std::size_t k = 0; k < s.spans.size() && j < 0; ++k) {
    const XmlSpan& e = s.spans[k];
    if (e.name != original.type || e.name_attribute != original.name) continue;
    bool in_defaults = false;
    for (int p = e.parent; p >= 0; p = s.at(p).parent) in_defaults = in_defaults || s.at(p).name == "defaults";
    const int line = original.coordinates.empty() ? 0 : original.coordinates[0].line;
    const int end_line = e.line + static_cast<int>(std::count(text.begin() + static_cast<std::ptrdiff_t>(e.begin),
                                                              text.begin() + static_cast<std::ptrdiff_t>(e.end), '\n'));
    if (!in_defaults && (line == 0 || (line >= e.line && line <= end_line))) j = static_cast<int>(k);
  }
  if (j < 0) throw OsimError(OsimErrorKind::MissingJoint, model_path, 0, "", "cannot locate the element of joint '" + joint_name + "'");
  if (s.child(j, "socket_parent_frame") < 0) {
    s.fail(OsimErrorKind::InvalidValue, j, "an OpenSim 3 joint (offsets as location_in_parent); open and save the model in OpenSim 4 first");
  }
  if (joint.dof() != static_cast<int>(original.coordinates.size())) {
    s.fail(OsimErrorKind::InvalidValue, j, "has " + std::to_string(original.coordinates.size()) + " coordinate(s) but the fitted joint has " +
                                              std::to_string(joint.dof()) + " dof");
  }
  if (joint.dof() != 1) {
    s.fail(OsimErrorKind::InvalidValue, j, std::to_string(joint.dof()) + "-dof joints cannot be replaced yet (1-dof only)");
  }
  // the indentation unit: the first child's indentation past the joint's
  if (const std::vector<int> kids = xml_children(s.spans, j); !kids.empty() && s.line_starts_at(s.at(kids[0]).begin)) {
    const std::string outer = line_indent(text, s.at(j).begin), inner = line_indent(text, s.at(kids[0]).begin);
    if (inner.size() > outer.size() && inner.compare(0, outer.size(), outer) == 0) s.unit = inner.substr(outer.size());
  }

  OsimReplaceResult r;
  r.old_begin = s.at(j).begin;
  r.old_end = s.at(j).end;
  // the coordinate: the range written (the model's, or options.range), which the fitted joint must cover
  const OsimCoordinate& coord = original.coordinates[0];
  r.coordinate = coord.name;
  int coord_span = -1;
  for (int c = s.child(j, "coordinates"); c >= 0 && coord_span < 0;) {
    for (int k : xml_children(s.spans, c, "Coordinate")) {
      if (s.at(k).name_attribute == coord.name) coord_span = k;
    }
    break;
  }
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
  if (options.range) {
    const double range[2] = {q0, q1};
    s.set_child(coord_span, "range", numbers(range, 2));
    if (coord.default_value < q0 || coord.default_value > q1) {
      const double d = std::clamp(coord.default_value, q0, q1);
      s.set_child(coord_span, "default_value", number(d));
      r.notes.push_back("the default value of '" + coord.name + "' (" + number(coord.default_value) + ") lies outside the new range; set to " + number(d));
    }
  }

  OsimExportOptions eo = options.fit;
  eo.range = std::make_pair(q0, q1);
  const OsimExport ex = export_osim(joint, eo);

  // the offset frames keep their names and sockets; their translation and orientation become the fitted offsets
  const int frames = s.child(j, "frames");
  for (const auto& [socket, T] : {std::pair<const char*, SE3>{"socket_parent_frame", ex.joint.parent_T_pframe},
                                  std::pair<const char*, SE3>{"socket_child_frame", ex.joint.child_T_cframe}}) {
    const int sk = s.child(j, socket);
    const std::string name = last_path_part(s.content(sk));
    int f = -1;
    if (frames >= 0) {
      for (int k : xml_children(s.spans, frames)) {
        if (s.at(k).name_attribute == name) f = k;
      }
    }
    if (f < 0 || s.at(f).name != "PhysicalOffsetFrame") {
      s.fail(OsimErrorKind::InvalidValue, sk, "names '" + name + "', not a PhysicalOffsetFrame of the joint; add an offset frame for it in OpenSim first");
    }
    s.set_child(f, "translation", numbers(T.p));
    s.set_child(f, "orientation", numbers(decompose_body_fixed({0, 1, 2}, T.R)));
  }

  // the type becomes CustomJoint; properties of the old type go
  if (original.type != "CustomJoint") {
    const XmlSpan& e = s.at(j);
    s.edits.push_back({e.begin + 1, e.begin + 1 + e.name.size(), "CustomJoint"});
    s.edits.push_back({e.close_begin + 2, e.close_begin + 2 + e.name.size(), "CustomJoint"});
    for (int k : xml_children(s.spans, j)) {
      if (!custom_joint_property(s.at(k).name)) {
        r.notes.push_back("dropped <" + s.at(k).name + "> of the " + original.type + " (line " + std::to_string(s.at(k).line) + ")");
        s.remove(k);
      }
    }
    r.notes.push_back("'" + original.name + "' was a " + original.type + "; it is now a CustomJoint");
  }
  char comment[256];
  std::snprintf(comment, sizeof comment, "re-authored by jointsmith: %s of %s, max error %.3g mm, %.3g deg over [%.6g, %.6g]",
                osim_function_element(eo.spline_kind), coord.name.c_str(), ex.fidelity.max_position_error_m * 1e3,
                ex.fidelity.max_angle_error_rad * 180.0 / kPi, q0, q1);
  const std::vector<std::string> names{coord.name};
  if (const int st = s.child(j, "SpatialTransform"); st >= 0) {
    s.edits.push_back({s.at(st).begin, s.at(st).end, spatial_transform_text(ex.joint, names, comment, line_indent(text, s.at(st).begin), s.unit, s.nl)});
  } else {
    s.append_child(j, spatial_transform_text(ex.joint, names, comment, line_indent(text, s.at(j).begin) + s.unit, s.unit, s.nl));
  }

  const fs::path model_folder = fs::path(model_path).has_parent_path() ? fs::path(model_path).parent_path() : fs::path(".");
  const std::string out_path = options.output_path.empty() ? model_path : options.output_path;
  const fs::path out_folder = fs::path(out_path).has_parent_path() ? fs::path(out_path).parent_path() : fs::path(".");
  fix_meshes(s, model_folder, out_folder, options.meshes, r);

  // splice
  std::sort(s.edits.begin(), s.edits.end(), [](const Edit& a, const Edit& b) { return a.begin < b.begin || (a.begin == b.begin && a.end < b.end); });
  std::size_t at = 0;
  r.new_begin = r.old_begin;
  r.new_end = r.old_end;
  for (const Edit& e : s.edits) {
    if (e.begin < at) throw std::logic_error("overlapping edits of the model text");
    r.text.append(text, at, e.begin - at);
    r.text += e.text;
    at = e.end;
    const std::ptrdiff_t delta = static_cast<std::ptrdiff_t>(e.text.size()) - static_cast<std::ptrdiff_t>(e.end - e.begin);
    if (e.begin < r.old_begin) r.new_begin = static_cast<std::size_t>(static_cast<std::ptrdiff_t>(r.new_begin) + delta);
    if (e.begin < r.old_end) r.new_end = static_cast<std::size_t>(static_cast<std::ptrdiff_t>(r.new_end) + delta);
  }
  r.text.append(text, at, std::string::npos);

  // the proof: the new model read back by the project's reader, its joint evaluated by OpenSim's rules
  const OsimCustomJoint reread = read_osim_joint_text(r.text, out_path, original.name);
  const int points = std::max(4001, 32 * ex.fidelity.knots);
  r.fidelity = measure_osim_fidelity(joint, reread, 0, q0, q1, points);
  r.fidelity.rotation_order = ex.fidelity.rotation_order;
  r.fidelity.min_gimbal_margin = ex.fidelity.min_gimbal_margin;
  r.fidelity.within_tolerance = r.fidelity.max_position_error_m <= eo.position_tolerance && r.fidelity.max_angle_error_rad <= eo.angle_tolerance;
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
  std::snprintf(buf, sizeof buf,
                "fidelity (the saved joint read back, evaluated as OpenSim does) over %d points of %s in [%.6g, %.6g]:\n"
                "  max position error %.3g mm (at %s = %.6g), max angle error %.3g deg (at %s = %.6g); tolerance %.3g mm, "
                "%.3g deg: %s\n  %d knots per function (%s), rotations about %s, smallest cos(rotation2) %.3f\n",
                f.points, r.coordinate.c_str(), r.q_min, r.q_max, f.max_position_error_m * 1e3, r.coordinate.c_str(), f.worst_position_q,
                f.max_angle_error_rad * 180.0 / kPi, r.coordinate.c_str(), f.worst_angle_q, o.fit.position_tolerance * 1e3,
                o.fit.angle_tolerance * 180.0 / kPi, f.within_tolerance ? "met" : "NOT met", f.knots,
                osim_function_element(o.fit.spline_kind), axis_order_name(f.rotation_order).c_str(), f.min_gimbal_margin);
  std::string s = buf;
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
