// scene files: the shipped scenes load and simulate; a scene equals the same model built in code; every
// malformed input names the file, the json pointer and the problem.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include "core/dynamics/algorithms.hpp"
#include "core/dynamics/examples.hpp"
#include "core/scene/scene_file.hpp"
#include "core/scene/simulate.hpp"

namespace js::scene {
namespace {

const std::string kScenes = std::string(JS_SOURCE_DIR) + "/resources/scenes/";

TEST(SceneFile, ShippedScenesLoadAndRun) {
  for (const char* name : {"knee.json", "leg.json", "beads_on_wire.json", "pendulum_chain.json", "scripted_knee.json",
                           "hinge_skeleton.json", "ball_skeleton.json"}) {
    SCOPED_TRACE(name);
    const Scene s = read_scene_file(kScenes + name);
    EXPECT_GT(s.model.nq(), 0);
    std::ostringstream csv;
    SceneSettings settings = s.settings;
    const SimulationReport r = simulate_to_csv(s, settings, 200, csv, 50);
    EXPECT_TRUE(r.finite);
    EXPECT_FALSE(r.singular);
    EXPECT_EQ(r.steps, 200);
    // header + rows at 0, 50, 100, 150, 200
    int lines = 0;
    for (char c : csv.str()) lines += c == '\n';
    EXPECT_EQ(lines, 6);
  }
}

TEST(SceneFile, LegSceneMatchesTheModelBuiltInCode) {
  const Scene s = read_scene_file(kScenes + "leg.json");
  const MultibodyModel leg = example_leg();
  ASSERT_EQ(s.model.nq(), leg.nq());
  MultibodyData a(s.model), b(leg);
  const Eigen::Vector3d q(0.4, 1.1, -0.2), qd(0.3, -0.5, 1.0), tau(1.0, -2.0, 0.5);
  EXPECT_LT((aba(s.model, a, 0.0, q, qd, tau) - aba(leg, b, 0.0, q, qd, tau)).cwiseAbs().maxCoeff(), 1e-12);
  EXPECT_EQ(s.model.coordinate_names()[1], "shank.flexion");
  EXPECT_DOUBLE_EQ(s.initial.q[0], 0.8);
  EXPECT_DOUBLE_EQ(s.initial.qd[0], -1.0);
  EXPECT_EQ(s.settings.integrator, Integrator::RK4);
}

TEST(SceneFile, SpinningRootDrivesTheFrame) {
  const Scene s = read_scene_file(kScenes + "beads_on_wire.json");
  ASSERT_FALSE(s.model.root_is_fixed());
  const RootState r = s.model.root_state(1.0);
  EXPECT_NEAR(r.v[2], 1.5, 1e-15);
  EXPECT_NEAR(r.world_T_root.R(1, 0), std::sin(1.5), 1e-12);
}

// a minimal valid scene with one field replaced by `patch` (a json merge patch).
std::string scene_with(const std::string& patch) {
  nlohmann::json doc = nlohmann::json::parse(R"({
    "format": "jointsmith.scene", "version": 1,
    "bodies": [{"name": "a", "joint": {"kind": "revolute", "dof": 1, "coordinates": [{"name": "q"}], "axis": [1, 0, 0]},
                "mass": 1.0, "com": [0, 0, -0.1], "inertia": [[0.01, 0, 0], [0, 0.01, 0], [0, 0, 0.01]]}]
  })");
  doc.merge_patch(nlohmann::json::parse(patch));
  return doc.dump();
}

struct BadScene {
  std::string patch;
  std::string message;  // expected substring of what()
};

class SceneErrors : public ::testing::TestWithParam<BadScene> {};

TEST_P(SceneErrors, NameFilePathAndProblem) {
  try {
    read_scene_text(scene_with(GetParam().patch), "bad.scene.json", kScenes);
    FAIL() << "no error for " << GetParam().patch;
  } catch (const io::FileError& e) {
    EXPECT_NE(std::string(e.what()).find("bad.scene.json"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find(GetParam().message), std::string::npos) << e.what();
  }
}

INSTANTIATE_TEST_SUITE_P(
    Cases, SceneErrors,
    ::testing::Values(
        BadScene{R"({"format": "jointsmith.joint"})", "/format: not a scene file"},
        BadScene{R"({"version": 2})", "/version: unsupported version 2"},
        BadScene{R"({"bodys": []})", "unknown field"},
        BadScene{R"({"settings": {"dt": -1}})", "/settings/dt: dt must be > 0"},
        BadScene{R"({"settings": {"integrator": "verlet"}})", "/settings/integrator: unknown integrator \"verlet\""},
        BadScene{R"({"settings": {"solver": "featherstone"}})",
                 "/settings/solver: unknown solver \"featherstone\" (known: reduced, maximal)"},
        BadScene{R"({"settings": {"stabilization": -1}})", "/settings/stabilization: stabilization must be ≥ 0"},
        BadScene{R"({"initial_state": {"q": {"a.x": 1}}})", "/initial_state/q/a.x: no coordinate \"a.x\" (known: a.q)"},
        BadScene{R"({"forces": {"springs": [{"coordinate": "b.q"}]}})", "/forces/springs/0/coordinate: no coordinate"},
        BadScene{R"({"forces": {"point_springs": [{"body_a": "ghost", "stiffness": 1}]}})",
                 "/forces/point_springs/0/body_a: no body \"ghost\""},
        BadScene{R"({"bodies": [{"name": "a", "joint": {"kind": "revolute", "dof": 1, "coordinates": [{"name": "q"}],
                     "axis": [1, 0]}, "mass": 1.0}]})",
                 "/bodies/0/joint/axis"},
        BadScene{R"({"bodies": [{"name": "a", "joint": "missing_joint.json", "mass": 1.0}]})", "missing_joint.json"},
        BadScene{R"({"bodies": [{"name": "a", "parent": "b", "joint": "knee_joint.json", "mass": 1.0}]})",
                 "/bodies/0/parent: no body \"b\""},
        BadScene{R"({"bodies": [{"name": "a", "joint": "knee_joint.json", "mass": -1.0}]})",
                 "/bodies/0/mass: mass must be > 0"},
        BadScene{R"({"bodies": [{"name": "a", "joint": "knee_joint.json", "mass": 1.0,
                     "inertia": [[1, 0.5, 0], [0, 1, 0], [0, 0, 1]]}]})",
                 "/bodies/0/inertia: inertia is not symmetric"},
        BadScene{R"({"bodies": [{"name": "a", "joint": "knee_joint.json", "mass": 1.0,
                     "inertia": [[1, 0, 0], [0, 1, 0], [0, 0, 3]]}]})",
                 "triangle inequality"},
        BadScene{R"({"bodies": [{"name": "a", "joint": "knee_joint.json",
                     "mesh": {"density": 1000, "vertices": [[0, 0, 0], [1, 0, 0], [0, 1, 0]], "triangles": [[0, 1, 2]]}}]})",
                 "/bodies/0/mesh: inertia_from_mesh: enclosed volume"},
        BadScene{R"({"bodies": [{"name": "a", "joint": "knee_joint.json", "mass": 1.0,
                     "motion": {"keys": [{"t": 0, "q": 0.1}, {"t": 1, "q": 3.0}]}}]})",
                 "/bodies/0/motion/keys/1/q: q = 3.000000 is outside the motion's [from, to] = [0.000000, 2.400000]"},
        BadScene{R"({"bodies": [{"name": "a", "joint": "knee_joint.json", "mass": 1.0,
                     "motion": {"keys": [{"t": 1, "q": 0.1}, {"t": 1, "q": 0.5}]}}]})",
                 "/bodies/0/motion/keys: timing curve: key 1 has t = 1"},
        BadScene{R"({"bodies": [{"name": "a", "joint": "knee_joint.json", "mass": 1.0,
                     "motion": {"keys": [{"t": 0, "q": 0.1, "s": 0.2}, {"t": 1, "q": 0.5}]}}]})",
                 "/bodies/0/motion/keys/0: a key needs exactly one of"},
        BadScene{R"({"bodies": [{"name": "a", "joint": {"kind": "revolute", "dof": 1, "coordinates": [{"name": "q"}],
                     "axis": [1, 0, 0]}, "mass": 1.0, "motion": {"keys": [{"t": 0, "q": 0}, {"t": 1, "q": 1}]}}]})",
                 "/bodies/0/motion: the coordinate has no finite range"},
        BadScene{R"({"bodies": [{"name": "a", "joint": "knee_joint.json", "mass": 1.0,
                     "motion": {"continuity": "c3", "keys": [{"t": 0, "q": 0.1}, {"t": 1, "q": 0.5}]}}]})",
                 "/bodies/0/motion/continuity: continuity must be \"c2\" or \"c1\", got \"c3\""},
        BadScene{R"({"bodies": [{"name": "a", "joint": "knee_joint.json", "mass": 1.0,
                     "motion": {"speed_floor": 2, "keys": [{"t": 0, "q": 0.1}, {"t": 1, "q": 0.5}]}}]})",
                 "/bodies/0/motion/speed_floor: speed_floor is a fraction of the mean speed, in [0, 1]"},
        BadScene{R"({"bodies": [{"name": "a", "joint": "knee_joint.json", "mass": 1.0,
                     "drive": [{"coordinate": "flexion", "rate": 1, "continuity": "c1"}]}]})",
                 "/bodies/0/drive/0/continuity: \"continuity\" goes with \"keys\""}));

