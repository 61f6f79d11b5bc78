// jointsmith-cli on whole OpenSim models: import-osim → fit → export --into --replace → the saved model read back
// by the project's reader moves as the fitted joint and is unchanged outside the joint; grids of two coordinates;
// motion-capture markers (import-trc); one clear message for each bad input. the real models and marker files
// come from ../shared/data/opensim (skipped when absent).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "core/fit/sample_io.hpp"
#include "core/interop/osim_model.hpp"
#include "core/interop/osim_file.hpp"
#include "core/interop/xml_spans.hpp"
#include "core/io/joint_file.hpp"
#include "core/lie/so3.hpp"
#include "tests/cli/cli_runner.hpp"

namespace js::test {
namespace {

namespace fs = std::filesystem;
constexpr double kDeg = kPi / 180.0;

fs::path shared() { return fs::path(JS_SOURCE_DIR) / ".." / "shared" / "data" / "opensim"; }
std::string q(const fs::path& p) { return "'" + p.string() + "'"; }

// the [begin, end) of the joint element called name in an osim text
std::pair<std::size_t, std::size_t> joint_range(const std::string& text, const std::string& name) {
  for (const interop::XmlSpan& e : interop::scan_xml_spans(text)) {
    if (e.name_attribute == name && e.name.size() > 5 && e.name.ends_with("Joint")) return {e.begin, e.end};
  }
  return {std::string::npos, std::string::npos};
}

void cli_round_trip(const std::string& model, const std::string& joint_name) {
  const fs::path path = shared() / model;
  if (!fs::exists(path)) GTEST_SKIP() << "no shared OpenSim data at " << shared() << " (tests that need it skip)";
  const fs::path dir = cli_temp(joint_name + "_dir");
  fs::remove_all(dir);
  fs::create_directories(dir);
  const fs::path csv = dir / "samples.csv", fitted = dir / "fitted.json", out = dir / model;
  const CliRun i = cli("import-osim " + q(path) + " --joint " + joint_name + " --samples 121 -o " + q(csv));
  ASSERT_EQ(i.exit_code, 0) << i.err;
  const CliRun f = cli("fit " + q(csv) + " --frames 16 --smooth 0 -o " + q(fitted));
  ASSERT_EQ(f.exit_code, 0) << f.err;
  const CliRun e = cli("export " + q(fitted) + " --format osim --into " + q(path) + " --replace " + joint_name + " --copy-meshes -o " + q(out));
  ASSERT_EQ(e.exit_code, 0) << e.err << e.out;
  EXPECT_NE(e.out.find("the saved joint read back"), std::string::npos) << e.out;
  EXPECT_NE(e.out.find(": met"), std::string::npos) << e.out;
  EXPECT_NE(e.out.find("copied beside the model"), std::string::npos) << e.out;

  // the rest of the file is unchanged, byte for byte
  const std::string before = slurp(path), after = slurp(out);
  const auto [b0, e0] = joint_range(before, joint_name);
  const auto [b1, e1] = joint_range(after, joint_name);
  ASSERT_NE(b0, std::string::npos);
  ASSERT_NE(b1, std::string::npos);
  EXPECT_EQ(before.substr(0, b0), after.substr(0, b1));
  EXPECT_EQ(before.substr(e0), after.substr(e1));
  EXPECT_NE(after.substr(b1, e1 - b1).find("<SimmSpline"), std::string::npos);

  // the saved knee, evaluated by OpenSim's rules, moves as the fitted joint
  const auto joint = io::read_joint_file(fitted.string());
  const interop::OsimCustomJoint back = interop::read_osim_joint(out.string(), joint_name);
  const interop::OsimCustomJoint original = interop::read_osim_joint(path.string(), joint_name);
  ASSERT_EQ(back.coordinates.size(), 1u);
  EXPECT_EQ(back.coordinates[0].name, original.coordinates[0].name);
  EXPECT_EQ(back.coordinates[0].min, original.coordinates[0].min);
  EXPECT_EQ(back.coordinates[0].max, original.coordinates[0].max);
  JointData data(1);
  double dp = 0.0, da = 0.0;
  for (int k = 0; k <= 3000; ++k) {
    const double x = back.coordinates[0].min + (back.coordinates[0].max - back.coordinates[0].min) * k / 3000;
    joint->evaluate(JointVector::Constant(1, x), data, EvalLevel::Transform);
    const SE3 theirs = back.parent_T_child({x});
    dp = std::max(dp, (data.G.p - theirs.p).norm());
    da = std::max(da, so3_log(data.G.R.transpose() * theirs.R).norm());
  }
  EXPECT_LE(dp, 0.01e-3) << "mm " << dp * 1e3;
  EXPECT_LE(da, 0.01 * kDeg) << "deg " << da / kDeg;
  // and the meshes resolve beside it
  EXPECT_TRUE(fs::exists(dir / "Geometry")) << e.out;
  fs::remove_all(dir);
}

TEST(CliOsimModel, Leg6dof9muscKneeRoundTrip) { cli_round_trip("leg6dof9musc.osim", "knee_r"); }
TEST(CliOsimModel, Rajagopal2016WalkerKneeRoundTrip) { cli_round_trip("Rajagopal2016.osim", "walker_knee_r"); }

TEST(CliOsimModel, BadInputIsOneClearMessage) {
  const fs::path path = shared() / "leg6dof9musc.osim";
  if (!fs::exists(path)) GTEST_SKIP() << "no shared OpenSim data at " << shared() << " (tests that need it skip)";
  const fs::path dir = cli_temp("bad_dir");
  fs::create_directories(dir);
  const fs::path csv = dir / "half.csv", fitted = dir / "half.json", out = dir / "out.osim";
  // the samples cover only part of the knee's range
  ASSERT_EQ(cli("import-osim " + q(path) + " --joint knee_r --range -1,0 --samples 41 -o " + q(csv)).exit_code, 0);
  ASSERT_EQ(cli("fit " + q(csv) + " --frames 10 --smooth 0 -o " + q(fitted)).exit_code, 0);
  std::ofstream(out) << "the old file\n";
  const CliRun r = cli("export " + q(fitted) + " --format osim --into " + q(path) + " --replace knee_r -o " + q(out));
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("is not covered by the fitted joint"), std::string::npos) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_EQ(slurp(out), "the old file\n") << "a refused export leaves the old file";
  // --range narrows the model's range to what the joint covers
  const CliRun n = cli("export " + q(fitted) + " --format osim --into " + q(path) + " --replace knee_r --range -1,0 -o " + q(out));
  EXPECT_EQ(n.exit_code, 0) << n.err;
  EXPECT_DOUBLE_EQ(interop::read_osim_joint(out.string(), "knee_r").coordinates[0].max, 0.0);
  EXPECT_NE(n.out.find("mesh path(s) rewritten"), std::string::npos) << n.out;
  // a joint the model does not have
  const CliRun m = cli("export " + q(fitted) + " --format osim --into " + q(path) + " --replace elbow_r -o " + q(out));
  EXPECT_EQ(m.exit_code, 1);
  EXPECT_NE(m.err.find("no CustomJoint named 'elbow_r' (found: "), std::string::npos) << m.err;
  // --replace without --into, a 0-dof joint, a 3-dof joint in the fragment export
  EXPECT_NE(cli("export " + q(fitted) + " --format osim --replace knee_r -o " + q(out)).err.find("--replace needs --into"), std::string::npos);
  const fs::path weld = dir / "weld.json";
  std::ofstream(weld) << R"({"format": "jointsmith.joint", "version": 1, "kind": "fixed", "dof": 0, "coordinates": []})";
  const CliRun w = cli("export " + q(weld) + " --format osim -o " + q(dir / "weld.osim"));
  EXPECT_EQ(w.exit_code, 1);
  EXPECT_NE(w.err.find("0-dof (fixed) joint"), std::string::npos) << w.err;
  const CliRun s = cli("export resources/joints/scapulothoracic.json --format osim -o " + q(dir / "st.osim"));
  EXPECT_EQ(s.exit_code, 1);
  EXPECT_NE(s.err.find("a 2-dof joint is exported into a model: --into MODEL.osim --replace JOINT"), std::string::npos) << s.err;
  fs::remove_all(dir);
}

// a CustomJoint of two coordinates (abduction turns about z, elevation about x and lifts along y)
const char* kTwoCoordinateModel = R"(<?xml version="1.0" encoding="UTF-8" ?>
<OpenSimDocument Version="40000">
  <Model name="shoulder">
    <JointSet name="jointset">
      <objects>
        <CustomJoint name="scapula_glide">
          <socket_parent_frame>thorax_offset</socket_parent_frame>
          <socket_child_frame>scapula_offset</socket_child_frame>
          <coordinates>
            <Coordinate name="abduction"><default_value>0</default_value><range>-0.5 0.8</range></Coordinate>
            <Coordinate name="elevation"><default_value>0.1</default_value><range>-0.3 0.6</range></Coordinate>
          </coordinates>
          <frames>
            <PhysicalOffsetFrame name="thorax_offset"><socket_parent>/bodyset/thorax</socket_parent><translation>0 0.4 0</translation><orientation>0 0 0</orientation></PhysicalOffsetFrame>
            <PhysicalOffsetFrame name="scapula_offset"><socket_parent>/bodyset/scapula</socket_parent><translation>0 0 0</translation><orientation>0 0 0</orientation></PhysicalOffsetFrame>
          </frames>
          <SpatialTransform>
            <TransformAxis name="rotation1"><coordinates>abduction</coordinates><axis>0 0 1</axis><LinearFunction name="function"><coefficients>1 0</coefficients></LinearFunction></TransformAxis>
            <TransformAxis name="rotation2"><coordinates>elevation</coordinates><axis>1 0 0</axis><LinearFunction name="function"><coefficients>1 0</coefficients></LinearFunction></TransformAxis>
            <TransformAxis name="rotation3"><coordinates></coordinates><axis>0 1 0</axis><Constant name="function"><value>0</value></Constant></TransformAxis>
            <TransformAxis name="translation1"><coordinates>abduction</coordinates><axis>1 0 0</axis><SimmSpline name="function"><x>-0.5 0 0.4 0.8</x><y>-0.02 0 0.01 0.03</y></SimmSpline></TransformAxis>
            <TransformAxis name="translation2"><coordinates>elevation</coordinates><axis>0 1 0</axis><PolynomialFunction name="function"><coefficients>0.02 0.05 0</coefficients></PolynomialFunction></TransformAxis>
            <TransformAxis name="translation3"><coordinates></coordinates><axis>0 0 1</axis><Constant name="function"><value>0.1</value></Constant></TransformAxis>
          </SpatialTransform>
        </CustomJoint>
      </objects>
    </JointSet>
  </Model>
</OpenSimDocument>
)";

