// jointsmith-cli ik and simulate on the shipped leg scenes: the documented ik example converges, an
// off-plane target is reported unreachable with the nearest point, the four-bar's coupler reaches a target
// with its loop closed (checked on the printed q) or, out of reach, stays closed; a scripted knee writes its
// drive torque; the maximal-coordinate solver writes the reduced one's columns, agrees with it, reads the
// scene's settings.solver and refuses what it cannot represent naming the file and member.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/dynamics/algorithms.hpp"
#include "core/scene/scene_file.hpp"
#include "tests/cli/cli_runner.hpp"

namespace js::test {
namespace {

// the example of `jointsmith-cli ik --help` and docs/scene-file.md
TEST(CliIk, DocumentedLegExampleConverges) {
  const CliRun r = cli("ik resources/scenes/leg.json --body foot --point 0,-0.12,-0.08 --target 0.0015,-0.35,-0.75");
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("converged in"), std::string::npos) << r.out;
  const std::vector<double> reached = numbers_after(r.out, "reached = ");
  ASSERT_EQ(reached.size(), 3u) << r.out;
  const double target[3] = {0.0015, -0.35, -0.75};
  for (int i = 0; i < 3; ++i) EXPECT_NEAR(reached[static_cast<std::size_t>(i)], target[i], 1e-6) << r.out;
}

// x = 0.05 m is outside the slab the toe can reach (hip, knee and ankle all turn about x)
TEST(CliIk, OffPlaneTargetIsUnreachableWithTheNearestPoint) {
  const CliRun r = cli("ik resources/scenes/leg.json --body foot --point 0,-0.12,-0.08 --target 0.05,-0.35,-0.75");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.out.find("reached = "), std::string::npos) << r.out;
  EXPECT_NE(r.err.find("unreachable"), std::string::npos) << r.err;
}

// the value printed after "key = " (a number line of the cli's output)
double printed(const std::string& out, const std::string& key) {
  const std::size_t at = out.find(key + " = ");
  EXPECT_NE(at, std::string::npos) << key << " not in " << out;
  return at == std::string::npos ? NAN : std::stod(out.substr(at + key.size() + 3));
}

// the four-bar's pin gap at the q the cli printed: the rocker's pin (0.3, 0, 0) against the ground's (0.4, 0, 0)
double printed_pin_gap(const std::string& out) {
  const scene::Scene sc = scene::read_scene_file(JS_SOURCE_DIR "/resources/scenes/four_bar.json");
  Eigen::VectorXd q(3);
  q << printed(out, "crank.q1"), printed(out, "coupler.q2"), printed(out, "rocker.q3");
  MultibodyData d(sc.model);
  forward_kinematics(sc.model, d, 0.0, q);
  return (d.bodies[2].world_T_body.act(Vec3(0.3, 0, 0)) - Vec3(0.4, 0, 0)).norm();
}

// the documented loop example: the coupler's far end to a point of the rocker's circle about its ground pin.
// the q printed (12 digits) closes the loop to round-off of the printing; the solver's own error is printed.
TEST(CliIk, FourBarReachesATargetWithItsLoopClosed) {
  const CliRun r = cli("ik resources/scenes/four_bar.json --body coupler --point 0.35,0,0 --target 0.22,0.24,0");
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("converged in"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("loops closed"), std::string::npos) << r.out;
  EXPECT_LT(printed(r.out, "loop error"), 1e-10) << r.out;
  EXPECT_LT(printed(r.out, "residual"), 1e-10) << r.out;
  EXPECT_LT(printed_pin_gap(r.out), 1e-10) << r.out;
}

TEST(CliIk, FourBarOutOfReachStaysClosed) {
  const CliRun r = cli("ik resources/scenes/four_bar.json --body coupler --point 0.35,0,0 --target 0.8,0.6,0");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("unreachable"), std::string::npos) << r.err;
  EXPECT_GT(printed(r.out, "residual"), 0.1) << r.out;
  EXPECT_LT(printed(r.out, "loop error"), 1e-10) << r.out;
  EXPECT_LT(printed_pin_gap(r.out), 1e-10) << r.out;
}