// the scripted knee scene: the knee follows its keys, the csv carries the driving torque.
TEST(SceneFile, ScriptedKneeFollowsItsKeys) {
  const Scene s = read_scene_file(kScenes + "scripted_knee.json");
  ASSERT_EQ(s.model.prescribed().size(), 1u);
  std::ostringstream csv;
  SceneSettings settings = s.settings;
  settings.dt = 0.01;
  const SimulationReport r = simulate_to_csv(s, settings, 100, csv, 10);
  EXPECT_TRUE(r.finite);
  EXPECT_FALSE(r.degenerate_motion);
  EXPECT_NE(csv.str().find(",drive:shank.flexion\n"), std::string::npos);
  // the row at t = 0.6 (the key q = 1.2): columns t, q:thigh.hip, q:shank.flexion, ...
  std::istringstream lines(csv.str());
  std::string line;
  bool found = false;
  while (std::getline(lines, line)) {
    if (line[0] == 't') continue;
    std::istringstream cells(line);
    std::string cell;
    std::vector<double> v;
    while (std::getline(cells, cell, ',')) v.push_back(std::stod(cell));
    if (std::abs(v[0] - 0.6) > 1e-9) continue;
    EXPECT_NEAR(v[2], 1.2, 1e-6);  // t is 0.6 up to rounding of the summed steps
    found = true;
  }
  EXPECT_TRUE(found) << csv.str().substr(0, 400);
}

