// a joint's coordinates as people read them (ui/document/coordinate_units, ui/joint/coordinate_edit): rotation or
// translation from the joint itself, units in text both ways, edits validated and undoable, settings saved in the
// project.
#include <gtest/gtest.h>

#include <numbers>

#include "ui/document/operations.hpp"
#include "ui/document/project_file.hpp"
#include "ui/joint/coordinate_edit.hpp"
#include "ui/joint/joint_operations.hpp"
#include "ui/document/coordinate_units.hpp"
#include "ui/document/joint_model.hpp"

using namespace js;
using namespace js::ui;

namespace {

constexpr double kUnitsDeg = kPi / 180.0;

// a parent and a child joined by `kind` (a lower pair gets its model at once)
struct UnitsDoc {
  Document doc;
  JointId joint = 0;
  explicit UnitsDoc(const char* kind) {
    Body a, b;
    a.name = QStringLiteral("a");
    b.name = QStringLiteral("b");
    b.pose = SE3::translation(Vec3(0, -0.3, 0));
    const BodyId pa = add_body(doc, a).value, pb = add_body(doc, b).value;
    JointKind k{};
    EXPECT_TRUE(joint_kind_from_name(kind, k)) << kind;
    joint = add_joint(doc, pa, pb, k).value;
  }
  const Joint& j() const { return *doc.data().joint(joint); }
};

}  // namespace

TEST(CoordinateUnits, RotationOrTranslationFromTheJoint) {
  UnitsDoc hinge("revolute"), slide("prismatic"), cyl("cylindrical");
  EXPECT_FALSE(coordinate_translational(hinge.j(), 0));
  EXPECT_TRUE(coordinate_translational(slide.j(), 0));
  // a cylindrical joint turns about and slides along its axis
  EXPECT_NE(coordinate_translational(cyl.j(), 0), coordinate_translational(cyl.j(), 1));
  // a spline not fitted yet whose samples only slide is a translation; one that turns, a rotation
  UnitsDoc spline("spline_curve");
  EXPECT_FALSE(coordinate_translational(spline.j(), 0));
  Joint sliding = spline.j();
  for (int k = 0; k < 3; ++k) sliding.samples.push_back({Eigen::VectorXd::Constant(1, k), SE3::translation(Vec3(0.01 * k, 0, 0)), -1.0});
  EXPECT_TRUE(coordinate_translational(sliding, 0));
  Joint turning = sliding;
  turning.samples.back().parent_T_child.R = Eigen::AngleAxisd(0.3, Vec3::UnitZ()).toRotationMatrix();
  EXPECT_FALSE(coordinate_translational(turning, 0));
}

// the one value parser the q field and the coordinate editor's cells share
TEST(CoordinateUnits, OneValueInItsUnitOrItsOwn) {
  double si = -1.0;
  ASSERT_TRUE(parse_coordinate_value(QStringLiteral(" 30 "), CoordinateUnit::degrees, si));
  EXPECT_DOUBLE_EQ(si, 30 * kUnitsDeg);
  ASSERT_TRUE(parse_coordinate_value(QStringLiteral("30deg"), CoordinateUnit::radians, si));
  EXPECT_DOUBLE_EQ(si, 30 * kUnitsDeg);
  ASSERT_TRUE(parse_coordinate_value(QStringLiteral("0.5 rad"), CoordinateUnit::degrees, si));
  EXPECT_DOUBLE_EQ(si, 0.5);
  ASSERT_TRUE(parse_coordinate_value(QStringLiteral("12 mm"), CoordinateUnit::metres, si));
  EXPECT_DOUBLE_EQ(si, 0.012);
  ASSERT_TRUE(parse_coordinate_value(QStringLiteral("-0.25m"), CoordinateUnit::millimetres, si));
  EXPECT_DOUBLE_EQ(si, -0.25);
  si = 7.0;
  EXPECT_FALSE(parse_coordinate_value(QStringLiteral("12 mm"), CoordinateUnit::degrees, si));  // a length for an angle
  EXPECT_FALSE(parse_coordinate_value(QStringLiteral("5°"), CoordinateUnit::millimetres, si));
  EXPECT_FALSE(parse_coordinate_value(QStringLiteral("five"), CoordinateUnit::degrees, si));
  EXPECT_FALSE(parse_coordinate_value(QStringLiteral(""), CoordinateUnit::degrees, si));
  EXPECT_FALSE(parse_coordinate_value(QStringLiteral("inf"), CoordinateUnit::radians, si));
  EXPECT_DOUBLE_EQ(si, 7.0);  // a failed read leaves the value alone
}

