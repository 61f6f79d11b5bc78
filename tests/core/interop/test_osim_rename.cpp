// renaming a coordinate in a whole OpenSim model (core/interop/osim_rename.hpp): the coordinate and every reference
// to it follow (TransformAxis, coupler, actuator, CoordinateLimitForce, 3.x <coordinate>, 4.x socket paths), nothing
// else changes (names that merely contain it, an actuator called like it, comments, a frame path ending in it),
// the renamed model reads back with the project's reader and its joint moves by the renamed coordinate as before;
// a name taken by another coordinate or not valid for OpenSim is one clear message.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <sstream>
#include <string>

#include "core/interop/osim_file.hpp"
#include "core/interop/osim_model.hpp"
#include "core/interop/osim_rename.hpp"
#include "tests/support/test_files.hpp"

namespace js::interop {
namespace {

// every `from` in text replaced by `to`
std::string replaced(std::string text, const std::string& from, const std::string& to) {
  for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size())) text.replace(at, from.size(), to);
  return text;
}

// a two-segment leg: hip (PinJoint, hip_flexion) and knee (CustomJoint: knee_angle turns it, knee_angle_beta slides
// it and follows knee_angle through a coupler), an actuator and a limit force on the knee, a muscle with a
// conditional point (4.x socket and a 3.x style <coordinate>) and a moving point. @K@ marks where the knee's
// coordinate is named; every other byte must survive a rename
const char* kLeg = R"(<?xml version="1.0" encoding="UTF-8" ?>
<OpenSimDocument Version="40000">
	<Model name="leg">
		<Ground name="ground" />
		<gravity>0 -9.8066499999999994 0</gravity>
		<BodySet name="bodyset">
			<objects>
				<Body name="thigh"><mass>7</mass><mass_center>0 -0.2 0</mass_center><inertia>0.1 0.02 0.1 0 0 0</inertia></Body>
				<Body name="shank"><mass>3</mass><mass_center>0 -0.2 0</mass_center><inertia>0.04 0.005 0.04 0 0 0</inertia></Body>
			</objects>
		</BodySet>
		<JointSet name="jointset">
			<objects>
				<PinJoint name="hip">
					<socket_parent_frame>ground_offset</socket_parent_frame>
					<socket_child_frame>thigh_offset</socket_child_frame>
					<coordinates>
						<Coordinate name="hip_flexion"><default_value>0</default_value><range>-1 2</range></Coordinate>
					</coordinates>
					<frames>
						<PhysicalOffsetFrame name="ground_offset"><socket_parent>/ground</socket_parent><translation>0 1 0</translation><orientation>0 0 0</orientation></PhysicalOffsetFrame>
						<PhysicalOffsetFrame name="thigh_offset"><socket_parent>/bodyset/thigh</socket_parent><translation>0 0 0</translation><orientation>0 0 0</orientation></PhysicalOffsetFrame>
					</frames>
				</PinJoint>
				<CustomJoint name="knee">
					<socket_parent_frame>thigh_offset</socket_parent_frame>
					<socket_child_frame>shank_offset</socket_child_frame>
					<coordinates>
						<Coordinate name="@K@">
							<default_value>0.2</default_value>
							<range>-2 0.2</range>
						</Coordinate>
						<Coordinate name="knee_angle_beta"><default_value>0</default_value><range>-1 1</range></Coordinate>
					</coordinates>
					<frames>
						<PhysicalOffsetFrame name="thigh_offset"><socket_parent>/bodyset/thigh</socket_parent><translation>0 -0.4 0</translation><orientation>0 0 0</orientation></PhysicalOffsetFrame>
						<PhysicalOffsetFrame name="shank_offset"><socket_parent>/bodyset/shank</socket_parent><translation>0 0 0</translation><orientation>0 0 0</orientation></PhysicalOffsetFrame>
					</frames>
					<SpatialTransform>
						<TransformAxis name="rotation1"><coordinates>@K@</coordinates><axis>0 0 1</axis><LinearFunction name="function"><coefficients>1 0</coefficients></LinearFunction></TransformAxis>
						<TransformAxis name="rotation2"><coordinates></coordinates><axis>0 1 0</axis><Constant name="function"><value>0</value></Constant></TransformAxis>
						<TransformAxis name="rotation3"><coordinates></coordinates><axis>1 0 0</axis><Constant name="function"><value>0</value></Constant></TransformAxis>
						<TransformAxis name="translation1"><coordinates> knee_angle_beta </coordinates><axis>1 0 0</axis><LinearFunction name="function"><coefficients>0.01 0</coefficients></LinearFunction></TransformAxis>
						<TransformAxis name="translation2"><coordinates></coordinates><axis>0 1 0</axis><Constant name="function"><value>0</value></Constant></TransformAxis>
						<TransformAxis name="translation3"><coordinates></coordinates><axis>0 0 1</axis><Constant name="function"><value>0</value></Constant></TransformAxis>
					</SpatialTransform>
				</CustomJoint>
			</objects>
		</JointSet>
		<ConstraintSet name="constraintset">
			<objects>
				<CoordinateCouplerConstraint name="knee_angle_beta_follows">
					<isEnforced>true</isEnforced>
					<coupled_coordinates_function><LinearFunction><coefficients>0.5 0</coefficients></LinearFunction></coupled_coordinates_function>
					<independent_coordinate_names>@K@</independent_coordinate_names>
					<dependent_coordinate_name>knee_angle_beta</dependent_coordinate_name>
					<scale_factor>1</scale_factor>
				</CoordinateCouplerConstraint>
			</objects>
		</ConstraintSet>
		<ForceSet name="forceset">
			<objects>
				<!-- knee_angle: the reserve actuator is called like its coordinate -->
				<CoordinateActuator name="knee_angle"><coordinate>@K@</coordinate><optimal_force>100</optimal_force></CoordinateActuator>
				<CoordinateLimitForce name="knee_limit"><coordinate>@K@</coordinate><upper_stiffness>20</upper_stiffness><upper_limit>10</upper_limit></CoordinateLimitForce>
				<Thelen2003Muscle name="vasti">
					<GeometryPath name="path">
						<PathPointSet><objects>
							<PathPoint name="vasti-P1"><socket_parent_frame>/bodyset/thigh</socket_parent_frame><location>0.03 -0.2 0.02</location></PathPoint>
							<ConditionalPathPoint name="vasti-P2"><socket_parent_frame>/bodyset/thigh</socket_parent_frame><location>0.03 -0.38 0</location><socket_coordinate>/jointset/knee/@K@</socket_coordinate><range>-2 -1.4</range></ConditionalPathPoint>
							<ConditionalPathPoint name="vasti-P3"><socket_parent_frame>/bodyset/knee_angle</socket_parent_frame><location>0.03 -0.39 0</location><coordinate>@K@</coordinate><range>-2 -1.5</range></ConditionalPathPoint>
							<MovingPathPoint name="vasti-P4"><socket_parent_frame>/bodyset/shank</socket_parent_frame><socket_x_coordinate>/jointset/knee/@K@</socket_x_coordinate><socket_y_coordinate>../knee/@K@</socket_y_coordinate><socket_z_coordinate>/jointset/hip/knee_angle</socket_z_coordinate></MovingPathPoint>
						</objects></PathPointSet>
					</GeometryPath>
					<max_isometric_force>5000</max_isometric_force>
				</Thelen2003Muscle>
			</objects>
		</ForceSet>
		<!-- regression: a controller and free text that name the actuator called like the coordinate were renamed -->
		<ControllerSet name="controllerset">
			<objects>
				<PrescribedController name="knee_drive"><actuator_list>knee_angle</actuator_list></PrescribedController>
			</objects>
		</ControllerSet>
		<credits>knee_angle reserve by the lab</credits>
	</Model>
