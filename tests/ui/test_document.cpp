// document operations and undo/redo, without any window.
#include <gtest/gtest.h>

#include "ui/demo/demo_project.hpp"
#include "ui/document/commands.hpp"
#include "ui/document/operations.hpp"

using namespace js;
using namespace js::ui;

namespace {

Body make_body(const char* name, const Vec3& at) {
  Body b;
  b.name = QString::fromLatin1(name);
  b.pose = SE3::translation(at);
  return b;
}

}  // namespace

// a femur with a tibia joined to it (gtest fixtures cannot live in an anonymous namespace in a unity build)
struct TwoBodies : ::testing::Test {
  Document doc;
  BodyId femur = 0, tibia = 0;
  JointId knee = 0;
  void SetUp() override {
    femur = add_body(doc, make_body("femur", Vec3(0, 0.5, 0))).value;
    tibia = add_body(doc, make_body("tibia", Vec3(0, 0.1, 0.02))).value;
    knee = add_joint(doc, femur, tibia, js::JointKind::SplineCurve).value;
  }
};

TEST_F(TwoBodies, AddJointKeepsChildInPlace) {
  ASSERT_NE(knee, 0);
  const DocumentData& d = doc.data();
  EXPECT_TRUE(d.world_T_body(tibia).is_approx(SE3::translation(Vec3(0, 0.1, 0.02)), 1e-12));
  // the stored pose is now relative to the femur
  EXPECT_TRUE(d.body(tibia)->pose.is_approx(SE3::translation(Vec3(0, -0.4, 0.02)), 1e-12));
  EXPECT_EQ(doc.undo_stack()->count(), 3);
}

TEST_F(TwoBodies, RejectsBadJoints) {
  EXPECT_FALSE(add_joint(doc, femur, femur, js::JointKind::Revolute).ok());
  EXPECT_FALSE(add_joint(doc, tibia, femur, js::JointKind::Revolute).ok());  // loop
  const BodyId patella = add_body(doc, make_body("patella", Vec3::Zero())).value;
  EXPECT_FALSE(add_joint(doc, patella, tibia, js::JointKind::Revolute).ok());  // tibia has a parent
  // a kind the core knows but the app does not create: the message names it and what the app offers
  const auto r = add_joint(doc, femur, patella, js::JointKind::Helical);
  EXPECT_FALSE(r.ok());
  EXPECT_TRUE(r.error.contains(QStringLiteral("helical"))) << r.error.toStdString();
  EXPECT_TRUE(r.error.contains(QStringLiteral("spline_curve"))) << r.error.toStdString();
}

TEST_F(TwoBodies, GizmoDragIsOneUndoStep) {
  const int before = doc.undo_stack()->count();
  const SE3 start = doc.data().body(tibia)->pose;
  const int key = doc.next_merge_key();
  for (int i = 1; i <= 20; ++i) set_body_pose(doc, tibia, SE3::translation(start.p + Vec3(0.001 * i, 0, 0)), key);
  EXPECT_EQ(doc.undo_stack()->count(), before + 1);
  EXPECT_NEAR(doc.data().body(tibia)->pose.p.x(), 0.02, 1e-12);
  doc.undo_stack()->undo();
  EXPECT_TRUE(doc.data().body(tibia)->pose.is_approx(start));
  doc.undo_stack()->redo();
  EXPECT_NEAR(doc.data().body(tibia)->pose.p.x(), 0.02, 1e-12);
  // a second drag is a second step
  const int key2 = doc.next_merge_key();
  set_body_pose(doc, tibia, start, key2);
  EXPECT_EQ(doc.undo_stack()->count(), before + 2);
}

