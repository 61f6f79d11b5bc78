// document joints driven by core joint models: q moves the child to world_T_parent · G(q), fits and joint
// models are single undo steps, failures change nothing. no window.
#include <gtest/gtest.h>

#include <numbers>

#include "core/io/joint_file.hpp"
#include "core/joints/lower_pairs.hpp"
#include "core/lie/so3.hpp"
#include "ui/demo/demo_project.hpp"
#include "ui/document/operations.hpp"
#include "ui/joint/fit_job.hpp"
#include "ui/document/joint_model.hpp"
#include "ui/joint/joint_operations.hpp"
#include "ui/joint/q_player.hpp"

using namespace js;
using namespace js::ui;

namespace {

Eigen::VectorXd q1(double x) { return Eigen::VectorXd::Constant(1, x); }

// child world transform against world_T_parent · G(q), recomputed from the model
void expect_child_on_joint(const Document& doc, JointId id) {
  const Joint& j = *doc.data().joint(id);
  ASSERT_TRUE(j.model);
  const SE3 expected = doc.data().world_T_body(j.parent) * joint_transform(*j.model, j.q);
  const SE3 actual = doc.data().world_T_body(j.child);
  EXPECT_LT((actual.matrix() - expected.matrix()).cwiseAbs().maxCoeff(), 1e-12);
}

}  // namespace

TEST(JointModel, DemoKneeIsFittedAndTheTibiaSitsOnIt) {
  Document doc;
  doc.reset(make_demo_project(), {});
  const Joint& knee = doc.data().joints.front();
  ASSERT_TRUE(knee.model);
  EXPECT_EQ(model_kind_name(*knee.model), QStringLiteral("spline_curve"));
  expect_child_on_joint(doc, knee.id);
  // the demo's capture noise is 0.3 mm and 0.23°: the fit stays within a few times that
  const auto errors = sample_errors(knee);
  ASSERT_EQ(errors.size(), knee.samples.size());
  for (const PoseError& e : errors) {
    EXPECT_LT(e.translation, 2e-3);
    EXPECT_LT(e.rotation, 2.0 * kPi / 180.0);
  }
}

TEST(JointModel, SliderMovesTheChildAlongGAndOneDragIsOneUndoStep) {
  Document doc;
  doc.reset(make_demo_project(), {});
  const JointId knee = doc.data().joints.front().id;
  const SE3 start = doc.data().world_T_body(doc.data().joints.front().child);
  const int key = doc.next_merge_key();
  for (double q : {0.5, 1.0, 1.7}) ASSERT_TRUE(set_joint_q(doc, knee, q1(q), key).ok());
  EXPECT_EQ(doc.data().joint(knee)->q[0], 1.7);
  expect_child_on_joint(doc, knee);
  // the tibia flexed by about the change of q (20° → 97°)
  const Mat3 turned = start.R.transpose() * doc.data().world_T_body(doc.data().joint(knee)->child).R;
  EXPECT_NEAR(so3_log(turned).norm(), 1.7 - 20.0 * kPi / 180.0, 0.15);
  EXPECT_EQ(doc.undo_stack()->count(), 1);
  doc.undo_stack()->undo();
  EXPECT_TRUE(doc.data().world_T_body(doc.data().joint(knee)->child).is_approx(start, 1e-15));
  EXPECT_EQ(set_joint_q(doc, knee, Eigen::VectorXd::Zero(2)).error.isEmpty(), false);
}

