// joints drawn as the seeds draw them, without GL: the D (parent) and C (child) frames as triads, lower pairs as
// shafts, balls, bars, crossed shafts and plates at their joints, sized by the bones; fig. 4's frames on a swept
// surface.
#include <gtest/gtest.h>

#include <Eigen/Geometry>

#include "core/io/joint_file.hpp"
#include "core/joints/lower_pairs.hpp"
#include "ui/demo/demo_project.hpp"
#include "ui/document/joint_model.hpp"
#include "ui/viewport/joint_scene.hpp"
#include "ui/viewport/joint_shapes_scene.hpp"
#include "ui/viewport/scene_builder.hpp"
#include "demo_with_joint.hpp"

using namespace js;
using namespace js::ui;

namespace {

SceneOptions glyphs_on() {
  SceneOptions opt;
  opt.joint_frames = true;
  opt.joint_shapes = true;
  opt.ghosts = false;
  return opt;
}

std::vector<const MeshItem*> shape_items(const Scene& s) {
  std::vector<const MeshItem*> out;
  for (const MeshItem& m : s.opaque)
    if (m.role == MeshItem::Role::joint_shape) out.push_back(&m);
  return out;
}

Vec3 world_point(const MeshItem& m, const Vec3& p) {
  return (m.world_T_mesh.cast<double>() * p.homogeneous()).head<3>();
}

}  // namespace

TEST(JointShapes, RevoluteIsAShaftAlongItsAxisThroughItsOrigin) {
  const Vec3 axis = Vec3(0.2, 0.1, 1.0).normalized();
  const DocumentData d = js::ui::test::demo_with_joint(std::make_unique<RevoluteJoint>(axis), Eigen::VectorXd::Constant(1, 0.7));
  const Joint& j = d.joints.front();
  MeshLibrary meshes;
  const Scene s = build_scene(d, {0, j.id, -1}, meshes, d.camera, glyphs_on());
  ASSERT_EQ(s.joint_glyphs.size(), 1u);
  const JointGlyph& g = s.joint_glyphs.front();
  EXPECT_EQ(g.shape, JointGlyph::Shape::shaft);
  const SE3 world_T_d = d.world_T_body(j.parent) * j.model->parent_T_joint();
  EXPECT_TRUE(g.world_T_d.is_approx(world_T_d, 1e-12));
  EXPECT_LT((g.centre - world_T_d.p).norm(), 1e-12);
  EXPECT_LT((g.axis - world_T_d.R * axis).norm(), 1e-12);
  // sized by the bones: a fraction of the larger mesh's radius (the femur's or the tibia's)
  const double bones = std::max(meshes.mesh(*d.body(j.parent))->radius(), meshes.mesh(*d.body(j.child))->radius());
  EXPECT_NEAR(g.length, kShaftLengthFraction * bones, 1e-6);
  EXPECT_GT(g.length, 0.04);  // wider than the knee's condyles would hide
  EXPECT_LT(g.length, 0.2);
  // the drawn cylinder's end caps sit at the origin ± length/2 along the axis, its rim at the shaft radius
  const auto items = shape_items(s);
  ASSERT_EQ(items.size(), 1u);
  EXPECT_TRUE(items[0]->highlighted);  // the selected joint
  EXPECT_LT((world_point(*items[0], Vec3(0, 0, 0.5)) - (g.centre + 0.5 * g.length * g.axis)).norm(), 1e-6);
  EXPECT_LT((world_point(*items[0], Vec3(0, 0, -0.5)) - (g.centre - 0.5 * g.length * g.axis)).norm(), 1e-6);
  const double rim = (world_point(*items[0], Vec3(1, 0, 0)) - g.centre).norm();
  EXPECT_NEAR(rim, kShaftRadiusRatio * g.length, 1e-6);
  // a hinge keeps C's origin on D's at any angle; the rotation between them is q about the axis
  EXPECT_LT((g.world_T_c.p - g.world_T_d.p).norm(), 1e-12);
  const Eigen::AngleAxisd turn(g.world_T_d.R.transpose() * g.world_T_c.R);
  EXPECT_NEAR(turn.angle(), 0.7, 1e-9);
  EXPECT_LT((turn.axis() - axis).norm(), 1e-9);
}

