#include "core/interop/osim_splice.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <optional>
#include <stdexcept>

#include "core/interop/euler.hpp"
#include "core/interop/osim_model_parts.hpp"

namespace js::interop::detail {

namespace fs = std::filesystem;

namespace {

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

// direct children of a Joint that a CustomJoint also has (Joint and Component properties); the rest belong to the
// replaced type (an EllipsoidJoint's radii …) and are dropped
bool custom_joint_property(const std::string& name) {
  return name == "socket_parent_frame" || name == "socket_child_frame" || name == "coordinates" || name == "frames" ||
         name == "reverse" || name == "components" || name == "SpatialTransform";
}

fs::path folder_of(const std::string& path) { return fs::path(path).has_parent_path() ? fs::path(path).parent_path() : fs::path("."); }

}  // namespace

std::string osim_number(double v) {
  if (v == 0.0) v = 0.0;  // no "-0" in the file
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.17g", v);
  return buf;
}

std::string osim_numbers(const double* v, std::size_t n) {
  std::string s;
  for (std::size_t i = 0; i < n; ++i) s += (i ? " " : "") + osim_number(v[i]);
  return s;
}

Splicer::Splicer(const std::string& t, const std::string& src) : text(t), source(src) {
  try {
    spans = scan_xml_spans(text);
  } catch (const io::FileError& e) {
    throw OsimError(OsimErrorKind::Syntax, source, e.line(), "", "cannot locate elements: " + e.problem());
  }
  if (text.find("\r\n") != std::string::npos) nl = "\r\n";
}

std::string Splicer::content(int k) const { return trimmed(std::string_view(text).substr(at(k).open_end, at(k).content_size())); }

int Splicer::child(int parent, std::string_view name) const {
  const std::vector<int> c = xml_children(spans, parent, name);
  return c.empty() ? -1 : c.front();
}

void Splicer::fail(OsimErrorKind kind, int k, const std::string& problem) const {
  const XmlSpan& e = at(k);
  const std::string tag = "<" + e.name + (e.name_attribute.empty() ? "" : " name='" + e.name_attribute + "'") + ">";
  throw OsimError(kind, source, e.line, tag, problem);
}

bool Splicer::line_starts_at(std::size_t pos) const {
  const std::string indent = line_indent(text, pos);
  return pos >= indent.size() && text.compare(pos - indent.size(), indent.size(), indent) == 0 &&
         (pos == indent.size() || text[pos - indent.size() - 1] == '\n');
}

void Splicer::set_content(int k, const std::string& value) {
  const XmlSpan& e = at(k);
  if (e.self_closing) {
    edits.push_back({e.begin, e.end, "<" + e.name + ">" + value + "</" + e.name + ">"});
  } else {
    edits.push_back({e.open_end, e.close_begin, value});
  }
}

void Splicer::append_child(int parent, const std::string& element) {
  const XmlSpan& p = at(parent);
  const std::string indent = line_indent(text, p.begin);
  if (line_starts_at(p.close_begin)) {
    const std::size_t line_start = p.close_begin - line_indent(text, p.close_begin).size();
    edits.push_back({line_start, line_start, indent + unit + element + nl});
  } else {
    edits.push_back({p.close_begin, p.close_begin, element});
  }
}

void Splicer::set_child(int parent, const char* name, const std::string& value) {
  const int k = child(parent, name);
  if (k >= 0) {
    set_content(k, value);
  } else {
    append_child(parent, std::string("<") + name + ">" + value + "</" + name + ">");
  }
}

void Splicer::remove(int k) {
  const XmlSpan& e = at(k);
  std::size_t from = e.begin;
  if (line_starts_at(from)) {
    from -= line_indent(text, from).size();
    if (from > 0 && text[from - 1] == '\n') --from;
    if (from > 0 && text[from - 1] == '\r') --from;
  }
  edits.push_back({from, e.end, ""});
}

int locate_joint(Splicer& s, const std::string& type, const std::string& name, int line) {
  int j = -1;
  for (std::size_t k = 0; k < s.spans.size() && j < 0; ++k) {
    const XmlSpan& e = s.spans[k];
    if (e.name != type || e.name_attribute != name) continue;
    bool in_defaults = false;
    for (int p = e.parent; p >= 0; p = s.at(p).parent) in_defaults = in_defaults || s.at(p).name == "defaults";
    const int end_line = e.line + static_cast<int>(std::count(s.text.begin() + static_cast<std::ptrdiff_t>(e.begin),
                                                              s.text.begin() + static_cast<std::ptrdiff_t>(e.end), '\n'));
    if (!in_defaults && (line == 0 || (line >= e.line && line <= end_line))) j = static_cast<int>(k);
  }
  if (j < 0) throw OsimError(OsimErrorKind::MissingJoint, s.source, 0, "", "cannot locate the element of joint '" + name + "'");
  if (s.child(j, "socket_parent_frame") < 0) {
    s.fail(OsimErrorKind::InvalidValue, j, "an OpenSim 3 joint (offsets as location_in_parent); open and save the model in OpenSim 4 first");
  }
  // the indentation unit: the first child's indentation past the joint's
  if (const std::vector<int> kids = xml_children(s.spans, j); !kids.empty() && s.line_starts_at(s.at(kids[0]).begin)) {
    const std::string outer = line_indent(s.text, s.at(j).begin), inner = line_indent(s.text, s.at(kids[0]).begin);
    if (inner.size() > outer.size() && inner.compare(0, outer.size(), outer) == 0) s.unit = inner.substr(outer.size());
  }
  return j;
}

void set_offset_frames(Splicer& s, int j, const SE3& parent_T_pframe, const SE3& child_T_cframe) {
  const int frames = s.child(j, "frames");
  for (const auto& [socket, T] : {std::pair<const char*, SE3>{"socket_parent_frame", parent_T_pframe},
                                  std::pair<const char*, SE3>{"socket_child_frame", child_T_cframe}}) {
    const int sk = s.child(j, socket);
    if (sk < 0) s.fail(OsimErrorKind::MissingElement, j, std::string("has no <") + socket + ">");
    const std::string name = detail::last_path_part(s.content(sk));
    int f = -1;
    if (frames >= 0) {
      for (int k : xml_children(s.spans, frames)) {
        if (s.at(k).name_attribute == name) f = k;
      }
    }
    if (f < 0 || s.at(f).name != "PhysicalOffsetFrame") {
      s.fail(OsimErrorKind::InvalidValue, sk, "names '" + name + "', not a PhysicalOffsetFrame of the joint; add an offset frame for it in OpenSim first");
    }
    s.set_child(f, "translation", osim_numbers(T.p.data(), 3));
    const Vec3 angles = decompose_body_fixed({0, 1, 2}, T.R);
    s.set_child(f, "orientation", osim_numbers(angles.data(), 3));
  }
}

void make_custom_joint(Splicer& s, int j, const std::string& type, const std::string& name, std::vector<std::string>& notes) {
  if (type == "CustomJoint") return;
  const XmlSpan& e = s.at(j);
  s.edits.push_back({e.begin + 1, e.begin + 1 + e.name.size(), "CustomJoint"});
  s.edits.push_back({e.close_begin + 2, e.close_begin + 2 + e.name.size(), "CustomJoint"});
  for (int k : xml_children(s.spans, j)) {
    if (!custom_joint_property(s.at(k).name)) {
      notes.push_back("dropped <" + s.at(k).name + "> of the " + type + " (line " + std::to_string(s.at(k).line) + ")");
      s.remove(k);
    }
  }
  const bool vowel = !type.empty() && std::string("AEIO").find(type[0]) != std::string::npos;
  notes.push_back("'" + name + "' was " + (vowel ? "an " : "a ") + type + "; it is now a CustomJoint");
}

void fix_meshes(Splicer& s, const std::string& model_path, const std::string& output_path, OsimMeshPaths mode, OsimReplaceResult& r) {
  const fs::path model_folder = folder_of(model_path);
  const fs::path out_folder = folder_of(output_path.empty() ? model_path : output_path);
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

void apply_edits(Splicer& s, OsimReplaceResult& r) {
  std::sort(s.edits.begin(), s.edits.end(), [](const Edit& a, const Edit& b) { return a.begin < b.begin || (a.begin == b.begin && a.end < b.end); });
  std::size_t at = 0;
  r.text.clear();
  r.new_begin = r.old_begin;
  r.new_end = r.old_end;
  for (const Edit& e : s.edits) {
    if (e.begin < at) throw std::logic_error("overlapping edits of the model text");
    r.text.append(s.text, at, e.begin - at);
    r.text += e.text;
    at = e.end;
    const std::ptrdiff_t delta = static_cast<std::ptrdiff_t>(e.text.size()) - static_cast<std::ptrdiff_t>(e.end - e.begin);
    if (e.begin < r.old_begin) r.new_begin = static_cast<std::size_t>(static_cast<std::ptrdiff_t>(r.new_begin) + delta);
    if (e.begin < r.old_end) r.new_end = static_cast<std::size_t>(static_cast<std::ptrdiff_t>(r.new_end) + delta);
  }
  r.text.append(s.text, at, std::string::npos);
}

int coordinate_element(const Splicer& s, int j, const std::string& name) {
  const int c = s.child(j, "coordinates");
  if (c < 0) return -1;
  for (int k : xml_children(s.spans, c, "Coordinate")) {
    if (s.at(k).name_attribute == name) return k;
  }
  return -1;
}

std::string joined(const std::vector<std::string>& v) {
  std::string out;
  for (const std::string& x : v) out += (out.empty() ? "" : ", ") + x;
  return out;
}

namespace {

bool name_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '-'; }

std::vector<std::string> words(const std::string& text) {
  std::vector<std::string> out;
  std::string w;
  for (char c : text) {
    if (std::isspace(static_cast<unsigned char>(c))) {
      if (!w.empty()) out.push_back(std::move(w));
      w.clear();
    } else {
      w += c;
    }
  }
  if (!w.empty()) out.push_back(std::move(w));
  return out;
}

}  // namespace

std::vector<int> references(const std::string& text, const std::string& name, const std::vector<std::pair<std::size_t, std::size_t>>& skip) {
  std::vector<int> lines;
  for (std::size_t at = text.find(name); at != std::string::npos; at = text.find(name, at + 1)) {
    if (std::any_of(skip.begin(), skip.end(), [&](const auto& r) { return at >= r.first && at < r.second; })) continue;
    if ((at > 0 && name_char(text[at - 1])) || (at + name.size() < text.size() && name_char(text[at + name.size()]))) continue;
    const int line = 1 + static_cast<int>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(at), '\n'));
    if (lines.empty() || lines.back() != line) lines.push_back(line);
  }
  return lines;
}

