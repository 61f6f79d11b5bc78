// a model's coordinate values written back: the <range> and <default_value> of named coordinates set in the
// model's text by splicing (osim_splice.hpp), every other byte kept except mesh paths fixed for the new folder as a
// joint replacement does. what the app's Save As OpenSim Model writes for coordinates edited in its Coordinates
// editor. values in OpenSim's units (rad, m). docs/opensim.md.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/interop/osim_replace.hpp"

namespace js::interop {

struct OsimCoordinateValues {
  std::string joint;       // the joint element's name (any joint type, outside <defaults>)
  std::string coordinate;  // the <Coordinate> element's name among the joint's <coordinates>
  std::optional<std::pair<double, double>> range;  // min < max, both finite; nullopt: left as written
  std::optional<double> default_value;              // finite; nullopt: left as written
};

// the text with each value that differs from the file's (beyond 1e-12, relative) written: <range> and
// <default_value> set or added. result.text is the new model; result.notes one sentence per coordinate changed
// ("knee_angle_r: range 0 2.0944 → 0 1.5708"); result.coordinates the names changed; meshes as in
// replace_osim_joint. throws OsimError naming the file, and the joint or coordinate that is not in it, or a range
// that is empty or not finite.
OsimReplaceResult set_osim_coordinates(const std::string& model_text, const std::string& model_path,
                                       const std::vector<OsimCoordinateValues>& values, const std::string& output_path,
                                       OsimMeshPaths meshes);

}  // namespace js::interop
