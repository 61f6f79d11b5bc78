// editing a model's text by splicing (osim_replace.hpp): element offsets from xml_spans.hpp, edits as
// (begin, end, new text), applied in one pass so every byte outside them stays as it was. the steps that
// replacing a 1-dof joint (SimmSplines) and an n-dof joint (multivariate polynomials) share. internal to
// core/interop.
#pragma once

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "core/interop/osim_file.hpp"
#include "core/interop/osim_replace.hpp"
#include "core/interop/xml_spans.hpp"

namespace js::interop::detail {

struct Edit {
  std::size_t begin, end;
  std::string text;
};

// 17 significant digits (reads back bit-identical), no "-0"
std::string osim_number(double v);
std::string osim_numbers(const double* v, std::size_t n);

// the edit context: the text, its spans, its newline and indentation unit
struct Splicer {
  const std::string& text;
  const std::string& source;
  std::vector<XmlSpan> spans;
  std::string nl = "\n";
  std::string unit = "\t";
  std::vector<Edit> edits;

  // scans text (OsimError Syntax when it cannot be scanned)
  Splicer(const std::string& text, const std::string& src);

  const XmlSpan& at(int k) const { return spans[static_cast<std::size_t>(k)]; }
  std::string content(int k) const;
  // first direct child called name, −1 if none
  int child(int parent, std::string_view name) const;
  [[noreturn]] void fail(OsimErrorKind kind, int k, const std::string& problem) const;
  // true when only blanks stand between the start of pos's line and pos
  bool line_starts_at(std::size_t pos) const;
  // replaces the content of element k (a leaf) with value
  void set_content(int k, const std::string& value);
  // inserts a child element (text starting at '<') as the last child of parent, on its own line
  void append_child(int parent, const std::string& element);
  // sets leaf child `name` of parent to value, adding it when absent
  void set_child(int parent, const char* name, const std::string& value);
  // removes element k together with the blanks and the newline before it
  void remove(int k);
};

// the element of joint `name` of element type `type`, outside <defaults>, whose lines hold `line` (0: any);
// then checks it is an OpenSim 4 joint and takes the indentation unit from its first child. throws OsimError.
int locate_joint(Splicer& s, const std::string& type, const std::string& name, int line);

// the joint's offset frames keep their names and sockets; their translation and orientation become these
void set_offset_frames(Splicer& s, int joint, const SE3& parent_T_pframe, const SE3& child_T_cframe);

// the element becomes a CustomJoint (properties of the old type are dropped, with a note each)
void make_custom_joint(Splicer& s, int joint, const std::string& type, const std::string& name, std::vector<std::string>& notes);

// replaces the joint's <SpatialTransform> (or appends one) by the element `make(indent)` returns
template <class Make>
void set_spatial_transform(Splicer& s, int joint, const Make& make) {
  if (const int st = s.child(joint, "SpatialTransform"); st >= 0) {
    s.edits.push_back({s.at(st).begin, s.at(st).end, make(line_indent(s.text, s.at(st).begin))});
  } else {
    s.append_child(joint, make(line_indent(s.text, s.at(joint).begin) + s.unit));
  }
}

// rewrites (or lists for copying) the mesh paths that do not resolve from the output's folder
void fix_meshes(Splicer& s, const std::string& model_path, const std::string& output_path, OsimMeshPaths mode, OsimReplaceResult& r);

// applies the edits: r.text, r.new_begin, r.new_end (r.old_begin, r.old_end set before)
void apply_edits(Splicer& s, OsimReplaceResult& r);

// the <Coordinate> element called name among the joint's <coordinates>, −1 if none
int coordinate_element(const Splicer& s, int joint, const std::string& name);

// "a, b, c"
std::string joined(const std::vector<std::string>& v);

// lines where name stands as a whole word, outside the [begin, end) ranges of skip
std::vector<int> references(const std::string& text, const std::string& name, const std::vector<std::pair<std::size_t, std::size_t>>& skip);

// removes the joint's coordinates `names` (the fitted joint does not drive them) and the CoordinateCouplerConstraints
// that set one of them, with a note each (and the lines that still name a removed coordinate)
void remove_coordinates(Splicer& s, int joint, const std::vector<std::string>& names, OsimReplaceResult& r);

// replace_osim_joint for a 2- or 3-dof joint (osim_replace_poly.cpp)
OsimReplaceResult replace_osim_joint_polynomial(const std::string& text, const std::string& model_path, const std::string& joint_name,
                                                const JointModel& joint, const OsimReplaceOptions& options);

}  // namespace js::interop::detail