TEST(CliOsimModel, TwoCoordinateGridSamplesAndFits) {
  const fs::path dir = cli_temp("grid_dir");
  fs::create_directories(dir);
  const fs::path model = dir / "shoulder.osim", csv = dir / "grid.csv", fitted = dir / "surface.json";
  std::ofstream(model) << kTwoCoordinateModel;
  const CliRun r = cli("import-osim " + q(model) + " --joint scapula_glide --coordinates abduction,elevation --grid 9x7 -o " + q(csv));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("on a 9x7 grid"), std::string::npos) << r.out;
  const fit::SampleSet set = fit::read_samples(csv.string());
  ASSERT_EQ(set.dof, 2);
  ASSERT_EQ(set.size(), 63);
  const interop::OsimCustomJoint joint = interop::read_osim_joint(model.string(), "scapula_glide");
  for (const fit::Sample& s : set.samples) {
    const SE3 expect = joint.parent_T_child({s.q[0], s.q[1]});
    EXPECT_LE((s.parent_T_child.p - expect.p).norm(), 1e-15);
  }
  EXPECT_DOUBLE_EQ(set.samples.back().q[0], 0.8);
  EXPECT_DOUBLE_EQ(set.samples.back().q[1], 0.6);
  const CliRun f = cli("fit " + q(csv) + " --frames 6 -o " + q(fitted));
  EXPECT_EQ(f.exit_code, 0) << f.err;
  EXPECT_EQ(io::read_joint_file(fitted.string())->dof(), 2);
  // bad grids
  EXPECT_NE(cli("import-osim " + q(model) + " --joint scapula_glide --coordinates abduction,twist -o " + q(csv)).err.find("has no coordinate 'twist' (it has abduction, elevation)"), std::string::npos);
  EXPECT_NE(cli("import-osim " + q(model) + " --joint scapula_glide --coordinates abduction,elevation --grid 9by7 -o " + q(csv)).err.find("expected NxM"), std::string::npos);
  EXPECT_NE(cli("import-osim " + q(model) + " --joint scapula_glide --coordinates abduction -o " + q(csv)).err.find("expected two names"), std::string::npos);
  fs::remove_all(dir);
}

