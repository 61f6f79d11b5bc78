// constructs met in published OpenSim models (docs/opensim.md, "Tried on real models"), each rebuilt here as a
// small synthetic model with numbers of our own: the element layout is what matters.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "core/interop/euler.hpp"
#include "core/interop/osim_file.hpp"
#include "core/lie/so3.hpp"

namespace js::interop {
namespace {

std::string doc(const std::string& version, const std::string& body) {
  return "<?xml version=\"1.0\" encoding=\"UTF-8\" ?>\n<OpenSimDocument Version=\"" + version + "\">\n<Model name=\"m\">\n" + body +
         "</Model>\n</OpenSimDocument>\n";
}

std::string axis(const char* name, const char* coord, const char* dir, const std::string& fn) {
  return std::string("<TransformAxis name=\"") + name + "\"><coordinates>" + coord + "</coordinates><axis>" + dir + "</axis>" + fn +
         "</TransformAxis>\n";
}

std::string multiplier_of_constant(double value, double scale) {
  return "<MultiplierFunction name=\"function\"><function><Constant><value>" + std::to_string(value) +
         "</value></Constant></function><scale>" + std::to_string(scale) + "</scale></MultiplierFunction>";
}

const std::string kLinear = "<LinearFunction name=\"function\"><coefficients>1 0</coefficients></LinearFunction>";
const std::string kZero = "<Constant name=\"function\"><value>0</value></Constant>";

// an OpenSim 4 joint between two offset frames; `axes` is the SpatialTransform's content (or nothing for a pin)
std::string joint4(const std::string& type, const std::string& name, const std::string& axes,
                   const std::string& coords = "<Coordinate name=\"q\"><default_value>0</default_value><range>-1 1</range></Coordinate>") {
  return "<" + type + " name=\"" + name + "\">\n<socket_parent_frame>a_offset</socket_parent_frame>\n<socket_child_frame>b_offset</socket_child_frame>\n"
         "<coordinates>" + coords + "</coordinates>\n<frames>\n"
         "<PhysicalOffsetFrame name=\"a_offset\"><socket_parent>/bodyset/a</socket_parent><translation>0.01 -0.3 0.02</translation>"
         "<orientation>0.2 -0.1 0.3</orientation></PhysicalOffsetFrame>\n"
         "<PhysicalOffsetFrame name=\"b_offset\"><socket_parent>/bodyset/b</socket_parent><translation>0 0.05 0</translation>"
         "<orientation>0.2 -0.1 0.3</orientation></PhysicalOffsetFrame>\n</frames>\n" +
         (axes.empty() ? std::string() : "<SpatialTransform>\n" + axes + "</SpatialTransform>\n") + "</" + type + ">\n";
}

std::string jointset(const std::string& joints) { return "<JointSet name=\"jointset\"><objects>\n" + joints + "</objects></JointSet>\n"; }

// a hinge about z whose three translations are MultiplierFunctions of Constants on axes without a coordinate
std::string hinge_axes(const std::string& t1 = multiplier_of_constant(0.02, 1.5)) {
  return axis("rotation1", "q", "0 0 1", kLinear) + axis("rotation2", "", "0 1 0", kZero) + axis("rotation3", "", "1 0 0", kZero) +
         axis("translation1", "", "1 0 0", t1) + axis("translation2", "", "0 1 0", multiplier_of_constant(-0.01, 2.0)) +
         axis("translation3", "", "0 0 1", multiplier_of_constant(0.0, 1.0));
}

void expect_se3_near(const SE3& a, const SE3& b, double tol) {
  EXPECT_LT((a.p - b.p).norm(), tol);
  EXPECT_LT((a.R - b.R).norm(), tol);
}

// opensim 4 models write unused translation axes as a MultiplierFunction around a Constant, with no coordinate
TEST(OsimModelLayouts, MultiplierOfAConstantNeedsNoCoordinate) {
  const OsimCustomJoint j = read_osim_joint_text(doc("40000", jointset(joint4("CustomJoint", "hinge", hinge_axes()))), "m.osim", "hinge");
  const SE3 X = j.pframe_T_cframe({0.4});
  EXPECT_NEAR(X.p.x(), 0.03, 1e-15);   // 1.5 · 0.02
  EXPECT_NEAR(X.p.y(), -0.02, 1e-15);  // 2 · −0.01
  EXPECT_NEAR(X.p.z(), 0.0, 1e-15);
  EXPECT_NEAR(std::atan2(X.R(1, 0), X.R(0, 0)), 0.4, 1e-15);
  // a multiplier of something that varies still needs a coordinate
  const std::string varying = "<MultiplierFunction name=\"function\"><function><SimmSpline><x>0 1 2</x><y>0 1 3</y></SimmSpline>"
                              "</function><scale>1</scale></MultiplierFunction>";
  EXPECT_THROW(read_osim_joint_text(doc("40000", jointset(joint4("CustomJoint", "hinge", hinge_axes(varying)))), "m.osim", "hinge"),
               OsimError);
}

// opensim's TransformAxis defaults to Constant 0: an axis without a function reads as such when it names no
// coordinate, and is refused (naming the axis) when it does
TEST(OsimModelLayouts, AnAxisWithoutAFunction) {
  std::string axes = hinge_axes();
  const std::string t3 = axis("translation3", "", "0 0 1", multiplier_of_constant(0.0, 1.0));
  axes.replace(axes.find(t3), t3.size(), "<TransformAxis name=\"translation3\"><coordinates></coordinates><axis>0 0 1</axis></TransformAxis>\n");
  const OsimCustomJoint j = read_osim_joint_text(doc("40000", jointset(joint4("CustomJoint", "hinge", axes))), "m.osim", "hinge");
  EXPECT_EQ(j.axes[5].function.kind(), OsimFunctionKind::Constant);
  EXPECT_EQ(j.axes[5].function(3.0), 0.0);
  const std::string r1 = axis("rotation1", "q", "0 0 1", kLinear);
  axes.replace(axes.find(r1), r1.size(), "<TransformAxis name=\"rotation1\"><coordinates>q</coordinates><axis>0 0 1</axis></TransformAxis>\n");
  try {
    read_osim_joint_text(doc("40000", jointset(joint4("CustomJoint", "hinge", axes))), "m.osim", "hinge");
    FAIL() << "no error";
  } catch (const OsimError& e) {
    EXPECT_EQ(e.kind(), OsimErrorKind::MissingElement);
    EXPECT_NE(std::string(e.what()).find("<TransformAxis name='rotation1'>: no function, but it names coordinate 'q'"), std::string::npos)
        << e.what();
  }
}

// simbody normalizes the six axes (MobilizedBody::FunctionBased); published models carry axes a little off unit
TEST(OsimModelLayouts, AxesAreNormalizedAsSimbodyDoes) {
  const auto with_axes = [](const char* r1, const char* t1) {
    const std::string spline = "<SimmSpline name=\"function\"><x>-1 0 1 2</x><y>0.01 0 0.02 0.05</y></SimmSpline>";
    const std::string axes = axis("rotation1", "q", r1, kLinear) + axis("rotation2", "", "0 1 0", kZero) +
                             axis("rotation3", "", "1 0 0", kZero) + axis("translation1", "q", t1, spline) +
                             axis("translation2", "", "0 1 0", kZero) + axis("translation3", "", "0 0 1", kZero);
    return read_osim_joint_text(doc("40000", jointset(joint4("CustomJoint", "j", axes))), "m.osim", "j");
  };
  const OsimCustomJoint unit = with_axes("0.6 0 0.8", "0 1 0");
  const OsimCustomJoint off = with_axes("0.60012 0 0.80016", "0 2.5 0");
  for (double q : {-0.8, 0.1, 0.9}) expect_se3_near(off.parent_T_child({q}), unit.parent_T_child({q}), 1e-15);
}

// opensim 3: the joint inside its child <Body>, SpatialTransform before parent_body and the offsets, functions in
// <function> wrappers (a scaled model's MultiplierFunction of a Constant among them), coordinates in a
// CoordinateSet; a three-point SimmSpline is the parabola through them
TEST(OsimModelLayouts, OpenSim3JointInsideItsBody) {
  const std::string body = R"(<BodySet><objects>
<Body name="ground"><mass>0</mass><Joint /></Body>
<Body name="hand"><mass>0</mass><Joint>
<CustomJoint name="tilt">
<SpatialTransform>
<TransformAxis name="rotation1"><coordinates>dev</coordinates><axis>1 0 0</axis>
<function><SimmSpline><x> -0.5 0 0.5</x><y> -0.2 0 0.3</y></SimmSpline></function></TransformAxis>
<TransformAxis name="rotation2"><coordinates></coordinates><axis>0 1 0</axis><function><Constant><value>0</value></Constant></function></TransformAxis>
<TransformAxis name="rotation3"><coordinates></coordinates><axis>0 0 1</axis><function><Constant><value>0</value></Constant></function></TransformAxis>
<TransformAxis name="translation1"><coordinates></coordinates><axis>1 0 0</axis><function><Constant><value>0</value></Constant></function></TransformAxis>
<TransformAxis name="translation2"><coordinates></coordinates><axis>0 1 0</axis><function><Constant><value>0</value></Constant></function></TransformAxis>
<TransformAxis name="translation3"><coordinates></coordinates><axis>0 0 1</axis><function><MultiplierFunction>
<function><Constant><value>0.01</value></Constant></function><scale>1.2</scale></MultiplierFunction></function></TransformAxis>
</SpatialTransform>
<parent_body>ground</parent_body>
<location_in_parent> 0.003 -0.02 0</location_in_parent>
<orientation_in_parent> -0 0 -0</orientation_in_parent>
<location> 0 0 0</location>
<orientation> -0 0 -0</orientation>
<CoordinateSet><objects><Coordinate name="dev"><motion_type>rotational</motion_type><default_value>0</default_value>
<range>-0.5 0.5</range><clamped>true</clamped><locked>false</locked></Coordinate></objects><groups /></CoordinateSet>
<reverse>false</reverse>
</CustomJoint></Joint></Body>
</objects><groups /></BodySet>
)";
  const OsimCustomJoint j = read_osim_joint_text(doc("20303", body), "w.osim", "");
  EXPECT_EQ(j.name, "tilt");
  EXPECT_EQ(j.parent_body, "ground");
  EXPECT_TRUE(j.coordinates[0].clamped);
  EXPECT_FALSE(j.coordinates[0].locked);
  // parabola through (−0.5, −0.2), (0, 0), (0.5, 0.3): 0.5 x + 0.2 x²
  const double q = 0.25, angle = 0.5 * q + 0.2 * q * q;
  const SE3 T = j.parent_T_child({q});
  EXPECT_NEAR(std::atan2(T.R(2, 1), T.R(1, 1)), angle, 1e-14);
  EXPECT_LT((T.p - Vec3(0.003, -0.02, 0.012)).norm(), 1e-15);  // 1.2 · 0.01 along z
}

// a PinJoint turns about the common z axis of its offset frames, a SliderJoint slides along their x axis
TEST(OsimModelLayouts, PinAndSliderJointsReadAsTheirCustomJoint) {
  const std::string model = doc("40000", jointset(joint4("PinJoint", "ankle", "") + joint4("SliderJoint", "slide", "")));
  const OsimCustomJoint pin = read_osim_joint_text(model, "m.osim", "ankle");
  const OsimCustomJoint slide = read_osim_joint_text(model, "m.osim", "slide");
  EXPECT_EQ(pin.type, "PinJoint");
  EXPECT_EQ(slide.type, "SliderJoint");
  SE3 P, C;
  P.R = C.R = compose_body_fixed({0, 1, 2}, Vec3(0.2, -0.1, 0.3));
  P.p = Vec3(0.01, -0.3, 0.02);
  C.p = Vec3(0.0, 0.05, 0.0);
  SE3 turn, move;
  turn.R = so3_exp(Vec3(0.0, 0.0, 0.7));
  move.p = Vec3(0.7, 0.0, 0.0);
  expect_se3_near(pin.parent_T_child({0.7}), P * turn * C.inverse(), 1e-15);
  expect_se3_near(slide.parent_T_child({0.7}), P * move * C.inverse(), 1e-15);
}

// a joint of another type is named with its type; the list of joints gives every type; the templates under
// <defaults> (objects named "default" of any type, a joint among them) are not joints of the model
TEST(OsimModelLayouts, OtherJointTypesAndDefaults) {
  const std::string weld = "<WeldJoint name=\"fixed\"><socket_parent_frame>a</socket_parent_frame><socket_child_frame>b</socket_child_frame></WeldJoint>\n";
  const std::string defaults = "<defaults>" + joint4("CustomJoint", "default", hinge_axes()) + "</defaults>\n";
  const std::string model = doc("40000", defaults + jointset(joint4("CustomJoint", "hinge", hinge_axes()) + weld));
  EXPECT_EQ(read_osim_joint_text(model, "m.osim", "").name, "hinge");
  try {
    read_osim_joint_text(model, "m.osim", "fixed");
    FAIL() << "no error";
  } catch (const OsimError& e) {
    EXPECT_EQ(e.kind(), OsimErrorKind::MissingJoint);
    EXPECT_NE(std::string(e.what()).find("'fixed' is a WeldJoint; import-osim reads CustomJoint, PinJoint and SliderJoint"),
              std::string::npos)
        << e.what();
  }
  try {
    read_osim_joint_text(model, "m.osim", "knee");
    FAIL() << "no error";
  } catch (const OsimError& e) {
    EXPECT_NE(std::string(e.what()).find("found: hinge (CustomJoint), fixed (WeldJoint)"), std::string::npos) << e.what();
  }
}

// a leader joint (coordinate q, range −1..1) and a follower whose coordinate f a CoordinateCouplerConstraint sets
// from q: f = scale · spline(q), the spline through (−1, −0.5), (0, 0), (1, 0.5), i.e. 0.5 q
std::string coupled_model(const std::string& scale = "1", const std::string& independents = "q",
                          const std::string& function = "<SimmSpline><x>-1 0 1</x><y>-0.5 0 0.5</y></SimmSpline>") {
  const std::string follower_coord = "<Coordinate name=\"f\"><default_value>0</default_value><range>-99999.9 99999.9</range>"
                                     "<locked>true</locked></Coordinate>";
  const std::string follower_axes = axis("rotation1", "f", "0 0 1", kLinear) + axis("rotation2", "", "0 1 0", kZero) +
                                    axis("rotation3", "", "1 0 0", kZero) + axis("translation1", "", "1 0 0", kZero) +
                                    axis("translation2", "", "0 1 0", kZero) + axis("translation3", "", "0 0 1", kZero);
  const std::string constraints = "<ConstraintSet name=\"constraintset\"><objects>\n"
                                  "<CoordinateCouplerConstraint name=\"follow\"><isEnforced>true</isEnforced>\n"
                                  "<coupled_coordinates_function>" + function + "</coupled_coordinates_function>\n"
                                  "<independent_coordinate_names>" + independents + "</independent_coordinate_names>"
                                  "<dependent_coordinate_name>f</dependent_coordinate_name>\n"
                                  "<scale_factor>" + scale + "</scale_factor></CoordinateCouplerConstraint>\n</objects></ConstraintSet>\n";
  return doc("40000", jointset(joint4("CustomJoint", "leader", hinge_axes()) + joint4("CustomJoint", "follower", follower_axes, follower_coord)) +
                          constraints);
}

// both joints say how the constraint concerns them
TEST(OsimModelLayouts, CouplerConstraintsAreNoted) {
  const std::string model = coupled_model();
  const OsimCustomJoint follower = read_osim_joint_text(model, "m.osim", "follower");
  ASSERT_EQ(follower.notes.size(), 2u);
  EXPECT_NE(follower.notes[0].find("'f' is locked in the model"), std::string::npos) << follower.notes[0];
  EXPECT_NE(follower.notes[1].find("'f' is the dependent coordinate of CoordinateCouplerConstraint 'follow': a SimmSpline of q"),
            std::string::npos)
      << follower.notes[1];
  const OsimCustomJoint leader = read_osim_joint_text(model, "m.osim", "leader");
  ASSERT_EQ(leader.notes.size(), 1u);
  EXPECT_NE(leader.notes[0].find("'q' drives CoordinateCouplerConstraint 'follow' (dependent coordinate 'f')"), std::string::npos);
  EXPECT_TRUE(leader.couplings.empty());  // q is not set by the constraint
  // opensim 3 writes isDisabled instead of isEnforced
  std::string off = model;
  off.replace(off.find("<isEnforced>true</isEnforced>"), 29, "<isDisabled>true</isDisabled>");
  EXPECT_NE(read_osim_joint_text(off, "m.osim", "leader").notes[0].find("(not enforced)"), std::string::npos);
  EXPECT_TRUE(osim_range_is_unbounded(follower.coordinates[0].min, follower.coordinates[0].max));
  EXPECT_FALSE(osim_range_is_unbounded(-2.1, 10.0));
}

// a coupler between two coordinates of one joint: sampling along the independent coordinate moves it too
// (regression: only the dependent one was set, the independent one stayed at its default)
TEST(OsimModelLayouts, ACouplerInsideOneJointMovesBothCoordinates) {
  OsimCustomJoint joint;
  joint.name = "pair";
  OsimCoordinate a;
  a.name = "a";
  a.default_value = 0.25;
  OsimCoordinate b;
  b.name = "b";
  joint.coordinates = {a, b};
  OsimCoupling c;
  c.constraint = "b_follows_a";
  c.dependent = 1;
  c.independent = a;
  c.independent_found = true;
  c.function = OsimFunction::linear(2.0, 0.0);
  const std::vector<double> q = joint.path_q(1, &c, 0.5);
  ASSERT_EQ(q.size(), 2u);
  EXPECT_EQ(q[0], 0.5);
  EXPECT_EQ(q[1], 1.0);
}

// the follower sampled along the leader's coordinate: f = scale_factor · function(q) (opensim's constraint
// scale·f(q_i) − q_d = 0), with q's range as the model declares it in the other joint
TEST(OsimModelLayouts, ACoupledCoordinateIsSampledThroughItsConstraint) {
  const OsimCustomJoint follower = read_osim_joint_text(coupled_model("3"), "m.osim", "follower");
  ASSERT_EQ(follower.couplings.size(), 1u);
  const OsimCoupling& drive = follower.couplings[0];
  EXPECT_EQ(drive.constraint, "follow");
  EXPECT_EQ(drive.dependent, 0);
  EXPECT_TRUE(drive.independent_found);
  EXPECT_EQ(drive.independent.name, "q");
  EXPECT_EQ(drive.independent.min, -1.0);
  EXPECT_EQ(drive.independent.max, 1.0);
  EXPECT_NEAR(drive.dependent_value(0.8), 1.2, 1e-15);  // 3 · 0.5 · 0.8
  EXPECT_EQ(follower.coupling_of(0), &drive);
  const fit::SampleSet set = sample_osim_path(follower, 0, &drive, -1.0, 1.0, 5, "m.osim");
  ASSERT_EQ(set.size(), 5);
  EXPECT_EQ(set.samples[4].q(0), 1.0);
  expect_se3_near(set.samples[4].parent_T_child, follower.parent_T_child({1.5}), 1e-15);
  expect_se3_near(set.samples[1].parent_T_child, follower.parent_T_child({-0.75}), 1e-15);
  // a constraint of two independent coordinates, or of a function we do not read, is noted but not followed
  const OsimCustomJoint two = read_osim_joint_text(coupled_model("1", "q r"), "m.osim", "follower");
  EXPECT_TRUE(two.couplings.empty());
  EXPECT_EQ(two.notes.size(), 2u);
  const OsimCustomJoint step = read_osim_joint_text(coupled_model("1", "q", "<StepFunction/>"), "m.osim", "follower");
  EXPECT_TRUE(step.couplings.empty());
  EXPECT_EQ(step.notes.size(), 2u);
}

// sampling past a spline's knots (opensim extrapolates along the end tangent) and ranges past ±2π on a
// coordinate that turns the joint are pointed out
TEST(OsimModelLayouts, RangeNotes) {
  const std::string spline = "<MultiplierFunction name=\"function\"><function><SimmSpline><x>-1 0 0.5</x><y>0 0.01 0.02</y></SimmSpline>"
                             "</function><scale>1</scale></MultiplierFunction>";
  const std::string axes = axis("rotation1", "q", "0 0 1", kLinear) + axis("rotation2", "", "0 1 0", kZero) +
                           axis("rotation3", "", "1 0 0", kZero) + axis("translation1", "q", "1 0 0", spline) +
                           axis("translation2", "", "0 1 0", kZero) + axis("translation3", "", "0 0 1", kZero);
  const OsimCustomJoint j = read_osim_joint_text(doc("40000", jointset(joint4("CustomJoint", "j", axes))), "m.osim", "j");
  EXPECT_TRUE(osim_range_notes(j, 0, -1.0, 0.5).empty());
  EXPECT_TRUE(osim_range_notes(j, 0, -1.0000001, 0.5000001).empty());  // rounding in the file, as in a wrist model
  const std::vector<std::string> past = osim_range_notes(j, 0, -1.0, 2.0);
  ASSERT_EQ(past.size(), 1u);
  EXPECT_NE(past[0].find("translation1: the range [-1, 2] of 'q' runs past the spline's knots [-1, 0.5]"), std::string::npos) << past[0];
  const std::vector<std::string> degrees = osim_range_notes(j, 0, -1.0, 120.0);
  ASSERT_EQ(degrees.size(), 2u);
  EXPECT_NE(degrees[1].find("goes past ±2π"), std::string::npos) << degrees[1];
}

}  // namespace
}  // namespace js::interop
