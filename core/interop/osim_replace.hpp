// replacing one joint of a whole OpenSim model with a fitted joint and saving the model, so that OpenSim loads it:
// the joint's element becomes a CustomJoint of the same name whose SpatialTransform follows the fitted joint
// (1 dof: SimmSpline functions of its coordinate, osim_export.hpp; 2 and 3 dof: MultivariatePolynomialFunctions,
// osim_polynomial.hpp); its offset frames keep their names and sockets and get
// the fitted offsets; its coordinates keep name, range, default, clamped and locked. the edit is spliced into the
// original text by character offsets (xml_spans.hpp): every byte outside the joint's element is kept, except mesh
// paths rewritten so they still resolve from the new file's folder. docs/opensim.md.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/interop/osim_export.hpp"
#include "core/interop/osim_polynomial.hpp"
#include "core/joints/joint.hpp"

namespace js::interop {

// what happens to <mesh_file> names that resolve from the model's folder but not from the new file's folder
enum class OsimMeshPaths {
  Rewrite,  // the name becomes a path relative to the new folder (absolute across file systems)
  Copy,     // the mesh is copied to Geometry/ beside the new file; the text is unchanged
  Keep,     // left as written (the meshes may not be found)
};

struct OsimReplaceOptions {
  OsimExportOptions fit;                           // 1 dof: tolerances and spline kind; names and range are ignored
  std::optional<std::pair<double, double>> range;  // 1 dof: a new range for the coordinate; default: the model's
  // 2 and 3 dof: tolerances (0.1 mm, 0.05° by default) and the largest degree of the polynomials; the ranges are
  // the model coordinates' (the fitted joint must cover them)
  OsimPolynomialOptions polynomial;
  // 2 and 3 dof: the model coordinates that the fitted joint's coordinates drive, in its order; default: the
  // fitted joint's coordinate names when the model joint has them all, else the model joint's coordinates in
  // order when it has as many. model coordinates left out are removed from the joint (a note says where the
  // model refers to them).
  std::string output_path;                         // where the model is to be saved (mesh paths resolve from there)
  OsimMeshPaths meshes = OsimMeshPaths::Rewrite;
  std::vector<std::string> coordinates;
};

struct OsimMeshFix {
  std::string name;   // as the model wrote it
  std::string found;  // the file found from the model's folder
  std::string to;     // Rewrite: the new name; Copy: the file to copy to
  int line = 0;
};

struct OsimReplaceResult {
  std::string text;                          // the whole new model
  std::size_t old_begin = 0, old_end = 0;    // the replaced element in the original text
  std::size_t new_begin = 0, new_end = 0;    // the new element in text
  OsimFidelity fidelity;  // the fitted joint against the joint re-read from text by read_osim_joint_text
  std::string coordinate;                    // the (first) coordinate's name in the model
  double q_min = 0.0, q_max = 0.0;           // its range compared (the coordinate's range in the new model)
  std::vector<std::string> coordinates;      // every coordinate of the new joint, in the fitted joint's order
  std::vector<std::pair<double, double>> ranges;  // the box compared, in the same order
  std::vector<std::string> removed_coordinates;   // n-dof: model coordinates of the joint that the fit does not drive
  std::vector<std::pair<int, OsimGridFidelity>> degrees_tried;  // n-dof: the fidelity of each degree tried
  std::string chart;                         // n-dof: the frame and angles the polynomials are written in
  std::vector<std::string> notes;            // one sentence each: what else changed, what to look at
  std::vector<OsimMeshFix> rewritten;        // mesh names rewritten in text
  std::vector<OsimMeshFix> copies;           // meshes save_osim_model copies
  std::vector<std::string> missing_meshes;   // names found from neither folder (left as written)
};

// the model text with joint `joint_name` replaced by `joint`. 1 dof: SimmSplines (the model joint must have one
// coordinate; a CustomJoint, PinJoint or SliderJoint); 2 or 3 dof: MultivariatePolynomialFunctions (any joint
// type the model reader maps, e.g. a ScapulothoracicJoint; see options.coordinates). model_path names the text in
// messages and is where meshes are looked up. throws OsimError: MissingJoint (no joint of that name; the message
// lists the joints), InvalidValue (dof mismatch, a coordinate range the joint does not cover, n-dof: the
// tolerance not reached by max_degree — the message says what the best degree reaches and where —, an OpenSim 3
// model, an offset frame not on a body), Syntax.
OsimReplaceResult replace_osim_joint(const std::string& model_text, const std::string& model_path,
                                     const std::string& joint_name, const JointModel& joint,
                                     const OsimReplaceOptions& options);

// copies the meshes of result.copies (creating Geometry/), then writes result.text to path atomically (a failed
// save leaves an existing file intact). throws std::runtime_error naming the file.
void save_osim_model(const OsimReplaceResult& result, const std::string& path);

// a few lines for people: the fidelity (mm, degrees, where), the mesh paths changed, the notes.
std::string replace_summary(const OsimReplaceResult& result, const OsimReplaceOptions& options);

}  // namespace js::interop