// a drag that comes back to where it started is no undo step (its merged command marks itself obsolete); one
// that then moves on is one step again, whose undo goes back to the start
TEST_F(TwoBodies, GizmoDragBackToItsStartLeavesNoUndoStep) {
  doc.mark_saved(QStringLiteral("/tmp/x.jsproj"));
  const int before = doc.undo_stack()->count();
  const SE3 start = doc.data().body(tibia)->pose;
  const int key = doc.next_merge_key();
  for (int i : {1, 2, 3, 2, 1, 0}) set_body_pose(doc, tibia, SE3::translation(start.p + Vec3(0.001 * i, 0, 0)), key);
  EXPECT_EQ(doc.undo_stack()->count(), before);
  EXPECT_EQ(doc.undo_stack()->index(), before);
  EXPECT_FALSE(doc.is_modified());
  EXPECT_TRUE(doc.data().body(tibia)->pose.p == start.p);
  // the same drag moving on from there: one step
  for (int i : {1, 2}) set_body_pose(doc, tibia, SE3::translation(start.p + Vec3(0.001 * i, 0, 0)), key);
  EXPECT_EQ(doc.undo_stack()->count(), before + 1);
  EXPECT_TRUE(doc.is_modified());
  doc.undo_stack()->undo();
  EXPECT_TRUE(doc.data().body(tibia)->pose.p == start.p);
  EXPECT_FALSE(doc.is_modified());
}

// several joints in one drag (an ik drag's command): merged steps keep every joint any of them moved, with its
// first before and last after; undo puts all of them back; a drag that brings them all back is no step
TEST_F(TwoBodies, SeveralJointsMergeOverEveryJointMovedAndDropWhenAllReturn) {
  const BodyId patella = add_body(doc, make_body("patella", Vec3(0, 0.1, 0.05))).value;
  const JointId kneecap = add_joint(doc, femur, patella, JointKind::Revolute).value;
  const int before = doc.undo_stack()->count();
  const DocumentData start = doc.data();
  auto motion = [&](JointId id, double z) {
    const Joint& j = *doc.data().joint(id);
    JointMotion was{j, *doc.data().body(j.child)};
    JointMotion now = was;
    now.joint.name = QStringLiteral("moved");
    now.child.pose = SE3::translation(Vec3(0, 0, z));
    return std::pair{was, now};
  };
  const int key = doc.next_merge_key();
  auto [k0, k1] = motion(knee, 0.01);
  push_swap(doc, JointMotions{{k0}}, JointMotions{{k1}}, QStringLiteral("IK drag"), key);
  auto [p0, p1] = motion(kneecap, 0.02);
  push_swap(doc, JointMotions{{p0}}, JointMotions{{p1}}, QStringLiteral("IK drag"), key);
  EXPECT_EQ(doc.undo_stack()->count(), before + 1);
  EXPECT_EQ(doc.data().body(tibia)->pose.p.z(), 0.01);
  EXPECT_EQ(doc.data().body(patella)->pose.p.z(), 0.02);
  doc.undo_stack()->undo();
  EXPECT_TRUE(doc.data().body(tibia)->pose.p == start.body(tibia)->pose.p);
  EXPECT_TRUE(doc.data().body(patella)->pose.p == start.body(patella)->pose.p);
  EXPECT_EQ(doc.data().joint(knee)->name, start.joint(knee)->name);
  doc.undo_stack()->redo();
  // a second drag moves the knee on, then brings it back with the kneecap where it is: nothing to undo
  const JointMotion knee_at{*doc.data().joint(knee), *doc.data().body(tibia)};
  const JointMotion cap_at{*doc.data().joint(kneecap), *doc.data().body(patella)};
  JointMotion knee_on = knee_at;
  knee_on.child.pose = SE3::translation(Vec3(0, 0, 0.03));
  const int key2 = doc.next_merge_key();
  push_swap(doc, JointMotions{{knee_at}}, JointMotions{{knee_on}}, QStringLiteral("IK drag"), key2);
  EXPECT_EQ(doc.undo_stack()->count(), before + 2);
  push_swap(doc, JointMotions{{knee_on, cap_at}}, JointMotions{{knee_at, cap_at}}, QStringLiteral("IK drag"), key2);
  EXPECT_EQ(doc.undo_stack()->count(), before + 1);
  EXPECT_EQ(doc.data().body(tibia)->pose.p.z(), 0.01);
}