TEST(JointShapes, FramesAreTriadsAtDAndCThatCoincideWhereTheMotionIsZero) {
  const DocumentData d = js::ui::test::demo_with_joint(std::make_unique<RevoluteJoint>(Vec3::UnitX()), Eigen::VectorXd::Zero(1));
  MeshLibrary meshes;
  SceneOptions frames_only = glyphs_on();
  frames_only.joint_shapes = false;
  SceneOptions none = frames_only;
  none.joint_frames = false;
  const Scene s = build_scene(d, {}, meshes, d.camera, frames_only);
  const Scene bare = build_scene(d, {}, meshes, d.camera, none);
  EXPECT_TRUE(bare.joint_glyphs.empty());
  EXPECT_TRUE(shape_items(s).empty());
  ASSERT_EQ(s.joint_glyphs.size(), 1u);
  const JointGlyph& g = s.joint_glyphs.front();
  EXPECT_TRUE(g.world_T_c.is_approx(g.world_T_d, 1e-12));
  // two triads on top of the bones they sit in: three segments each, x red, y green, z blue, D's the longer
  EXPECT_EQ(s.lines.size(), bare.lines.size());
  ASSERT_EQ(s.overlay.size(), bare.overlay.size() + 12);
  const double length = kFrameAxisFraction * joint_scale(d, d.joints.front(), meshes);
  EXPECT_NEAR(g.frame_length, length, 1e-12);
  bool d_triad = false, c_triad = false;
  for (std::size_t i = 0; i + 1 < s.overlay.size(); i += 2) {
    const Vec3 a = s.overlay[i].position.cast<double>(), b = s.overlay[i + 1].position.cast<double>();
    if ((a - g.world_T_d.p).norm() > 1e-6) continue;
    const Eigen::Vector4f c = s.overlay[i].colour;
    // the red segment runs along x
    if (c.x() > 0.5f && c.y() < 0.5f && c.z() < 0.5f) {
      const Vec3 dir = (b - a).normalized();
      EXPECT_LT((dir - g.world_T_d.R.col(0)).norm(), 1e-5);
      if (std::abs((b - a).norm() - length) < 1e-5) d_triad = true;
      if (std::abs((b - a).norm() - kChildFrameRatio * length) < 1e-5) c_triad = true;
    }
  }
  EXPECT_TRUE(d_triad);
  EXPECT_TRUE(c_triad);
  // triads stay small beside the bones (a few cm on a knee)
  EXPECT_LT(length, 0.1);
}

TEST(JointShapes, BallIsASphereAtItsCentre) {
  Eigen::VectorXd q(3);
  q << 0.3, -0.2, 0.5;
  const DocumentData d = js::ui::test::demo_with_joint(std::make_unique<SphericalJoint>("zyx"), q);
  MeshLibrary meshes;
  const Scene s = build_scene(d, {}, meshes, d.camera, glyphs_on());
  ASSERT_EQ(s.joint_glyphs.size(), 1u);
  const JointGlyph& g = s.joint_glyphs.front();
  EXPECT_EQ(g.shape, JointGlyph::Shape::ball);
  EXPECT_LT((g.centre - g.world_T_d.p).norm(), 1e-12);
  // a ball joint turns about its centre: C's origin stays on D's
  EXPECT_LT((g.world_T_c.p - g.world_T_d.p).norm(), 1e-12);
  EXPECT_NEAR(g.radius, kBallRadiusFraction * joint_scale(d, d.joints.front(), meshes), 1e-12);
  const auto items = shape_items(s);
  ASSERT_EQ(items.size(), 1u);
  EXPECT_FALSE(items[0]->highlighted);
  // every vertex of the drawn sphere lies at the radius from the centre
  for (const Eigen::Vector3f& v : items[0]->mesh->positions)
    EXPECT_NEAR((world_point(*items[0], v.cast<double>()) - g.centre).norm(), g.radius, 1e-6);
}

TEST(JointShapes, PrismaticIsABarAndItsChildFrameSlidesAlongIt) {
  const Vec3 axis = Vec3(0, 1, 1).normalized();
  const DocumentData d = js::ui::test::demo_with_joint(std::make_unique<PrismaticJoint>(axis), Eigen::VectorXd::Constant(1, 0.05));
  MeshLibrary meshes;
  const Scene s = build_scene(d, {}, meshes, d.camera, glyphs_on());
  ASSERT_EQ(s.joint_glyphs.size(), 1u);
  const JointGlyph& g = s.joint_glyphs.front();
  EXPECT_EQ(g.shape, JointGlyph::Shape::bar);
  EXPECT_LT((g.world_T_c.p - g.world_T_d.p - 0.05 * g.axis).norm(), 1e-12);
  EXPECT_TRUE(g.world_T_c.R.isApprox(g.world_T_d.R, 1e-12));
  const auto items = shape_items(s);
  ASSERT_EQ(items.size(), 1u);
  EXPECT_LT((world_point(*items[0], Vec3(0, 0, 0.5)) - (g.centre + 0.5 * g.length * g.axis)).norm(), 1e-6);
}

