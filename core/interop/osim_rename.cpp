#include "core/interop/osim_rename.hpp"

#include <algorithm>
#include <cctype>
#include <map>

#include "core/interop/osim_file.hpp"
#include "core/interop/osim_splice.hpp"

namespace js::interop {

namespace {

bool xml_blank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// per span: inside <defaults> (or <defaults> itself); spans come parents first
std::vector<bool> defaults_flags(const detail::Splicer& s) {
  std::vector<bool> out(s.spans.size(), false);
  for (std::size_t k = 0; k < s.spans.size(); ++k) {
    const int p = s.spans[k].parent;
    out[k] = s.spans[k].name == "defaults" || (p >= 0 && out[static_cast<std::size_t>(p)]);
  }
  return out;
}

// the joint element holding coordinate k: its nearest named ancestor whose type ends in Joint (4.x: the joint the
// <coordinates> list is in; 3.x: the joint the <CoordinateSet> is in)
std::string joint_of(const detail::Splicer& s, int k) {
  for (int p = s.at(k).parent; p >= 0; p = s.at(p).parent) {
    const XmlSpan& e = s.at(p);
    if (e.name.size() > 5 && e.name.ends_with("Joint") && !e.name_attribute.empty()) return e.name_attribute;
  }
  return {};
}

// the <Coordinate> elements outside <defaults>, in file order
std::vector<int> coordinate_spans(const detail::Splicer& s) {
  const std::vector<bool> in_defaults = defaults_flags(s);
  std::vector<int> out;
  for (std::size_t k = 0; k < s.spans.size(); ++k)
    if (s.spans[k].name == "Coordinate" && !s.spans[k].name_attribute.empty() && !in_defaults[k]) out.push_back(static_cast<int>(k));
  return out;
}

// [begin, end) of the value of element e's name attribute in text (its start tag was scanned, so it is well formed)
std::pair<std::size_t, std::size_t> name_value(const std::string& text, const XmlSpan& e) {
  std::size_t i = e.begin + 1 + e.name.size();
  while (i < e.open_end) {
    while (i < e.open_end && xml_blank(text[i])) ++i;
    const std::size_t a = i;
    while (i < e.open_end && !xml_blank(text[i]) && text[i] != '=' && text[i] != '>' && text[i] != '/') ++i;
    const std::string attribute = text.substr(a, i - a);
    while (i < e.open_end && xml_blank(text[i])) ++i;
    if (i >= e.open_end || text[i] != '=') break;
    ++i;
    while (i < e.open_end && xml_blank(text[i])) ++i;
    if (i >= e.open_end || (text[i] != '"' && text[i] != '\'')) break;
    const std::size_t v = i + 1;
    const std::size_t close = text.find(text[i], v);
    if (close == std::string::npos || close >= e.open_end) break;
    if (attribute == "name") return {v, close};
    i = close + 1;
  }
  return {std::string::npos, std::string::npos};
}

struct Rename {
  std::string to;
  std::string joint;       // of the coordinate renamed
  int line = 0;            // its <Coordinate>
  std::vector<int> lines;  // where it is named, one entry per line
};

// the whole-name tokens of leaf k's text (comments and CDATA skipped): [begin, end) each
std::vector<std::pair<std::size_t, std::size_t>> leaf_tokens(const detail::Splicer& s, int k) {
  std::vector<std::pair<std::size_t, std::size_t>> out;
  const std::string& t = s.text;
  std::size_t i = s.at(k).open_end;
  const std::size_t end = s.at(k).close_begin;
  while (i < end) {
    if (t.compare(i, 4, "<!--") == 0 || t.compare(i, 9, "<![CDATA[") == 0) {
      const std::size_t close = t.find(t[i + 2] == '-' ? "-->" : "]]>", i);
      i = close == std::string::npos ? end : close + 3;
      continue;
    }
    if (xml_blank(t[i])) {
      ++i;
      continue;
    }
    const std::size_t a = i;
    while (i < end && !xml_blank(t[i]) && t[i] != '<') ++i;
    if (i == a) ++i;  // a stray '<' (not xml the scanner accepts; stepped over)
    else out.emplace_back(a, i);
  }
  return out;
}

// the rename a token stands for: the token is `from`, or a path whose last part is `from` and whose part before it is
// the coordinate's joint. returns the offset where `from` starts in the token (npos: none) and sets `which`
std::size_t match(const std::string_view token, std::map<std::string, Rename>& renames, Rename*& which) {
  const std::size_t slash = token.rfind('/');
  const std::string_view last = slash == std::string_view::npos ? token : token.substr(slash + 1);
  const auto it = renames.find(std::string(last));
  if (it == renames.end()) return std::string_view::npos;
  if (slash != std::string_view::npos) {
    const std::size_t before = slash == 0 ? std::string_view::npos : token.rfind('/', slash - 1);
    const std::string_view parent = token.substr(before == std::string_view::npos ? 0 : before + 1,
                                                 slash - (before == std::string_view::npos ? 0 : before + 1));
    if (parent != it->second.joint) return std::string_view::npos;
  }
  which = &it->second;
  return slash == std::string_view::npos ? 0 : slash + 1;
}

// whether leaf k holds coordinate names: a property named for them (<coordinates>, <coordinate>, <x_coordinate>,
// <independent_coordinate_names>, <dependent_coordinate_name>, 4.x <socket_coordinate> …) or the <members> of a
// CoordinateSet's group. nothing else is touched: an actuator called like its coordinate is listed by that name in
// a controller's <actuator_list> or a probe, and free text (<description>, <notes>) is the author's
bool names_coordinates(const detail::Splicer& s, int k) {
  const std::string& tag = s.at(k).name;
  for (const char* suffix : {"coordinate", "coordinates", "coordinate_name", "coordinate_names"})
    if (tag.ends_with(suffix)) return true;
  if (tag != "members") return false;
  for (int p = s.at(k).parent; p >= 0; p = s.at(p).parent)
    if (s.at(p).name == "CoordinateSet") return true;
  return false;
}

std::string lines_text(const std::vector<int>& lines) {
  std::string where;
  for (std::size_t k = 0; k < lines.size() && k < 8; ++k) where += (k ? ", " : "") + std::to_string(lines[k]);
  if (lines.size() > 8) where += ", …";
  return where;
}

}  // namespace

std::vector<OsimCoordinateName> osim_coordinate_names(const std::string& text, const std::string& model_path) {
  const detail::Splicer s(text, model_path);
  std::vector<OsimCoordinateName> out;
  for (int k : coordinate_spans(s)) out.push_back({joint_of(s, k), s.at(k).name_attribute, s.at(k).line});
  return out;
}

std::string osim_coordinate_name_problem(const std::string& name) {
  if (name.empty()) return "a coordinate needs a name";
  for (char c : name) {
    if (std::isspace(static_cast<unsigned char>(c)) || std::iscntrl(static_cast<unsigned char>(c)))
      return "a name has no spaces (OpenSim's lists of names are separated by them)";
    if (c == '/' || c == '\\' || c == '*' || c == '+') return std::string("OpenSim's component paths reserve '") + c + "'";
    if (c == '<' || c == '>' || c == '&' || c == '"' || c == '\'') return std::string("'") + c + "' is markup in an xml file";
  }
  return {};
}

OsimReplaceResult rename_osim_coordinates(const std::string& text, const std::string& model_path,
                                          const std::vector<OsimCoordinateRename>& renames) {
  detail::Splicer s(text, model_path);
  OsimReplaceResult r;
  const std::vector<int> coords = coordinate_spans(s);
  const auto span_of = [&](const std::string& name) {
    const auto it = std::find_if(coords.begin(), coords.end(), [&](int k) { return s.at(k).name_attribute == name; });
    return it == coords.end() ? -1 : *it;
  };
  // each rename checked: the coordinate is there, renamed once, to a name OpenSim takes
  std::map<std::string, Rename> by_name;
  std::vector<std::string> order;
  for (const OsimCoordinateRename& n : renames) {
    if (n.from == n.to) continue;
    const int c = span_of(n.from);
    if (c < 0) throw OsimError(OsimErrorKind::MissingElement, model_path, 0, "", "the model has no coordinate '" + n.from + "' to rename");
    if (by_name.count(n.from)) s.fail(OsimErrorKind::InvalidValue, c, "is renamed twice ('" + by_name[n.from].to + "' and '" + n.to + "')");
    if (const std::string problem = osim_coordinate_name_problem(n.to); !problem.empty())
      s.fail(OsimErrorKind::InvalidValue, c, "cannot be renamed '" + n.to + "': " + problem);
    by_name[n.from] = Rename{n.to, joint_of(s, c), s.at(c).line, {}};
    order.push_back(n.from);
  }
  if (by_name.empty()) {
    r.text = text;
    return r;
  }
  // no two coordinates with one name once renamed
  std::map<std::string, int> final_names;
  for (int k : coords) {
    const std::string& name = s.at(k).name_attribute;
    const auto it = by_name.find(name);
    const std::string now = it == by_name.end() ? name : it->second.to;
    const auto [at, fresh] = final_names.emplace(now, k);
    if (fresh) continue;
    // the renamed one of the two says so (a file that already had two of a name is not ours to refuse)
    const int renamed = by_name.count(name) ? k : by_name.count(s.at(at->second).name_attribute) ? at->second : -1;
    if (renamed < 0) continue;
    const int other = renamed == k ? at->second : k;
    s.fail(OsimErrorKind::InvalidValue, renamed,
           "cannot be renamed '" + now + "': the model has another coordinate of that name ('" + s.at(other).name_attribute +
               "' of joint '" + joint_of(s, other) + "', line " + std::to_string(s.at(other).line) + ")");
  }
  // the coordinates' own names
  for (int k : coords) {
    const auto it = by_name.find(s.at(k).name_attribute);
    if (it == by_name.end()) continue;
    const auto [b, e] = name_value(s.text, s.at(k));
    if (b == std::string::npos) s.fail(OsimErrorKind::Syntax, k, "cannot locate its name attribute");
    s.edits.push_back({b, e, it->second.to});
  }
  // every name, list or path in the text of an element without children (outside <defaults>)
  const std::vector<bool> in_defaults = defaults_flags(s);
  std::vector<bool> has_children(s.spans.size(), false);
  for (const XmlSpan& e : s.spans)
    if (e.parent >= 0) has_children[static_cast<std::size_t>(e.parent)] = true;
  for (std::size_t k = 0; k < s.spans.size(); ++k) {
    const XmlSpan& e = s.spans[k];
    if (has_children[k] || e.self_closing || in_defaults[k] || e.content_size() == 0) continue;
    if (!names_coordinates(s, static_cast<int>(k))) continue;
    for (const auto& [a, b] : leaf_tokens(s, static_cast<int>(k))) {
      Rename* which = nullptr;
      const std::size_t at = match(std::string_view(s.text).substr(a, b - a), by_name, which);
      if (at == std::string_view::npos) continue;
      s.edits.push_back({a + at, b, which->to});
      const int line = e.line + static_cast<int>(std::count(s.text.begin() + static_cast<std::ptrdiff_t>(e.begin),
                                                            s.text.begin() + static_cast<std::ptrdiff_t>(a), '\n'));
      std::vector<int>& lines = which->lines;
      if (lines.empty() || lines.back() != line) lines.push_back(line);
    }
  }
  for (const std::string& from : order) {
    const Rename& n = by_name[from];
    r.coordinates.push_back(n.to);
    r.notes.push_back(from + " renamed " + n.to + ": its <Coordinate> (line " + std::to_string(n.line) + ")" +
                      (n.lines.empty() ? std::string("; nothing else in the model names it")
                                       : " and " + std::to_string(n.lines.size()) + " line(s) naming it (lines " + lines_text(n.lines) + ")"));
  }
  detail::apply_edits(s, r);
  return r;
}

}  // namespace js::interop