TEST(CliSimulate, ScriptedKneeWritesItsDriveTorque) {
  const auto csv = cli_temp("scripted.csv");
  const CliRun r = cli("simulate resources/scenes/scripted_knee.json --dt 0.01 --duration 1 -o '" + csv.string() + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string text = slurp(csv);
  EXPECT_NE(text.find(",drive:shank.flexion\n"), std::string::npos);
  EXPECT_EQ(r.out.find("warning"), std::string::npos) << r.out;
}

TEST(CliSimulate, MaximalSolverWritesTheReducedColumnsAndAgrees) {
  const auto reduced = cli_temp("reduced.csv"), maximal = cli_temp("maximal.csv");
  const std::string scene = "simulate resources/scenes/ball_skeleton.json --dt 1e-4 --duration 0.1 ";
  const CliRun a = cli(scene + "-o '" + reduced.string() + "'");
  const CliRun b = cli(scene + "--solver maximal --stabilization 20 -o '" + maximal.string() + "'");
  ASSERT_EQ(a.exit_code, 0) << a.err;
  ASSERT_EQ(b.exit_code, 0) << b.err;
  EXPECT_NE(b.out.find("(maximal coordinates, stabilization 20 1/s, rank 11, largest joint separation"),
            std::string::npos) << b.out;
  const std::string ta = slurp(reduced), tb = slurp(maximal);
  EXPECT_EQ(ta.substr(0, ta.find('\n')), tb.substr(0, tb.find('\n')));
  const std::vector<double> ra = last_row(ta), rb = last_row(tb);
  ASSERT_EQ(ra.size(), 23u);
  ASSERT_EQ(rb.size(), 23u);
  EXPECT_NEAR(ra[0], 0.1, 1e-9);
  for (std::size_t k = 1; k <= 7; ++k) EXPECT_NEAR(ra[k], rb[k], 2e-3) << "q column " << k;
}

TEST(CliSimulate, CompareReportsTheSolversAgreement) {
  const CliRun r = cli("simulate resources/scenes/hinge_skeleton.json --compare --dt 1e-4 --duration 0.2");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_LT(printed(r.out, "max |q difference|"), 1e-3) << r.out;
  EXPECT_GT(printed(r.out, "max |q difference|"), 0.0) << r.out;
  EXPECT_NE(r.out.find("time in steps: reduced"), std::string::npos) << r.out;
}

// settings.solver and settings.stabilization of the scene pick the maximal solver without options
TEST(CliSimulate, SceneSettingsPickTheMaximalSolver) {
  nlohmann::json doc;
  std::ifstream(std::string(JS_SOURCE_DIR) + "/resources/scenes/hinge_skeleton.json") >> doc;
  doc["settings"]["solver"] = "maximal";
  doc["settings"]["stabilization"] = 30;
  const auto scene = cli_temp("maximal_scene.json"), csv = cli_temp("maximal_scene.csv");
  std::ofstream(scene) << doc.dump(2);
  const CliRun r = cli("simulate '" + scene.string() + "' --steps 20 -o '" + csv.string() + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("maximal coordinates, stabilization 30 1/s"), std::string::npos) << r.out;
  const CliRun reduced = cli("simulate '" + scene.string() + "' --steps 20 --solver reduced -o '" + csv.string() + "'");
  ASSERT_EQ(reduced.exit_code, 0) << reduced.err;
  EXPECT_NE(reduced.out.find("(rk4)"), std::string::npos) << reduced.out;
}

TEST(CliSimulate, MaximalSolverRefusesWhatItCannotRepresent) {
  const auto csv = cli_temp("refused.csv");
  const CliRun r = cli("simulate resources/scenes/pendulum_chain.json --solver maximal -o '" + csv.string() + "'");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("resources/scenes/pendulum_chain.json: /forces/point_springs/0: a point spring"),
            std::string::npos) << r.err;
  const CliRun spline = cli("simulate resources/scenes/knee.json --solver maximal -o '" + csv.string() + "'");
  EXPECT_EQ(spline.exit_code, 1);
  EXPECT_NE(spline.err.find("joint has no maximal-coordinate form"), std::string::npos) << spline.err;
  const CliRun integrator =
      cli("simulate resources/scenes/hinge_skeleton.json --solver maximal --integrator rk4 -o '" + csv.string() + "'");
  EXPECT_EQ(integrator.exit_code, 1);
  EXPECT_NE(integrator.err.find("--integrator does not apply to --solver maximal"), std::string::npos) << integrator.err;
}

}  // namespace
}  // namespace js::test
