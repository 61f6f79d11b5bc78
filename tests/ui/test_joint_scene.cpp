// the fitted joint in the viewport, without GL: swept path and surface, control frames with the current one
// highlighted, ghosts coloured by residual.
#include <gtest/gtest.h>

#include "core/io/joint_file.hpp"
#include "core/joints/spline_curve_joint.hpp"
#include "ui/demo/demo_project.hpp"
#include "ui/document/joint_model.hpp"
#include "ui/joint/residual_colour.hpp"
#include "ui/viewport/joint_scene.hpp"
#include "ui/viewport/scene_builder.hpp"

using namespace js;
using namespace js::ui;

TEST(JointScene, SweptPathFollowsTheChildCentreOverTheRange) {
  const DocumentData d = make_demo_project();
  MeshLibrary meshes;
  const Joint& knee = d.joints.front();
  ASSERT_TRUE(knee.model);
  const Scene s = build_scene(d, {knee.child, knee.id, -1}, meshes, d.camera, SceneOptions{});
  ASSERT_EQ(s.joints.size(), 1u);
  const JointOverlay& o = s.joints.front();
  EXPECT_EQ(o.joint, knee.id);
  ASSERT_EQ(o.path.size(), static_cast<std::size_t>(kPathSegments + 1));
  double lo = 0, hi = 0;
  coordinate_range(knee, 0, lo, hi);
  const Vec3 centre = meshes.mesh(*d.body(knee.child))->centre().cast<double>();
  for (int i : {0, 37, kPathSegments}) {
    const double q = lo + (hi - lo) * i / kPathSegments;
    const Vec3 expected = d.world_T_body(knee.parent).act(joint_transform(*knee.model, Eigen::VectorXd::Constant(1, q)).act(centre));
    EXPECT_LT((o.path[static_cast<std::size_t>(i)] - expected).norm(), 1e-12) << i;
  }
  // 120° of flexion swings the tibia's mid-shaft through a wide arc
  EXPECT_GT((o.path.front() - o.path.back()).norm(), 0.1);
  // control frames: one triad per frame, the current one nearest q = 45°
  const auto& curve = dynamic_cast<const SplineCurveJoint&>(*knee.model);
  ASSERT_EQ(o.control_frames.size(), curve.control_frames().size());
  EXPECT_TRUE(o.control_frames[2].is_approx(d.world_T_body(knee.parent) * curve.control_frames()[2], 1e-12));
  ASSERT_GE(o.current_frame, 0);
  const auto& k = curve.knots();
  for (int i = 0; i < k.num_basis(); ++i)
    EXPECT_LE(std::abs(k.greville(o.current_frame) - knee.q[0]), std::abs(k.greville(i) - knee.q[0]) + 1e-12);
  // the joint's lines come on top of everything else
  SceneOptions off;
  off.joint_motion = false;
  const Scene bare = build_scene(d, {}, meshes, d.camera, off);
  EXPECT_TRUE(bare.joints.empty());
  EXPECT_GE(s.lines.size(), bare.lines.size() + 2 * kPathSegments + 6 * curve.control_frames().size());
}

TEST(JointScene, CurrentFrameMovesWithQ) {
  DocumentData d = make_demo_project();
  const auto& curve = dynamic_cast<const SplineCurveJoint&>(*d.joints.front().model);
  const auto& k = curve.knots();
  EXPECT_EQ(current_control_frame(curve, k.q_min()), 0);
  EXPECT_EQ(current_control_frame(curve, k.q_max()), static_cast<int>(curve.control_frames().size()) - 1);
}

TEST(JointScene, SurfaceJointDrawsAWireGrid) {
  DocumentData d = make_demo_project();
  Joint& j = d.joints.front();
  j.kind = js::JointKind::SplineSurface;
  j.model = io::read_joint_file(JS_SOURCE_DIR "/resources/joints/scapulothoracic.json");
  j.q = Eigen::VectorXd::Zero(2);
  for (Sample& s : j.samples) s.q = Eigen::VectorXd::Zero(2);
  MeshLibrary meshes;
  const Scene s = build_scene(d, {}, meshes, d.camera, SceneOptions{});
  ASSERT_EQ(s.joints.size(), 1u);
  const JointOverlay& o = s.joints.front();
  EXPECT_EQ(o.grid_rows, kGridLines + 1);
  ASSERT_EQ(o.path.size(), static_cast<std::size_t>((kGridLines + 1) * (kGridLines + 1)));
  EXPECT_TRUE(o.control_frames.empty());
  // a corner of the grid is the surface at (q0_min, q1_max)
  const Vec3 centre = meshes.mesh(*d.body(j.child))->centre().cast<double>();
  Eigen::VectorXd q(2);
  q << -0.6, 0.5;
  const Vec3 expected = d.world_T_body(j.parent).act(joint_transform(*j.model, q).act(centre));
  EXPECT_LT((o.path[static_cast<std::size_t>(kGridLines)] - expected).norm(), 1e-12);
}

TEST(JointScene, GhostsAreColouredByResidual) {
  DocumentData d = make_demo_project();
  Joint& knee = d.joints.front();
  // push sample 5 a centimetre off the joint: it turns red; the others stay green
  knee.samples[5].parent_T_child.p += Vec3(0.01, 0, 0);
  MeshLibrary meshes;
  const Scene s = build_scene(d, {}, meshes, d.camera, SceneOptions{});
  ASSERT_EQ(s.translucent.size(), knee.samples.size());
  for (const MeshItem& g : s.translucent) {
    const bool far = g.sample == 5;
    EXPECT_EQ(g.colour.x() > g.colour.y(), far) << g.sample;
  }
  const auto errors = sample_errors(knee);
  EXPECT_GT(residual_distance(errors[5], d.fit.length_scale), kResidualRed);
  EXPECT_LT(residual_distance(errors[0], d.fit.length_scale), 0.5 * kResidualRed);
}