TEST(CoordinateUnits, TextBothWays) {
  UnitsDoc slide("prismatic"), hinge("revolute");
  Joint s = slide.j();
  s.millimetres = {true};
  Eigen::VectorXd q;
  ASSERT_TRUE(parse_joint_q(QStringLiteral("12"), s, q));
  EXPECT_DOUBLE_EQ(q[0], 0.012);
  ASSERT_TRUE(parse_joint_q(QStringLiteral("12 mm"), s, q));
  EXPECT_DOUBLE_EQ(q[0], 0.012);
  ASSERT_TRUE(parse_joint_q(QStringLiteral("0.5m"), s, q));
  EXPECT_DOUBLE_EQ(q[0], 0.5);
  EXPECT_FALSE(parse_joint_q(QStringLiteral("12°"), s, q));  // an angle for a slide is a mistake
  EXPECT_EQ(joint_q_text(s, Eigen::VectorXd::Constant(1, 0.0125)), QStringLiteral("12.5 mm"));
  EXPECT_EQ(coordinate_value_text(s, 0, 0.0125), QStringLiteral("12.5 mm"));
  Joint h = hinge.j();
  h.degrees = {true};
  ASSERT_TRUE(parse_joint_q(QStringLiteral("30"), h, q));
  EXPECT_DOUBLE_EQ(q[0], 30 * kUnitsDeg);
  ASSERT_TRUE(parse_joint_q(QStringLiteral("0.5 rad"), h, q));
  EXPECT_DOUBLE_EQ(q[0], 0.5);
  EXPECT_FALSE(parse_joint_q(QStringLiteral("5 mm"), h, q));
  EXPECT_FALSE(parse_joint_q(QStringLiteral("5, 6"), h, q));
  EXPECT_EQ(joint_q_text(h, Eigen::VectorXd::Constant(1, 60 * kUnitsDeg)), QStringLiteral("60°"));
  // radians and metres print as stored, as before units could be chosen
  h.degrees = {false};
  EXPECT_EQ(joint_q_text(h, Eigen::VectorXd::Constant(1, 0.5)), QStringLiteral("0.5"));
  EXPECT_EQ(coordinate_range_text(h, 0), QStringLiteral("unbounded"));
}

