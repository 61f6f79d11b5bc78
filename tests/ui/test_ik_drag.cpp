// ik mode without a window (ui/joint/ik_drag.hpp): a dragged point follows its target, one drag is one
// undo step over every joint it moved; and a sample drag refits the joint live only when its fit is fast
// enough (ui/joint/live_refit.hpp), the move and the refits being one undo step too. the four-bar's loop
// stays closed under an ik drag of its coupler (measured on the document's body poses).
#include <gtest/gtest.h>

#include <numbers>

#include "ui/demo/demo_project.hpp"
#include "ui/export/scene_import.hpp"
#include "ui/joint/ik_drag.hpp"
#include "ui/document/joint_model.hpp"
#include "ui/joint/live_refit.hpp"
#include "tests/ui/four_bar_gap.hpp"

using namespace js::ui;
using js::kPi;
using js::SE3;
using js::Vec3;

TEST(IkDrag, TheGrabbedPointFollowsItsTargetAsOneUndoStep) {
  Document doc;
  doc.reset(make_demo_project(), {});
  const Joint knee = doc.data().joints.front();
  const Vec3 local(0.0, -0.3, 0.0);  // near the ankle, tibia frame
  const Vec3 grab = doc.data().world_T_body(knee.child).act(local);
  // a target the knee can reach: where that point is at 70° of flexion
  const Eigen::VectorXd q70 = Eigen::VectorXd::Constant(1, 70.0 * kPi / 180.0);
  const Vec3 target = doc.data().world_T_body(knee.parent).act(joint_transform(*knee.model, q70).act(local));
  IkDrag drag;
  QString error;
  ASSERT_TRUE(drag.begin(doc, knee.child, grab, error)) << error.toStdString();
  const int steps = doc.undo_stack()->count();
  // the mouse moves in small steps toward the target, as a drag does
  js::IkReport last;
  for (int i = 1; i <= 10; ++i) last = drag.move_to(doc, grab + (target - grab) * (i / 10.0));
  EXPECT_LT(last.residual, 1e-6);
  EXPECT_NEAR(doc.data().joint(knee.id)->q[0], q70[0], 1e-5);
  EXPECT_LT((drag.grabbed_point(doc.data()) - target).norm(), 1e-6);
  drag.end();
  EXPECT_EQ(doc.undo_stack()->count(), steps + 1);
  const SE3 child_before = make_demo_project().body(knee.child)->pose;
  doc.undo_stack()->undo();
  EXPECT_EQ(doc.data().joint(knee.id)->q, knee.q);
  EXPECT_TRUE(doc.data().body(knee.child)->pose.is_approx(child_before, 0.0));
}

TEST(IkDrag, ADragMovesEveryJointAboveTheBodyInOneStep) {
  SceneLoad load = load_scene(QStringLiteral(JS_SOURCE_DIR "/resources/scenes/leg.json"));
  ASSERT_TRUE(load.data) << load.error.toStdString();
  Document doc;
  doc.reset(*load.data, {});
  const DocumentData before = doc.data();
  const js::ui::Body* foot = nullptr;
  for (const js::ui::Body& b : before.bodies)
    if (b.name == QStringLiteral("foot")) foot = &b;
  ASSERT_TRUE(foot);
  const Vec3 grab = before.world_T_body(foot->id).act(Vec3(0.0, -0.12, -0.08));
  IkDrag drag;
  QString error;
  ASSERT_TRUE(drag.begin(doc, foot->id, grab, error)) << error.toStdString();
  // a few centimetres in the leg's plane of motion (all three joints turn about x)
  for (int i = 1; i <= 5; ++i) drag.move_to(doc, grab + Vec3(0.0, 0.01 * i, 0.01 * i));
  int moved = 0;
  for (const Joint& j : doc.data().joints)
    if (j.q != before.joint(j.id)->q) ++moved;
  EXPECT_GE(moved, 2);
  EXPECT_LT((drag.grabbed_point(doc.data()) - (grab + Vec3(0.0, 0.05, 0.05))).norm(), 1e-5);
  doc.undo_stack()->undo();
  for (const Joint& j : doc.data().joints) EXPECT_EQ(j.q, before.joint(j.id)->q) << j.name.toStdString();
  // a body that hangs from no joint cannot be dragged
  EXPECT_FALSE(drag.begin(doc, before.bodies.front().id, grab, error));
  EXPECT_FALSE(error.isEmpty());
}

