// the markers of an OpenSim model (its <MarkerSet>): each marker's name, the frame it is fixed to
// (socket_parent_frame in 4.x, <body> in 3.x), its location there, and the body that frame belongs to with the
// location in that body (offset frames followed up to their body). used to pick the marker clusters of a bone
// for .trc import (trc_samples.hpp): `import-trc --model M --parent-body femur_r --child-body tibia_r`, and the
// app's defaults. docs/opensim.md "Motion-capture markers".
#pragma once

#include <string>
#include <vector>

#include "core/interop/trc_file.hpp"
#include "core/lie/se3.hpp"

namespace js::interop {

struct OsimMarker {
  std::string name;
  std::string frame;        // as written: "/bodyset/femur_r", "femur_r", "/bodyset/femur_r/offset" …
  std::string body;         // the body the frame belongs to ("ground" for the ground), empty when unresolved
  Vec3 location = Vec3::Zero();          // in the frame (m)
  Vec3 location_in_body = Vec3::Zero();  // in the body (offset frames applied)
  bool fixed = false;
  int line = 0;
};

struct OsimMarkerSet {
  std::string source;
  std::vector<OsimMarker> markers;   // in file order (markers whose location cannot be read are left out)
  std::vector<std::string> problems;  // "file:line: <Marker name='x'>: what is wrong", one per marker left out or unresolved

  // the markers on body `body`, in file order
  std::vector<const OsimMarker*> on_body(const std::string& body) const;
  // the bodies that carry markers, each once, in file order
  std::vector<std::string> bodies() const;
};

// throws OsimError (osim_file.hpp): Io when the file cannot be read, Syntax for malformed xml. a model without
// a MarkerSet gives no markers.
OsimMarkerSet read_osim_markers(const std::string& path);
OsimMarkerSet read_osim_markers_text(const std::string& text, const std::string& source);

// the marker called name, or else the one whose name differs only in letter case and punctuation when exactly
// one does ("R.TH1" finds "RTH1"); nullptr when none.
const OsimMarker* find_osim_marker(const OsimMarkerSet& set, const std::string& name);

struct TrcMarkerMatch {
  const OsimMarker* marker = nullptr;
  std::string trc_name;  // the .trc's name for it: the same, or one differing only in case and punctuation
};

// the markers on `body` that the .trc has in at least one frame, in model order. a model name not in the .trc
// matches a .trc name that differs only in letter case and punctuation ("RTH1" and "R.TH1"; lab and model
// marker sets are often written so) when exactly one .trc name does. throws std::invalid_argument naming the
// model and the .trc when fewer than 3 are left: the body's markers in the model and which the .trc has (or,
// for a body without markers, the bodies that have some).
std::vector<TrcMarkerMatch> trc_markers_on_body(const OsimMarkerSet& set, const TrcData& trc, const std::string& body);

// a cluster's references from the model: the markers `names` of set (found as find_osim_marker finds them) all on
// one body, with their locations in it in the order of names, so that a cluster fitted to them is the body's pose
// (import-trc --model-frames, the app's marker import). throws std::invalid_argument naming a marker the set does
// not have, or two markers on different bodies.
struct MarkerReferences {
  std::string body;
  std::vector<Vec3> locations;
};
MarkerReferences marker_references(const OsimMarkerSet& set, const std::vector<std::string>& names);

}  // namespace js::interop
