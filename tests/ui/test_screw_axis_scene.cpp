// the selected joint's instantaneous screw axis, without GL: a hinge's axis is its own axis through its origin
// (pitch 0), a helical joint keeps its pitch, a slider slides, and the demo knee turns about a line near its
// flexion axis, close to the knee; the scene draws it only when asked.
#include <gtest/gtest.h>

#include <Eigen/Geometry>

#include "core/joints/lower_pairs.hpp"
#include "ui/demo/demo_project.hpp"
#include "ui/document/joint_model.hpp"
#include "ui/mesh/mesh_library.hpp"
#include "ui/viewport/scene_builder.hpp"
#include "demo_with_joint.hpp"
#include "ui/viewport/screw_axis_scene.hpp"

using namespace js;
using namespace js::ui;

namespace {

// the knee demo with its joint replaced by `model` and the tibia at G(q) (demo_with_joint.hpp)
DocumentData demo_with(std::unique_ptr<JointModel> model, double q) {
  return js::ui::test::demo_with_joint(std::move(model), Eigen::VectorXd::Constant(1, q));
}

std::vector<ScrewAxis> axes_of(const DocumentData& d) {
  MeshLibrary meshes;
  Scene scene;
  append_screw_axes(d, Selection{0, d.joints.front().id, -1}, meshes, scene);
  EXPECT_EQ(scene.overlay.size(), 2 * scene.screw_axes.size());
  return scene.screw_axes;
}

// the joint frame D in the world: where a lower pair's axis lives
SE3 world_T_d(const DocumentData& d) {
  const Joint& j = d.joints.front();
  return d.world_T_body(j.parent) * j.model->parent_T_joint();
}

double distance_to_line(const ScrewAxis& a, const Vec3& p) { return (p - a.point).cross(a.direction).norm(); }

}  // namespace

TEST(ScrewAxis, AHingeTurnsAboutItsOwnAxisThroughItsOrigin) {
  const Vec3 axis = Vec3(0.2, 0.1, 1.0).normalized();
  const DocumentData d = demo_with(std::make_unique<RevoluteJoint>(axis), 0.7);
  const auto axes = axes_of(d);
  ASSERT_EQ(axes.size(), 1u);
  const SE3 D = world_T_d(d);
  EXPECT_FALSE(axes[0].translation);
  EXPECT_NEAR(std::abs(axes[0].direction.dot(D.R * axis)), 1.0, 1e-12);
  EXPECT_LT(distance_to_line(axes[0], D.p), 1e-12);
  EXPECT_NEAR(axes[0].pitch, 0.0, 1e-12);
  // r is the axis point nearest the child origin
  const Vec3 child = d.world_T_body(d.joints.front().child).p;
  EXPECT_NEAR((child - axes[0].point).dot(axes[0].direction), 0.0, 1e-12);
}

TEST(ScrewAxis, AHelicalJointKeepsItsPitchAndASliderSlides) {
  const Vec3 axis = Vec3(1.0, -0.5, 0.3).normalized();
  const DocumentData h = demo_with(std::make_unique<HelicalJoint>(axis, 0.004), -0.4);
  const auto screw = axes_of(h);
  ASSERT_EQ(screw.size(), 1u);
  EXPECT_NEAR(screw[0].pitch, 0.004, 1e-12);
  EXPECT_LT(distance_to_line(screw[0], world_T_d(h).p), 1e-12);
  const DocumentData p = demo_with(std::make_unique<PrismaticJoint>(axis), 0.02);
  const auto slide = axes_of(p);
  ASSERT_EQ(slide.size(), 1u);
  EXPECT_TRUE(slide[0].translation);
  EXPECT_NEAR(std::abs(slide[0].direction.dot(world_T_d(p).R * axis)), 1.0, 1e-12);
}

TEST(ScrewAxis, TheDemoKneeTurnsNearItsFlexionAxisAndIsDrawnOnlyWhenAsked) {
  const DocumentData d = make_demo_project();
  const Joint& knee = d.joints.front();
  const auto axes = axes_of(d);
  ASSERT_EQ(axes.size(), 1u);
  // the demo knee flexes about its femur's x axis with a little internal rotation and roll-back
  const Vec3 flexion = d.world_T_body(knee.parent).R * Vec3::UnitX();
  std::printf("demo knee at q = %.3f: axis · flexion axis %.4f, pitch %.4f mm/rad, %.1f mm from the tibia's origin\n",
              knee.q[0], std::abs(axes[0].direction.dot(flexion)), axes[0].pitch * 1e3,
              (axes[0].point - d.world_T_body(knee.child).p).norm() * 1e3);
  EXPECT_GT(std::abs(axes[0].direction.dot(flexion)), 0.95);
  EXPECT_LT((axes[0].point - d.world_T_body(knee.child).p).norm(), 0.1);
  // the scene: only with the option, only the selected joint
  MeshLibrary meshes;
  SceneOptions opt;
  opt.ghosts = false;
  const Selection selected{0, knee.id, -1};
  const Scene off = build_scene(d, selected, meshes, d.camera, opt);
  opt.screw_axis = true;
  const Scene on = build_scene(d, selected, meshes, d.camera, opt);
  const Scene nothing_selected = build_scene(d, Selection{}, meshes, d.camera, opt);
  EXPECT_TRUE(off.screw_axes.empty());
  EXPECT_EQ(on.screw_axes.size(), 1u);
  EXPECT_EQ(on.overlay.size(), off.overlay.size() + 2);
  EXPECT_EQ(on.opaque.size(), off.opaque.size() + 1);  // the rod
  EXPECT_TRUE(nothing_selected.screw_axes.empty());
}