</OpenSimDocument>
)";

std::string leg(const std::string& knee) { return replaced(kLeg, "@K@", knee); }

const OsimModelJoint& joint_named(const OsimModel& m, const std::string& name) {
  for (const OsimModelJoint& j : m.joints)
    if (j.name == name) return j;
  ADD_FAILURE() << "no joint " << name;
  return m.joints.front();
}

SE3 pose(const JointModel& j, const Eigen::VectorXd& q) {
  JointData d(j.dof());
  j.evaluate(q, d, EvalLevel::Transform);
  return d.G;
}

// the message of the OsimError a rename throws ("" when it does not throw)
std::string rename_error(const std::string& text, const std::vector<OsimCoordinateRename>& renames) {
  try {
    rename_osim_coordinates(text, "leg.osim", renames);
  } catch (const OsimError& e) {
    return e.what();
  }
  return {};
}

TEST(OsimRename, EveryReferenceFollowsAndNothingElseChanges) {
  const std::string before = leg("knee_angle");
  const OsimReplaceResult r = rename_osim_coordinates(before, "leg.osim", {{"knee_angle", "knee_flexion"}});
  // the coordinate, its axis, the coupler, the actuator, the limit force, the 4.x socket paths (absolute and
  // relative to the joint) and the 3.x <coordinate>: exactly the marked places
  EXPECT_EQ(r.text, leg("knee_flexion"));
  ASSERT_EQ(r.coordinates, std::vector<std::string>{"knee_flexion"});
  ASSERT_EQ(r.notes.size(), 1u);
  EXPECT_NE(r.notes[0].find("knee_angle renamed knee_flexion: its <Coordinate> (line 29) and 7 line(s) naming it (lines 40, 55, 64, 65, 70, 71, 72)"), std::string::npos)
      << r.notes[0];
  // read back with the project's reader: the knee turns by knee_flexion as it turned by knee_angle, and the
  // coupler still moves knee_angle_beta from it
  const OsimModel old_model = read_osim_model_text(before, "leg.osim");
  const OsimModel m = read_osim_model_text(r.text, "leg.osim");
  EXPECT_EQ(m.issues.size(), old_model.issues.size());
  EXPECT_GE(m.find_coordinate("knee_flexion"), 0);
  EXPECT_LT(m.find_coordinate("knee_angle"), 0);
  const OsimModelJoint& knee = joint_named(m, "knee");
  ASSERT_TRUE(knee.joint);
  EXPECT_EQ(knee.coordinates, (std::vector<std::string>{"knee_flexion", "knee_angle_beta"}));
  EXPECT_EQ(knee.joint->coordinates()[0].name, "knee_flexion");
  ASSERT_EQ(m.couplers.size(), 1u);
  EXPECT_EQ(m.couplers[0].independents, std::vector<std::string>{"knee_flexion"});
  const OsimModelJoint& old_knee = joint_named(old_model, "knee");
  ASSERT_TRUE(old_knee.joint);
  for (double angle : {-1.9, -0.7, 0.1}) {
    Eigen::VectorXd q = m.default_q, old_q = old_model.default_q;
    q[m.coordinates[static_cast<std::size_t>(m.find_coordinate("knee_flexion"))].model_index] = angle;
    old_q[old_model.coordinates[static_cast<std::size_t>(old_model.find_coordinate("knee_angle"))].model_index] = angle;
    m.apply_couplers(q);
    old_model.apply_couplers(old_q);
    ASSERT_TRUE(q == old_q);
    const Eigen::VectorXd kq = q.segment(m.multibody.body(m.multibody.find_body("shank")).q_index, 2);
    EXPECT_TRUE(pose(*knee.joint, kq).is_approx(pose(*old_knee.joint, kq), 1e-15));
    EXPECT_NEAR(kq[1], 0.5 * angle, 1e-15);  // the coupler, by the new name
    EXPECT_NEAR(pose(*knee.joint, kq).p.x(), 0.01 * 0.5 * angle, 1e-12);
  }
}

