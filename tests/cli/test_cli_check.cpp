// jointsmith-cli check: the paper's two requirements (C2, S != 0) on shipped joints, and its failures.
#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "app/cli/commands.hpp"
#include "core/io/joint_file.hpp"
#include "tests/cli/cli_runner.hpp"

namespace js::test {
namespace {

using nlohmann::json;

std::string source_path(const std::string& relative) { return std::string(JS_SOURCE_DIR) + "/" + relative; }

TEST(CliCheck, ShippedKneeIsC2WithNonVanishingJacobian) {
  const CliRun r = cli("check resources/joints/knee.json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const json out = json::parse(r.out);
  EXPECT_TRUE(out["c2"].get<bool>());
  EXPECT_GT(out["min_jacobian_norm"].get<double>(), 0.01);
  EXPECT_GE(out["continuity"][0]["knots_checked"].get<int>(), 1);
  EXPECT_NE(r.err.find("C2 across every knot"), std::string::npos) << r.err;
}

// the corners demo's hexagon wire (paper §8: knots repeated k − 1 times) is C² between its six corners, which check
// lists apart instead of failing the joint; the same curve with a corner smoothed away would be checked everywhere
TEST(CliCheck, DeliberateCornersAreListedNotFailed) {
  std::ifstream in(source_path("resources/demos/corners.json"));
  const json scene = json::parse(in);
  json hexagon;
  for (const json& body : scene["bodies"])
    if (body["name"] == "hexagon") hexagon = body["joint"];
  ASSERT_TRUE(hexagon.is_object());
  hexagon["format"] = "jointsmith.joint";
  hexagon["version"] = 1;
  const std::string path = ::testing::TempDir() + "/hexagon_wire.json";
  std::ofstream(path) << hexagon.dump(1);
  const CliRun r = cli("check " + path);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const json out = json::parse(r.out);
  EXPECT_TRUE(out["c2"].get<bool>());
  EXPECT_EQ(out["corners"].size(), 6u) << out["corners"].dump();
  EXPECT_NE(r.err.find("6 deliberate corner(s)"), std::string::npos) << r.err;
}

TEST(CliCheck, TwoDofSplineSurfaceIsCheckedPerCoordinate) {
  const CliRun r = cli("check resources/joints/scapulothoracic.json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const json out = json::parse(r.out);
  EXPECT_EQ(out["dof"].get<int>(), 2);
  EXPECT_EQ(out["continuity"].size(), 2u);
}

TEST(CliCheck, QuadraticCurveFailsWithStatus3) {
  // a knee rewritten as an order-3 curve is only C1: check must say so and exit 3
  json doc = json::parse(slurp(source_path("resources/joints/knee.json")));
  const std::size_t frames = doc["control_frames"].size();
  doc["order"] = 3;
  // clamped uniform knots for order 3 over the same range
  const double lo = doc["coordinates"][0]["min"].get<double>();
  const double hi = doc["coordinates"][0]["max"].get<double>();
  std::vector<double> knots(3, lo);
  const std::size_t interior = frames - 3;
  for (std::size_t i = 1; i <= interior; ++i) knots.push_back(lo + (hi - lo) * static_cast<double>(i) / static_cast<double>(interior + 1));
  for (int i = 0; i < 3; ++i) knots.push_back(hi);
  doc["knots"] = knots;
  const auto path = std::filesystem::temp_directory_path() / ("js_check_quadratic_" + std::to_string(::getpid()) + ".json");
  {
    std::ofstream f(path);
    f << doc.dump();
  }
  const CliRun r = cli("check '" + path.string() + "'");
  std::filesystem::remove(path);
  EXPECT_EQ(r.exit_code, 3) << r.err << r.out;
  EXPECT_NE(r.err.find("NOT C2"), std::string::npos) << r.err;
}

// issue 13: three identical control frames in a row give S = 0 exactly at a knot; a fixed grid misses it
// (it printed min |S| = 1.1e-06 and exited 0)
TEST(CliCheck, DeadStopAtAKnotFailsWithItsQ) {
  json doc = json::parse(slurp(source_path("resources/joints/knee.json")));
  doc["control_frames"][4] = doc["control_frames"][3];
  doc["control_frames"][5] = doc["control_frames"][3];
  const auto path = cli_temp("dead_stop.json");
  {
    std::ofstream f(path);
    f << doc.dump();
  }
  const CliRun r = cli("check '" + path.string() + "'");
  std::filesystem::remove(path);
  EXPECT_EQ(r.exit_code, 3) << r.err << r.out;
  const json out = json::parse(r.out);
  EXPECT_TRUE(out["dead_stop"].get<bool>());
  EXPECT_LT(out["min_jacobian_norm_relative"].get<double>(), 1e-9);
  // the stop is at a knot, and the message names the q
  const double at = out["min_jacobian_norm_at"][0].get<double>();
  double nearest = 1e9;
  for (const json& t : doc["knots"]) nearest = std::min(nearest, std::abs(t.get<double>() - at));
  EXPECT_LT(nearest, 1e-9) << at;
  EXPECT_NE(r.err.find("S vanishes at flexion = "), std::string::npos) << r.err;
  // people read the knee's flexion in degrees; the json keeps radians
  const std::string deg = r.err.substr(r.err.find("S vanishes at flexion = ") + 24);
  EXPECT_NEAR(std::stod(deg), at * 180.0 / M_PI, 1e-3 * std::max(1.0, std::abs(at * 180.0 / M_PI))) << r.err;
  EXPECT_NE(deg.find("°, the joint stops there"), std::string::npos) << r.err;
}

// the shipped knee with q in units 10⁷ times smaller (|S| ≈ 1e-7 everywhere): slow, not stopped. an
// absolute threshold of 1e-6 called it a dead stop; relative to the joint's own |S| it is healthy
TEST(CliCheck, DeadStopIsRelativeToTheJointsScale) {
  json doc = json::parse(slurp(source_path("resources/joints/knee.json")));
  for (json& t : doc["knots"]) t = t.get<double>() * 1e7;
  for (const char* end : {"min", "max"}) doc["coordinates"][0][end] = doc["coordinates"][0][end].get<double>() * 1e7;
  const auto path = cli_temp("slow_knee.json");
  {
    std::ofstream f(path);
    f << doc.dump();
  }
  const CliRun r = cli("check '" + path.string() + "'");
  std::filesystem::remove(path);
  EXPECT_EQ(r.exit_code, 0) << r.err << r.out;
  const json out = json::parse(r.out);
  EXPECT_LT(out["min_jacobian_norm"].get<double>(), 1e-6);
  EXPECT_FALSE(out["dead_stop"].get<bool>());
}

// issue 13: a failed check leaves through an exception main turns into the status (the stack unwinds;
// std::exit(3) in the callback ended this very test program)
TEST(CliCheck, FailedCheckThrowsItsExitCodeInProcess) {
  json doc = json::parse(slurp(source_path("resources/joints/knee.json")));
  doc["control_frames"][4] = doc["control_frames"][3];
  doc["control_frames"][5] = doc["control_frames"][3];
  const auto path = cli_temp("dead_stop_inprocess.json");
  {
    std::ofstream f(path);
    f << doc.dump();
  }
  CLI::App app;
  cli::add_check_command(app);
  const std::string file = path.string();
  const char* argv[] = {"jointsmith-cli", "check", file.c_str()};
  int code = -1;
  try {
    app.parse(3, argv);
  } catch (const cli::ExitCode& e) {
    code = e.code;
  }
  std::filesystem::remove(path);
  EXPECT_EQ(code, 3);
}

TEST(CliCheck, MissingFileIsAOneLineError) {
  const CliRun r = cli("check no/such/joint.json");
  EXPECT_NE(r.exit_code, 0);
  EXPECT_NE(r.err.find("no/such/joint.json"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace js::test
