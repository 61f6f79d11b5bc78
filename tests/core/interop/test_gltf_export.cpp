// glTF export re-imported with assimp: node names and tree, meshes, and every node's world transform at
// several animation keys equal to our forward kinematics.
#include <gtest/gtest.h>

#include <unistd.h>

#include <assimp/Importer.hpp>
#include <assimp/postprocess.h>
#include <assimp/scene.h>

#include <filesystem>
#include <algorithm>
#include <cstdio>
#include <fstream>
#include <map>

#include "core/dynamics/algorithms.hpp"
#include "core/interop/gltf_export.hpp"
#include "core/interop/gltf_keys.hpp"
#include "core/lie/so3.hpp"

namespace js::interop {
namespace {

std::string resource(const std::string& name) { return std::string(JS_SOURCE_DIR) + "/resources/scenes/" + name; }

std::filesystem::path temp(const std::string& name) {
  return std::filesystem::temp_directory_path() / ("js_gltf_" + std::to_string(::getpid()) + "_" + name);
}

// the local transform of an animated node at key k (translation and rotation channels)
SE3 key_transform(const aiNodeAnim* ch, unsigned k) {
  const aiVector3D& p = ch->mPositionKeys[k].mValue;
  const aiQuaternion& q = ch->mRotationKeys[k].mValue;
  const Eigen::Quaterniond e(q.w, q.x, q.y, q.z);
  return SE3{e.normalized().toRotationMatrix(), Vec3(p.x, p.y, p.z)};
}

struct Reimported {
  Assimp::Importer importer;
  const aiScene* scene = nullptr;
  std::map<std::string, const aiNodeAnim*> channels;
  std::map<std::string, std::string> parent;  // node name → parent node name
};

void collect_parents(const aiNode* n, Reimported& r) {
  for (unsigned i = 0; i < n->mNumChildren; ++i) {
    r.parent[n->mChildren[i]->mName.C_Str()] = n->mName.C_Str();
    collect_parents(n->mChildren[i], r);
  }
}

void reimport(const std::filesystem::path& file, Reimported& r) {
  r.scene = r.importer.ReadFile(file.string(), 0);
  ASSERT_NE(r.scene, nullptr) << r.importer.GetErrorString();
  ASSERT_EQ(r.scene->mNumAnimations, 1u);
  const aiAnimation* a = r.scene->mAnimations[0];
  for (unsigned c = 0; c < a->mNumChannels; ++c) r.channels[a->mChannels[c]->mNodeName.C_Str()] = a->mChannels[c];
  collect_parents(r.scene->mRootNode, r);
}

// world transform of node `name` at key k, composing the animated locals up to the root node
SE3 world_at(const Reimported& r, const std::string& name, unsigned k) {
  SE3 T = key_transform(r.channels.at(name), k);
  return name == "root" ? T : world_at(r, r.parent.at(name), k) * T;
}

void expect_matches(const scene::Scene& s, const SceneMotion& m, const std::filesystem::path& file) {
  Reimported r;
  reimport(file, r);
  if (::testing::Test::HasFatalFailure()) return;
  const double tps = r.scene->mAnimations[0]->mTicksPerSecond > 0 ? r.scene->mAnimations[0]->mTicksPerSecond : 1.0;
  ASSERT_EQ(r.channels.size(), static_cast<std::size_t>(s.model.num_bodies() + 1));
  for (int b = 0; b < s.model.num_bodies(); ++b) {
    const std::string name = s.model.body(b).name;
    const int p = s.model.body(b).parent;
    EXPECT_EQ(r.parent.at(name), p < 0 ? std::string("root") : s.model.body(p).name);
    ASSERT_EQ(r.channels.at(name)->mNumPositionKeys, m.times.size());
  }
  for (std::size_t k : {std::size_t{0}, m.times.size() / 3, m.times.size() / 2, m.times.size() - 1}) {
    const unsigned key = static_cast<unsigned>(k);
    EXPECT_NEAR(r.channels.at("root")->mPositionKeys[key].mTime / tps, m.times[k], 1e-5);
    for (int b = 0; b < s.model.num_bodies(); ++b) {
      const SE3 ours = m.world_T_body[k][static_cast<std::size_t>(b)];
      const SE3 theirs = world_at(r, s.model.body(b).name, key);
      // float32 storage: about 1e-7 relative
      EXPECT_LT((ours.p - theirs.p).norm(), 1e-5) << s.model.body(b).name << " key " << k;
      EXPECT_LT(so3_log(ours.R.transpose() * theirs.R).norm(), 1e-5) << s.model.body(b).name << " key " << k;
    }
  }
}

TEST(GltfExport, SimulationOnASpinningFrameReimportsWithTheSameWorldTransforms) {
  const std::string path = resource("beads_on_wire.json");
  const scene::Scene s = scene::read_scene_file(path);
  const SceneMotion m = simulated_motion(s, 0.5, 2);
  const auto file = temp("beads.glb");
  write_glb(file.string(), s.model, scene_body_meshes(path, s), m);
  expect_matches(s, m, file);
  std::filesystem::remove(file);
}

// a node's local transform at time t (s) from assimp's keys, interpolated as a viewer does for LINEAR
// (translation lerp, rotation slerp), and the world transform composed up to "root".
SE3 local_at_time(const aiNodeAnim* ch, double ticks) {
  unsigned k = 0;
  while (k + 2 < ch->mNumPositionKeys && ch->mPositionKeys[k + 1].mTime <= ticks) ++k;
  const double t0 = ch->mPositionKeys[k].mTime, t1 = ch->mPositionKeys[k + 1].mTime;
  const double s = std::clamp((ticks - t0) / (t1 - t0), 0.0, 1.0);
  const aiVector3D& a = ch->mPositionKeys[k].mValue;
  const aiVector3D& b = ch->mPositionKeys[k + 1].mValue;
  const aiQuaternion& qa = ch->mRotationKeys[k].mValue;
  const aiQuaternion& qb = ch->mRotationKeys[k + 1].mValue;
  const Eigen::Quaterniond ea(qa.w, qa.x, qa.y, qa.z), eb(qb.w, qb.x, qb.y, qb.z);
  return SE3{ea.normalized().slerp(s, eb.normalized()).toRotationMatrix(),
             (1.0 - s) * Vec3(a.x, a.y, a.z) + s * Vec3(b.x, b.y, b.z)};
}

SE3 world_at_time(const Reimported& r, const std::string& name, double ticks) {
  const SE3 T = local_at_time(r.channels.at(name), ticks);
  return name == "root" ? T : world_at_time(r, r.parent.at(name), ticks) * T;
}

// the leg's swing recorded at every 1 ms step, thinned to keys within 0.1 mm / 0.1 mrad, re-imported: between
// the kept keys assimp's keys interpolated linearly match our forward kinematics at every step.
TEST(GltfExport, ThinnedKeysInterpolateWithinTheToleranceAtEveryStep) {
  const std::string path = resource("leg.json");
  const scene::Scene s = scene::read_scene_file(path);
  const SceneMotion dense = simulated_motion(s, 1.0, 1);
  const KeyTolerance tol{1e-4, 1e-4};
  const std::vector<std::size_t> keys = linear_keys(dense, tol);
  const KeyError bound = linear_key_error(dense, keys);
  EXPECT_LE(bound.position, tol.position);
  EXPECT_LE(bound.angle, tol.angle);
  EXPECT_LT(keys.size() * 2, dense.times.size());  // thinning happened
  EXPECT_EQ(keys.front(), 0u);
  EXPECT_EQ(keys.back(), dense.times.size() - 1);
  // a zero tolerance keeps every frame of a curved motion
  EXPECT_GT(linear_keys(dense, {0.0, 0.0}).size() * 10, dense.times.size() * 9);
  const auto file = temp("leg_thinned.glb");
  write_glb(file.string(), s.model, scene_body_meshes(path, s), select_frames(dense, keys));
  Reimported r;
  reimport(file, r);
  ASSERT_FALSE(HasFatalFailure());
  EXPECT_EQ(r.channels.at("root")->mNumPositionKeys, keys.size());
  const double tps = r.scene->mAnimations[0]->mTicksPerSecond > 0 ? r.scene->mAnimations[0]->mTicksPerSecond : 1.0;
  double worst_p = 0.0, worst_a = 0.0;
  for (std::size_t f = 0; f < dense.times.size(); ++f) {
    for (int b = 0; b < s.model.num_bodies(); ++b) {
      const SE3 theirs = world_at_time(r, s.model.body(b).name, dense.times[f] * tps);
      const SE3& ours = dense.world_T_body[f][static_cast<std::size_t>(b)];
      worst_p = std::max(worst_p, (ours.p - theirs.p).norm());
      worst_a = std::max(worst_a, so3_log(ours.R.transpose() * theirs.R).norm());
    }
  }
  std::printf("leg: %zu keys of %zu steps; world error between keys %.2e m, %.2e rad\n", keys.size(),
              dense.times.size(), worst_p, worst_a);
  // local errors ≤ tol compose down the three-joint chain (lever arms < 1 m), plus float32 storage
  EXPECT_LT(worst_p, 6 * tol.position + 1e-5);
  EXPECT_LT(worst_a, 3 * tol.angle + 1e-5);
  std::filesystem::remove(file);
}

// glTF is y-up: by default a constant node turns our z-up world upright; --z-up leaves it out.
TEST(GltfExport, YUpNodeTurnsOurZUpWorldUpright) {
  const std::string path = resource("leg.json");
  const scene::Scene s = scene::read_scene_file(path);
  const SceneMotion m = sweep_motion(s, "shank.flexion", 1.0, 5);
  const auto file = temp("leg_yup.glb");
  write_glb(file.string(), s.model, scene_body_meshes(path, s), m);
  {
    Reimported r;
    reimport(file, r);
    ASSERT_FALSE(HasFatalFailure());
    const aiNode* y_up = r.scene->mRootNode->FindNode("y_up");
    ASSERT_NE(y_up, nullptr);
    EXPECT_EQ(r.parent.at("root"), "y_up");
    const aiMatrix4x4& M = y_up->mTransformation;
    // our +z (up) becomes glTF +y, our +y becomes glTF −z
    const aiVector3D up = M * aiVector3D(0, 0, 1), forward = M * aiVector3D(0, 1, 0);
    EXPECT_NEAR(up.y, 1.0, 1e-6);
    EXPECT_NEAR(forward.z, -1.0, 1e-6);
    EXPECT_NEAR(M.a4 * M.a4 + M.b4 * M.b4 + M.c4 * M.c4, 0.0, 1e-12);  // no translation
  }
  GltfOptions z_up;
  z_up.y_up = false;
  write_glb(file.string(), s.model, scene_body_meshes(path, s), m, "sweep", z_up);
  {
    Reimported r;
    reimport(file, r);
    ASSERT_FALSE(HasFatalFailure());
    EXPECT_EQ(r.scene->mRootNode->FindNode("y_up"), nullptr);
    expect_matches(s, m, file);
  }
  std::filesystem::remove(file);
}

TEST(GltfExport, SweepOfALegReimportsWithTheSameWorldTransforms) {
  const std::string path = resource("leg.json");
  const scene::Scene s = scene::read_scene_file(path);
  const SceneMotion m = sweep_motion(s, "shank.flexion", 1.0, 31);
  const auto file = temp("leg.glb");
  write_glb(file.string(), s.model, scene_body_meshes(path, s), m);
  expect_matches(s, m, file);
  EXPECT_THROW(sweep_motion(s, "shank.flex", 1.0, 31), std::invalid_argument);
  std::filesystem::remove(file);
}

// regression: the first recorded frame of a scene with a scripted coordinate was the file's initial q,
// not the motion's q(0)
TEST(GltfExport, SimulatedMotionStartsOnTheScriptedMotion) {
  const scene::Scene s = scene::read_scene_file(resource("scripted_knee.json"));
  ASSERT_FALSE(s.model.prescribed().empty());
  const SceneMotion m = simulated_motion(s, 0.05, 1);
  for (const PrescribedCoordinate& p : s.model.prescribed()) {
    const PrescribedSample start = p.trajectory(s.initial.t);
    Eigen::VectorXd q = s.initial.q;
    q[p.coordinate] = start.q;
    MultibodyData data(s.model);
    forward_kinematics(s.model, data, s.initial.t, q);
    const SE3& expected = data.bodies[static_cast<std::size_t>(p.body)].world_T_body;
    EXPECT_LT((m.world_T_body[0][static_cast<std::size_t>(p.body)].p - expected.p).norm(), 1e-12);
  }
}

TEST(GltfExport, BodyMeshesComeFromTheSceneOrFromTheInertia) {
  // a tetrahedron body given inline, and a body with mass only (its inertia box)
  const auto scene_file = temp("mesh_scene.json");
  std::ofstream(scene_file) << R"({"format": "jointsmith.scene", "version": 1,
    "bodies": [
      {"name": "tet", "joint": {"kind": "revolute", "dof": 1, "coordinates": [{"name": "a", "min": -1, "max": 1}], "axis": [0, 0, 1]},
       "mesh": {"vertices": [[0,0,0],[0.1,0,0],[0,0.1,0],[0,0,0.1]], "triangles": [[0,2,1],[0,1,3],[0,3,2],[1,2,3]], "density": 1000}},
      {"name": "box", "parent": "tet", "joint": {"kind": "prismatic", "dof": 1, "coordinates": [{"name": "s", "min": 0, "max": 0.2}], "axis": [1, 0, 0]},
       "mass": 2.0, "inertia": [[0.01, 0, 0], [0, 0.02, 0], [0, 0, 0.025]]}
    ]})";
  const scene::Scene s = scene::read_scene_file(scene_file.string());
  const std::vector<scene::TriangleMesh> meshes = scene_body_meshes(scene_file.string(), s);
  ASSERT_EQ(meshes.size(), 2u);
  EXPECT_EQ(meshes[0].triangles.size(), 4u);
  EXPECT_EQ(meshes[1].triangles.size(), 12u);
  // the box has the body's inertia back (the inverse of the box formula)
  const BodyInertia again = inertia_from_mesh(meshes[1].vertices, meshes[1].triangles, 1.0);
  EXPECT_NEAR(again.inertia_com(0, 0) / again.mass, 0.01 / 2.0, 1e-9);
  EXPECT_NEAR(again.inertia_com(2, 2) / again.mass, 0.025 / 2.0, 1e-9);