TEST(CliOsimModel, MarkersAsSamples) {
  const fs::path trc = shared() / "leg39_swing.trc";
  if (!fs::exists(trc)) GTEST_SKIP() << "no shared OpenSim data at " << shared() << " (tests that need it skip)";
  const fs::path dir = cli_temp("trc_dir");
  fs::create_directories(dir);
  const fs::path csv = dir / "knee.csv", fitted = dir / "knee.json";
  const CliRun r = cli("import-trc " + q(trc) + " --parent-markers R.Thigh.Upper,R.Thigh.Front,R.Thigh.Rear --child-markers "
                       "R.Shank.Upper,R.Shank.Front,R.Shank.Rear -o " + q(csv));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("read 28 frames of 41 markers (mm, 60 Hz)"), std::string::npos) << r.out;
  const fit::SampleSet set = fit::read_samples(csv.string());
  EXPECT_FALSE(set.has_q);
  EXPECT_GE(set.size(), 20);
  const CliRun f = cli("fit " + q(csv) + " --frames 6 -o " + q(fitted));
  EXPECT_EQ(f.exit_code, 0) << f.err;
  // bad input
  const CliRun two = cli("import-trc " + q(trc) + " --parent-markers R.Thigh.Upper,R.Thigh.Front --child-markers R.Shank.Upper,R.Shank.Front,R.Shank.Rear -o " + q(csv));
  EXPECT_EQ(two.exit_code, 1);
  EXPECT_NE(two.err.find("the parent cluster has 2 marker(s); a pose needs at least 3"), std::string::npos) << two.err;
  const CliRun unknown = cli("import-trc " + q(trc) + " --parent-markers R.Thigh.Upper,R.Thigh.Front,R.Knee --child-markers R.Shank.Upper,R.Shank.Front,R.Shank.Rear -o " + q(csv));
  EXPECT_NE(unknown.err.find("no marker 'R.Knee' (parent cluster)"), std::string::npos) << unknown.err;
  const fs::path mot = dir / "bad.mot";
  std::ofstream(mot) << "endheader\ntime\tknee\n0\t1\nx\t2\n";
  const CliRun m = cli("import-trc " + q(trc) + " --parent-markers R.Thigh.Upper,R.Thigh.Front,R.Thigh.Rear --child-markers "
                       "R.Shank.Upper,R.Shank.Front,R.Shank.Rear --mot " + q(mot) + " --coordinate knee -o " + q(csv));
  EXPECT_NE(m.err.find("bad.mot:4: column 'time': 'x' is not a number"), std::string::npos) << m.err;
  fs::remove_all(dir);
}