// a slider dragged away and back to where it started is no undo step
TEST(JointModel, SliderDragBackToItsStartLeavesNoUndoStep) {
  Document doc;
  doc.reset(make_demo_project(), {});
  const JointId knee = doc.data().joints.front().id;
  ASSERT_TRUE(set_joint_q(doc, knee, q1(0.4)).ok());  // the child now sits exactly at G(0.4)
  const Joint joint_at_start = *doc.data().joint(knee);
  const SE3 child_at_start = doc.data().body(joint_at_start.child)->pose;
  ASSERT_EQ(doc.undo_stack()->count(), 1);
  const int key = doc.next_merge_key();
  for (double q : {0.5, 1.0, 0.7, 0.4}) ASSERT_TRUE(set_joint_q(doc, knee, q1(q), key).ok());
  EXPECT_EQ(doc.undo_stack()->count(), 1);
  EXPECT_EQ(doc.data().joint(knee)->q[0], 0.4);
  EXPECT_TRUE(doc.data().body(joint_at_start.child)->pose.p == child_at_start.p);
  // the step before the drag is still the one undo undoes
  EXPECT_EQ(doc.undo_stack()->undoText(), QObject::tr("Move %1").arg(joint_at_start.name));
  doc.undo_stack()->undo();
  EXPECT_EQ(doc.undo_stack()->index(), 0);
}

TEST(JointModel, RevoluteJointStartsWhereTheChildIsAndTurnsAboutItsAxis) {
  Document doc;
  Body a, b;
  a.name = QStringLiteral("base");
  a.pose = SE3::translation(Vec3(0, 0.5, 0));
  b.name = QStringLiteral("arm");
  b.pose = SE3{so3_exp(Vec3(0.2, 0.1, 0)), Vec3(0.1, 0.3, 0)};
  const BodyId base = add_body(doc, a).value, arm = add_body(doc, b).value;
  const SE3 world_T_arm = doc.data().world_T_body(arm);
  const JointId hinge = add_joint(doc, base, arm, js::JointKind::Revolute).value;
  ASSERT_TRUE(doc.data().joint(hinge)->model);
  EXPECT_TRUE(doc.data().world_T_body(arm).is_approx(world_T_arm, 1e-12));
  ASSERT_TRUE(set_joint_q(doc, hinge, q1(0.3)).ok());
  expect_child_on_joint(doc, hinge);
  // the arm turned 0.3 rad about its own z axis, in place
  const SE3 moved = doc.data().world_T_body(arm);
  EXPECT_TRUE(moved.is_approx(world_T_arm * SE3::rotation(so3_exp(Vec3(0, 0, 0.3))), 1e-12));
  // a spline kind has no model until it is fitted; its sliders then refuse to move
  ASSERT_TRUE(set_joint_kind(doc, hinge, js::JointKind::SplineCurve).ok());
  EXPECT_FALSE(doc.data().joint(hinge)->model);
  EXPECT_TRUE(set_joint_q(doc, hinge, q1(0.1)).error.contains(QStringLiteral("no joint model")));
}

TEST(JointModel, FitAppliesAsOneUndoStepAndFailuresChangeNothing) {
  Document doc;
  DocumentData d = make_demo_project();
  d.joints.front().model = nullptr;
  doc.reset(d, {});
  const Joint knee = doc.data().joints.front();
  const FitOutcome fitted = run_fit(knee, doc.data().fit);
  ASSERT_TRUE(fitted.ok()) << fitted.error.toStdString();
  ASSERT_EQ(fitted.report.per_sample.size(), knee.samples.size());
  EXPECT_GE(fitted.report.objective_history.size(), 2u);
  EXPECT_LT(fitted.report.rms_translation_m, 1e-3);
  ASSERT_TRUE(set_joint_model(doc, knee.id, fitted.model, QStringLiteral("Fit Knee")).ok());
  EXPECT_EQ(doc.undo_stack()->count(), 1);
  expect_child_on_joint(doc, knee.id);
  doc.undo_stack()->undo();
  EXPECT_FALSE(doc.data().joint(knee.id)->model);
  EXPECT_TRUE(doc.data().body(knee.child)->pose.is_approx(knee.samples.empty() ? SE3{} : d.bodies[1].pose, 0.0));
  doc.undo_stack()->redo();
  expect_child_on_joint(doc, knee.id);

  // more frames than samples: a message naming the joint, no model, the document untouched
  FitSettings too_many = doc.data().fit;
  too_many.frames = 40;
  const FitOutcome failed = run_fit(*doc.data().joint(knee.id), too_many);
  EXPECT_FALSE(failed.ok());
  EXPECT_TRUE(failed.error.contains(QStringLiteral("Knee"))) << failed.error.toStdString();
  EXPECT_EQ(doc.undo_stack()->count(), 1);

  // a stopped fit gives nothing either
  std::atomic<bool> cancel{true};
  const FitOutcome stopped = run_fit(*doc.data().joint(knee.id), doc.data().fit, {}, &cancel);
  EXPECT_FALSE(stopped.ok());
  EXPECT_TRUE(stopped.cancelled);
}

