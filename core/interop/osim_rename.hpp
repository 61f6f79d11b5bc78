// a model's coordinates by name, and renaming them in the model's text: the <Coordinate name=…> and every
// reference to it follow (TransformAxis <coordinates>, coupler constraints, actuators and forces that name a
// <coordinate>, 3.x path points' <coordinate>/<x_coordinate>…, 4.x socket paths ending in /joint/coordinate),
// spliced like a joint replacement (osim_splice.hpp) so every other byte stays. what the app's Save As OpenSim
// Model writes for coordinates renamed in its Coordinates editor. docs/opensim.md.
#pragma once

#include <string>
#include <vector>

#include "core/interop/osim_replace.hpp"

namespace js::interop {

// one <Coordinate> of a model (outside <defaults>): its name, the joint element that holds it, its line
struct OsimCoordinateName {
  std::string joint;
  std::string name;
  int line = 0;
};

// every coordinate of the model text in file order (a joint's in the order of its element, as the model reader
// takes them). throws OsimError Syntax when the text cannot be scanned.
std::vector<OsimCoordinateName> osim_coordinate_names(const std::string& model_text, const std::string& model_path);

// why OpenSim would not take `name` for a coordinate (empty; whitespace, which separates names in lists; '/', '\',
// '*' or '+', which OpenSim's component paths reserve; an xml special character), or an empty string
std::string osim_coordinate_name_problem(const std::string& name);

struct OsimCoordinateRename {
  std::string from;  // the coordinate's name in the text
  std::string to;    // its new name
};

// the text with each coordinate `from` renamed `to` (a rename to the same name is skipped): its name attribute,
// and every whole name `from` in the text of a childless property named for coordinates (a tag ending in coordinate,
// coordinates, coordinate_name or coordinate_names, or a CoordinateSet group's <members>): a list of names, a name,
// or a path whose last part is `from` and whose part before, if any, is the coordinate's joint. element names, other
// properties (a controller's <actuator_list>), free text, comments and <defaults> are left alone, so an actuator
// called like its coordinate keeps its name and what lists it. result.text is the new
// model, result.coordinates the new names, result.notes one sentence each ("knee_angle_r renamed knee_flexion_r:
// its <Coordinate> (line 648) and 13 line(s) naming it (lines 701, …)"). throws OsimError naming the file and the
// coordinate: a `from` the model does not have (or renamed twice), a `to` OpenSim would not take
// (osim_coordinate_name_problem), or one that another coordinate of the model has after the renames.
OsimReplaceResult rename_osim_coordinates(const std::string& model_text, const std::string& model_path,
                                          const std::vector<OsimCoordinateRename>& renames);

}  // namespace js::interop