  const auto file = temp("mesh.glb");
  write_glb(file.string(), s.model, meshes, sweep_motion(s, "box.s", 1.0, 5));
  Reimported r;
  reimport(file, r);
  ASSERT_FALSE(HasFatalFailure());
  ASSERT_EQ(r.scene->mNumMeshes, 2u);
  // assimp may reorder meshes: find each through its node
  for (const auto& [name, faces] : {std::pair<const char*, unsigned>{"tet", 4u}, {"box", 12u}}) {
    const aiNode* node = r.scene->mRootNode->FindNode(name);
    ASSERT_NE(node, nullptr) << name;
    ASSERT_EQ(node->mNumMeshes, 1u) << name;
    const aiMesh* mesh = r.scene->mMeshes[node->mMeshes[0]];
    EXPECT_EQ(mesh->mNumFaces, faces) << name;
    EXPECT_TRUE(mesh->HasNormals()) << name;
  }
  std::filesystem::remove(file);
  std::filesystem::remove(scene_file);
}


// regression (issue 18): a scene the app exported names its imported bones under "visual" (file and units); the glTF
// export drew boxes for them. now the file's mesh, scaled from mm, and a format core cannot read stays a box
TEST(GltfExport, AppVisualMeshesAreExportedScaledFromTheirUnits) {
  const auto obj = temp("bone.obj");
  std::ofstream(obj) << "v 0 0 0\nv 100 0 0\nv 0 100 0\nv 0 0 100\nf 1 3 2\nf 1 2 4\nf 1 4 3\nf 2 3 4\n";
  const auto scene_file = temp("visual.json");
  std::ofstream(scene_file) << R"({"format": "jointsmith.scene", "version": 1,
    "bodies": [
      {"name": "bone", "joint": {"kind": "revolute", "dof": 1, "coordinates": [{"name": "a", "min": -1, "max": 1}], "axis": [0, 0, 1]},
       "mass": 1.0, "inertia": [[0.01, 0, 0], [0, 0.01, 0], [0, 0, 0.01]],
       "visual": {"file": ")" << obj.filename().string() << R"(", "units": "mm", "colour": "#e6dcc4"}},
      {"name": "stl", "parent": "bone", "joint": {"kind": "revolute", "dof": 1, "coordinates": [{"name": "b", "min": -1, "max": 1}], "axis": [0, 0, 1]},
       "mass": 1.0, "inertia": [[0.01, 0, 0], [0, 0.01, 0], [0, 0, 0.01]], "visual": {"file": "no_such.stl", "units": "m"}}
    ]})";
  const scene::Scene s = scene::read_scene_file(scene_file.string());
  const std::vector<scene::TriangleMesh> meshes = scene_body_meshes(scene_file.string(), s);
  ASSERT_EQ(meshes.size(), 2u);
  ASSERT_EQ(meshes[0].triangles.size(), 4u);
  double extent = 0.0;
  for (const Vec3& v : meshes[0].vertices) extent = std::max(extent, v.maxCoeff());
  EXPECT_DOUBLE_EQ(extent, 0.1);  // 100 mm
  EXPECT_EQ(meshes[1].triangles.size(), 12u);  // an stl: the inertia box, as before
  std::filesystem::remove(obj);
  std::filesystem::remove(scene_file);
}