TEST(JointModel, ModelOfAnotherKindChangesTheJointKind) {
  Document doc;
  doc.reset(make_demo_project(), {});
  const Joint knee = doc.data().joints.front();
  auto hinge = std::make_shared<RevoluteJoint>(Vec3::UnitX());
  hinge->set_offsets(knee.samples.front().parent_T_child, SE3::identity());
  ASSERT_TRUE(set_joint_model(doc, knee.id, hinge, QStringLiteral("Load joint file"), q1(0.4)).ok());
  EXPECT_EQ(doc.data().joint(knee.id)->kind, js::JointKind::Revolute);
  expect_child_on_joint(doc, knee.id);
  doc.undo_stack()->undo();
  EXPECT_EQ(doc.data().joint(knee.id)->kind, js::JointKind::SplineCurve);
}

TEST(JointModel, SurfaceJointFitsToAGridOfSamples) {
  // samples of the example scapulothoracic surface on a 9 × 9 grid; a 5 × 5 net reproduces it closely
  const auto truth = io::read_joint_file(JS_SOURCE_DIR "/resources/joints/scapulothoracic.json");
  Joint j;
  j.name = QStringLiteral("Scapula");
  j.kind = js::JointKind::SplineSurface;
  for (int a = 0; a < 9; ++a)
    for (int b = 0; b < 9; ++b) {
      Sample s;
      s.q = Eigen::Vector2d(-0.6 + 1.2 * a / 8.0, -0.5 + 1.0 * b / 8.0);
      s.parent_T_child = joint_transform(*truth, s.q);
      j.samples.push_back(s);
    }
  FitSettings settings;
  settings.frames = 5;
  const FitOutcome fitted = run_fit(j, settings);
  ASSERT_TRUE(fitted.ok()) << fitted.error.toStdString();
  EXPECT_EQ(fitted.model->dof(), 2);
  EXPECT_EQ(fitted.report.per_sample.size(), j.samples.size());
  EXPECT_LT(fitted.report.max_translation_m, 2e-3);
  // too coarse a sampling for the net: a message, no model
  j.samples.resize(10);
  const FitOutcome failed = run_fit(j, settings);
  EXPECT_FALSE(failed.ok());
  EXPECT_TRUE(failed.error.contains(QStringLiteral("Scapula"))) << failed.error.toStdString();
}

TEST(JointModel, PlaybackProfileEasesThereAndBack) {
  EXPECT_DOUBLE_EQ(QPlayer::profile(0.2, 1.8, 0.0, 4.0), 0.2);
  EXPECT_NEAR(QPlayer::profile(0.2, 1.8, 2.0, 4.0), 1.8, 1e-12);
  EXPECT_NEAR(QPlayer::profile(0.2, 1.8, 1.0, 4.0), 1.0, 1e-12);
  EXPECT_NEAR(QPlayer::profile(0.2, 1.8, 4.0, 4.0), 0.2, 1e-12);
  // slow at the ends, fast in the middle
  EXPECT_LT(QPlayer::profile(0.0, 1.0, 0.1, 4.0), 0.1 / 2.0);
}