// a thorax and a scapula on a ScapulothoracicJoint (opensim-core ScapulothoracicJoint.h: ellipsoid radii, winging
// axis origin and direction; coordinates abduction, elevation, upward rotation, winging)
const char* kScapulothoracicModel = R"(<?xml version="1.0" encoding="UTF-8" ?>
<OpenSimDocument Version="40000">
  <Model name="thoracoscapular">
    <Ground name="ground" />
    <BodySet name="bodyset">
      <objects>
        <Body name="thorax"><mass>20</mass><mass_center>0 -0.15 0</mass_center><inertia>1.4 0.33 1.3 0 0 0</inertia></Body>
        <Body name="scapula_r"><mass>0.7</mass><mass_center>-0.05 -0.03 -0.03</mass_center><inertia>0.001 0.001 0.001 0 0 0</inertia></Body>
      </objects>
    </BodySet>
    <JointSet name="jointset">
      <objects>
        <WeldJoint name="ground_thorax">
          <socket_parent_frame>/ground</socket_parent_frame>
          <socket_child_frame>/bodyset/thorax</socket_child_frame>
        </WeldJoint>
        <ScapulothoracicJoint name="scapulothoracic_r">
          <socket_parent_frame>thorax_offset</socket_parent_frame>
          <socket_child_frame>scapula_r_offset</socket_child_frame>
          <coordinates>
            <Coordinate name="scapula_abduction"><default_value>-0.1</default_value><range>-0.6 0.3</range></Coordinate>
            <Coordinate name="scapula_elevation"><default_value>0.1</default_value><range>-0.2 0.5</range></Coordinate>
            <Coordinate name="scapula_upward_rot"><default_value>0.2</default_value><range>-0.3 0.9</range></Coordinate>
            <Coordinate name="scapula_winging"><default_value>0.1</default_value><range>-0.2 0.5</range></Coordinate>
          </coordinates>
          <frames>
            <PhysicalOffsetFrame name="thorax_offset"><socket_parent>/bodyset/thorax</socket_parent><translation>-0.03 -0.12 0.075</translation></PhysicalOffsetFrame>
            <PhysicalOffsetFrame name="scapula_r_offset"><socket_parent>/bodyset/scapula_r</socket_parent><translation>-0.07 -0.04 0.02</translation><orientation>0.1 -0.3 0.2</orientation></PhysicalOffsetFrame>
          </frames>
          <thoracic_ellipsoid_radii_x_y_z>0.07 0.15 0.08</thoracic_ellipsoid_radii_x_y_z>
          <scapula_winging_axis_origin>-0.02 0.03</scapula_winging_axis_origin>
          <scapula_winging_axis_direction>0.4</scapula_winging_axis_direction>
        </ScapulothoracicJoint>
      </objects>
    </JointSet>
  </Model>