TEST(OsimRename, TwoRenamesAtOnceMaySwapNames) {
  const std::string before = leg("knee_angle");
  const OsimReplaceResult r =
      rename_osim_coordinates(before, "leg.osim", {{"knee_angle", "hip_flexion"}, {"hip_flexion", "knee_angle"}, {"knee_angle_beta", "knee_angle_beta"}});
  EXPECT_EQ(r.coordinates, (std::vector<std::string>{"hip_flexion", "knee_angle"}));
  const OsimModel m = read_osim_model_text(r.text, "leg.osim");
  EXPECT_EQ(joint_named(m, "knee").coordinates[0], "hip_flexion");
  EXPECT_EQ(joint_named(m, "hip").coordinates[0], "knee_angle");
  ASSERT_EQ(m.couplers.size(), 1u);
  EXPECT_EQ(m.couplers[0].independents, std::vector<std::string>{"hip_flexion"});
  // the 4.x path names the joint: /jointset/hip/knee_angle was no reference to the knee's coordinate (the file is
  // wrong there), and now it is one to the hip's renamed coordinate; the relative path follows too
  EXPECT_NE(r.text.find("<socket_x_coordinate>/jointset/knee/hip_flexion<"), std::string::npos);
  EXPECT_NE(r.text.find("<socket_y_coordinate>../knee/hip_flexion<"), std::string::npos);
  EXPECT_NE(r.text.find("<socket_z_coordinate>/jointset/hip/knee_angle<"), std::string::npos);
  // nothing renamed: the text as it was
  EXPECT_EQ(rename_osim_coordinates(before, "leg.osim", {}).text, before);
}