void remove_coordinates(Splicer& s, int j, const std::vector<std::string>& names, OsimReplaceResult& r) {
  if (names.empty()) return;
  std::vector<std::pair<std::size_t, std::size_t>> gone{{s.at(j).begin, s.at(j).end}};
  for (const std::string& name : names) {
    const int ce = coordinate_element(s, j, name);
    if (ce < 0) s.fail(OsimErrorKind::MissingElement, j, "cannot locate <Coordinate name='" + name + "'>");
    s.remove(ce);
    r.removed_coordinates.push_back(name);
  }
  // a coupler that sets a removed coordinate cannot stay (OpenSim would not find its coordinate); its motion is in
  // the fitted joint when the samples were taken with the coupler followed, as the app and import-osim take them
  for (std::size_t k = 0; k < s.spans.size(); ++k) {
    const XmlSpan& e = s.spans[k];
    if (e.name != "CoordinateCouplerConstraint") continue;
    const int dep = s.child(static_cast<int>(k), "dependent_coordinate_name");
    const int ind = s.child(static_cast<int>(k), "independent_coordinate_names");
    const std::vector<std::string> d = dep >= 0 ? words(s.content(dep)) : std::vector<std::string>{};
    if (d.size() != 1 || std::find(names.begin(), names.end(), d[0]) == names.end()) continue;
    s.remove(static_cast<int>(k));
    gone.emplace_back(e.begin, e.end);
    r.notes.push_back("CoordinateCouplerConstraint '" + e.name_attribute + "' removed: it set the removed coordinate '" + d[0] + "' from " +
                      (ind >= 0 ? joined(words(s.content(ind))) : std::string("nothing")) + " (line " + std::to_string(e.line) +
                      "); the fitted joint carries that motion when its samples followed the coupler");
  }
  for (const std::string& name : names) {
    const std::vector<int> refs = references(s.text, name, gone);
    std::string where;
    for (std::size_t k = 0; k < refs.size() && k < 6; ++k) where += (k ? ", " : "") + std::to_string(refs[k]);
    if (refs.size() > 6) where += ", …";
    r.notes.push_back("coordinate '" + name + "' removed (the fitted joint does not drive it)" +
                      (refs.empty() ? std::string("; nothing else in the model names it")
                                    : "; the model still names it on line(s) " + where + ": fix those before loading in OpenSim"));
  }
}

}  // namespace js::interop::detail