</OpenSimDocument>
)";

TEST(CliOsimModel, ScapulothoracicTwoDofRoundTrip) {
  const fs::path dir = cli_temp("scapula_dir");
  fs::remove_all(dir);
  fs::create_directories(dir);
  const fs::path model = dir / "scapula.osim", csv = dir / "grid.csv", fitted = dir / "surface.json", out = dir / "scapula_poly.osim";
  std::ofstream(model) << kScapulothoracicModel;
  const CliRun g = cli("import-osim " + q(model) + " --joint scapulothoracic_r --coordinates scapula_abduction,scapula_elevation --grid 21x21 -o " + q(csv));
  ASSERT_EQ(g.exit_code, 0) << g.err;
  // rotational coordinates in degrees in the text (0.2 and 0.1 rad in the file)
  EXPECT_NE(g.out.find("(others: scapula_upward_rot = 11.4592°, scapula_winging = 5.72958°)"), std::string::npos) << g.out;
  EXPECT_NE(g.out.find("q0 = scapula_abduction in [-34.3775°, 17.1887°]"), std::string::npos) << g.out;
  ASSERT_EQ(cli("fit " + q(csv) + " -o " + q(fitted)).exit_code, 0);
  // the fitted joint has 2 coordinates, the model joint 4: they must be named
  const CliRun unnamed = cli("export " + q(fitted) + " --format osim --into " + q(model) + " --replace scapulothoracic_r -o " + q(out));
  EXPECT_EQ(unnamed.exit_code, 1);
  EXPECT_NE(unnamed.err.find("has 4 coordinates (scapula_abduction, scapula_elevation, scapula_upward_rot, scapula_winging)"), std::string::npos) << unnamed.err;
  const CliRun e = cli("export " + q(fitted) + " --format osim --into " + q(model) + " --replace scapulothoracic_r --coordinates scapula_abduction,scapula_elevation -o " + q(out));
  ASSERT_EQ(e.exit_code, 0) << e.err << e.out;
  EXPECT_NE(e.out.find("MultivariatePolynomialFunction of degree"), std::string::npos) << e.out;
  EXPECT_NE(e.out.find("tolerance 0.1 mm, 0.05 deg: met"), std::string::npos) << e.out;
  EXPECT_NE(e.out.find("note: coordinate 'scapula_winging' removed"), std::string::npos) << e.out;
  const std::string before = slurp(model), after = slurp(out);
  const auto [b0, e0] = joint_range(before, "scapulothoracic_r");
  const auto [b1, e1] = joint_range(after, "scapulothoracic_r");
  ASSERT_NE(b1, std::string::npos);
  EXPECT_EQ(before.substr(0, b0), after.substr(0, b1));
  EXPECT_EQ(before.substr(e0), after.substr(e1));
  EXPECT_NE(after.find("<MultivariatePolynomialFunction name=\"function\">"), std::string::npos);
  // an unreachable tolerance writes nothing and says what was reached
  const fs::path none = dir / "none.osim";
  const CliRun tight = cli("export " + q(fitted) + " --format osim --into " + q(model) + " --replace scapulothoracic_r --coordinates scapula_abduction,scapula_elevation --tolerance 1e-8 --max-degree 3 -o " + q(none));
  EXPECT_EQ(tight.exit_code, 1);
  EXPECT_NE(tight.err.find("the MultivariatePolynomialFunctions do not reach the tolerance: degree 3 reaches"), std::string::npos) << tight.err;
  EXPECT_FALSE(fs::exists(none));
  // a 2-dof fragment is refused with the reason
  const CliRun fragment = cli("export " + q(fitted) + " --format osim -o " + q(dir / "fragment.osim"));
  EXPECT_EQ(fragment.exit_code, 1);
  EXPECT_NE(fragment.err.find("a 2-dof joint is exported into a model"), std::string::npos) << fragment.err;
  fs::remove_all(dir);
}