// keyed_motion (the app's timeline export): the given q at the given times, written and read back like a sweep; and
// equal to the sweep when given the sweep's q
TEST(GltfExport, KeyedMotionIsTheGivenCoordinates) {
  const std::string path = resource("leg.json");
  const scene::Scene s = scene::read_scene_file(path);
  const SceneMotion sweep = sweep_motion(s, "shank.flexion", 1.0, 7);
  const std::vector<std::string> names = s.model.coordinate_names();
  const auto k = static_cast<int>(std::find(names.begin(), names.end(), "shank.flexion") - names.begin());
  ASSERT_LT(k, s.model.nq());
  const Coordinate& c = s.model.coordinate_info(k);
  std::vector<Eigen::VectorXd> qs;
  for (int f = 0; f < 7; ++f) {
    Eigen::VectorXd q = s.initial.q;
    q[k] = c.min + (c.max - c.min) * f / 6.0;
    qs.push_back(q);
  }
  const SceneMotion m = keyed_motion(s, sweep.times, qs);
  ASSERT_EQ(m.times, sweep.times);
  for (std::size_t f = 0; f < m.times.size(); ++f)
    for (std::size_t b = 0; b < m.world_T_body[f].size(); ++b)
      EXPECT_TRUE(m.world_T_body[f][b].is_approx(sweep.world_T_body[f][b], 1e-12)) << "frame " << f << " body " << b;
  const auto file = temp("leg_keyed.glb");
  write_glb(file.string(), s.model, scene_body_meshes(path, s), m, "timeline");
  expect_matches(s, m, file);
  std::filesystem::remove(file);
  EXPECT_THROW(keyed_motion(s, {0.0, 1.0}, {qs[0]}), std::invalid_argument);
  EXPECT_THROW(keyed_motion(s, {1.0, 1.0}, {qs[0], qs[1]}), std::invalid_argument);
  EXPECT_THROW(keyed_motion(s, {0.0}, {Eigen::VectorXd::Zero(s.model.nq() + 1)}), std::invalid_argument);
}

}  // namespace
}  // namespace js::interop
