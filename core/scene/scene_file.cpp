#include "core/scene/scene_file.hpp"

#include <cmath>
#include <filesystem>

#include <Eigen/Eigenvalues>

#include "core/dynamics/algorithms.hpp"
#include "core/dynamics/loop_solver.hpp"
#include "core/io/joint_file.hpp"
#include "core/io/json_cursor.hpp"
#include "core/io/json_text.hpp"
#include "core/mesh/mesh_file.hpp"
#include "core/scene/obj_mesh.hpp"
#include "core/scene/scene_drive.hpp"
#include "core/scene/scene_couplers.hpp"
#include "core/scene/scene_loops.hpp"
#include "core/scene/scene_motion.hpp"

namespace js::scene {

namespace {

using io::ErrorKind;
using io::FileError;
using io::JsonCursor;

std::string resolve(const std::string& base_dir, const std::string& name) {
  const std::filesystem::path p(name);
  if (p.is_absolute() || base_dir.empty()) return name;
  return (std::filesystem::path(base_dir) / p).string();
}

Mat3 read_mat3(const JsonCursor& c) {
  c.expect_array_size(3, "rows of a 3x3 matrix");
  Mat3 m;
  for (std::size_t r = 0; r < 3; ++r) {
    const JsonCursor row = c.element(r);
    row.expect_array_size(3, "numbers in a matrix row");
    for (std::size_t k = 0; k < 3; ++k) m(static_cast<int>(r), static_cast<int>(k)) = row.element(k).number();
  }
  return m;
}

double positive(const JsonCursor& c, const char* what) {
  const double x = c.number();
  if (!(x > 0.0)) c.fail(ErrorKind::InvalidValue, std::string(what) + " must be > 0, got " + c.json().dump());
  return x;
}

BodyInertia read_inertia(const JsonCursor& b, const std::string& base_dir) {
  if (b.has("mesh")) {
    if (b.has("mass") || b.has("inertia") || b.has("com")) {
      b.fail(ErrorKind::InvalidValue, "give either \"mesh\" or \"mass\"/\"com\"/\"inertia\", not both");
    }
    const JsonCursor m = b.at("mesh");
    m.expect_only_keys({"file", "vertices", "triangles", "density"});
    const double density = positive(m.at("density"), "density");
    TriangleMesh mesh;
    if (m.has("file")) {
      mesh = mesh::read_mesh_file(resolve(base_dir, m.at("file").string()));  // .obj, .vtp or .vtk
    } else {
      const JsonCursor v = m.at("vertices");
      for (std::size_t i = 0; i < v.size(); ++i) mesh.vertices.push_back(v.element(i).vec3());
      const JsonCursor t = m.at("triangles");
      for (std::size_t i = 0; i < t.size(); ++i) {
        const JsonCursor tri = t.element(i);
        tri.expect_array_size(3, "vertex indices of a triangle");
        mesh.triangles.push_back({tri.element(0).integer(), tri.element(1).integer(), tri.element(2).integer()});
      }
    }
    try {
      return inertia_from_mesh(mesh.vertices, mesh.triangles, density);
    } catch (const std::invalid_argument& e) {
      m.fail(ErrorKind::InvalidValue, e.what());
    }
  }
  BodyInertia in;
  in.mass = positive(b.at("mass"), "mass");
  if (b.has("com")) in.com = b.at("com").vec3();
  if (b.has("inertia")) {
    const JsonCursor ic = b.at("inertia");
    in.inertia_com = read_mat3(ic);
    if ((in.inertia_com - in.inertia_com.transpose()).cwiseAbs().maxCoeff() > 1e-9 * in.inertia_com.norm()) {
      ic.fail(ErrorKind::InvalidValue, "inertia is not symmetric");
    }
    Eigen::SelfAdjointEigenSolver<Mat3> eig(in.inertia_com);
    const Vec3& l = eig.eigenvalues();
    // principal moments must be positive and satisfy the triangle inequality
    if (!(l.minCoeff() > 0.0) || l[0] + l[1] < l[2] * (1.0 - 1e-9)) {
      ic.fail(ErrorKind::InvalidValue, "inertia is not a rigid body's (principal moments must be positive and obey "
                                       "the triangle inequality)");
    }
  } else {
    in.inertia_com = Mat3::Identity() * 1e-3 * in.mass;
  }
  return in;
}

std::unique_ptr<JointModel> read_joint(const JsonCursor& j, const std::string& base_dir) {
  if (j.json().is_string()) {
    try {
      return io::read_joint_file(resolve(base_dir, j.string()));
    } catch (const FileError& e) {
      // the inner message names the joint file and its own json pointer; add where the scene refers to it
      j.fail(e.kind(), std::string("in the referenced joint file: ") + e.what());
    }
  }
  if (!j.json().is_object()) j.fail(ErrorKind::WrongType, "expected a joint file name or an inline joint object");
  // an inline joint is a joint document; format and version may be left out
  nlohmann::json doc = j.json();
  if (!doc.contains("format")) doc["format"] = io::kJointFileFormat;
  if (!doc.contains("version")) doc["version"] = io::kJointFileVersion;
  try {
    return io::read_joint_json(doc, j.source());
  } catch (const FileError& e) {
    // relocate the inner error under this joint's json pointer
    throw FileError(e.kind(), j.source(), j.path() + e.path(), e.problem());
  }
}

int coordinate_index(const MultibodyModel& model, const JsonCursor& c) {
  const std::string name = c.string();
  const std::vector<std::string> names = model.coordinate_names();
  for (std::size_t k = 0; k < names.size(); ++k) {
    if (names[k] == name) return static_cast<int>(k);
  }
  std::string list;
  for (const std::string& n : names) list += (list.empty() ? "" : ", ") + n;
  c.fail(ErrorKind::InvalidValue, "no coordinate \"" + name + "\" (known: " + list + ")");
}

// a body name, or null / absent for the root frame (world).
int body_index(const MultibodyModel& model, const JsonCursor& parent, const char* key) {
  if (!parent.has(key) || parent.at(key).json().is_null()) return -1;
  const JsonCursor c = parent.at(key);
  const int i = model.find_body(c.string());
  if (i < 0) c.fail(ErrorKind::InvalidValue, "no body \"" + c.string() + "\" defined before this point");
  return i;
}

void read_root(const JsonCursor& r, MultibodyModel& model) {
  r.expect_only_keys({"pose", "spin"});
  if (r.has("pose")) model.world_T_root = r.at("pose").transform();
  if (!r.has("spin")) return;
  const JsonCursor s = r.at("spin");
  s.expect_only_keys({"axis", "rate"});
  const Vec3 axis = s.at("axis").vec3();
  if (axis.norm() < 1e-12) s.at("axis").fail(ErrorKind::InvalidValue, "spin axis is zero");
  // a frame turning at a constant rate about an axis through its origin (a spinning wire frame)
  const Twist w = make_twist(axis.normalized() * s.at("rate").number(), Vec3::Zero());
  const SE3 pose = model.world_T_root;
  model.root_trajectory = [pose, w](double t) {
    RootState st;
    st.world_T_root = pose * se3_exp(w * t);
    st.v = w;
    return st;
  };
}

void read_forces(const JsonCursor& f, const MultibodyModel& model, ForceSet& forces) {
  f.expect_only_keys({"joint_damping", "springs", "motors", "point_springs", "external"});
  if (f.has("joint_damping")) forces.joint_damping = f.at("joint_damping").number();
  if (f.has("springs")) {
    const JsonCursor a = f.at("springs");
    for (std::size_t i = 0; i < a.size(); ++i) {
      const JsonCursor s = a.element(i);
      s.expect_only_keys({"coordinate", "stiffness", "rest", "damping"});
      CoordinateSpring sp;
      sp.coordinate = coordinate_index(model, s.at("coordinate"));
      if (s.has("stiffness")) sp.stiffness = s.at("stiffness").number();
      if (s.has("rest")) sp.rest = s.at("rest").number();
      if (s.has("damping")) sp.damping = s.at("damping").number();
      forces.springs.push_back(sp);
    }
  }
  if (f.has("motors")) {
    const JsonCursor a = f.at("motors");
    for (std::size_t i = 0; i < a.size(); ++i) {
      const JsonCursor m = a.element(i);
      m.expect_only_keys({"coordinate", "torque", "amplitude", "frequency"});
      CoordinateMotor mo;
      mo.coordinate = coordinate_index(model, m.at("coordinate"));
      if (m.has("torque")) mo.torque = m.at("torque").number();
      // optional sinusoid amplitude·sin(2π frequency t)
      if (m.has("amplitude")) {
        const double amplitude = m.at("amplitude").number();
        const double frequency = m.has("frequency") ? m.at("frequency").number() : 1.0;
        mo.profile = [amplitude, frequency](double t) { return amplitude * std::sin(2.0 * kPi * frequency * t); };
      }
      forces.motors.push_back(mo);
    }
  }
  if (f.has("point_springs")) {
    const JsonCursor a = f.at("point_springs");
    for (std::size_t i = 0; i < a.size(); ++i) {
      const JsonCursor s = a.element(i);
      s.expect_only_keys({"body_a", "point_a", "body_b", "point_b", "stiffness", "rest_length", "damping"});
      PointSpring ps;
      ps.body_a = body_index(model, s, "body_a");
      ps.body_b = body_index(model, s, "body_b");
      if (s.has("point_a")) ps.point_a = s.at("point_a").vec3();
      if (s.has("point_b")) ps.point_b = s.at("point_b").vec3();
      ps.stiffness = s.at("stiffness").number();
      if (s.has("rest_length")) ps.rest_length = s.at("rest_length").number();
      if (s.has("damping")) ps.damping = s.at("damping").number();
      forces.point_springs.push_back(ps);
    }
  }
  if (f.has("external")) {
    const JsonCursor a = f.at("external");
    for (std::size_t i = 0; i < a.size(); ++i) {
      const JsonCursor e = a.element(i);
      e.expect_only_keys({"body", "point", "force", "torque"});
      ExternalForce ef;
      ef.body = body_index(model, e, "body");
      if (ef.body < 0) e.fail(ErrorKind::MissingField, "an external force needs a \"body\"");
      if (e.has("point")) ef.point = e.at("point").vec3();
      if (e.has("force")) ef.force = e.at("force").vec3();
      if (e.has("torque")) ef.torque = e.at("torque").vec3();
      forces.external.push_back(ef);
    }
  }
}

void read_settings(const JsonCursor& s, Scene& scene) {
  s.expect_only_keys({"gravity", "dt", "duration", "integrator", "energy_projection", "solver", "stabilization"});
  if (s.has("gravity")) scene.model.gravity = s.at("gravity").vec3();
  if (s.has("dt")) scene.settings.dt = positive(s.at("dt"), "dt");
  if (s.has("duration")) {
    scene.settings.duration = s.at("duration").number();
    if (scene.settings.duration < 0.0) s.at("duration").fail(ErrorKind::InvalidValue, "duration must be ≥ 0");
  }
  if (s.has("integrator")) {
    const JsonCursor c = s.at("integrator");
    if (!integrator_from_name(c.string(), scene.settings.integrator)) {
      c.fail(ErrorKind::InvalidValue, "unknown integrator \"" + c.string() + "\" (known: " + integrator_names() + ")");
    }
  }
  if (s.has("energy_projection")) scene.settings.energy_projection = s.at("energy_projection").boolean();
  if (s.has("solver")) {
    const JsonCursor c = s.at("solver");
    if (!scene_solver_from_name(c.string(), scene.settings.solver)) {
      c.fail(ErrorKind::InvalidValue, "unknown solver \"" + c.string() + "\" (known: reduced, maximal)");
    }
  }
  if (s.has("stabilization")) {
    scene.settings.stabilization = s.at("stabilization").number();
    if (!(scene.settings.stabilization >= 0.0)) {
      s.at("stabilization").fail(ErrorKind::InvalidValue, "stabilization must be ≥ 0");
    }
  }
}

void read_initial_state(const JsonCursor& s, Scene& scene) {
  s.expect_only_keys({"q", "qd"});
  for (const char* key : {"q", "qd"}) {
    if (!s.has(key)) continue;
    const JsonCursor m = s.at(key);
    if (!m.json().is_object()) m.fail(ErrorKind::WrongType, "expected an object {\"body.coordinate\": value}");
    Eigen::VectorXd& target = key[1] == 'd' ? scene.initial.qd : scene.initial.q;
    for (const auto& item : m.json().items()) {
      const nlohmann::json name(item.key());
      const JsonCursor value = m.at(item.key().c_str());
      target[coordinate_index(scene.model, JsonCursor(name, m.source(), value.path()))] = value.number();
    }
  }
}

// a rolling contact's initial velocity must not slip: take the slip out in the kinetic metric, the impulse a
// contact with friction would give at release (LoopSolver::project_velocities), so energy is not lost at step 1.
void start_rolling(const JsonCursor& loops, Scene& scene) {
  MultibodyData data(scene.model);
  forward_kinematics(scene.model, data, 0.0, scene.initial.q, scene.initial.qd, Eigen::VectorXd(), KinematicsLevel::Velocity);
  LoopSolver solver(scene.model, scene.loops);
  try {
    solver.project_velocities(scene.model, data, 0.0, scene.initial.q, scene.initial.qd);
  } catch (const RedundantLoopsError& e) {
    loops.fail(ErrorKind::InvalidValue, e.what());
  }
}

}  // namespace


const char* scene_solver_name(SceneSolver solver) { return solver == SceneSolver::Maximal ? "maximal" : "reduced"; }

bool scene_solver_from_name(const std::string& name, SceneSolver& solver) {
  if (name == "reduced") {
    solver = SceneSolver::Reduced;
  } else if (name == "maximal") {
    solver = SceneSolver::Maximal;
  } else {
    return false;
  }
  return true;
}

Scene read_scene_json(const nlohmann::json& doc_json, const std::string& source, const std::string& base_dir) {
  const JsonCursor doc(doc_json, source);
  if (!doc_json.is_object()) doc.fail(ErrorKind::WrongType, std::string("expected an object, got ") + doc_json.type_name());
  const JsonCursor format = doc.at("format");
  if (format.string() != kSceneFileFormat) {
    format.fail(ErrorKind::UnsupportedVersion,
                "not a scene file (format " + format.json().dump() + ", expected \"" + kSceneFileFormat + "\")");
  }
  const JsonCursor version = doc.at("version");
  if (version.integer() != kSceneFileVersion) {
    version.fail(ErrorKind::UnsupportedVersion, "unsupported version " + version.json().dump() +
                                                    " (this build reads version " + std::to_string(kSceneFileVersion) + ")");
  }
  doc.expect_only_keys({"format", "version", "description", "settings", "root", "bodies", "forces", "initial_state",
                       "loops", "couplers"});
  Scene scene;
  if (doc.has("description")) scene.description = doc.at("description").string();
  if (doc.has("root")) read_root(doc.at("root"), scene.model);
  const JsonCursor bodies = doc.at("bodies");
  if (bodies.size() == 0) bodies.fail(ErrorKind::CountMismatch, "a scene needs at least one body");
  for (std::size_t i = 0; i < bodies.size(); ++i) {
    const JsonCursor b = bodies.element(i);
    b.expect_only_keys({"name", "parent", "joint", "joint_offsets", "mass", "com", "inertia", "mesh", "motion", "drive",
                        "visual", "joint_name"});
    // drawing and naming only (the app's mesh file and joint name): checked for shape, not simulated
    if (b.has("visual")) {
      const JsonCursor v = b.at("visual");
      v.expect_only_keys({"file", "units", "colour"});
      v.at("file").string();
      if (v.has("units") && v.at("units").string() != "m" && v.at("units").string() != "mm")
        v.at("units").fail(ErrorKind::InvalidValue, "units must be \"m\" or \"mm\"");
      if (v.has("colour")) v.at("colour").string();
    }
    if (b.has("joint_name")) b.at("joint_name").string();
    const JsonCursor name = b.at("name");
    if (name.string().empty() || name.string().find('.') != std::string::npos) {
      name.fail(ErrorKind::InvalidValue, "a body name must be non-empty and contain no '.'");
    }
    if (scene.model.find_body(name.string()) >= 0) name.fail(ErrorKind::InvalidValue, "duplicate body name");
    const int parent = body_index(scene.model, b, "parent");
    std::unique_ptr<JointModel> joint = read_joint(b.at("joint"), base_dir);
    if (b.has("joint_offsets")) {
      // places a shared joint file in this scene: replaces the offsets the joint document carries
      const JsonCursor o = b.at("joint_offsets");
      o.expect_only_keys({"parent_T_joint", "moving_T_child"});
      joint->set_offsets(o.has("parent_T_joint") ? o.at("parent_T_joint").transform() : joint->parent_T_joint(),
                         o.has("moving_T_child") ? o.at("moving_T_child").transform() : joint->moving_T_child());
    }
    const int index = scene.model.add_body(name.string(), parent, std::move(joint), read_inertia(b, base_dir));
    if (b.has("motion")) read_body_motion(b.at("motion"), scene.model, index);
    if (b.has("drive")) read_body_drive(b.at("drive"), scene.model, index);
  }
  // defaults: q = 0 moved into each coordinate's range, q̇ = 0
  const int nq = scene.model.nq();
  scene.initial.q = Eigen::VectorXd::Zero(nq);
  scene.initial.qd = Eigen::VectorXd::Zero(nq);
  for (int k = 0; k < nq; ++k) {
    const Coordinate& c = scene.model.coordinate_info(k);
    scene.initial.q[k] = std::min(std::max(0.0, c.min), c.max);
  }
  if (doc.has("settings")) read_settings(doc.at("settings"), scene);
  if (doc.has("forces")) read_forces(doc.at("forces"), scene.model, scene.forces);
  if (doc.has("initial_state")) read_initial_state(doc.at("initial_state"), scene);
  if (doc.has("loops")) {
    read_loops(doc.at("loops"), scene.model, [&](const JsonCursor& j) { return read_joint(j, base_dir); }, scene.loops);
  }
  if (doc.has("couplers")) read_couplers(doc.at("couplers"), scene);
  if (!scene.loops.rolling().empty()) start_rolling(doc.at("loops"), scene);
  return scene;
}

Scene read_scene_text(const std::string& text, const std::string& source, const std::string& base_dir) {
  return read_scene_json(io::parse_json_text(text, source), source, base_dir);
}

Scene read_scene_file(const std::string& path) {
  const std::string dir = std::filesystem::path(path).parent_path().string();
  return read_scene_text(io::read_text_file(path), path, dir);
}

}  // namespace js::scene