TEST(CoordinateUnits, EditsAreCheckedAndUndoable) {
  UnitsDoc u("universal");
  const int steps = u.doc.undo_stack()->count();
  CoordinateEdit e = coordinate_edit_of(u.j(), 0);
  EXPECT_EQ(e.unit, CoordinateUnit::radians);
  e.name = QStringLiteral("flexion.x");
  EXPECT_FALSE(edit_coordinate(u.doc, u.joint, 0, e).ok());
  e.name = coordinate_name(u.j(), 1);  // taken by the other coordinate
  EXPECT_NE(edit_coordinate(u.doc, u.joint, 0, e).error.indexOf(QStringLiteral("already has")), -1);
  e.name = QStringLiteral("flexion");
  e.unit = CoordinateUnit::millimetres;  // a rotation
  EXPECT_FALSE(edit_coordinate(u.doc, u.joint, 0, e).ok());
  e.unit = CoordinateUnit::degrees;
  e.min = 0.5;
  e.max = 0.2;
  EXPECT_NE(edit_coordinate(u.doc, u.joint, 0, e).error.indexOf(QStringLiteral("min < max")), -1);
  e.max = 1.0;
  e.default_value = 2.0;
  EXPECT_NE(edit_coordinate(u.doc, u.joint, 0, e).error.indexOf(QStringLiteral("outside")), -1);
  EXPECT_EQ(u.doc.undo_stack()->count(), steps);
  e.default_value = 0.6;
  ASSERT_TRUE(edit_coordinate(u.doc, u.joint, 0, e).ok());
  EXPECT_EQ(u.doc.undo_stack()->count(), steps + 1);
  EXPECT_EQ(coordinate_edit_of(u.j(), 0), e);
  // q = 0 was outside the new range: clamped, the child at G(q)
  EXPECT_DOUBLE_EQ(u.j().q[0], 0.5);
  EXPECT_TRUE(u.doc.data().body(u.j().child)->pose.is_approx(joint_transform(*u.j().model, u.j().q), 1e-12));
  EXPECT_DOUBLE_EQ(joint_default_q(u.j())[0], 0.6);
  EXPECT_EQ(joint_default_q(u.j())[1], 0.0);
  // the same values again is no step
  EXPECT_TRUE(edit_coordinate(u.doc, u.joint, 0, e).ok());
  EXPECT_EQ(u.doc.undo_stack()->count(), steps + 1);
  u.doc.undo_stack()->undo();
  EXPECT_NE(coordinate_name(u.j(), 0), QStringLiteral("flexion"));
  EXPECT_DOUBLE_EQ(u.j().q[0], 0.0);
  EXPECT_TRUE(u.j().degrees.empty());
  // a kind of another dof: the settings describe coordinates that are gone
  u.doc.undo_stack()->redo();
  ASSERT_TRUE(set_joint_kind(u.doc, u.joint, js::JointKind::Revolute).ok());
  EXPECT_TRUE(u.j().user_coordinates.empty());
  EXPECT_EQ(u.j().default_q.size(), 0);
  // reset goes to the default
  UnitsDoc h("revolute");
  CoordinateEdit d = coordinate_edit_of(h.j(), 0);
  d.default_value = 0.25;
  ASSERT_TRUE(edit_coordinate(h.doc, h.joint, 0, d).ok());
  ASSERT_TRUE(reset_joint_q(h.doc, h.joint).ok());
  EXPECT_DOUBLE_EQ(h.j().q[0], 0.25);
}

TEST(CoordinateUnits, ProjectKeepsThemAndNamesBadKeys) {
  UnitsDoc slide("prismatic");
  CoordinateEdit e = coordinate_edit_of(slide.j(), 0);
  e.name = QStringLiteral("drawer");
  e.unit = CoordinateUnit::millimetres;
  e.min = -0.01;
  e.max = 0.2;
  e.default_value = 0.05;
  ASSERT_TRUE(edit_coordinate(slide.doc, slide.joint, 0, e).ok());
  nlohmann::json j = project_to_json(slide.doc.data(), {});
  const DocumentData back = project_from_json(j, {});
  EXPECT_EQ(coordinate_edit_of(back.joints.front(), 0), e);
  EXPECT_EQ(back.joints.front().millimetres, std::vector<bool>{true});
  j["joints"][0]["millimetres"] = {1};
  EXPECT_THROW(project_from_json(j, {}), std::runtime_error);
  j["joints"][0].erase("millimetres");
  j["joints"][0]["user_coordinates"][0]["min"] = 1.0;  // above max
  try {
    project_from_json(j, {});
    FAIL() << "a min above max was read";
  } catch (const std::runtime_error& ex) {
    EXPECT_NE(std::string(ex.what()).find("/joints/0/user_coordinates/0"), std::string::npos) << ex.what();
  }
}

