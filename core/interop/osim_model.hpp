// a whole OpenSim model (.osim, file versions 30000–40000+) read into a model we can evaluate and simulate
// (docs/opensim.md): bodies with their mass properties, every OpenSim 4 joint type mapped onto a core joint with
// its parent and child offset frames, coordinates (range, default, locked, clamped, motion type), coordinate
// coupler constraints as driven coordinates, and the bodies' meshes resolved where OpenSim looks for them.
// muscles, markers, contact, controllers and the rest are kept (their element names and lines; the file's text
// is kept whole so the model can be written back) and listed once as "not simulated".
//
// reading never throws for a bad element: what cannot be mapped becomes an OsimIssue naming file, line, element
// and reason, and the rest of the model still opens (a body whose joint cannot be mapped is left out with the
// bodies below it). only an unreadable file or malformed xml is fatal (read_osim_model throws OsimError).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/dynamics/multibody.hpp"
#include "core/interop/osim_file.hpp"
#include "core/joints/axis_function.hpp"

namespace js::interop {

// one problem found while reading: "file:line: <Element name='…'>: reason"
struct OsimIssue {
  std::string file;
  int line = 0;
  std::string element;  // "<CustomJoint name='knee_r'>"
  std::string reason;
  std::string message() const;
};

enum class OsimMotion { Rotational, Translational, Coupled };

struct OsimModelCoordinate {
  std::string name;
  std::string joint;   // the joint element's name
  int model_index = -1;  // index into the model's q (MultibodyModel order), −1 when its joint was not mapped
  OsimMotion motion = OsimMotion::Rotational;
  double min = Coordinate::kNoLowerLimit, max = Coordinate::kNoUpperLimit;  // range (rad or m)
  bool has_range = false;
  double default_value = 0.0;
  bool locked = false;
  bool clamped = false;
  int line = 0;
};

struct OsimMesh {
  std::string file;        // mesh_file / geometry_file as written
  std::string body;        // the body it is drawn with
  SE3 body_T_mesh;         // the frame it is attached to (an offset frame) in the body
  Vec3 scale = Vec3::Ones();  // scale_factors
  std::string path;        // resolved file, empty when not found
  std::vector<std::string> tried;  // every path looked at, in order
  int line = 0;
  bool found() const { return !path.empty(); }
};

struct OsimModelBody {
  std::string name;
  double mass = 0.0;
  Vec3 com = Vec3::Zero();
  Mat3 inertia = Mat3::Zero();  // about the com, body axes
  int line = 0;
  int model_index = -1;  // index into the MultibodyModel, −1 when not mapped
};

struct OsimModelJoint {
  std::string name;
  std::string type;          // the element name: CustomJoint, PinJoint, …
  std::string parent_body;   // "ground" for the ground
  std::string child_body;
  std::string core_kind;     // the core joint it maps to ("revolute", "custom_axes", …); empty: not mapped
  std::vector<std::string> coordinates;  // its coordinates' names, in the core joint's order
  int line = 0;
  std::shared_ptr<const JointModel> joint;  // with offsets: parent_T_child(q) = body_parent_T_body_child
};

// q_dependent = scale · f(q_independent…) (opensim-core CoordinateCouplerConstraint: scale·f(q_i) − q_d = 0)
struct OsimCoupler {
  std::string name;
  std::string dependent;
  std::vector<std::string> independents;
  AxisFunction function;
  double scale = 1.0;
  int line = 0;
  int dependent_index = -1;  // into q
  std::vector<int> independent_indices;
};

// elements kept but not simulated, by element type: "Thelen2003Muscle ×9"
struct OsimKept {
  std::string type;
  int count = 0;
  int first_line = 0;
};

struct OsimModel {
  std::string source;     // the path read (or the name given to the text)
  std::string text;       // the whole file as read (issue 15 writes it back around a replaced joint)
  std::string name;       // <Model name=…>
  int version = 0;        // OpenSimDocument Version
  Vec3 gravity = Vec3(0.0, -9.80665, 0.0);
  std::vector<OsimModelBody> bodies;      // in file order
  std::vector<OsimModelJoint> joints;     // in file order
  std::vector<OsimModelCoordinate> coordinates;  // in file order
  std::vector<OsimCoupler> couplers;      // the accepted ones, in evaluation order (independents first)
  std::vector<OsimMesh> meshes;
  std::vector<OsimKept> kept;             // "not simulated"
  std::vector<OsimIssue> issues;          // what could not be mapped, one each
  MultibodyModel multibody;               // ground is the root frame; body order parents first
  Eigen::VectorXd default_q;              // every coordinate at its default, couplers applied

  // sets every coupled (dependent) coordinate of q from its independents, in dependency order.
  void apply_couplers(Eigen::VectorXd& q) const;
  // index of a coordinate by name into `coordinates`, −1 if none.
  int find_coordinate(const std::string& name) const;
  int meshes_found() const;
};

struct OsimReadOptions {
  // folders searched for meshes after the model's own folder and its Geometry/ folder (the user's preferences)
  std::vector<std::string> geometry_paths;
};

// reads the file at path; throws OsimError (Io, Syntax) when it cannot be read or is not well-formed xml.
OsimModel read_osim_model(const std::string& path, const OsimReadOptions& options = {});
// the same from text; source names it in messages and its folder is where meshes are looked for.
OsimModel read_osim_model_text(const std::string& text, const std::string& source, const OsimReadOptions& options = {});

// where OpenSim looks for a mesh: beside the model, in its Geometry/ folder, then each search path; in each, the
// exact name first, then a name differing only in letter case. tried lists every path looked at.
std::string find_osim_mesh(const std::string& file, const std::string& model_dir,
                           const std::vector<std::string>& search_paths, std::vector<std::string>& tried);

const char* osim_motion_name(OsimMotion motion);

}  // namespace js::interop
