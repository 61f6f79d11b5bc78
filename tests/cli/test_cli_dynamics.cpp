// jointsmith-cli ik and simulate on the shipped leg scenes: the documented ik example converges, an
// off-plane target is reported unreachable with the nearest point, the four-bar's coupler reaches a target
// with its loop closed (checked on the printed q) or, out of reach, stays closed; a scripted knee writes its
// drive torque.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

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
  EXPECT_NE(r.out.find("reached = 0.0015,-0.35"), std::string::npos) << r.out;
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

}  // namespace
}  // namespace js::test