// "continuity": the scripted knee's q̈, sampled from the model's prescribed trajectory,
// jumps at the key t = 0.6 with c1 and not with c2
TEST(SceneFile, ScriptedKneeContinuityChoosesTheTimingCurve) {
  std::ifstream in(kScenes + "scripted_knee.json");
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const std::string key = "\"length_scale\": 0.05,";
  ASSERT_NE(text.find(key), std::string::npos);
  double jump[2] = {0, 0};
  for (const char* kind : {"c1", "c2"}) {
    std::string t = text;
    t.replace(t.find(key), key.size(), key + " \"continuity\": \"" + std::string(kind) + "\",");
    const Scene s = read_scene_text(t, "scripted_knee.json", kScenes);
    const auto& drive = s.model.prescribed().front().trajectory;
    jump[kind[1] == '2'] = std::abs(drive(0.6 + 1e-9).qdd - drive(0.6 - 1e-9).qdd);
  }
  EXPECT_GT(jump[0], 1.0);
  EXPECT_LT(jump[1], 1e-4);
}

TEST(SceneFile, MeshBodyUsesMeshInertia) {
  // a unit tetrahedron, outward faces
  const std::string text = scene_with(R"({"bodies": [{"name": "a", "joint": "knee_joint.json",
      "mesh": {"density": 600, "vertices": [[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1]],
               "triangles": [[0, 2, 1], [0, 1, 3], [0, 3, 2], [1, 2, 3]]}}]})");
  const Scene s = read_scene_text(text, "mesh.json", kScenes);
  EXPECT_NEAR(s.model.body(0).inertia.mass, 100.0, 1e-12);
  EXPECT_LT((s.model.body(0).inertia.com - Vec3::Constant(0.25)).norm(), 1e-15);
}

}  // namespace
}  // namespace js::scene
