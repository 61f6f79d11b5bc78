// a scene as a whole OpenSim model (osim_model_export.hpp): written, read back by the project's OpenSim reader
// and compared with the scene pose for pose at random coordinates; meshes by relative path or as written .obj;
// names OpenSim cannot hold changed with a note; what cannot be exported refused naming the joint.
#include <gtest/gtest.h>

#include <filesystem>
#include <random>

#include "core/dynamics/algorithms.hpp"
#include "core/interop/osim_model.hpp"
#include "core/interop/osim_model_export.hpp"
#include "core/io/json_text.hpp"
#include "core/scene/scene_file.hpp"
#include "tests/support/test_files.hpp"

namespace js::test {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

json scene_of(const fs::path& file) { return io::parse_json_text(slurp(file), file.string()); }

// the largest distance and angle between each scene body and the model's body of the same name, with the same
// coordinate values (drawn uniformly inside each range) given to both
void compare_at_random_q(const json& doc, const fs::path& base, const interop::OsimModelExport& exported,
                         const interop::OsimModel& back, double& max_m, double& max_rad) {
  const scene::Scene sc = scene::read_scene_json(doc, "scene", base.string());
  std::mt19937_64 rng(20261126);
  MultibodyData ours(sc.model), theirs(back.multibody);
  max_m = max_rad = 0.0;
  for (int trial = 0; trial < 25; ++trial) {
    Eigen::VectorXd q = sc.initial.q, qo = back.default_q;
    for (int i = 0; i < sc.model.num_bodies(); ++i) {
      const Body& b = sc.model.body(i);
      for (int k = 0; k < b.dof; ++k) {
        const interop::OsimModelCoordinate& oc = back.coordinates.at(static_cast<std::size_t>(
            back.find_coordinate(exported.joints[static_cast<std::size_t>(i)].coordinates[static_cast<std::size_t>(k)])));
        const double x = std::uniform_real_distribution<double>(oc.min, oc.max)(rng);
        q[b.q_index + k] = x;
        qo[oc.model_index] = x;
      }
    }
    forward_kinematics(sc.model, ours, 0.0, q);
    forward_kinematics(back.multibody, theirs, 0.0, qo);
    for (int i = 0; i < sc.model.num_bodies(); ++i) {
      const int k = back.multibody.find_body(exported.joints[static_cast<std::size_t>(i)].child);
      ASSERT_GE(k, 0);
      const SE3& a = ours.bodies[static_cast<std::size_t>(i)].world_T_body;
      const SE3& b = theirs.bodies[static_cast<std::size_t>(k)].world_T_body;
      max_m = std::max(max_m, (a.p - b.p).norm());
      max_rad = std::max(max_rad, Eigen::AngleAxisd(a.R.transpose() * b.R).angle());
    }
  }
}

TEST(OsimModelExport, LegSceneReadsBackPoseForPose) {
  const fs::path scene_file = fs::path(JS_SOURCE_DIR) / "resources/scenes/leg.json";
  const json doc = scene_of(scene_file);
  const fs::path dir = temp_dir("osim_model_leg");
  interop::OsimModelExportOptions o;
  o.output_path = (dir / "leg.osim").string();
  o.model_name = "leg";
  const interop::OsimModelExport m = interop::export_osim_model(doc, scene_file.string(), scene_file.parent_path().string(), o);
  ASSERT_EQ(m.joints.size(), 3u);
  for (const interop::OsimModelJointReport& j : m.joints) {
    EXPECT_EQ(j.type, "CustomJoint");
    ASSERT_TRUE(j.has_fidelity);
    EXPECT_TRUE(j.fidelity.within_tolerance) << j.name;
  }
  EXPECT_LT(m.max_pose_error_m, 1e-5);
  interop::save_osim_model_export(m, o.output_path);

  const interop::OsimModel back = interop::read_osim_model(o.output_path);
  EXPECT_TRUE(back.issues.empty()) << back.issues.front().message();
  EXPECT_EQ(back.name, "leg");
  EXPECT_EQ(back.bodies.size(), 3u);
  EXPECT_EQ(back.joints.size(), 3u);
  EXPECT_NEAR(back.gravity.z(), -9.81, 1e-12);
  EXPECT_NEAR(back.bodies[0].mass, 8.0, 1e-12);
  double max_m = 0, max_rad = 0;
  compare_at_random_q(doc, scene_file.parent_path(), m, back, max_m, max_rad);
  // each joint within 0.01 mm (the export's default tolerance); three in a chain
  EXPECT_LT(max_m, 3e-5);
  EXPECT_LT(max_rad, 3e-4);
  const std::string summary = interop::osim_model_summary(m);
  EXPECT_NE(summary.find("thigh_shank (CustomJoint of shank; flexion)"), std::string::npos) << summary;
  fs::remove_all(dir);
}

// a 2-dof spline surface: MultivariatePolynomialFunctions over both ranges
TEST(OsimModelExport, SurfaceJointBecomesPolynomials) {
  const json doc = {{"format", "jointsmith.scene"}, {"version", 1},
                    {"bodies", {{{"name", "scapula"}, {"mass", 0.7},
                                 {"joint", (fs::path(JS_SOURCE_DIR) / "resources/joints/scapulothoracic.json").string()}}}}};
  const fs::path dir = temp_dir("osim_model_surface");
  interop::OsimModelExportOptions o;
  o.output_path = (dir / "shoulder.osim").string();
  const interop::OsimModelExport m = interop::export_osim_model(doc, "surface scene", dir.string(), o);
  ASSERT_EQ(m.joints.size(), 1u);
  EXPECT_EQ(m.joints[0].coordinates.size(), 2u);
  EXPECT_TRUE(m.joints[0].fidelity.within_tolerance);
  EXPECT_NE(m.text.find("MultivariatePolynomialFunction"), std::string::npos);
  const interop::OsimModel back = interop::read_osim_model_text(m.text, o.output_path);
  double max_m = 0, max_rad = 0;
  compare_at_random_q(doc, dir, m, back, max_m, max_rad);
  EXPECT_LT(max_m, 1e-4);  // the polynomial tolerance: 0.1 mm, 0.05°
  EXPECT_LT(max_rad, 0.05 * kDeg * 1.01);
  fs::remove_all(dir);
}

// a visual mesh OpenSim reads goes by relative path with its units as scale factors; an inline mass mesh is written
// as Geometry/<body>.obj; a name with a space is changed (and said so); a fixed root is a WeldJoint at its pose
TEST(OsimModelExport, MeshesNamesAndWeldJoints) {
  const fs::path dir = temp_dir("osim_model_meshes");
  std::ofstream(dir / "bone.stl") << "solid bone\nendsolid bone\n";
  const json tetra = {{"vertices", {{0, 0, 0}, {0.1, 0, 0}, {0, 0.1, 0}, {0, 0, 0.1}}},
                      {"triangles", {{0, 2, 1}, {0, 1, 3}, {0, 3, 2}, {1, 2, 3}}},
                      {"density", 1000}};
  const json root_pose = {{"translation", {0.1, 0.2, 0.3}}, {"rotation", {{0, -1, 0}, {1, 0, 0}, {0, 0, 1}}}};
  const json doc = {
      {"format", "jointsmith.scene"},
      {"version", 1},
      {"bodies",
       {{{"name", "thigh bone"},
         {"mass", 2.0},
         {"visual", {{"file", (dir / "bone.stl").string()}, {"units", "mm"}, {"colour", "#ff8000"}}},
         {"joint", {{"kind", "fixed"}, {"dof", 0}, {"coordinates", json::array()},
                    {"offsets", {{"parent_T_joint", root_pose}, {"moving_T_child", {{"translation", {0, 0, 0}}, {"rotation", {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}}}}}}}}},
        {{"name", "shank"},
         {"parent", "thigh bone"},
         {"joint_name", "knee"},
         {"mesh", tetra},
         {"joint", (fs::path(JS_SOURCE_DIR) / "resources/joints/revolute.json").string()}}}}};
  fs::create_directories(dir / "out");
  interop::OsimModelExportOptions o;
  o.output_path = (dir / "out" / "model.osim").string();
  const interop::OsimModelExport m = interop::export_osim_model(doc, "mesh scene", dir.string(), o);
  ASSERT_EQ(m.joints.size(), 2u);
  EXPECT_EQ(m.joints[0].type, "WeldJoint");
  EXPECT_EQ(m.joints[0].child, "thigh_bone");
  EXPECT_EQ(m.joints[1].name, "knee");
  EXPECT_NE(m.text.find("<mesh_file>../bone.stl</mesh_file>"), std::string::npos) << m.text.substr(0, 1500);
  EXPECT_NE(m.text.find("<scale_factors>0.001 0.001 0.001</scale_factors>"), std::string::npos);
  EXPECT_NE(m.text.find("<mesh_file>Geometry/shank.obj</mesh_file>"), std::string::npos);
  ASSERT_EQ(m.geometry.size(), 1u);
  EXPECT_NE(m.geometry[0].second.find("f 1 3 2"), std::string::npos);
  bool renamed = false;
  for (const std::string& n : m.notes) renamed = renamed || n.find("'thigh bone' is 'thigh_bone'") != std::string::npos;
  EXPECT_TRUE(renamed);
  EXPECT_LT(m.max_pose_error_m, 1e-12);  // the weld and the revolute joint are exact
  EXPECT_LT(m.max_pose_error_rad, 1e-9);

  interop::save_osim_model_export(m, o.output_path);
  const interop::OsimModel back = interop::read_osim_model(o.output_path);
  ASSERT_EQ(back.meshes.size(), 2u);
  for (const interop::OsimMesh& mesh : back.meshes) EXPECT_TRUE(mesh.found()) << mesh.file;
  EXPECT_EQ(back.meshes[0].scale, Vec3::Constant(1e-3));
  fs::remove_all(dir);
}

TEST(OsimModelExport, WhatOpenSimCannotHoldIsRefusedNamingTheJoint) {
  // the ball skeleton's spherical joints have no ranges: polynomials of 3 coordinates need one per coordinate
  const fs::path scene_file = fs::path(JS_SOURCE_DIR) / "resources/scenes/ball_skeleton.json";
  try {
    interop::export_osim_model(scene_of(scene_file), scene_file.string(), scene_file.parent_path().string(), {});
    FAIL() << "exported";
  } catch (const std::invalid_argument& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("joint 'ground_upper'"), std::string::npos) << what;
    EXPECT_NE(what.find("has no range"), std::string::npos) << what;
  }
  // a scene that does not read is the scene reader's located error
  EXPECT_THROW(interop::export_osim_model(json{{"format", "jointsmith.scene"}, {"version", 1}, {"bodies", 3}}, "bad.json", "", {}),
               io::FileError);
}

}  // namespace
}  // namespace js::test