// issue 17: what q past the range does, chosen per joint (coordinate_edit.hpp set_out_of_range): one undo step, the
// child following, refused with core's reason where the joint cannot take it, kept in the project and by a range edit
TEST(CoordinateUnits, OutOfRangeIsChosenCheckedAndSaved) {
  UnitsDoc slide("prismatic");
  // unbounded: nothing to clamp to, and a slide never comes back to wrap
  EXPECT_NE(set_out_of_range(slide.doc, slide.joint, OutOfRange::Clamp).error.indexOf(QStringLiteral("no coordinate has a bound")),
            -1);
  CoordinateEdit e = coordinate_edit_of(slide.j(), 0);
  e.min = -0.01;
  e.max = 0.2;
  ASSERT_TRUE(edit_coordinate(slide.doc, slide.joint, 0, e).ok());
  const QString wrap = set_out_of_range(slide.doc, slide.joint, OutOfRange::Wrap).error;
  EXPECT_NE(wrap.indexOf(QStringLiteral("ends do not meet")), -1) << wrap.toStdString();
  const int steps = slide.doc.undo_stack()->count();
  Eigen::VectorXd q(1);
  q[0] = 0.5;  // past max
  ASSERT_TRUE(set_joint_q(slide.doc, slide.joint, q).ok());
  const SE3 past = slide.doc.data().body(slide.j().child)->pose;
  ASSERT_TRUE(set_out_of_range(slide.doc, slide.joint, OutOfRange::Clamp).ok());
  EXPECT_EQ(slide.doc.undo_stack()->count(), steps + 2);
  EXPECT_EQ(slide.j().model->range_policy(), RangePolicy::Clamp);
  EXPECT_EQ(slide.doc.undo_stack()->undoText(), QStringLiteral("Clamp past the range of %1").arg(slide.j().name));
  // the child stops at the end: where q = max puts it
  Eigen::VectorXd at_max(1);
  at_max[0] = 0.2;
  EXPECT_TRUE(slide.doc.data().body(slide.j().child)->pose.is_approx(joint_transform(*slide.j().model, at_max), 1e-12));
  EXPECT_FALSE(slide.doc.data().body(slide.j().child)->pose.is_approx(past, 1e-6));
  // the same choice again is no step
  EXPECT_TRUE(set_out_of_range(slide.doc, slide.joint, OutOfRange::Clamp).ok());
  EXPECT_EQ(slide.doc.undo_stack()->count(), steps + 2);
  // saved with the model
  const DocumentData back = project_from_json(project_to_json(slide.doc.data(), {}), {});
  EXPECT_EQ(back.joints.front().model->out_of_range(), OutOfRange::Clamp);
  slide.doc.undo_stack()->undo();
  EXPECT_EQ(slide.j().model->out_of_range(), OutOfRange::Extrapolate);
  EXPECT_TRUE(slide.doc.data().body(slide.j().child)->pose.is_approx(past, 1e-12));

  // a revolute over a full turn wraps; a range that no longer comes back is refused while it wraps
  UnitsDoc hinge("revolute");
  CoordinateEdit h = coordinate_edit_of(hinge.j(), 0);
  h.min = -kPi;
  h.max = kPi;
  ASSERT_TRUE(edit_coordinate(hinge.doc, hinge.joint, 0, h).ok());
  ASSERT_TRUE(set_out_of_range(hinge.doc, hinge.joint, OutOfRange::Wrap).ok());
  h.max = kPi / 2;
  const QString narrowed = edit_coordinate(hinge.doc, hinge.joint, 0, h).error;
  EXPECT_NE(narrowed.indexOf(QStringLiteral("set to wrap")), -1) << narrowed.toStdString();
  EXPECT_EQ(hinge.j().model->coordinates()[0].max, kPi);
  // clamped, the same range edit goes through and the choice stays
  ASSERT_TRUE(set_out_of_range(hinge.doc, hinge.joint, OutOfRange::Clamp).ok());
  ASSERT_TRUE(edit_coordinate(hinge.doc, hinge.joint, 0, h).ok());
  EXPECT_EQ(hinge.j().model->out_of_range(), OutOfRange::Clamp);
}
