// scenes through the hakenberg maximal-coordinate skeleton (core/scene/skeleton_scene.hpp): the shipped hinge
// chain and ball-jointed arm agree with the reduced-coordinate solver to the skeleton's first-order
// integration error, momentum about the pivot and kinetic energy are kept without gravity, q and q̇
// convert back exactly, the csv matches the reduced one column by column, and every term the skeleton
// cannot represent is refused naming the file, the member and why.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <sstream>
#include <string>
#include <vector>

#include "core/io/json_text.hpp"
#include "core/scene/simulate_skeleton.hpp"
#include "core/scene/skeleton_scene.hpp"

namespace js::scene {
namespace {

const std::string kScenes = std::string(JS_SOURCE_DIR) + "/resources/scenes/";

// a shipped scene with a json merge patch applied; "bodies" in the patch maps body indices to per-body patches.
Scene patched_scene(const char* name, const char* patch_text) {
  nlohmann::json doc = nlohmann::json::parse(io::read_text_file(kScenes + name));
  const nlohmann::json patch = nlohmann::json::parse(patch_text);
  if (patch.contains("bodies")) {
    // array members patch one body each (index → object)
    for (const auto& [index, body] : patch.at("bodies").items()) doc["bodies"][std::stoul(index)].merge_patch(body);
  }
  nlohmann::json rest = patch;
  rest.erase("bodies");
  doc.merge_patch(rest);
  return read_scene_json(doc, name, kScenes);
}

SolverComparison compare(const Scene& s, const char* name, double dt, double duration, double stabilization = 0.0) {
  SceneSettings settings = s.settings;
  settings.dt = dt;
  settings.stabilization = stabilization;
  const SolverComparison c = compare_solvers(s, name, settings, static_cast<int>(std::lround(duration / dt)));
  std::printf("%s, dt = %g, %g s, alpha = %g: max |dq| %.2e rad, |dqd| %.2e rad/s, |dE| %.2e J (of %.2f J), "
              "separation %.2e m; drift reduced |dL| %.2e |dE| %.2e, maximal |dL| %.2e |dE| %.2e; "
              "steps reduced %.3f s, maximal %.3f s\n",
              name, dt, duration, stabilization, c.q_difference, c.qd_difference, c.energy_difference, c.energy_scale,
              c.position_error, c.reduced_angular_drift, c.reduced_energy_drift, c.maximal_angular_drift,
              c.maximal_energy_drift, c.reduced_seconds, c.maximal_seconds);
  EXPECT_TRUE(c.finite);
  return c;
}

// the skeleton is first order (a semi-implicit euler), the reduced run rk4: the difference is the
// skeleton's error and halves with dt.
void expect_agreement(const char* name, double bound) {
  const Scene s = read_scene_file(kScenes + name);
  const SolverComparison coarse = compare(s, name, 2e-4, 0.5);
  const SolverComparison fine = compare(s, name, 1e-4, 0.5);
  EXPECT_LT(fine.q_difference, bound);
  EXPECT_LT(fine.q_difference, 0.65 * coarse.q_difference);
  EXPECT_LT(fine.qd_difference, 0.65 * coarse.qd_difference);
  EXPECT_LT(fine.energy_difference, 0.65 * coarse.energy_difference);
}

TEST(SkeletonScene, HingeChainAgreesWithTheReducedSolver) { expect_agreement("hinge_skeleton.json", 5e-3); }

TEST(SkeletonScene, BallArmAgreesWithTheReducedSolver) { expect_agreement("ball_skeleton.json", 1e-2); }

// stabilization holds the joints together and keeps the agreement
TEST(SkeletonScene, StabilizationHoldsTheJoints) {
  const Scene s = read_scene_file(kScenes + "ball_skeleton.json");
  const SolverComparison plain = compare(s, "ball_skeleton.json", 1e-4, 0.5);
  const SolverComparison held = compare(s, "ball_skeleton.json", 1e-4, 0.5, 50.0);
  EXPECT_LT(held.position_error, 0.1 * plain.position_error);
  EXPECT_LT(held.q_difference, 2.0 * plain.q_difference);
}

// no gravity, no friction, no motor: the arm hangs from a ball joint at the world origin, which exerts a
// force through the origin only, so both solvers keep the angular momentum about it (the skeleton to the
// joint separation, where its ground force acts off the origin) and the kinetic energy.
TEST(SkeletonScene, WithoutGravityAngularMomentumAndEnergyAreKept) {
  Scene s = read_scene_file(kScenes + "ball_skeleton.json");
  s.model.gravity.setZero();
  const SolverComparison c = compare(s, "ball_skeleton.json (no gravity)", 1e-4, 1.0, 50.0);
  EXPECT_LT(c.reduced_angular_drift, 1e-6);
  EXPECT_LT(c.maximal_angular_drift, 1e-6);
  EXPECT_LT(c.reduced_energy_drift, 1e-6);
  EXPECT_LT(c.maximal_energy_drift, 2e-3 * c.energy_scale);
  EXPECT_GT(c.maximal_linear_drift, 0.01);  // the ground pushes: linear momentum is not kept here
}

// the hinge chain without gravity: only the momentum about the root hinge's axis (x, through (0, 0, 1)) is
// kept; the skeleton keeps it to its joint separation.
TEST(SkeletonScene, HingeChainKeepsMomentumAboutTheRootAxis) {
  Scene s = read_scene_file(kScenes + "hinge_skeleton.json");
  s.model.gravity.setZero();
  s.forces = ForceSet{};
  SkeletonScene skeleton = skeleton_from_scene(s, "hinge_skeleton.json");
  std::vector<SkeletonBodyState> state = skeleton_state(s, s.initial);
  SkeletonSolver solver(skeleton.model);
  solver.stabilization = 50.0;
  const Vec3 pivot(0, 0, 1), axis = Vec3::UnitX();
  auto about_axis = [&] {
    const MechanicalState m = skeleton_mechanical_state(skeleton.model, state);
    return axis.dot(m.angular_momentum - pivot.cross(m.linear_momentum));
  };
  const double L0 = about_axis();
  double drift = 0.0;
  for (int k = 0; k < 10000; ++k) {
    solver.step(state, 1e-4);
    drift = std::max(drift, std::abs(about_axis() - L0));
  }
  std::printf("hinge chain, no gravity: L about the root axis %.4f, drift %.2e\n", L0, drift);
  EXPECT_GT(std::abs(L0), 0.01);
  EXPECT_LT(drift, 1e-6 * std::max(1.0, std::abs(L0)));
}

// a rotated and moved root frame and rotated offsets on both sides of a ball joint: the anchors, axes and
// the conversion back follow them
TEST(SkeletonScene, RootPoseAndRotatedOffsetsAreHonoured) {
  const Scene s = patched_scene("ball_skeleton.json", R"({
    "root": {"pose": {"rotation": [[0.36, 0.48, -0.8], [-0.8, 0.6, 0], [0.48, 0.64, 0.6]], "translation": [0.2, -0.1, 0.5]}},
    "bodies": {"2": {"joint": {"offsets": {
      "parent_T_joint": {"rotation": [[1, 0, 0], [0, 0.8, -0.6], [0, 0.6, 0.8]], "translation": [0, 0.01, -0.26]},
      "moving_T_child": {"rotation": [[0.6, -0.8, 0], [0.8, 0.6, 0], [0, 0, 1]], "translation": [0.01, 0, 0.02]}}}}}})");
  SkeletonCoordinates coordinates(s, s.initial.q);
  const std::vector<SkeletonBodyState> state = skeleton_state(s, s.initial);
  coordinates.update(state);
  EXPECT_LT((coordinates.q() - s.initial.q).cwiseAbs().maxCoeff(), 1e-12);
  EXPECT_LT((coordinates.qd() - s.initial.qd).cwiseAbs().maxCoeff(), 1e-12);
  const SkeletonScene skeleton = skeleton_from_scene(s, "ball_skeleton.json");
  const SkeletonMeasure m = measure_skeleton(skeleton.model, state);
  EXPECT_LT(m.position_error, 1e-14);
  EXPECT_LT(m.axis_error, 1e-14);
  const SolverComparison coarse = compare(s, "ball_skeleton.json (posed root, rotated offsets)", 2e-4, 0.2, 20.0);
  const SolverComparison fine = compare(s, "ball_skeleton.json (posed root, rotated offsets)", 1e-4, 0.2, 20.0);
  EXPECT_LT(fine.q_difference, 2e-3);
  EXPECT_LT(fine.q_difference, 0.65 * coarse.q_difference);
}

// the skeleton state of a scene state converts back to the same q and q̇, and the tracked angles continue
// past ±π instead of wrapping
TEST(SkeletonScene, CoordinatesConvertBackAndStayContinuous) {
  for (const char* name : {"hinge_skeleton.json", "ball_skeleton.json"}) {
    SCOPED_TRACE(name);
    const Scene s = read_scene_file(kScenes + name);
    SimulationState state = s.initial;
    state.q += Eigen::VectorXd::LinSpaced(state.q.size(), -0.3, 0.4);
    state.qd = Eigen::VectorXd::LinSpaced(state.q.size(), 2.0, -1.0);
    SkeletonCoordinates coordinates(s, s.initial.q);
    coordinates.update(skeleton_state(s, state));
    EXPECT_LT((coordinates.q() - state.q).cwiseAbs().maxCoeff(), 1e-12);
    EXPECT_LT((coordinates.qd() - state.qd).cwiseAbs().maxCoeff(), 1e-12);
  }
  const Scene s = read_scene_file(kScenes + "hinge_skeleton.json");
  SimulationState state = s.initial;
  SkeletonCoordinates coordinates(s, state.q);
  for (int k = 1; k <= 20; ++k) {
    state.q[0] = s.initial.q[0] + 0.4 * k;  // 0.6 … 8.6 rad, past π and 2π
    coordinates.update(skeleton_state(s, state));
    EXPECT_NEAR(coordinates.q()[0], state.q[0], 1e-12);
  }
}

TEST(SkeletonScene, CsvHasTheReducedSolversColumns) {
  const Scene s = read_scene_file(kScenes + "ball_skeleton.json");
  std::ostringstream reduced, maximal;
  simulate_to_csv(s, s.settings, 100, reduced, 50);
  const MaximalReport r = simulate_skeleton_to_csv(s, "ball_skeleton.json", s.settings, 100, maximal, 50);
  EXPECT_TRUE(r.run.finite);
  EXPECT_EQ(r.run.steps, 100);
  EXPECT_EQ(r.rank, 3 + 5 + 3);  // 5 n_hinge + 3 n_spherical
  EXPECT_NEAR(r.run.t_end, 0.05, 1e-12);
  const std::string a = reduced.str(), b = maximal.str();
  EXPECT_EQ(a.substr(0, a.find('\n')), b.substr(0, b.find('\n')));
  // the t = 0 rows are the same state measured both ways
  const std::size_t a1 = a.find('\n') + 1, b1 = b.find('\n') + 1;
  std::istringstream ra(a.substr(a1, a.find('\n', a1) - a1)), rb(b.substr(b1, b.find('\n', b1) - b1));
  std::string x, y;
  int columns = 0;
  while (std::getline(ra, x, ',') && std::getline(rb, y, ',')) {
    EXPECT_NEAR(std::stod(x), std::stod(y), 1e-12) << "column " << columns;
    ++columns;
  }
  EXPECT_EQ(columns, 1 + 2 * 7 + 2 + 6);
  int lines = 0;
  for (char c : b) lines += c == '\n';
  EXPECT_EQ(lines, 4);  // header, t = 0, 50 and 100 steps
}

// a motor and a damping-only spring map to the skeleton's β_j and μ_j
TEST(SkeletonScene, MotorsAndDampingMap) {
  Scene s = read_scene_file(kScenes + "hinge_skeleton.json");
  s.forces.springs.push_back(CoordinateSpring{1, 0.0, 0.0, 0.05});
  SkeletonScene skeleton = skeleton_from_scene(s, "hinge_skeleton.json");
  EXPECT_DOUBLE_EQ(skeleton.model.joint(0).friction, 0.01);
  EXPECT_DOUBLE_EQ(skeleton.model.joint(1).friction, 0.06);
  set_skeleton_motors(skeleton, 0.25);  // 0.2 + 1.0 sin(2π · 1 Hz · 0.25 s)
  EXPECT_NEAR(skeleton.model.joint(0).motor, -1.2, 1e-12);
  EXPECT_EQ(skeleton.model.joint(1).motor, 0.0);
}

// settings.solver and settings.stabilization are read (the cli runs the scene with them)
TEST(SkeletonScene, SettingsNameTheSolver) {
  nlohmann::json doc = nlohmann::json::parse(io::read_text_file(kScenes + "hinge_skeleton.json"));
  EXPECT_EQ(read_scene_json(doc, "hinge_skeleton.json").settings.solver, SceneSolver::Reduced);
  doc["settings"]["solver"] = "maximal";
  doc["settings"]["stabilization"] = 25.0;
  const Scene s = read_scene_json(doc, "hinge_skeleton.json");
  EXPECT_EQ(s.settings.solver, SceneSolver::Maximal);
  EXPECT_EQ(s.settings.stabilization, 25.0);
  EXPECT_STREQ(scene_solver_name(SceneSolver::Maximal), "maximal");
}

// each refusal: the scene name, the json pointer of the member and why
struct Refusal {
  const char* scene;
  const char* patch;  // merged into the scene document (json merge patch) before reading
  const char* path;
  const char* why;
};

class SkeletonRefusals : public testing::TestWithParam<Refusal> {};

TEST_P(SkeletonRefusals, NameFileMemberAndWhy) {
  const Refusal& r = GetParam();
  const Scene s = patched_scene(r.scene, r.patch);
  try {
    skeleton_from_scene(s, r.scene);
    FAIL() << "not refused";
  } catch (const io::FileError& e) {
    const std::string what = e.what();
    EXPECT_EQ(e.source(), r.scene);
    EXPECT_EQ(e.path(), r.path) << what;
    EXPECT_NE(what.find(r.why), std::string::npos) << what;
    EXPECT_NE(what.find("maximal-coordinate solver"), std::string::npos) << what;
  }
}

INSTANTIATE_TEST_SUITE_P(
    SkeletonScene, SkeletonRefusals,
    testing::Values(
        Refusal{"hinge_skeleton.json", R"({"bodies": {"1": {"joint": {"kind": "prismatic", "axis": [0, 0, 1]}}}})",
                "/bodies/1/joint", "body \"middle\": a prismatic joint has no maximal-coordinate form"},
        Refusal{"hinge_skeleton.json",
                R"({"bodies": {"2": {"joint": {"coordinates": [{"name": "angle", "min": -1, "max": 1}]}}}})",
                "/bodies/2/joint/coordinates/0", "body \"lower\": coordinate \"angle\" has limits"},
        Refusal{"hinge_skeleton.json", R"({"bodies": {"0": {"joint": {"coordinates": [{"name": "angle", "locked": true}]}}}})",
                "/bodies/0/joint/coordinates/0", "coordinate \"angle\" is locked"},
        Refusal{"hinge_skeleton.json", R"({"bodies": {"1": {"drive": [{"coordinate": "angle", "rate": 1}]}}})",
                "/bodies/1", "body \"middle\": its joint is prescribed"},
        Refusal{"hinge_skeleton.json", R"({"root": {"spin": {"axis": [0, 0, 1], "rate": 1}}})", "/root/spin",
                "the root frame spins"},
        Refusal{"hinge_skeleton.json",
                R"({"loops": [{"name": "tie", "kind": "point", "body_a": null, "body_b": "lower"}]})", "/loops",
                "loop \"tie\": closed loops are not mapped"},
        Refusal{"hinge_skeleton.json",
                R"({"loops": [{"name": "grip", "kind": "rolling", "body_a": "upper", "body_b": "lower"}]})", "/loops",
                "rolling contact \"grip\": no-slip contacts are not mapped"},
        Refusal{"hinge_skeleton.json", R"({"forces": {"springs": [{"coordinate": "middle.angle", "stiffness": 3}]}})",
                "/forces/springs/0", "spring on \"middle.angle\" has stiffness 3"},
        Refusal{"hinge_skeleton.json",
                R"({"forces": {"point_springs": [{"body_a": "lower", "body_b": null, "stiffness": 5}]}})",
                "/forces/point_springs/0", "a point spring between bodies is not a joint force"},
        Refusal{"hinge_skeleton.json", R"({"forces": {"external": [{"body": "upper", "force": [0, 1, 0]}]}})",
                "/forces/external/0", "external force on body \"upper\""},
        Refusal{"ball_skeleton.json", R"({"forces": {"joint_damping": 0.1}})", "/forces/joint_damping",
                "joint damping on the spherical joint of body \"upper\""},
        Refusal{"ball_skeleton.json", R"({"forces": {"motors": [{"coordinate": "hand.roll", "torque": 1}]}})",
                "/forces/motors/0", "motor on \"hand.roll\" drives a spherical joint's euler angle"},
        Refusal{"ball_skeleton.json", R"({"forces": {"springs": [{"coordinate": "upper.yaw", "damping": 1}]}})",
                "/forces/springs/0", "damping spring on \"upper.yaw\" is on a spherical joint's euler angle"}));

}  // namespace
}  // namespace js::scene
