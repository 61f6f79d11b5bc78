// jointsmith-cli info: what the model reader makes of an OpenSim model, exit 0 when it opens; one-line errors.
#include <algorithm>
#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

#include "tests/cli/cli_runner.hpp"

namespace js::test {

namespace {
const std::filesystem::path kModels = std::filesystem::path(JS_SOURCE_DIR) / ".." / "shared" / "data" / "opensim";

void write(const std::filesystem::path& p, const std::string& text) {
  std::ofstream out(p);
  out << text;
}
}  // namespace

TEST(CliInfo, Leg39ListsEverything) {
  if (!std::filesystem::exists(kModels / "leg39.osim")) GTEST_SKIP() << "shared data not found at " << kModels;
  const CliRun r = cli("info '" + (kModels / "leg39.osim").string() + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  for (const char* want : {"model: leg39", "bodies (7)", "joints (7)", "-> custom_axes", "coordinates (14",
                           "rotational, range [", "°]", "constraints (5 coordinate couplers", "meshes: 10 found, 0 missing",
                           "fibula_R.vtp", "fibula_r.vtp", "kept, not simulated", "problems (1)",
                           // its toes' inertia (0 0 0.0009) is no rigid body's: raised so the leg can be simulated
                           "<Body name='toes_r'>: inertia with principal moments (0, 0, 0.00090462)"}) {
    EXPECT_NE(r.out.find(want), std::string::npos) << want << "\n" << r.out;
  }
}

TEST(CliInfo, MissingMeshAndBadJointStillOpen) {
  const auto dir = cli_temp("info_model");
  std::filesystem::create_directories(dir);
  write(dir / "m.osim",
        "<OpenSimDocument Version=\"40000\"><Model name=\"m\"><Ground name=\"ground\"/>\n"
        "<BodySet><objects><Body name=\"b\"><mass>1</mass><attached_geometry><Mesh name=\"g\"><mesh_file>gone.vtp</mesh_file>"
        "</Mesh></attached_geometry></Body>\n<Body name=\"c\"><mass>1</mass></Body></objects></BodySet>\n"
        "<JointSet><objects><PinJoint name=\"p\"><socket_parent_frame>/ground</socket_parent_frame>"
        "<socket_child_frame>/bodyset/b</socket_child_frame><coordinates><Coordinate name=\"a\"><range>-1 2</range>"
        "</Coordinate></coordinates></PinJoint>\n<WobbleJoint name=\"w\"><socket_parent_frame>/bodyset/b</socket_parent_frame>"
        "<socket_child_frame>/bodyset/c</socket_child_frame></WobbleJoint></objects></JointSet></Model></OpenSimDocument>\n");
  const CliRun r = cli("info '" + (dir / "m.osim").string() + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("p: PinJoint -> revolute"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("range [-57.3°, 114.6°]"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("gone.vtp (b): MISSING, tried " + (dir / "gone.vtp").string()), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("m.osim:5: <WobbleJoint name='w'>: unknown joint type 'WobbleJoint'"), std::string::npos) << r.out;
  std::filesystem::remove_all(dir);
}

TEST(CliInfo, MalformedXmlIsOneLineAndExitOne) {
  const auto bad = cli_temp("bad.osim");
  write(bad, "<OpenSimDocument>\n<Model name=\"x\">\n<BodySet>\n</Model>\n");
  const CliRun r = cli("info '" + bad.string() + "'");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("bad.osim:"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("invalid XML"), std::string::npos) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  std::filesystem::remove(bad);
}

}  // namespace js::test
