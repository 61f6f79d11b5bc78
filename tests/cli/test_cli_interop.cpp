// jointsmith-cli export (osim, gltf) and import-osim: help, the fidelity report, the round trip through
// the fitter, and one-line errors for bad input.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "core/fit/sample_io.hpp"
#include "core/interop/osim_file.hpp"
#include "core/io/joint_file.hpp"
#include "tests/cli/cli_runner.hpp"

namespace js::test {
namespace {

TEST(CliInterop, EveryCommandHasHelp) {
  for (const char* c : {"export --help", "import-osim --help"}) {
    const CliRun r = cli(c);
    EXPECT_EQ(r.exit_code, 0) << c;
    EXPECT_NE(r.out.find("docs/opensim.md"), std::string::npos) << r.out;
  }
  EXPECT_NE(cli("export --help").out.find("--tolerance"), std::string::npos);
  EXPECT_NE(cli("export --help").out.find("--duration"), std::string::npos);
}

TEST(CliInterop, KneeExportsReimportsAndRefits) {
  const auto osim = cli_temp("knee.osim"), csv = cli_temp("knee.csv"), refit = cli_temp("refit.json");
  const CliRun e = cli("export resources/joints/knee.json --format osim --tolerance 1e-5 --name knee_r -o '" + osim.string() + "'");
  ASSERT_EQ(e.exit_code, 0) << e.err;
  EXPECT_NE(e.out.find("max position error"), std::string::npos) << e.out;
  EXPECT_NE(e.out.find(": met"), std::string::npos) << e.out;
  const interop::OsimCustomJoint j = interop::read_osim_joint(osim.string(), "knee_r");
  EXPECT_EQ(j.coordinates.at(0).name, "flexion");

  const CliRun i = cli("import-osim '" + osim.string() + "' --joint knee_r -o '" + csv.string() + "' --samples 61 --fit '" +
                       refit.string() + "'");
  ASSERT_EQ(i.exit_code, 0) << i.err;
  EXPECT_EQ(fit::read_samples(csv.string()).size(), 61);
  EXPECT_NE(i.out.find("difference from the OpenSim joint"), std::string::npos) << i.out;
  const auto joint = io::read_joint_file(refit.string());
  EXPECT_EQ(joint->coordinates()[0].name, "flexion");
  EXPECT_DOUBLE_EQ(joint->coordinates()[0].max, 2.1);
  for (const auto& p : {osim, csv, refit}) std::filesystem::remove(p);
}

TEST(CliInterop, SceneExportsAsGlb) {
  const auto glb = cli_temp("leg.glb");
  const CliRun r = cli("export resources/scenes/leg.json --format gltf --duration 0.2 --fps 30 -o '" + glb.string() + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // every 1 ms step is a candidate frame; the keys are thinned to the default 1e-4 m / rad, y-up by default
  EXPECT_NE(r.out.find("keys of 201 frames"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("; y-up"), std::string::npos) << r.out;
  std::ifstream in(glb, std::ios::binary);
  char magic[4] = {};
  in.read(magic, 4);
  EXPECT_EQ(std::string(magic, 4), "glTF");
  const CliRun s = cli("export resources/scenes/leg.json --format gltf --sweep thigh.hip --duration 1 --fps 60 --z-up -o '" +
                       glb.string() + "'");
  ASSERT_EQ(s.exit_code, 0) << s.err;
  EXPECT_NE(s.out.find("keys of 61 frames"), std::string::npos) << s.out;
  EXPECT_NE(s.out.find("; z-up"), std::string::npos) << s.out;
  std::filesystem::remove(glb);
}

TEST(CliInterop, BadInputGivesOneLineErrors) {
  const auto out = cli_temp("bad.out");
  CliRun r = cli("export resources/joints/scapulothoracic.json --format osim -o '" + out.string() + "'");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("needs a 1-dof joint"), std::string::npos) << r.err;
  const auto unbounded = cli_temp("unbounded.json");
  std::ofstream(unbounded) << R"({"format": "jointsmith.joint", "version": 1, "kind": "revolute", "dof": 1,
    "coordinates": [{"name": "a"}], "axis": [0, 0, 1]})";
  r = cli("export '" + unbounded.string() + "' --format osim -o '" + out.string() + "'");
  std::filesystem::remove(unbounded);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("unbounded range"), std::string::npos) << r.err;
  r = cli("export resources/joints/knee.json --format osim --range 1,0 -o '" + out.string() + "'");
  EXPECT_NE(r.err.find("--range '1,0'"), std::string::npos) << r.err;
  r = cli("export resources/scenes/leg.json --format gltf --sweep thigh.hipp -o '" + out.string() + "'");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("no coordinate 'thigh.hipp'"), std::string::npos) << r.err;
  r = cli("import-osim /nonexistent/model.osim --joint knee -o '" + out.string() + "'");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("/nonexistent/model.osim: cannot open the file"), std::string::npos) << r.err;
  std::filesystem::remove(out);
}

}  // namespace
}  // namespace js::test
