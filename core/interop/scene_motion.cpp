#include "core/interop/scene_motion.hpp"

#include <cmath>
#include <filesystem>
#include <stdexcept>

#include <Eigen/Eigenvalues>

#include "core/dynamics/algorithms.hpp"
#include "core/dynamics/coordinate_coupler.hpp"
#include "core/io/json_text.hpp"
#include "core/mesh/mesh_file.hpp"

namespace js::interop {

namespace {

void record(const MultibodyModel& model, MultibodyData& data, double t, const Eigen::VectorXd& q, SceneMotion& m) {
  forward_kinematics(model, data, t, q);
  m.times.push_back(t);
  m.world_T_root.push_back(data.root.world_T_root);
  std::vector<SE3> local, world;
  for (const BodyData& b : data.bodies) {
    local.push_back(b.joint.G);
    world.push_back(b.world_T_body);
  }
  m.parent_T_body.push_back(std::move(local));
  m.world_T_body.push_back(std::move(world));
}

}  // namespace

SceneMotion sweep_motion(const scene::Scene& scene, const std::string& coordinate, double duration, int frames) {
  const std::vector<std::string> names = scene.model.coordinate_names();
  int k = -1;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (names[i] == coordinate) k = static_cast<int>(i);
  }
  if (k < 0) throw std::invalid_argument("no coordinate '" + coordinate + "' in the scene");
  const Coordinate& c = scene.model.coordinate_info(k);
  if (!c.is_bounded()) {
    throw std::invalid_argument("coordinate '" + coordinate + "' has an unbounded range; nothing to sweep");
  }
  if (frames < 2 || !(duration > 0.0)) throw std::invalid_argument("a sweep needs ≥ 2 frames and a positive duration");
  for (const CoordinateCoupler& cc : scene.loops.couplers())
    if (cc.dependent == k)
      throw std::invalid_argument("coordinate '" + coordinate + "' is set by coupler '" + cc.name + "'; sweep the coordinate it follows");
  MultibodyData data(scene.model);
  SceneMotion m;
  Eigen::VectorXd q = scene.initial.q;
  Eigen::VectorXd qd = Eigen::VectorXd::Zero(q.size());
  for (int f = 0; f < frames; ++f) {
    const double s = static_cast<double>(f) / (frames - 1);
    q[k] = c.min + (c.max - c.min) * s;
    // coordinates coupled to the swept one follow it (an opensim knee's patella, its tibia translations)
    apply_couplers(scene.loops.couplers(), q, qd);
    record(scene.model, data, duration * s, q, m);
  }
  return m;
}

SceneMotion keyed_motion(const scene::Scene& scene, const std::vector<double>& times, const std::vector<Eigen::VectorXd>& qs) {
  if (times.empty() || times.size() != qs.size())
    throw std::invalid_argument("a keyed motion needs ≥ 1 frame and one q per time, got " + std::to_string(times.size()) +
                                " times and " + std::to_string(qs.size()) + " q");
  MultibodyData data(scene.model);
  SceneMotion m;
  for (std::size_t f = 0; f < times.size(); ++f) {
    if (qs[f].size() != scene.model.nq())
      throw std::invalid_argument("frame " + std::to_string(f) + " has " + std::to_string(qs[f].size()) +
                                  " coordinates, the scene " + std::to_string(scene.model.nq()));
    if (f > 0 && !(times[f] > times[f - 1])) throw std::invalid_argument("frame " + std::to_string(f) + ": times must increase");
    Eigen::VectorXd q = qs[f];
    Eigen::VectorXd qd = Eigen::VectorXd::Zero(q.size());
    apply_couplers(scene.loops.couplers(), q, qd);
    record(scene.model, data, times[f], q, m);
  }
  return m;
}

SceneMotion simulated_motion(const scene::Scene& scene, double duration, int every) {
  if (every < 1) throw std::invalid_argument("every must be ≥ 1");
  Simulator sim(scene.model, scene.forces);
  MultibodyData data(scene.model);
  SimulationState s = scene.initial;
  // scripted coordinates start on their motion, not at the file's initial q
  sim.apply_prescribed(s);
  SceneMotion m;
  record(scene.model, data, s.t, s.q, m);
  const int steps = static_cast<int>(std::ceil(duration / scene.settings.dt - 1e-9));
  for (int k = 1; k <= steps; ++k) {
    sim.step(s, scene.settings.dt, scene.settings.integrator);
    if (!s.q.allFinite() || !s.qd.allFinite()) {
      throw std::runtime_error("the simulation became NaN/Inf at t = " + std::to_string(s.t) + " s");
    }
    if (k % every == 0 || k == steps) record(scene.model, data, s.t, s.q, m);
  }
  return m;
}

