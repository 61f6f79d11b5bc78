// malformed .osim inputs: one test per error class, each message naming the file, the line and the element.
#include <gtest/gtest.h>

#include <string>

#include "core/interop/osim_file.hpp"

namespace js::interop {
namespace {

// a small OpenSim 4 model; `spline` replaces the function of rotation1 (line 19; its TransformAxis starts on line 16)
std::string model(const std::string& spline = "<SimmSpline name=\"function\"><x>0 1 2</x><y>0 0.5 1.2</y></SimmSpline>") {
  return R"(<?xml version="1.0" encoding="UTF-8" ?>
<OpenSimDocument Version="40000">
<Model name="m">
<JointSet><objects>
<CustomJoint name="knee_r">
<socket_parent_frame>femur_offset</socket_parent_frame>
<socket_child_frame>tibia_offset</socket_child_frame>
<coordinates><Coordinate name="flex"><default_value>0</default_value><range>0 2</range></Coordinate></coordinates>
<frames>
<PhysicalOffsetFrame name="femur_offset"><socket_parent>/bodyset/femur</socket_parent>
<translation>0 -0.4 0</translation><orientation>0 0 0.1</orientation></PhysicalOffsetFrame>
<PhysicalOffsetFrame name="tibia_offset"><socket_parent>/bodyset/tibia</socket_parent>
<translation>0 0 0</translation><orientation>0 0 0</orientation></PhysicalOffsetFrame>
</frames>
<SpatialTransform>
<TransformAxis name="rotation1">
<coordinates>flex</coordinates>
<axis>0 0 1</axis>
)" + spline + R"(
</TransformAxis>
<TransformAxis name="rotation2"><coordinates></coordinates><axis>1 0 0</axis><Constant name="function"><value>0</value></Constant></TransformAxis>
<TransformAxis name="rotation3"><coordinates></coordinates><axis>0 1 0</axis><Constant name="function"><value>0</value></Constant></TransformAxis>
<TransformAxis name="translation1"><coordinates>flex</coordinates><axis>1 0 0</axis>
<MultiplierFunction name="function"><function><LinearFunction><coefficients>0.01 0</coefficients></LinearFunction></function><scale>2</scale></MultiplierFunction></TransformAxis>
<TransformAxis name="translation2"><coordinates>flex</coordinates><axis>0 1 0</axis><PolynomialFunction name="function"><coefficients>0.001 0 -0.002</coefficients></PolynomialFunction></TransformAxis>
<TransformAxis name="translation3"><coordinates></coordinates><axis>0 0 1</axis><Constant name="function"><value>0.003</value></Constant></TransformAxis>
</SpatialTransform>
</CustomJoint>
</objects></JointSet>
</Model>
</OpenSimDocument>
)";
}

// expects an OsimError of kind whose message holds every needle
void expect_error(const std::string& text, const std::string& joint, OsimErrorKind kind,
                  std::initializer_list<const char*> needles) {
  try {
    read_osim_joint_text(text, "leg.osim", joint);
    FAIL() << "no error";
  } catch (const OsimError& e) {
    EXPECT_EQ(osim_error_kind_name(e.kind()), std::string(osim_error_kind_name(kind))) << e.what();
    const std::string what = e.what();
    EXPECT_EQ(what.rfind("leg.osim", 0), 0u) << what;
    for (const char* n : needles) EXPECT_NE(what.find(n), std::string::npos) << "'" << n << "' not in: " << what;
  }
}

TEST(OsimRead, AValidModelReadsWithEveryFunctionKind) {
  const OsimCustomJoint j = read_osim_joint_text(model(), "leg.osim", "knee_r");
  EXPECT_EQ(j.name, "knee_r");
  EXPECT_EQ(j.parent_body, "femur");
  EXPECT_EQ(j.child_body, "tibia");
  ASSERT_EQ(j.coordinates.size(), 1u);
  EXPECT_EQ(j.coordinates[0].max, 2.0);
  // at q = 1: rotation1 = spline(1) = 0.5 about z; x = 2 · 0.01 · 1; y = 0.001 − 0.002; z = 0.003
  const SE3 X = j.pframe_T_cframe({1.0});
  EXPECT_NEAR(X.p.x(), 0.02, 1e-15);
  EXPECT_NEAR(X.p.y(), -0.001, 1e-15);
  EXPECT_NEAR(X.p.z(), 0.003, 1e-15);
  EXPECT_NEAR(std::atan2(X.R(1, 0), X.R(0, 0)), 0.5, 1e-15);
  // the parent offset frame: −0.4 along y, turned 0.1 about z
  const SE3 T = j.parent_T_child({1.0});
  EXPECT_NEAR(std::atan2(T.R(1, 0), T.R(0, 0)), 0.6, 1e-14);
  EXPECT_NEAR(T.p.y(), -0.4 + std::sin(0.1) * 0.02 + std::cos(0.1) * -0.001, 1e-14);
}

TEST(OsimRead, ACoordinateWithoutARangeReadsButCannotBeSampled) {
  std::string text = model();
  const std::string coords = "<coordinates><Coordinate name=\"flex\">";
  text.replace(text.find(coords), coords.size(), "<coordinates><Coordinate name=\"spin\"/><Coordinate name=\"flex\">");
  const OsimCustomJoint j = read_osim_joint_text(text, "leg.osim", "knee_r");
  ASSERT_EQ(j.coordinates.size(), 2u);
  EXPECT_FALSE(j.coordinates[0].has_range);
  EXPECT_TRUE(j.coordinates[1].has_range);
  EXPECT_EQ(sample_osim_joint(j, 1, 5, "leg.osim").size(), 5);
  try {
    sample_osim_joint(j, 0, 5, "leg.osim");
    FAIL() << "no error";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("leg.osim:8: coordinate 'spin' has no <range>"), std::string::npos) << e.what();
  }
}