TEST_F(TwoBodies, FitSettingsScrubBackToItsStartLeavesNoUndoStep) {
  const int before = doc.undo_stack()->count();
  FitSettings f = doc.data().fit;
  const int start = f.frames;
  const int key = doc.next_merge_key();
  for (int n : {start + 1, start + 2, start + 1, start}) {
    f.frames = n;
    ASSERT_TRUE(set_fit_settings(doc, f, key).ok());
  }
  EXPECT_EQ(doc.undo_stack()->count(), before);
  EXPECT_EQ(doc.data().fit.frames, start);
  SimulationSettings s = doc.data().simulation;
  const double dt = s.dt;
  const int key2 = doc.next_merge_key();
  for (double step : {2 * dt, 3 * dt, dt}) {
    s.dt = step;
    ASSERT_TRUE(set_simulation_settings(doc, s, key2).ok());
  }
  EXPECT_EQ(doc.undo_stack()->count(), before);
  EXPECT_EQ(doc.data().simulation.dt, dt);
}

TEST_F(TwoBodies, CaptureAssignsIncreasingQAndUndoes) {
  for (int i = 0; i < 3; ++i) {
    set_body_pose(doc, tibia, SE3::translation(Vec3(0, -0.4, 0.01 * i)));
    const auto r = capture_sample(doc, knee);
    ASSERT_TRUE(r.ok()) << r.error.toStdString();
    EXPECT_EQ(r.value, i);
  }
  const Joint& j = *doc.data().joint(knee);
  ASSERT_EQ(j.samples.size(), 3u);
  // not fitted yet: q steps by the motion between poses (here a pure 10 mm slide: metres), not by index
  EXPECT_DOUBLE_EQ(j.samples[0].q[0], 0.0);
  EXPECT_NEAR(j.samples[2].q[0], 0.02, 1e-12);
  EXPECT_NEAR(j.samples[2].parent_T_child.p.z(), 0.02, 1e-12);
  // typed q
  ASSERT_TRUE(capture_sample(doc, knee, Eigen::VectorXd::Constant(1, 0.75)).ok());
  EXPECT_DOUBLE_EQ(doc.data().joint(knee)->samples.back().q[0], 0.75);
  EXPECT_FALSE(capture_sample(doc, knee, Eigen::VectorXd::Zero(2)).ok());  // wrong dof
  doc.undo_stack()->undo();
  EXPECT_EQ(doc.data().joint(knee)->samples.size(), 3u);
  doc.undo_stack()->redo();
  EXPECT_EQ(doc.data().joint(knee)->samples.size(), 4u);
}

TEST_F(TwoBodies, EditDeleteReorderSamples) {
  for (int i = 0; i < 4; ++i) capture_sample(doc, knee);
  ASSERT_TRUE(set_sample_q(doc, knee, 1, Eigen::VectorXd::Constant(1, 9.0)).ok());
  EXPECT_DOUBLE_EQ(doc.data().joint(knee)->samples[1].q[0], 9.0);
  ASSERT_TRUE(move_sample(doc, knee, 1, 3).ok());
  EXPECT_DOUBLE_EQ(doc.data().joint(knee)->samples[3].q[0], 9.0);
  ASSERT_TRUE(remove_samples(doc, knee, {0, 3, 3}).ok());
  const auto& s = doc.data().joint(knee)->samples;
  ASSERT_EQ(s.size(), 2u);
  EXPECT_DOUBLE_EQ(s[0].q[0], 2.0);
  EXPECT_DOUBLE_EQ(s[1].q[0], 3.0);
  EXPECT_FALSE(remove_samples(doc, knee, {7}).ok());
  for (int i = 0; i < 3; ++i) doc.undo_stack()->undo();
  EXPECT_EQ(doc.data().joint(knee)->samples.size(), 4u);
  EXPECT_DOUBLE_EQ(doc.data().joint(knee)->samples[1].q[0], 1.0);
}

TEST_F(TwoBodies, RemoveBodyDetachesAndUndoRestores) {
  capture_sample(doc, knee);
  doc.set_selection(Selection{tibia, knee, 0});
  ASSERT_TRUE(remove_body(doc, femur).ok());
  EXPECT_EQ(doc.data().joints.size(), 0u);
  // the tibia stays where it was in the world
  EXPECT_TRUE(doc.data().world_T_body(tibia).is_approx(SE3::translation(Vec3(0, 0.1, 0.02)), 1e-12));
  // the selection no longer names the joint
  EXPECT_EQ(doc.selection().joint, 0);
  EXPECT_EQ(doc.selection().sample, -1);
  doc.undo_stack()->undo();
  EXPECT_EQ(doc.data().joints.size(), 1u);
  EXPECT_EQ(doc.data().joint(knee)->samples.size(), 1u);
}