// the four-bar opened from its scene file: the coupler is dragged along a chord of its coupler curve (the
// intermediate targets lie off the curve, so they are unreachable) to a point on the curve. the loop's pin
// stays closed at every move on the document's own poses, the end target is reached, one undo step.
TEST(IkDrag, DraggingTheFourBarsCouplerKeepsTheLoopClosed) {
  SceneLoad load = load_scene(QStringLiteral(JS_SOURCE_DIR "/resources/scenes/four_bar.json"));
  ASSERT_TRUE(load.data) << load.error.toStdString();
  Document doc;
  doc.reset(*load.data, {});
  const DocumentData before = doc.data();
  ASSERT_LT(js::test::four_bar_gap(doc), 1e-9);
  const Joint& coupler = js::test::joint_of(doc, "coupler");
  const Vec3 local(0.175, 0.06, 0.0);  // a coupler point off the coupler's line
  const Vec3 grab = before.world_T_body(coupler.child).act(local);
  // the target: that point with the crank at 1.0 rad (from π/2), closed by circle intersection on the
  // scene's branch (crank 0.1 m, coupler 0.35 m, rocker 0.3 m, ground pins 0.4 m apart)
  const double q1 = 1.0;
  const Eigen::Vector2d a(0.1 * std::cos(q1), 0.1 * std::sin(q1)), pin(0.4, 0.0);
  const double dist = (pin - a).norm(), along = (0.35 * 0.35 - 0.3 * 0.3 + dist * dist) / (2 * dist);
  const Eigen::Vector2d u = (pin - a) / dist;
  const Eigen::Vector2d b = a + along * u + std::sqrt(0.35 * 0.35 - along * along) * Eigen::Vector2d(-u.y(), u.x());
  const double th2 = std::atan2(b.y() - a.y(), b.x() - a.x());
  const Vec3 on_curve(a.x() + std::cos(th2) * local.x() - std::sin(th2) * local.y(),
                      a.y() + std::sin(th2) * local.x() + std::cos(th2) * local.y(), 0.0);
  const js::ui::Body* world = nullptr;
  for (const js::ui::Body& body : before.bodies)
    if (body.frame_only) world = &body;
  ASSERT_TRUE(world);
  const Vec3 target = world->pose.act(on_curve);
  ASSERT_GT((target - grab).norm(), 0.04);
  IkDrag drag;
  QString error;
  ASSERT_TRUE(drag.begin(doc, coupler.child, grab, error)) << error.toStdString();
  const int steps = doc.undo_stack()->count();
  double worst_gap = 0.0;
  js::IkReport last;
  for (int i = 1; i <= 10; ++i) {
    last = drag.move_to(doc, grab + (target - grab) * (i / 10.0));
    worst_gap = std::max(worst_gap, js::test::four_bar_gap(doc));
    EXPECT_LT(last.loop_error, 1e-10) << last.message;
  }
  EXPECT_LT(worst_gap, 1e-10);
  EXPECT_LT(last.residual, 1e-6) << last.message;
  EXPECT_LT((drag.grabbed_point(doc.data()) - target).norm(), 1e-6);
  EXPECT_NEAR(js::test::joint_of(doc, "crank").q[0], q1, 1e-4);
  // the drag moved all three joints (a tree solve would have left the rocker where it was)
  for (const Joint& j : doc.data().joints) EXPECT_NE(j.q, before.joint(j.id)->q) << j.name.toStdString();
  drag.end();
  EXPECT_EQ(doc.undo_stack()->count(), steps + 1);
  doc.undo_stack()->undo();
  for (const Joint& j : doc.data().joints) EXPECT_EQ(j.q, before.joint(j.id)->q) << j.name.toStdString();
  std::printf("four-bar coupler drag: largest pin gap over 10 moves %.2e m, end residual %.2e m (%s)\n", worst_gap,
              last.residual, last.message.c_str());
}

TEST(LiveRefit, ASampleDragRefitsOnlyWhenTheFitIsFastEnough) {
  for (const double seconds : {1e-3, 10.0}) {
    DocumentData d = make_demo_project();
    d.joints.front().last_fit.seconds = seconds;
    Document doc;
    doc.reset(d, {});
    const Joint knee = doc.data().joints.front();
    EXPECT_EQ(refits_live(knee), seconds < kLiveRefitSeconds);
    const int key = doc.next_merge_key();
    const SE3 start = knee.samples[5].parent_T_child;
    OpResult<bool> r;
    for (int i = 1; i <= 3; ++i) {
      SE3 moved = start;
      moved.p += Vec3(0.0, 0.0, 0.002 * i);
      r = drag_sample(doc, knee.id, 5, moved, key);
      ASSERT_TRUE(r.ok()) << r.error.toStdString();
    }
    const Joint& after = *doc.data().joint(knee.id);
    EXPECT_EQ(r.value, seconds < kLiveRefitSeconds);
    EXPECT_NEAR(after.samples[5].parent_T_child.p.z(), start.p.z() + 0.006, 1e-15);
    EXPECT_EQ(after.model != knee.model, seconds < kLiveRefitSeconds);
    // the child follows the refitted joint
    EXPECT_TRUE(doc.data().body(knee.child)->pose.is_approx(joint_transform(*after.model, after.q), 1e-12));
    // the whole drag is one step
    EXPECT_EQ(doc.undo_stack()->count(), 1);
    doc.undo_stack()->undo();
    EXPECT_EQ(doc.data().joint(knee.id)->model, knee.model);
    EXPECT_TRUE(doc.data().joint(knee.id)->samples[5].parent_T_child.is_approx(start, 0.0));
  }
}