TEST(OsimRename, ATakenOrInvalidNameIsOneClearMessage) {
  const std::string text = leg("knee_angle");
  // another coordinate's name, in another joint or the same one
  std::string e = rename_error(text, {{"knee_angle", "hip_flexion"}});
  EXPECT_NE(e.find("leg.osim:29: <Coordinate name='knee_angle'>: cannot be renamed 'hip_flexion': the model has another coordinate "
                   "of that name ('hip_flexion' of joint 'hip', line 18)"), std::string::npos) << e;
  e = rename_error(text, {{"knee_angle_beta", "knee_angle"}});
  EXPECT_NE(e.find("cannot be renamed 'knee_angle': the model has another coordinate of that name ('knee_angle' of joint 'knee'"),
            std::string::npos) << e;
  // names OpenSim would not take
  e = rename_error(text, {{"knee_angle", "knee flexion"}});
  EXPECT_NE(e.find("<Coordinate name='knee_angle'>: cannot be renamed 'knee flexion': a name has no spaces"), std::string::npos) << e;
  e = rename_error(text, {{"knee_angle", "knee/flexion"}});
  EXPECT_NE(e.find("OpenSim's component paths reserve '/'"), std::string::npos) << e;
  e = rename_error(text, {{"knee_angle", ""}});
  EXPECT_NE(e.find("a coordinate needs a name"), std::string::npos) << e;
  e = rename_error(text, {{"knee_angle", "a<b"}});
  EXPECT_NE(e.find("markup"), std::string::npos) << e;
  // a coordinate the model does not have, or one renamed twice
  e = rename_error(text, {{"ankle_angle", "ankle"}});
  EXPECT_NE(e.find("the model has no coordinate 'ankle_angle' to rename"), std::string::npos) << e;
  e = rename_error(text, {{"knee_angle", "a"}, {"knee_angle", "b"}});
  EXPECT_NE(e.find("is renamed twice ('a' and 'b')"), std::string::npos) << e;
  EXPECT_EQ(osim_coordinate_name_problem("knee_flexion_r"), "");
}

// an OpenSim 3 model: the joint inside its child body, coordinates in a CoordinateSet, path points naming the
// coordinate in <coordinate> and <x_coordinate>
TEST(OsimRename, OpenSim3References) {
  const std::string body = R"(<?xml version="1.0" encoding="UTF-8" ?>
<OpenSimDocument Version="30000">
<Model name="hand">
<BodySet><objects>
<Body name="ground"><mass>0</mass><Joint /></Body>
<Body name="hand"><mass>0.5</mass><mass_center>0 -0.05 0</mass_center><inertia_xx>0.001</inertia_xx><inertia_yy>0.001</inertia_yy><inertia_zz>0.001</inertia_zz><Joint>
<CustomJoint name="tilt">
<SpatialTransform>
<TransformAxis name="rotation1"><coordinates>@K@</coordinates><axis>1 0 0</axis>
<function><SimmSpline><x> -0.5 0 0.5</x><y> -0.2 0 0.3</y></SimmSpline></function></TransformAxis>
<TransformAxis name="rotation2"><coordinates></coordinates><axis>0 1 0</axis><function><Constant><value>0</value></Constant></function></TransformAxis>
<TransformAxis name="rotation3"><coordinates></coordinates><axis>0 0 1</axis><function><Constant><value>0</value></Constant></function></TransformAxis>
<TransformAxis name="translation1"><coordinates></coordinates><axis>1 0 0</axis><function><Constant><value>0</value></Constant></function></TransformAxis>
<TransformAxis name="translation2"><coordinates></coordinates><axis>0 1 0</axis><function><Constant><value>0</value></Constant></function></TransformAxis>
<TransformAxis name="translation3"><coordinates></coordinates><axis>0 0 1</axis><function><Constant><value>0.01</value></Constant></function></TransformAxis>
</SpatialTransform>
<parent_body>ground</parent_body>
<location_in_parent> 0.003 -0.02 0</location_in_parent>
<orientation_in_parent> 0 0 0</orientation_in_parent>
<location> 0 0 0</location>
<orientation> 0 0 0</orientation>
<CoordinateSet><objects><Coordinate name="@K@"><motion_type>rotational</motion_type><default_value>0</default_value>
<range>-0.5 0.5</range><clamped>true</clamped><locked>false</locked></Coordinate></objects><groups /></CoordinateSet>
</CustomJoint></Joint></Body>
</objects><groups /></BodySet>
<ForceSet><objects><Thelen2003Muscle name="flexor"><GeometryPath><PathPointSet><objects>
<ConditionalPathPoint name="flexor-P1"><body>hand</body><location>0 0 0</location><coordinate>@K@</coordinate><range>-0.5 0</range></ConditionalPathPoint>
<MovingPathPoint name="flexor-P2"><body>hand</body><x_coordinate>@K@</x_coordinate><y_coordinate>@K@</y_coordinate></MovingPathPoint>
</objects></PathPointSet></GeometryPath></Thelen2003Muscle></objects></ForceSet>
</Model>
</OpenSimDocument>
)";
  const std::string before = replaced(body, "@K@", "dev");
  const OsimReplaceResult r = rename_osim_coordinates(before, "hand.osim", {{"dev", "deviation"}});
  EXPECT_EQ(r.text, replaced(body, "@K@", "deviation"));
  ASSERT_EQ(osim_coordinate_names(r.text, "hand.osim").size(), 1u);
  EXPECT_EQ(osim_coordinate_names(r.text, "hand.osim")[0].joint, "tilt");
  const OsimModel m = read_osim_model_text(r.text, "hand.osim");
  const OsimModel old_model = read_osim_model_text(before, "hand.osim");
  const OsimModelJoint& tilt = joint_named(m, "tilt");
  ASSERT_TRUE(tilt.joint);
  EXPECT_EQ(tilt.joint->coordinates()[0].name, "deviation");
  Eigen::VectorXd q(1);
  q[0] = 0.25;
  EXPECT_TRUE(pose(*tilt.joint, q).is_approx(pose(*joint_named(old_model, "tilt").joint, q), 1e-15));
}