TEST(CliOsimModel, MarkersByBodyFromTheModel) {
  const fs::path trc = shared() / "leg39_swing.trc", model = shared() / "leg39.osim";
  if (!fs::exists(trc)) GTEST_SKIP() << "no shared OpenSim data at " << shared() << " (tests that need it skip)";
  const fs::path dir = cli_temp("trc_body_dir");
  fs::create_directories(dir);
  const fs::path by_body = dir / "by_body.csv", by_name = dir / "by_name.csv", body_frames = dir / "body_frames.csv";
  const CliRun r = cli("import-trc " + q(trc) + " --model " + q(model) + " --parent-body femur_r --child-body tibia_r -o " + q(by_body));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("parent cluster: R.Thigh.Upper, R.Thigh.Front, R.Thigh.Rear"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("child cluster: R.Shank.Upper, R.Shank.Front, R.Shank.Rear"), std::string::npos) << r.out;
  ASSERT_EQ(cli("import-trc " + q(trc) + " --parent-markers R.Thigh.Upper,R.Thigh.Front,R.Thigh.Rear --child-markers R.Shank.Upper,R.Shank.Front,R.Shank.Rear -o " + q(by_name)).exit_code, 0);
  EXPECT_EQ(slurp(by_body), slurp(by_name)) << "the same clusters";
  // the model's marker locations as references: the samples are tibia_r in femur_r
  const CliRun f = cli("import-trc " + q(trc) + " --model " + q(model) + " --parent-body femur_r --child-body tibia_r --model-frames -o " + q(body_frames));
  ASSERT_EQ(f.exit_code, 0) << f.err;
  EXPECT_NE(f.out.find("reference: the model's marker locations"), std::string::npos) << f.out;
  const fit::SampleSet set = fit::read_samples(body_frames.string());
  ASSERT_EQ(set.size(), 28);
  // each sample is near a pose of the model's own knee (tibia_r in femur_r over knee_angle_r): the generic model's
  // markers on this subject's bones
  const interop::OsimModel leg = interop::read_osim_model(model.string());
  const interop::OsimModelJoint* knee = nullptr;
  for (const interop::OsimModelJoint& j : leg.joints) {
    if (j.name == "knee_r") knee = &j;
  }
  ASSERT_TRUE(knee && knee->joint);
  const interop::OsimModelCoordinate& angle = leg.coordinates[static_cast<std::size_t>(leg.find_coordinate(knee->coordinates[0]))];
  JointData d(knee->joint->dof());
  double worst_p = 0.0, worst_a = 0.0;
  for (const fit::Sample& s : set.samples) {
    double best = 1e9, best_a = 0.0;
    for (int k = 0; k <= 400; ++k) {
      // the knee angle with the tibia translations its coupler constraints set
      Eigen::VectorXd all = leg.default_q;
      all[angle.model_index] = angle.min + (angle.max - angle.min) * k / 400;
      leg.apply_couplers(all);
      JointVector qk(knee->joint->dof());
      for (int c = 0; c < knee->joint->dof(); ++c) {
        qk[c] = all[leg.coordinates[static_cast<std::size_t>(leg.find_coordinate(knee->coordinates[static_cast<std::size_t>(c)]))].model_index];
      }
      knee->joint->evaluate(qk, d, EvalLevel::Transform);
      const double a = so3_log(d.G.R.transpose() * s.parent_T_child.R).norm();
      if (a < best) {
        best = a;
        best_a = (d.G.p - s.parent_T_child.p).norm();
      }
    }
    worst_a = std::max(worst_a, best);
    worst_p = std::max(worst_p, best_a);
  }
  std::cout << "leg39 swing vs knee_r: nearest-angle pose within " << worst_a / kDeg << " deg, " << worst_p * 1e3 << " mm\n";
  EXPECT_LT(worst_a, 15 * kDeg);
  EXPECT_LT(worst_p, 0.05);  // a wrong frame would be off by the femur length (~0.4 m) or tens of degrees
  // bad input
  const CliRun none = cli("import-trc " + q(trc) + " --model " + q(model) + " --parent-body femur_r --child-body patella_r -o " + q(by_body));
  EXPECT_EQ(none.exit_code, 1);
  EXPECT_NE(none.err.find("no marker of the MarkerSet is on body 'patella_r' (bodies with markers: pelvis, femur_r, tibia_r"), std::string::npos) << none.err;
  const CliRun no_model = cli("import-trc " + q(trc) + " --parent-body femur_r --child-body tibia_r -o " + q(by_body));
  EXPECT_NE(no_model.err.find("need --model M.osim"), std::string::npos) << no_model.err;
  const CliRun nothing = cli("import-trc " + q(trc) + " -o " + q(by_body));
  EXPECT_NE(nothing.err.find("name the clusters"), std::string::npos) << nothing.err;
  fs::remove_all(dir);
}

