#include "core/interop/osim_coordinates.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "core/interop/osim_file.hpp"
#include "core/interop/osim_splice.hpp"

namespace js::interop {

namespace {

// the joint element called name: an element with <coordinates> among its children, outside <defaults>
int coordinates_joint_element(const detail::Splicer& s, const std::string& name) {
  for (std::size_t k = 0; k < s.spans.size(); ++k) {
    const XmlSpan& e = s.spans[k];
    if (e.name_attribute != name || s.child(static_cast<int>(k), "coordinates") < 0) continue;
    bool in_defaults = false;
    for (int p = e.parent; p >= 0; p = s.at(p).parent) in_defaults = in_defaults || s.at(p).name == "defaults";
    if (!in_defaults) return static_cast<int>(k);
  }
  return -1;
}

// the numbers of a leaf's text; empty when it holds anything else
std::vector<double> coordinate_numbers(const std::string& text) {
  std::istringstream in(text);
  std::vector<double> out;
  double v = 0.0;
  while (in >> v) out.push_back(v);
  if (!in.eof()) return {};
  return out;
}

bool same_coordinate_value(double a, double b) { return std::abs(a - b) <= 1e-12 * std::max(1.0, std::abs(b)); }

}  // namespace

OsimReplaceResult set_osim_coordinates(const std::string& text, const std::string& model_path,
                                       const std::vector<OsimCoordinateValues>& values, const std::string& output_path,
                                       OsimMeshPaths meshes) {
  detail::Splicer s(text, model_path);
  OsimReplaceResult r;
  for (const OsimCoordinateValues& v : values) {
    const int j = coordinates_joint_element(s, v.joint);
    if (j < 0) throw OsimError(OsimErrorKind::MissingJoint, model_path, 0, "", "cannot locate the element of joint '" + v.joint + "'");
    const int c = detail::coordinate_element(s, j, v.coordinate);
    if (c < 0) s.fail(OsimErrorKind::InvalidValue, j, "the joint has no coordinate '" + v.coordinate + "'");
    std::string note;
    if (v.range) {
      const auto [lo, hi] = *v.range;
      if (!std::isfinite(lo) || !std::isfinite(hi) || !(lo < hi))
        s.fail(OsimErrorKind::InvalidValue, c, "range " + detail::osim_number(lo) + " " + detail::osim_number(hi) + ": OpenSim needs a finite min below max");
      const int range = s.child(c, "range");
      const std::vector<double> was = range >= 0 ? coordinate_numbers(s.content(range)) : std::vector<double>{};
      if (was.size() != 2 || !same_coordinate_value(lo, was[0]) || !same_coordinate_value(hi, was[1])) {
        const double pair[2] = {lo, hi};
        s.set_child(c, "range", detail::osim_numbers(pair, 2));
        note += "range " + (range >= 0 ? s.content(range) : std::string("(none)")) + " → " + detail::osim_numbers(pair, 2);
      }
    }
    if (v.default_value) {
      if (!std::isfinite(*v.default_value)) s.fail(OsimErrorKind::InvalidValue, c, "a default value must be finite");
      const int d = s.child(c, "default_value");
      const std::vector<double> was = d >= 0 ? coordinate_numbers(s.content(d)) : std::vector<double>{};
      if (was.size() != 1 || !same_coordinate_value(*v.default_value, was[0])) {
        s.set_child(c, "default_value", detail::osim_number(*v.default_value));
        note += std::string(note.empty() ? "" : ", ") + "default_value " + (d >= 0 ? s.content(d) : std::string("(none)")) +
                " → " + detail::osim_number(*v.default_value);
      }
    }
    if (!note.empty()) {
      r.coordinates.push_back(v.coordinate);
      r.notes.push_back(v.coordinate + ": " + note);
    }
  }
  detail::fix_meshes(s, model_path, output_path, meshes, r);
  detail::apply_edits(s, r);
  return r;
}

}  // namespace js::interop