TEST_F(TwoBodies, DeleteSelectionPrefersSampleThenBody) {
  capture_sample(doc, knee);
  doc.set_selection(Selection{0, knee, 0});
  ASSERT_TRUE(delete_selection(doc).ok());
  EXPECT_TRUE(doc.data().joint(knee)->samples.empty());
  doc.set_selection(Selection{tibia, knee, -1});
  ASSERT_TRUE(delete_selection(doc).ok());
  EXPECT_EQ(doc.data().body(tibia), nullptr);
  doc.set_selection({});
  EXPECT_FALSE(delete_selection(doc).ok());
}

TEST_F(TwoBodies, KindChangeResizesQ) {
  capture_sample(doc, knee, Eigen::VectorXd::Constant(1, 0.5));
  ASSERT_TRUE(set_joint_kind(doc, knee, js::JointKind::SplineSurface).ok());
  const auto& q = doc.data().joint(knee)->samples[0].q;
  ASSERT_EQ(q.size(), 2);
  EXPECT_DOUBLE_EQ(q[0], 0.5);
  EXPECT_DOUBLE_EQ(q[1], 0.0);
  doc.undo_stack()->undo();
  EXPECT_EQ(doc.data().joint(knee)->samples[0].q.size(), 1);
}

TEST_F(TwoBodies, FitSettingsValidatedAndMerged) {
  FitSettings f = doc.data().fit;
  f.frames = 1;
  EXPECT_FALSE(set_fit_settings(doc, f).ok());
  const int before = doc.undo_stack()->count();
  const int key = doc.next_merge_key();
  for (int n = 9; n <= 12; ++n) {
    f.frames = n;
    ASSERT_TRUE(set_fit_settings(doc, f, key).ok());
  }
  EXPECT_EQ(doc.undo_stack()->count(), before + 1);
  EXPECT_EQ(doc.data().fit.frames, 12);
}

// regression: the fit order once meant degree (3 = cubic) while core/spline uses order k (4 = cubic)
TEST_F(TwoBodies, FitOrderIsTheCoreBSplineOrder) {
  EXPECT_EQ(doc.data().fit.order, 4);
  FitSettings f = doc.data().fit;
  f.order = 1;
  EXPECT_FALSE(set_fit_settings(doc, f).ok());
  f.order = 8;
  EXPECT_TRUE(set_fit_settings(doc, f).ok());
}

TEST_F(TwoBodies, CleanStateFollowsUndo) {
  doc.mark_saved(QStringLiteral("/tmp/x.jsproj"));
  EXPECT_FALSE(doc.is_modified());
  set_body_pose(doc, tibia, SE3::identity());
  EXPECT_TRUE(doc.is_modified());
  doc.undo_stack()->undo();
  EXPECT_FALSE(doc.is_modified());
}

TEST(Demo, SamplesSpanKneeFlexion) {
  const DocumentData d = make_demo_project();
  ASSERT_EQ(d.joints.size(), 1u);
  const Joint& knee = d.joints.front();
  ASSERT_EQ(knee.samples.size(), 12u);
  EXPECT_NEAR(knee.samples.front().q[0], 0.0, 1e-12);
  EXPECT_NEAR(knee.samples.back().q[0], 120.0 * kPi / 180.0, 1e-12);
  // the tibia's shaft axis (−y) swings from straight down to behind and up as the knee flexes
  const Vec3 down0 = knee.samples.front().parent_T_child.R * Vec3(0, -1, 0);
  const Vec3 down1 = knee.samples.back().parent_T_child.R * Vec3(0, -1, 0);
  EXPECT_LT(down0.y(), -0.99);
  EXPECT_LT(down1.z(), -0.8);
  EXPECT_GT(std::acos(down0.dot(down1)) * 180.0 / kPi, 115.0);
}