TEST(CliOsimModel, ThreeCoordinateBoxRoundTrip) {
  const fs::path dir = cli_temp("ellipsoid_dir");
  fs::remove_all(dir);
  fs::create_directories(dir);
  const fs::path model = dir / "ell.osim", csv = dir / "box.csv", fitted = dir / "box.json", out = dir / "ell_poly.osim";
  std::ofstream(model) << R"(<?xml version="1.0" encoding="UTF-8" ?>
<OpenSimDocument Version="40000">
<Model name="ell">
<Ground name="ground" />
<BodySet name="bodyset"><objects>
<Body name="a"><mass>1</mass><mass_center>0 0 0</mass_center><inertia>1 1 1 0 0 0</inertia></Body>
<Body name="b"><mass>1</mass><mass_center>0 0 0</mass_center><inertia>1 1 1 0 0 0</inertia></Body>
</objects></BodySet>
<JointSet name="jointset"><objects>
<WeldJoint name="w"><socket_parent_frame>/ground</socket_parent_frame><socket_child_frame>/bodyset/a</socket_child_frame></WeldJoint>
<EllipsoidJoint name="e">
<socket_parent_frame>a_offset</socket_parent_frame>
<socket_child_frame>b_offset</socket_child_frame>
<coordinates>
<Coordinate name="rx"><range>-0.4 0.6</range></Coordinate>
<Coordinate name="ry"><range>-0.3 0.5</range></Coordinate>
<Coordinate name="rz"><range>-0.5 0.4</range></Coordinate>
</coordinates>
<frames>
<PhysicalOffsetFrame name="a_offset"><socket_parent>/bodyset/a</socket_parent><translation>0 0.1 0</translation></PhysicalOffsetFrame>
<PhysicalOffsetFrame name="b_offset"><socket_parent>/bodyset/b</socket_parent></PhysicalOffsetFrame>
</frames>
<radii_x_y_z>0.05 0.08 0.1</radii_x_y_z>
</EllipsoidJoint>
</objects></JointSet>
</Model>
</OpenSimDocument>
)";
  const CliRun g = cli("import-osim " + q(model) + " --joint e --coordinates rx,ry,rz --grid 7x7x7 -o " + q(csv));
  ASSERT_EQ(g.exit_code, 0) << g.err;
  const fit::SampleSet set = fit::read_samples(csv.string());
  EXPECT_EQ(set.dof, 3);
  EXPECT_EQ(set.size(), 343);
  EXPECT_NE(cli("import-osim " + q(model) + " --joint e --coordinates rx,ry,rz --grid 7x7 -o " + q(csv)).err.find("expected NxMxK"), std::string::npos);
  ASSERT_EQ(cli("fit " + q(csv) + " --frames 5 -o " + q(fitted)).exit_code, 0);
  const CliRun e = cli("export " + q(fitted) + " --format osim --into " + q(model) + " --replace e -o " + q(out));
  ASSERT_EQ(e.exit_code, 0) << e.err << e.out;
  EXPECT_NE(e.out.find("over a grid of 29791 points of rx in [-0.4, 0.6], ry in [-0.3, 0.5], rz in [-0.5, 0.4]"), std::string::npos) << e.out;
  EXPECT_NE(e.out.find(": met"), std::string::npos) << e.out;
  EXPECT_NE(e.out.find("'e' was an EllipsoidJoint"), std::string::npos) << e.out;
  const interop::OsimModel back = interop::read_osim_model(out.string());
  EXPECT_TRUE(back.issues.empty());
  EXPECT_NE(slurp(out).find("<coordinates>rx ry rz</coordinates>"), std::string::npos);
  fs::remove_all(dir);
}

}  // namespace
}  // namespace js::test
