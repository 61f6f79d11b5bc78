// a whole OpenSim 4 model from a scene (a project the app exports, or a scene file): ground, one Body per body
// (mass, centre of mass, inertia, its mesh), one joint per body: a WeldJoint for a fixed one, a CustomJoint for
// every other, whose functions follow our joint as replace_osim_joint writes them (1 dof: SimmSplines of the
// coordinate; 2 and 3 dof: MultivariatePolynomialFunctions), each checked by reading the text back. the whole
// model is then read back by the project's own OpenSim reader and every body's pose compared with ours.
// docs/opensim.md ("A whole model from a project").
#pragma once

#include <map>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/interop/osim_replace.hpp"
#include "core/mesh/triangle_mesh.hpp"

namespace js::interop {

struct OsimModelExportOptions {
  std::string model_name = "jointsmith_model";
  std::string output_path;  // where the model will be saved: mesh paths are written relative to its folder
  OsimExportOptions fit;    // 1 dof: tolerances and spline kind
  OsimPolynomialOptions polynomial;  // 2 and 3 dof: tolerances and the largest degree
  // meshes of bodies whose drawing has no file OpenSim reads (a built-in shape, a .ply): body name (as in the
  // scene) → triangles in metres in the body frame; written as Geometry/<body>.obj beside the model
  std::map<std::string, mesh::TriangleMesh> body_meshes;
};

// one joint of the model and how closely OpenSim follows it
struct OsimModelJointReport {
  std::string name;       // the joint's name in the model
  std::string type;       // WeldJoint or CustomJoint
  std::string child;      // the child body's name in the model
  std::vector<std::string> coordinates;  // its coordinates' names in the model
  bool has_fidelity = false;  // CustomJoint: the fidelity below is the joint read back from the text
  OsimFidelity fidelity;
};

struct OsimModelExport {
  std::string text;                                 // the .osim document
  std::vector<std::pair<std::string, std::string>> geometry;  // (file, obj text) to write before the model
  std::vector<OsimModelJointReport> joints;         // parents first
  std::vector<std::string> meshes;                  // every mesh_file written, as written
  std::vector<std::string> notes;                   // what is not exported, names changed, ranges given
  // the model read back by read_osim_model_text: the largest distance and angle between a body's pose in it and
  // in the scene, at the coordinates' default values, over every body
  double max_pose_error_m = 0.0, max_pose_error_rad = 0.0;
};

// true for the mesh files OpenSim draws itself (.vtp, .stl, .obj; any letter case): the model names them; any other
// drawing is written as an .obj
bool opensim_draws_mesh_file(const std::string& file);

// the model of scene document `scene` (the scene-file json, docs/scene-file.md; source names it in messages and
// base_dir resolves its relative files). throws io::FileError for a scene that does not read, and
// std::invalid_argument naming the joint for what OpenSim cannot hold this way (a 2- or 3-dof coordinate without
// a range, a joint of more than 3 dof, a tolerance not met).
OsimModelExport export_osim_model(const nlohmann::json& scene, const std::string& source, const std::string& base_dir,
                                  const OsimModelExportOptions& options);

// writes the geometry files (creating their folder), then the model atomically; throws std::runtime_error naming
// the file that could not be written.
void save_osim_model_export(const OsimModelExport& model, const std::string& path);

// a few lines for people: bodies, joints with their errors (mm, degrees), the read-back check, the notes
std::string osim_model_summary(const OsimModelExport& model);

}  // namespace js::interop