TEST(JointShapes, UniversalIsTwoShaftsTheSecondCarriedByTheChild) {
  Eigen::VectorXd q(2);
  q << 0.6, -0.4;
  const DocumentData d = js::ui::test::demo_with_joint(std::make_unique<UniversalJoint>(Vec3::UnitX(), Vec3::UnitY()), q);
  MeshLibrary meshes;
  const Scene s = build_scene(d, {}, meshes, d.camera, glyphs_on());
  ASSERT_EQ(s.joint_glyphs.size(), 1u);
  const JointGlyph& g = s.joint_glyphs.front();
  EXPECT_EQ(g.shape, JointGlyph::Shape::cross);
  EXPECT_LT((g.axis - g.world_T_d.R.col(0)).norm(), 1e-12);
  // the second axis is the first rotation's image of y: perpendicular to the first at every q
  EXPECT_LT((g.second_axis - g.world_T_d.R * Eigen::AngleAxisd(0.6, Vec3::UnitX()).toRotationMatrix() * Vec3::UnitY()).norm(), 1e-12);
  EXPECT_NEAR(g.axis.dot(g.second_axis), 0.0, 1e-12);
  EXPECT_EQ(shape_items(s).size(), 2u);
}

TEST(JointShapes, PlanarIsAPlateNormalToItsNormal) {
  const DocumentData d = js::ui::test::demo_with_joint(std::make_unique<PlanarJoint>(Vec3::UnitZ()), Eigen::Vector3d(0.01, 0.02, 0.3));
  MeshLibrary meshes;
  const Scene s = build_scene(d, {}, meshes, d.camera, glyphs_on());
  ASSERT_EQ(s.joint_glyphs.size(), 1u);
  const JointGlyph& g = s.joint_glyphs.front();
  EXPECT_EQ(g.shape, JointGlyph::Shape::plate);
  // the child's frame stays in the plane
  EXPECT_NEAR((g.world_T_c.p - g.world_T_d.p).dot(g.axis), 0.0, 1e-12);
  EXPECT_EQ(shape_items(s).size(), 1u);
}

TEST(JointShapes, SplineJointsGetFramesButNoShape) {
  const DocumentData d = make_demo_project();
  const Joint& knee = d.joints.front();
  MeshLibrary meshes;
  const Scene s = build_scene(d, {}, meshes, d.camera, glyphs_on());
  ASSERT_EQ(s.joint_glyphs.size(), 1u);
  const JointGlyph& g = s.joint_glyphs.front();
  EXPECT_EQ(g.shape, JointGlyph::Shape::none);
  EXPECT_TRUE(shape_items(s).empty());
  // the demo's tibia stands at G(q): C is D moved by the joint's own motion
  const SE3 expected_c = d.world_T_body(knee.child) * knee.model->moving_T_child().inverse();
  EXPECT_TRUE(g.world_T_c.is_approx(expected_c, 1e-12));
  // a joint without a model (a spline not fitted yet) has no frames to draw
  DocumentData unfitted = d;
  unfitted.joints.front().model.reset();
  EXPECT_TRUE(build_scene(unfitted, {}, meshes, d.camera, glyphs_on()).joint_glyphs.empty());
}

TEST(JointShapes, SurfaceJointDrawsItsFramesAtTheSamplesAndTheCurrentPose) {
  DocumentData d = make_demo_project();
  Joint& j = d.joints.front();
  j.kind = js::JointKind::SplineSurface;
  j.model = io::read_joint_file(JS_SOURCE_DIR "/resources/joints/scapulothoracic.json");
  j.q = Eigen::Vector2d(0.1, -0.2);
  for (std::size_t i = 0; i < j.samples.size(); ++i) j.samples[i].q = Eigen::Vector2d(0.05 * static_cast<double>(i) - 0.3, 0.2);
  MeshLibrary meshes;
  const Scene s = build_scene(d, {}, meshes, d.camera, SceneOptions{});
  ASSERT_EQ(s.joints.size(), 1u);
  const JointOverlay& o = s.joints.front();
  ASSERT_EQ(o.surface_frames.size(), j.samples.size());
  // on the swept surface (the traced child centre), turned as the child is at the sample's q
  const Vec3 centre = meshes.mesh(*d.body(j.child))->centre().cast<double>();
  const SE3 world_T_parent = d.world_T_body(j.parent);
  for (std::size_t i : {std::size_t{0}, j.samples.size() - 1}) {
    const SE3 world_T_child = world_T_parent * joint_transform(*j.model, j.samples[i].q);
    EXPECT_LT((o.surface_frames[i].p - world_T_child.act(centre)).norm(), 1e-12);
    EXPECT_TRUE(o.surface_frames[i].R.isApprox(world_T_child.R, 1e-12));
  }
  EXPECT_LT((o.surface_current.p - (world_T_parent * joint_transform(*j.model, j.q)).act(centre)).norm(), 1e-12);
  // without samples: the knot grid's greville points
  j.samples.clear();
  const Scene grid = build_scene(d, {}, meshes, d.camera, SceneOptions{});
  EXPECT_GT(grid.joints.front().surface_frames.size(), 4u);
}
