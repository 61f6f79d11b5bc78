// exports without a window: joint files (core/io) round-trip the fitted model, joint files load into a
// joint as one undo step, and the scene file reads back in core/scene with the same body placements.
#include <gtest/gtest.h>

#include <QTemporaryDir>

#include "core/dynamics/algorithms.hpp"
#include "core/io/joint_file.hpp"
#include "core/scene/scene_file.hpp"
#include "ui/demo/demo_project.hpp"
#include "ui/export/exports.hpp"
#include "ui/document/joint_model.hpp"

using namespace js;
using namespace js::ui;

TEST(Exports, JointFileRoundTripsTheFittedKnee) {
  QTemporaryDir dir;
  const DocumentData d = make_demo_project();
  const Joint& knee = d.joints.front();
  const QString path = dir.filePath(QStringLiteral("knee.json"));
  ASSERT_EQ(export_joint_file(d, knee.id, path), QString());
  const auto back = io::read_joint_file(path.toStdString());
  EXPECT_EQ(model_to_json(*back), model_to_json(*knee.model));
  EXPECT_TRUE(joint_transform(*back, knee.q).is_approx(joint_transform(*knee.model, knee.q), 0.0));
  // nothing to export without a model, and an unwritable path names itself
  DocumentData unfitted = d;
  unfitted.joints.front().model = nullptr;
  EXPECT_TRUE(export_joint_file(unfitted, knee.id, path).contains(QStringLiteral("no joint model")));
  EXPECT_TRUE(export_joint_file(d, knee.id, QStringLiteral("/no/such/dir/knee.json")).contains(QStringLiteral("/no/such/dir")));
}

TEST(Exports, LoadingASurfaceJointFileIsOneUndoStep) {
  Document doc;
  doc.reset(make_demo_project(), {});
  const JointId knee = doc.data().joints.front().id;
  const auto r = load_joint_file(doc, knee, QStringLiteral(JS_SOURCE_DIR "/resources/joints/scapulothoracic.json"));
  ASSERT_TRUE(r.ok()) << r.error.toStdString();
  const Joint& j = *doc.data().joint(knee);
  EXPECT_EQ(j.kind, js::JointKind::SplineSurface);
  EXPECT_EQ(j.q.size(), 2);
  EXPECT_EQ(j.samples.front().q.size(), 2);
  const SE3 expected = doc.data().world_T_body(j.parent) * joint_transform(*j.model, j.q);
  EXPECT_TRUE(doc.data().world_T_body(j.child).is_approx(expected, 1e-12));
  EXPECT_EQ(doc.undo_stack()->count(), 1);
  doc.undo_stack()->undo();
  EXPECT_EQ(doc.data().joint(knee)->kind, js::JointKind::SplineCurve);
  // a broken file: the message names it, nothing changes
  const auto bad = load_joint_file(doc, knee, QStringLiteral(JS_SOURCE_DIR "/resources/joints/missing.json"));
  EXPECT_TRUE(bad.error.contains(QStringLiteral("missing.json"))) << bad.error.toStdString();
  EXPECT_EQ(doc.undo_stack()->index(), 0);
}

TEST(Exports, SceneFileReadsBackWithTheSamePlacements) {
  DocumentData d = make_demo_project();
  d.bodies[0].name = QStringLiteral("left.femur");  // '.' is not allowed in scene body names
  QString error;
  const nlohmann::json doc = scene_to_json(d, error);
  ASSERT_TRUE(error.isEmpty()) << error.toStdString();
  const scene::Scene s = scene::read_scene_json(doc, "exported.json");
  ASSERT_EQ(s.model.num_bodies(), 2);
  EXPECT_EQ(s.model.nq(), 1);
  EXPECT_EQ(s.model.gravity, Vec3(0, -9.81, 0));
  EXPECT_DOUBLE_EQ(s.initial.q[0], d.joints.front().q[0]);
  MultibodyData data(s.model);
  forward_kinematics(s.model, data, 0.0, s.initial.q);
  const int femur = s.model.find_body("left_femur"), tibia = s.model.find_body("Tibia");
  ASSERT_GE(femur, 0);
  ASSERT_GE(tibia, 0);
  EXPECT_TRUE(data.bodies[static_cast<std::size_t>(femur)].world_T_body.is_approx(d.world_T_body(1), 1e-12));
  EXPECT_TRUE(data.bodies[static_cast<std::size_t>(tibia)].world_T_body.is_approx(d.world_T_body(2), 1e-12));
  // an unfitted spline joint cannot go into a scene
  d.joints.front().model = nullptr;
  scene_to_json(d, error);
  EXPECT_TRUE(error.contains(QStringLiteral("Knee"))) << error.toStdString();
}