// the shared models: leg6dof9musc's knee_angle_r renamed everywhere (its coupler, the muscles' conditional and
// moving points); Rajagopal's knee_angle_r_beta is another coordinate and keeps its name
TEST(OsimRename, SharedModelsKnee) {
  for (const char* file : {"leg6dof9musc.osim", "Rajagopal2016.osim"}) {
    const std::filesystem::path path = js::test::shared_models() / file;
    if (!std::filesystem::exists(path)) GTEST_SKIP() << "shared data not found (../shared/data/opensim)";
    const std::string before = js::test::slurp(path);
    const OsimReplaceResult r = rename_osim_coordinates(before, path.string(), {{"knee_angle_r", "knee_flexion_r"}});
    for (const char* gone : {">knee_angle_r<", "/knee_angle_r<", "\"knee_angle_r\""})
      EXPECT_EQ(r.text.find(gone), std::string::npos) << file << ": " << gone;
    const OsimModel old_model = read_osim_model_text(before, path.string());
    const OsimModel m = read_osim_model_text(r.text, path.string());
    EXPECT_EQ(m.issues.size(), old_model.issues.size()) << file;
    EXPECT_EQ(m.couplers.size(), old_model.couplers.size()) << file;
    EXPECT_EQ(m.coordinates.size(), old_model.coordinates.size()) << file;
    EXPECT_GE(m.find_coordinate("knee_flexion_r"), 0) << file;
    // each changed line was a line naming knee_angle_r, with that name changed and nothing else
    std::istringstream a(before), b(r.text);
    std::string la, lb;
    int changed = 0;
    while (std::getline(a, la) && std::getline(b, lb)) {
      if (la == lb) continue;
      ++changed;
      EXPECT_EQ(replaced(la, "knee_angle_r", "knee_flexion_r"), lb) << file;
    }
    EXPECT_EQ(changed, std::string(file) == "leg6dof9musc.osim" ? 14 : 7) << file << "\n" << r.notes[0];
    if (std::string(file) == "Rajagopal2016.osim") {
      EXPECT_GE(m.find_coordinate("knee_angle_r_beta"), 0);
      EXPECT_NE(r.text.find("<independent_coordinate_names>knee_flexion_r</independent_coordinate_names>"), std::string::npos);
      EXPECT_NE(r.text.find("<dependent_coordinate_name>knee_angle_r_beta</dependent_coordinate_name>"), std::string::npos);
    }
  }
}

}  // namespace
}  // namespace js::interop