TEST(OsimErrors, Io) { EXPECT_THROW(read_osim_joint("/nonexistent/leg.osim", "knee_r"), OsimError); }

TEST(OsimErrors, Syntax) {
  std::string text = model();
  text.replace(text.find("</Model>"), 8, "</Modle>");
  expect_error(text, "knee_r", OsimErrorKind::Syntax, {"invalid XML", "leg.osim:3:", "MISMATCHED_ELEMENT", "Model"});
}

TEST(OsimErrors, MissingJoint) {
  expect_error(model(), "hip_r", OsimErrorKind::MissingJoint, {"no CustomJoint named 'hip_r'", "found: knee_r"});
}

TEST(OsimErrors, MissingElement) {
  std::string text = model();
  text.replace(text.find("<axis>0 0 1</axis>"), 18, "");
  expect_error(text, "knee_r", OsimErrorKind::MissingElement, {"leg.osim:16:", "<TransformAxis name='rotation1'>", "missing element <axis>"});
}

TEST(OsimErrors, UnknownFunctionType) {
  expect_error(model("<StepFunction name=\"function\"><start_time>0</start_time></StepFunction>"), "knee_r",
               OsimErrorKind::UnknownFunction, {"leg.osim:19:", "<StepFunction name='function'>", "unknown function type 'StepFunction'"});
}

TEST(OsimErrors, BadNumber) {
  expect_error(model("<SimmSpline name=\"function\"><x>0 1.2.3 2</x><y>0 0.5 1.2</y></SimmSpline>"), "knee_r",
               OsimErrorKind::BadNumber, {"leg.osim:19:", "<x>", "'1.2.3' is not a finite number"});
  expect_error(model("<SimmSpline name=\"function\"><x>0 nan 2</x><y>0 0.5 1.2</y></SimmSpline>"), "knee_r",
               OsimErrorKind::BadNumber, {"'nan' is not a finite number"});
}

TEST(OsimErrors, MismatchedXAndYLengths) {
  expect_error(model("<SimmSpline name=\"function\"><x>0 1 2 3</x><y>0 0.5 1.2</y></SimmSpline>"), "knee_r",
               OsimErrorKind::CountMismatch, {"leg.osim:19:", "<SimmSpline name='function'>", "4 x values but 3 y values"});
}

TEST(OsimErrors, InvalidValue) {
  expect_error(model("<SimmSpline name=\"function\"><x>0 2 1</x><y>0 0.5 1.2</y></SimmSpline>"), "knee_r",
               OsimErrorKind::InvalidValue, {"leg.osim:19:", "<x>", "x values must increase"});
  std::string text = model();
  const std::string used = "<coordinates>flex</coordinates>\n<axis>0 0 1</axis>";
  text.replace(text.find(used), used.size(), "<coordinates>flx</coordinates>\n<axis>0 0 1</axis>");
  expect_error(text, "knee_r", OsimErrorKind::InvalidValue, {"<TransformAxis name='rotation1'>", "unknown coordinate 'flx'"});
}

// simbody builds a reversed joint child-to-parent (MobilizedBody::Direction): refused, not misread as forward
TEST(OsimErrors, ReversedJointIsRefused) {
  std::string text = model();
  text.replace(text.find("<SpatialTransform>"), 18, "<reverse>true</reverse>\n<SpatialTransform>");
  expect_error(text, "knee_r", OsimErrorKind::InvalidValue, {"leg.osim:15:", "<reverse>", "not supported"});
  text = model();
  text.replace(text.find("<SpatialTransform>"), 18, "<reverse>false</reverse>\n<SpatialTransform>");
  EXPECT_NO_THROW(read_osim_joint_text(text, "leg.osim", "knee_r"));
}

}  // namespace
}  // namespace js::interop
