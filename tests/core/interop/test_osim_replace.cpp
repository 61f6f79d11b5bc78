// replacing a joint in a whole OpenSim model: the splice keeps every byte outside the joint, the saved joint read
// back by the project's reader moves as the fitted joint, meshes still resolve, saves are atomic, bad input is one
// clear message. real models from ../shared/data/opensim (skipped when absent).
#include <gtest/gtest.h>

#include <signal.h>
#include <sys/resource.h>
#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/fit/cross_validation.hpp"
#include "core/io/atomic_file.hpp"
#include "core/interop/osim_file.hpp"
#include "core/interop/osim_replace.hpp"
#include "core/interop/xml_spans.hpp"
#include "core/joints/lower_pairs.hpp"
#include "tests/support/test_files.hpp"

namespace js::interop {
namespace {

namespace fs = std::filesystem;
using js::test::kDeg;

using js::test::slurp;

using js::test::temp_dir;

using js::test::shared_models;

// a two-body model with a PinJoint 'hinge' (tabs, a comment holding markup, an attribute holding '>')
const char* kPinModel =
    "<?xml version=\"1.0\" encoding=\"UTF-8\" ?>\n"
    "<OpenSimDocument Version=\"40000\">\n"
    "\t<!-- a comment with <PinJoint name=\"hinge\"> inside -->\n"
    "\t<Model name=\"two &gt; one\">\n"
    "\t\t<JointSet name=\"jointset\">\n"
    "\t\t\t<objects>\n"
    "\t\t\t\t<PinJoint name=\"hinge\">\n"
    "\t\t\t\t\t<socket_parent_frame>base_offset</socket_parent_frame>\n"
    "\t\t\t\t\t<socket_child_frame>arm_offset</socket_child_frame>\n"
    "\t\t\t\t\t<coordinates>\n"
    "\t\t\t\t\t\t<Coordinate name=\"angle\">\n"
    "\t\t\t\t\t\t\t<default_value>0.25</default_value>\n"
    "\t\t\t\t\t\t\t<range>-1 1.5</range>\n"
    "\t\t\t\t\t\t\t<clamped>false</clamped>\n"
    "\t\t\t\t\t\t\t<locked>true</locked>\n"
    "\t\t\t\t\t\t</Coordinate>\n"
    "\t\t\t\t\t</coordinates>\n"
    "\t\t\t\t\t<frames>\n"
    "\t\t\t\t\t\t<PhysicalOffsetFrame name=\"base_offset\">\n"
    "\t\t\t\t\t\t\t<socket_parent>/bodyset/base</socket_parent>\n"
    "\t\t\t\t\t\t\t<translation>0 0.5 0</translation>\n"
    "\t\t\t\t\t\t\t<orientation>0 0 0</orientation>\n"
    "\t\t\t\t\t\t</PhysicalOffsetFrame>\n"
    "\t\t\t\t\t\t<PhysicalOffsetFrame name=\"arm_offset\">\n"
    "\t\t\t\t\t\t\t<socket_parent>/bodyset/arm</socket_parent>\n"
    "\t\t\t\t\t\t</PhysicalOffsetFrame>\n"
    "\t\t\t\t\t</frames>\n"
    "\t\t\t\t</PinJoint>\n"
    "\t\t\t</objects>\n"
    "\t\t</JointSet>\n"
    "\t\t<![CDATA[ </JointSet> ]]>\n"
    "\t</Model>\n"
    "</OpenSimDocument>\n";

// a revolute joint about a tilted axis with offsets on both sides
RevoluteJoint tilted_hinge(double q0, double q1) {
  RevoluteJoint j(Vec3(0.2, 0.1, 1.0).normalized());
  j.coordinates()[0].name = "theta";
  j.coordinates()[0].min = q0;
  j.coordinates()[0].max = q1;
  j.set_offsets(SE3{compose_body_fixed({0, 1, 2}, Vec3(0.1, -0.2, 0.3)), Vec3(0.01, 0.48, -0.02)},
                SE3{compose_body_fixed({0, 1, 2}, Vec3(-0.3, 0.05, 0.1)), Vec3(0.0, -0.1, 0.03)});
  return j;
}

// the largest differences between our joint and the osim joint over n points of [q0, q1]
std::pair<double, double> max_difference(const JointModel& joint, const OsimCustomJoint& osim, double q0, double q1, int n) {
  JointData data(1);
  double dp = 0.0, da = 0.0;
  for (int k = 0; k <= n; ++k) {
    const double q = q0 + (q1 - q0) * k / n;
    joint.evaluate(JointVector::Constant(1, q), data, EvalLevel::Transform);
    const SE3 theirs = osim.parent_T_child({q});
    dp = std::max(dp, (data.G.p - theirs.p).norm());
    da = std::max(da, so3_log(data.G.R.transpose() * theirs.R).norm());
  }
  return {dp, da};
}

TEST(XmlSpans, LocatesElementsPastCommentsCdataAndQuotedMarkup) {
  const std::string text = kPinModel;
  const std::vector<XmlSpan> spans = scan_xml_spans(text);
  int pins = 0;
  for (const XmlSpan& e : spans) {
    if (e.name != "PinJoint") continue;
    ++pins;
    EXPECT_EQ(e.name_attribute, "hinge");
    EXPECT_EQ(e.line, 7);
    EXPECT_EQ(text.substr(e.begin, 25), "<PinJoint name=\"hinge\">\n\t");
    EXPECT_EQ(text.substr(e.close_begin, e.end - e.close_begin), "</PinJoint>");
  }
  EXPECT_EQ(pins, 1);  // the one in the comment does not count
  EXPECT_EQ(spans.front().name, "OpenSimDocument");
  EXPECT_EQ(spans[1].name_attribute, "two &gt; one");
  // io::FileError at the line, without a file (the splicer rethrows it naming the model)
  try {
    (void)scan_xml_spans("<a>\n<b>\n</a>");
    FAIL() << "no error";
  } catch (const io::FileError& e) {
    EXPECT_EQ(e.line(), 3);
    EXPECT_STREQ(e.what(), "<memory>:3: end tag </a> closes <b> (line 2)");
  }
  EXPECT_THROW(scan_xml_spans("<a><!-- never closed </a>"), io::FileError);
}

TEST(OsimReplace, PinJointBecomesACustomJointAndTheRestIsUntouched) {
  const std::string text = kPinModel;
  const RevoluteJoint joint = tilted_hinge(-1.0, 1.5);
  OsimReplaceOptions options;
  const OsimReplaceResult r = replace_osim_joint(text, "two.osim", "hinge", joint, options);
  EXPECT_EQ(r.text.substr(0, r.new_begin), text.substr(0, r.old_begin));
  EXPECT_EQ(r.text.substr(r.new_end), text.substr(r.old_end));
  const std::string element = r.text.substr(r.new_begin, r.new_end - r.new_begin);
  EXPECT_EQ(element.rfind("<CustomJoint name=\"hinge\">", 0), 0u) << element;
  EXPECT_NE(element.find("</CustomJoint>"), std::string::npos);
  EXPECT_NE(element.find("\t\t\t\t\t\t\t<locked>true</locked>"), std::string::npos) << "the coordinate is kept as written";
  EXPECT_NE(element.find("<SimmSpline name=\"function\">"), std::string::npos);
  EXPECT_NE(element.find("\t\t\t\t\t<SpatialTransform>"), std::string::npos) << "indented like its siblings:\n" << element;
  // the arm offset had no translation: one was added
  EXPECT_NE(element.find("<socket_parent>/bodyset/arm</socket_parent>\n\t\t\t\t\t\t\t<translation>"), std::string::npos) << element;

  const OsimCustomJoint back = read_osim_joint_text(r.text, "two.osim", "hinge");
  EXPECT_EQ(back.type, "CustomJoint");
  EXPECT_EQ(back.coordinates.at(0).name, "angle");
  EXPECT_DOUBLE_EQ(back.coordinates[0].default_value, 0.25);
  EXPECT_TRUE(back.coordinates[0].locked);
  EXPECT_FALSE(back.coordinates[0].clamped);
  EXPECT_EQ(back.parent_body, "base");
  EXPECT_EQ(back.child_body, "arm");
  const auto [dp, da] = max_difference(joint, back, -1.0, 1.5, 3000);
  EXPECT_LE(dp, 1e-5);
  EXPECT_LE(da, 0.01 * kDeg);
  EXPECT_TRUE(r.fidelity.within_tolerance);
  EXPECT_LE(r.fidelity.max_position_error_m, 1e-5);
}

TEST(OsimReplace, CrlfFilesKeepTheirLineEnds) {
  std::string text;
  for (const char* c = kPinModel; *c; ++c) {
    if (*c == '\n') text += '\r';
    text += *c;
  }
  const OsimReplaceResult r = replace_osim_joint(text, "two.osim", "hinge", tilted_hinge(-1.0, 1.5), {});
  const std::string element = r.text.substr(r.new_begin, r.new_end - r.new_begin);
  for (std::size_t k = element.find('\n'); k != std::string::npos; k = element.find('\n', k + 1)) {
    ASSERT_EQ(element[k - 1], '\r') << "a bare newline at " << k;
  }
}

TEST(OsimReplace, BadInputIsOneClearMessage) {
  const std::string text = kPinModel;
  try {
    replace_osim_joint(text, "two.osim", "knee", tilted_hinge(-1.0, 1.5), {});
    FAIL();
  } catch (const OsimError& e) {
    EXPECT_EQ(e.kind(), OsimErrorKind::MissingJoint);
    EXPECT_NE(std::string(e.what()).find("hinge (PinJoint)"), std::string::npos) << e.what();
  }
  try {
    replace_osim_joint(text, "two.osim", "hinge", tilted_hinge(-0.5, 1.5), {});
    FAIL();
  } catch (const OsimError& e) {
    EXPECT_EQ(e.kind(), OsimErrorKind::InvalidValue);
    EXPECT_EQ(e.line(), 11);
    EXPECT_NE(std::string(e.what()).find("range [-1, 1.5] is not covered by the fitted joint"), std::string::npos) << e.what();
  }
  // a narrower range is fine, and written; a default outside it is moved inside
  OsimReplaceOptions narrow;
  narrow.range = std::make_pair(0.5, 1.5);
  const OsimReplaceResult r = replace_osim_joint(text, "two.osim", "hinge", tilted_hinge(-0.5, 1.5), narrow);
  const OsimCustomJoint back = read_osim_joint_text(r.text, "two.osim", "hinge");
  EXPECT_DOUBLE_EQ(back.coordinates[0].min, 0.5);
  EXPECT_DOUBLE_EQ(back.coordinates[0].default_value, 0.5);
  // the new range and the default moved into it, then what else changed
  ASSERT_EQ(r.notes.size(), 3u);
  EXPECT_NE(r.notes[0].find("the range of 'angle' is now 0.5 1.5 (the file's was"), std::string::npos) << r.notes[0];
  SphericalJoint ball;
  EXPECT_THROW(replace_osim_joint(text, "two.osim", "hinge", ball, {}), OsimError);
}

TEST(OsimReplace, AFailedSaveLeavesTheOldFileIntact) {
  const fs::path dir = temp_dir("atomic");
  const fs::path file = dir / "model.osim";
  io::write_file_atomic(file.string(), "old model\n");
  EXPECT_EQ(slurp(file), "old model\n");
  // a file size limit makes the write fail part way (EFBIG instead of the signal)
  ::signal(SIGXFSZ, SIG_IGN);
  rlimit old{};
  ::getrlimit(RLIMIT_FSIZE, &old);
  rlimit small = old;
  small.rlim_cur = 4096;
  ::setrlimit(RLIMIT_FSIZE, &small);
  std::string what;
  try {
    io::write_file_atomic(file.string(), std::string(100000, 'x'));
  } catch (const std::runtime_error& e) {
    what = e.what();
  }
  ::setrlimit(RLIMIT_FSIZE, &old);
  EXPECT_NE(what.find(file.string()), std::string::npos) << "the message names the file: " << what;
  EXPECT_EQ(slurp(file), "old model\n");
  EXPECT_EQ(std::distance(fs::directory_iterator(dir), fs::directory_iterator()), 1) << "the temporary file is removed";
  EXPECT_THROW(io::write_file_atomic((dir / "no" / "such" / "folder.osim").string(), "x"), std::runtime_error);
  fs::remove_all(dir);
}

// open → sample → fit → replace → save → re-open: the real models
void round_trip(const std::string& model, const std::string& joint_name, const std::string& coordinate) {
  const fs::path path = shared_models() / model;
  if (!fs::exists(path)) GTEST_SKIP() << "no shared OpenSim data at " << shared_models() << " (tests that need it skip)";
  const std::string text = slurp(path);
  const OsimCustomJoint original = read_osim_joint(path.string(), joint_name);
  const int c = original.find_coordinate(coordinate);
  ASSERT_GE(c, 0);
  const fit::SampleSet samples = sample_osim_joint(original, c, 101, path.string());
  fit::CurveFitOptions fo;
  fo.num_frames = 16;
  fit::AutoFitOptions automatic;
  automatic.auto_smoothing = false;
  const fit::AutoFitResult fitted = fit::fit_spline_curve_auto(samples, fo, automatic);
  const SplineCurveJoint joint = fitted.fit.joint(coordinate);

  const fs::path dir = temp_dir(joint_name);
  const fs::path out = dir / model;
  OsimReplaceOptions options;
  options.output_path = out.string();
  options.meshes = OsimMeshPaths::Copy;
  const OsimReplaceResult r = replace_osim_joint(text, path.string(), joint_name, joint, options);
  save_osim_model(r, out.string());
  const std::string saved = slurp(out);
  ASSERT_EQ(saved, r.text);
  EXPECT_EQ(saved.substr(0, r.new_begin), text.substr(0, r.old_begin)) << "the text before the joint changed";
  EXPECT_EQ(saved.substr(r.new_end), text.substr(r.old_end)) << "the text after the joint changed";
  EXPECT_TRUE(r.rewritten.empty());
  for (const OsimMeshFix& m : r.copies) EXPECT_TRUE(fs::exists(m.to)) << m.to;

  const OsimCustomJoint back = read_osim_joint(out.string(), joint_name);
  EXPECT_EQ(back.type, "CustomJoint");
  ASSERT_EQ(back.coordinates.size(), original.coordinates.size());
  EXPECT_EQ(back.coordinates[0].name, coordinate);
  EXPECT_DOUBLE_EQ(back.coordinates[0].min, original.coordinates[0].min);
  EXPECT_DOUBLE_EQ(back.coordinates[0].max, original.coordinates[0].max);
  EXPECT_EQ(back.coordinates[0].clamped, original.coordinates[0].clamped);
  EXPECT_EQ(back.coordinates[0].locked, original.coordinates[0].locked);
  EXPECT_EQ(back.parent_body, original.parent_body);
  EXPECT_EQ(back.child_body, original.child_body);
  const auto [dp, da] = max_difference(joint, back, back.coordinates[0].min, back.coordinates[0].max, 4000);
  EXPECT_LE(dp, 0.01e-3) << "mm: " << dp * 1e3;
  EXPECT_LE(da, 0.01 * kDeg) << "deg: " << da / kDeg;
  fs::remove_all(dir);
}

TEST(OsimReplace, Leg6dof9muscKneeRoundTrip) { round_trip("leg6dof9musc.osim", "knee_r", "knee_angle_r"); }
TEST(OsimReplace, Rajagopal2016WalkerKneeRoundTrip) { round_trip("Rajagopal2016.osim", "walker_knee_r", "knee_angle_r"); }

TEST(OsimReplace, MeshPathsResolveFromTheNewFolder) {
  const fs::path path = shared_models() / "leg39.osim";
  if (!fs::exists(path)) GTEST_SKIP() << "no shared OpenSim data at " << shared_models();
  const std::string text = slurp(path);
  // (leg39's knee has three coupled coordinates; its ankle has one)
  const OsimCustomJoint original = read_osim_joint(path.string(), "ankle_r");
  const int c = original.find_coordinate("ankle_angle_r");
  ASSERT_GE(c, 0);
  const fit::SampleSet samples = sample_osim_joint(original, c, 61, path.string());
  fit::CurveFitOptions fo;
  fo.num_frames = 12;
  fit::AutoFitOptions automatic;
  automatic.auto_smoothing = false;
  const SplineCurveJoint joint = fit::fit_spline_curve_auto(samples, fo, automatic).fit.joint("ankle_angle_r");
  const fs::path dir = temp_dir("meshes");
  OsimReplaceOptions options;
  options.output_path = (dir / "sub" / "leg39_new.osim").string();
  fs::create_directories(dir / "sub");
  const OsimReplaceResult r = replace_osim_joint(text, path.string(), "ankle_r", joint, options);
  ASSERT_FALSE(r.rewritten.empty());
  EXPECT_TRUE(r.missing_meshes.empty());
  bool case_fixed = false;
  for (const OsimMeshFix& m : r.rewritten) {
    EXPECT_TRUE(fs::is_regular_file(dir / "sub" / m.to)) << m.name << " -> " << m.to;
    case_fixed = case_fixed || m.name == "fibula_R.vtp";
  }
  EXPECT_TRUE(case_fixed) << "the wrong-case mesh is found and its path written as the file is named";
  // the before-joint text differs only in mesh_file lines
  std::istringstream a(text.substr(0, r.old_begin)), b(r.text.substr(0, r.new_begin));
  for (std::string la, lb; std::getline(a, la) && std::getline(b, lb);) {
    if (la != lb) {
      EXPECT_NE(la.find("<mesh_file>"), std::string::npos) << la;
    }
  }
  fs::remove_all(dir);
}

}  // namespace
}  // namespace js::interop
