// jointsmith-cli export (osim, gltf) and import-osim: help, the fidelity report, the round trip through
// the fitter, and one-line errors for bad input.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "core/fit/sample_io.hpp"
#include "core/interop/osim_file.hpp"
#include "core/interop/osim_model.hpp"
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

// a scene file with --format osim is a whole model (osim_model_export.hpp): bodies, a CustomJoint per joint, read back
// by the project's OpenSim reader; a joint OpenSim cannot hold that way is refused naming it, and joint-file options
// are refused for a scene
TEST(CliInterop, SceneExportsAsAWholeOsimModel) {
  const auto osim = cli_temp("leg_model.osim");
  const CliRun r = cli("export resources/scenes/leg.json --format osim -o '" + osim.string() + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("3 bodies, 3 joints"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("thigh_shank (CustomJoint of shank; flexion)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("read back: every body within"), std::string::npos) << r.out;
  const interop::OsimModel back = interop::read_osim_model(osim.string());
  EXPECT_EQ(back.bodies.size(), 3u);
  EXPECT_EQ(back.joints.size(), 3u);
  EXPECT_TRUE(back.issues.empty());
  const CliRun ball = cli("export resources/scenes/ball_skeleton.json --format osim -o '" + osim.string() + "'");
  EXPECT_EQ(ball.exit_code, 1);
  EXPECT_NE(ball.err.find("joint 'ground_upper'"), std::string::npos) << ball.err;
  const CliRun into = cli("export resources/scenes/leg.json --format osim --range 0,1 -o '" + osim.string() + "'");
  EXPECT_EQ(into.exit_code, 1);
  EXPECT_NE(into.err.find("is a scene"), std::string::npos) << into.err;
  std::filesystem::remove(osim);
}

// the glb's json chunk names its nodes: whether the y_up node that turns a z-up scene is there
bool glb_has_y_up_node(const std::filesystem::path& glb) {
  std::ifstream in(glb, std::ios::binary);
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  return bytes.find("\"name\":\"y_up\"") != std::string::npos;
}

// regression (issue 18): the cli turned every scene, so a y-up one (gravity along −y, as the app exports an
// OpenSim model's scene) lay on its side in Blender; the up axis now follows gravity, as in the app
TEST(CliInterop, GlbIsTurnedOnlyWhenTheSceneIsZUp) {
  const auto glb = cli_temp("up.glb");
  CliRun r = cli("export resources/scenes/four_bar.json --format gltf --duration 0.05 -o '" + glb.string() + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_FALSE(glb_has_y_up_node(glb));
  EXPECT_NE(r.out.find("; y-up\n"), std::string::npos) << r.out;
  r = cli("export resources/scenes/leg.json --format gltf --duration 0.05 -o '" + glb.string() + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(glb_has_y_up_node(glb));
  EXPECT_NE(r.out.find("; y-up (turned from the scene's z-up)"), std::string::npos) << r.out;
  // the scene's up said outright, and the axes kept
  r = cli("export resources/scenes/four_bar.json --format gltf --duration 0.05 --up z -o '" + glb.string() + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(glb_has_y_up_node(glb));
  r = cli("export resources/scenes/leg.json --format gltf --duration 0.05 --z-up -o '" + glb.string() + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_FALSE(glb_has_y_up_node(glb));
  r = cli("export resources/scenes/leg.json --format gltf --up x -o '" + glb.string() + "'");
  EXPECT_NE(r.exit_code, 0);
  std::filesystem::remove(glb);
}

TEST(CliInterop, BadInputGivesOneLineErrors) {
  const auto out = cli_temp("bad.out");
  CliRun r = cli("export resources/joints/scapulothoracic.json --format osim -o '" + out.string() + "'");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("a 2-dof joint is exported into a model"), std::string::npos) << r.err;
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

// a follower joint like a patella's: its coordinate is a coupler constraint's dependent one and its range is
// opensim's unbounded placeholder. refused without --range, sampled and refit with it, and the notes say why
TEST(CliInterop, ImportOsimNeedsARangeForAnUnboundedCoordinateAndPrintsNotes) {
  const auto model = cli_temp("follower.osim"), csv = cli_temp("follower.csv"), refit = cli_temp("follower.json");
  std::ofstream(model) << R"(<?xml version="1.0" encoding="UTF-8" ?>
<OpenSimDocument Version="40000"><Model name="m">
<JointSet><objects>
<CustomJoint name="follower">
<socket_parent_frame>a</socket_parent_frame><socket_child_frame>b</socket_child_frame>
<coordinates><Coordinate name="beta"><default_value>0</default_value><range>-99999.9 99999.9</range></Coordinate>
<Coordinate name="spare"><default_value>0</default_value><range>0 1</range></Coordinate></coordinates>
<SpatialTransform>
<TransformAxis name="rotation1"><coordinates>beta</coordinates><axis>0 0 1</axis>
<SimmSpline name="function"><x>0 0.5 1 1.5</x><y>0 -0.2 -0.5 -0.9</y></SimmSpline></TransformAxis>
<TransformAxis name="rotation2"><coordinates></coordinates><axis>0 1 0</axis><Constant name="function"><value>0</value></Constant></TransformAxis>
<TransformAxis name="rotation3"><coordinates>spare</coordinates><axis>1 0 0</axis><LinearFunction name="function"><coefficients>1 0</coefficients></LinearFunction></TransformAxis>
<TransformAxis name="translation1"><coordinates>beta</coordinates><axis>1 0 0</axis>
<MultiplierFunction name="function"><function><SimmSpline><x>0 0.5 1 1.5</x><y>0.05 0.04 0.02 -0.01</y></SimmSpline></function><scale>1.1</scale></MultiplierFunction></TransformAxis>
<TransformAxis name="translation2"><coordinates></coordinates><axis>0 1 0</axis>
<MultiplierFunction name="function"><function><Constant><value>-0.02</value></Constant></function><scale>1</scale></MultiplierFunction></TransformAxis>
<TransformAxis name="translation3"><coordinates></coordinates><axis>0 0 1</axis></TransformAxis>
</SpatialTransform>
</CustomJoint>
</objects></JointSet>
<ConstraintSet><objects><CoordinateCouplerConstraint name="follow_knee"><isEnforced>true</isEnforced>
<coupled_coordinates_function><LinearFunction><coefficients>1 0</coefficients></LinearFunction></coupled_coordinates_function>
<independent_coordinate_names>knee</independent_coordinate_names><dependent_coordinate_name>beta</dependent_coordinate_name>
</CoordinateCouplerConstraint></objects></ConstraintSet>
</Model></OpenSimDocument>
)";
  const std::string base = "import-osim '" + model.string() + "' -o '" + csv.string() + "'";
  CliRun r = cli(base);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("2 coordinates (beta, spare); choose the one to sample with --coordinate"), std::string::npos) << r.err;
  r = cli(base + " --coordinate beta");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("follower.osim:6: coordinate 'beta' has range [-99999.9, 99999.9], OpenSim's mark of an unbounded coordinate; "
                       "give --range MIN,MAX"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("(or --driven, to sample it through the constraint that sets it)"), std::string::npos) << r.err;
  r = cli(base + " --coordinate beta --range 0,2 --fit '" + refit.string() + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("note: 'beta' is the dependent coordinate of CoordinateCouplerConstraint 'follow_knee'"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("note: rotation1: the range [0, 2] of 'beta' runs past the spline's knots [0, 1.5]"), std::string::npos) << r.out;
  // beta turns the joint (rotation1): the text says degrees; the csv and the refit keep radians
  EXPECT_NE(r.out.find("values of beta in [0°, 114.592°]"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("difference from the OpenSim joint"), std::string::npos) << r.out;
  EXPECT_DOUBLE_EQ(io::read_joint_file(refit.string())->coordinates()[0].max, 2.0);
  // --driven samples along the constraint's independent coordinate; 'knee' has no declaration here, so no range
  r = cli(base + " --coordinate beta --driven");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("coordinate 'knee' is not declared in the model; give --range MIN,MAX"), std::string::npos) << r.err;
  r = cli(base + " --coordinate beta --driven --range 0,1.5 --fit '" + refit.string() + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("values of knee in [0°, 85.9437°], beta = 1 · f(knee) in [0°, 85.9437°] (follow_knee)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(" deg (q = "), std::string::npos) << r.out;
  EXPECT_EQ(io::read_joint_file(refit.string())->coordinates()[0].name, "knee");
  r = cli(base + " --coordinate spare --driven");
  EXPECT_NE(r.err.find("--driven: no CoordinateCouplerConstraint of one independent coordinate sets 'spare'"), std::string::npos) << r.err;
  r = cli(base + " --coordinate beta --range 2,0");
  EXPECT_NE(r.err.find("import-osim: --range '2,0'"), std::string::npos) << r.err;
  for (const auto& p : {model, csv, refit}) std::filesystem::remove(p);
}

}  // namespace
}  // namespace js::test