scene::TriangleMesh inertia_box(const BodyInertia& inertia) {
  Eigen::SelfAdjointEigenSolver<Mat3> eig(inertia.inertia_com);
  const Vec3& I = eig.eigenvalues();
  Mat3 axes = eig.eigenvectors();
  if (axes.determinant() < 0.0) axes.col(2) *= -1.0;
  // solid box: I_x = m (b² + c²) / 12 … so a² = 6 (I_y + I_z − I_x) / m (half extents a/2)
  Vec3 half;
  for (int i = 0; i < 3; ++i) {
    const double sq = 6.0 * (I.sum() - 2.0 * I[i]) / inertia.mass;
    half[i] = 0.5 * std::sqrt(std::max(sq, 1e-8));
  }
  scene::TriangleMesh box;
  for (int v = 0; v < 8; ++v) {
    const Vec3 corner((v & 1 ? 1 : -1) * half[0], (v & 2 ? 1 : -1) * half[1], (v & 4 ? 1 : -1) * half[2]);
    box.vertices.push_back(inertia.com + axes * corner);
  }
  // outward, counter-clockwise faces of the cube with corners indexed by bits (x, y, z)
  box.triangles = {{0, 2, 3}, {0, 3, 1}, {4, 5, 7}, {4, 7, 6}, {0, 1, 5}, {0, 5, 4},
                   {2, 6, 7}, {2, 7, 3}, {0, 4, 6}, {0, 6, 2}, {1, 3, 7}, {1, 7, 5}};
  return box;
}

std::vector<scene::TriangleMesh> scene_body_meshes(const std::string& scene_path, const scene::Scene& scene) {
  const nlohmann::json doc = io::parse_json_text(io::read_text_file(scene_path), scene_path);
  const std::filesystem::path dir = std::filesystem::path(scene_path).parent_path();
  std::vector<scene::TriangleMesh> meshes;
  for (int i = 0; i < scene.model.num_bodies(); ++i) {
    const nlohmann::json& b = doc.at("bodies").at(static_cast<std::size_t>(i));
    if (!b.contains("mesh")) {
      // the app's drawing ("visual": a mesh file in m or mm, as its scene export writes an imported bone) when this
      // build reads its format, else the box of the body's inertia
      const nlohmann::json* v = b.contains("visual") ? &b.at("visual") : nullptr;
      const std::string file = v && v->contains("file") && v->at("file").is_string() ? v->at("file").get<std::string>() : "";
      if (!file.empty() && mesh::is_core_mesh_path(file)) {
        const std::filesystem::path p(file);
        scene::TriangleMesh visual = mesh::read_mesh_file((p.is_absolute() ? p : dir / p).string());
        const double scale = v->value("units", std::string("m")) == "mm" ? 1e-3 : 1.0;
        for (Vec3& x : visual.vertices) x *= scale;
        meshes.push_back(std::move(visual));
        continue;
      }
      meshes.push_back(inertia_box(scene.model.body(i).inertia));
      continue;
    }
    // the scene reader has already validated the mesh, so this only gathers it
    const nlohmann::json& m = b.at("mesh");
    if (m.contains("file")) {
      const std::filesystem::path p(m.at("file").get<std::string>());
      meshes.push_back(mesh::read_mesh_file((p.is_absolute() ? p : dir / p).string()));
      continue;
    }
    scene::TriangleMesh mesh;
    for (const auto& v : m.at("vertices")) mesh.vertices.emplace_back(v.at(0).get<double>(), v.at(1).get<double>(), v.at(2).get<double>());
    for (const auto& t : m.at("triangles")) mesh.triangles.push_back({t.at(0).get<int>(), t.at(1).get<int>(), t.at(2).get<int>()});
    meshes.push_back(std::move(mesh));
  }
  return meshes;
}

}  // namespace js::interop
