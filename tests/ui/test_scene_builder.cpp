// scene building, camera, gizmo and picking: no GL context needed.
#include <gtest/gtest.h>

#include "ui/demo/demo_bones.hpp"
#include "ui/demo/demo_project.hpp"
#include "ui/viewport/picking.hpp"
#include "ui/viewport/scene_builder.hpp"

using namespace js;
using namespace js::ui;

TEST(SceneBuilder, DemoHasBodiesGhostsGridAndAxes) {
  const DocumentData d = make_demo_project();
  MeshLibrary meshes;
  Selection sel{2, 3, 4};
  SceneOptions opt;
  const Scene s = build_scene(d, sel, meshes, d.camera, opt);
  ASSERT_EQ(s.opaque.size(), 2u);
  EXPECT_EQ(s.translucent.size(), 12u);
  EXPECT_FALSE(s.lines.empty());
  EXPECT_TRUE(s.overlay.empty());
  // bodies carry their world transforms and colours
  const MeshItem& tibia = s.opaque[1];
  EXPECT_EQ(tibia.body, 2);
  EXPECT_TRUE(tibia.highlighted);
  EXPECT_TRUE(tibia.world_T_mesh.isApprox(d.world_T_body(2).matrix().cast<float>()));
  EXPECT_NEAR(tibia.colour.x(), d.body(2)->colour.redF(), 1e-6);
  EXPECT_NEAR(tibia.colour.w(), 1.0f, 0.0f);
  // exactly one highlighted ghost: sample 4, placed at parent ∘ sample
  int highlighted = 0;
  for (const MeshItem& g : s.translucent) {
    EXPECT_LT(g.colour.w(), 1.0f);
    if (!g.highlighted) continue;
    ++highlighted;
    EXPECT_EQ(g.sample, 4);
    const SE3 expected = d.world_T_body(1) * d.joints[0].samples[4].parent_T_child;
    EXPECT_TRUE(g.world_T_mesh.isApprox(expected.matrix().cast<float>()));
  }
  EXPECT_EQ(highlighted, 1);
  // ghosts are sorted far to near from the eye
  const Eigen::Vector3f eye = camera_eye(d.camera).cast<float>();
  auto dist = [&](const MeshItem& m) { return (m.world_T_mesh.block<3, 1>(0, 3) - eye).norm(); };
  for (std::size_t i = 1; i < s.translucent.size(); ++i)
    EXPECT_GE(dist(s.translucent[i - 1]) + 0.05f, dist(s.translucent[i]));
}

// the lights follow the world's up axis: in a z-up view the key light still comes from above (regression:
// the shader's light directions were y-up world vectors, so z-up scenes were lit from the side)
TEST(SceneBuilder, LightsTurnWithTheUpAxis) {
  DocumentData d = make_demo_project();
  MeshLibrary meshes;
  SceneOptions opt;
  const Eigen::Vector3f key(0.4f, 0.9f, 0.5f);
  EXPECT_TRUE(build_scene(d, {}, meshes, d.camera, opt).light_frame.isIdentity());
  d.camera.z_up = true;
  const Eigen::Matrix3f frame = build_scene(d, {}, meshes, d.camera, opt).light_frame;
  EXPECT_NEAR((frame * key).z(), 0.9f, 1e-6f);  // the key light's height is along z now
  EXPECT_NEAR(frame.determinant(), 1.0f, 1e-6f);
}

TEST(SceneBuilder, OptionsTurnThingsOff) {
  const DocumentData d = make_demo_project();
  MeshLibrary meshes;
  SceneOptions opt;
  opt.grid = opt.world_axes = opt.body_triads = opt.ghosts = opt.joint_motion = false;
  opt.gizmo = make_gizmo_frame(d, 2, d.camera);
  const Scene s = build_scene(d, {}, meshes, d.camera, opt);
  EXPECT_TRUE(s.translucent.empty());
  EXPECT_TRUE(s.lines.empty());
  EXPECT_FALSE(s.overlay.empty());
  EXPECT_EQ(s.overlay.size() % 2, 0u);
}

TEST(SceneBuilder, MissingMeshDrawsNothingButKeepsTheTriad) {
  DocumentData d;
  Body b;
  b.id = 1;
  b.name = QStringLiteral("lost");
  b.mesh_path = QStringLiteral("/nonexistent/bone.stl");
  d.bodies.push_back(b);
  MeshLibrary meshes;
  SceneOptions opt;
  opt.grid = opt.world_axes = false;
  const Scene s = build_scene(d, {}, meshes, d.camera, opt);
  EXPECT_TRUE(s.opaque.empty());
  EXPECT_EQ(s.lines.size(), 6u);
  EXPECT_TRUE(meshes.error(b.mesh_path, b.units).contains(QStringLiteral("/nonexistent/bone.stl")));
}

TEST(SceneBuilder, SelectionBoundsFrameTheBody) {
  const DocumentData d = make_demo_project();
  MeshLibrary meshes;
  Vec3 c;
  double r = 0;
  ASSERT_TRUE(selection_bounds(d, Selection{1, 0, -1}, meshes, c, r));
  EXPECT_GT(r, 0.2);
  EXPECT_LT(r, 0.3);
  // the femur spans 0 … 0.45 m along its own y, from the knee
  EXPECT_LT((c - d.world_T_body(1).act(Vec3(0.0, 0.21, 0.0))).norm(), 0.03);
}

TEST(Camera, ProjectionAndPixelRayAgree) {
  CameraState c;
  c.target = Vec3(0.1, 0.2, 0.3);
  c.yaw = 0.7;
  c.pitch = 0.3;
  c.distance = 2.0;
  const int w = 800, h = 600;
  const Ray r = pixel_ray(c, 200.0, 150.0, w, h);
  const Vec3 p = r.origin + 1.7 * r.dir;
  Eigen::Vector2d px;
  ASSERT_TRUE(project_to_pixel(c, p, w, h, px));
  EXPECT_NEAR(px.x(), 200.0, 1e-6);
  EXPECT_NEAR(px.y(), 150.0, 1e-6);
  // the gl matrices agree with the cpu projection
  const Eigen::Vector4f clip = projection_matrix(c, 800.0 / 600.0) * view_matrix(c) * p.cast<float>().homogeneous();
  EXPECT_NEAR((clip.x() / clip.w() + 1.0) * 0.5 * w, 200.0, 1e-2);
  EXPECT_NEAR((1.0 - clip.y() / clip.w()) * 0.5 * h, 150.0, 1e-2);
  // the target is at the centre
  ASSERT_TRUE(project_to_pixel(c, c.target, w, h, px));
  EXPECT_NEAR(px.x(), 400.0, 1e-9);
  EXPECT_NEAR(px.y(), 300.0, 1e-9);
}

TEST(Gizmo, TranslateDragFollowsTheMouseAlongTheParentAxis) {
  const DocumentData d = make_demo_project();
  CameraState cam = d.camera;
  const GizmoFrame g = make_gizmo_frame(d, 2, cam);
  EXPECT_TRUE(g.origin.isApprox(d.world_T_body(2).p));
  const int w = 1000, h = 800;
  // grab the x arrow two thirds along, where only it can be hit
  Eigen::Vector2d grab;
  ASSERT_TRUE(project_to_pixel(cam, g.origin + 0.66 * g.size * g.axes.col(0), w, h, grab));
  ASSERT_EQ(pick_gizmo(g, cam, w, h, grab), GizmoHandle::translate_x);
  GizmoDrag drag;
  const SE3 start = d.body(2)->pose;
  ASSERT_TRUE(drag.begin(g, GizmoHandle::translate_x, start, pixel_ray(cam, grab.x(), grab.y(), w, h)));
  // move the mouse to where the axis point 3 cm further projects
  Eigen::Vector2d to;
  ASSERT_TRUE(project_to_pixel(cam, g.origin + (0.66 * g.size + 0.03) * g.axes.col(0), w, h, to));
  const SE3 moved = drag.update(pixel_ray(cam, to.x(), to.y(), w, h));
  EXPECT_NEAR(moved.p.x() - start.p.x(), 0.03, 1e-6);
  EXPECT_NEAR(moved.p.y(), start.p.y(), 1e-9);
  EXPECT_TRUE(moved.R.isApprox(start.R));
}

TEST(Gizmo, RotateDragTurnsAboutTheParentAxisThroughTheOrigin) {
  const DocumentData d = make_demo_project();
  const CameraState cam = d.camera;
  const GizmoFrame g = make_gizmo_frame(d, 2, cam);
  const int w = 1000, h = 800;
  // a ring point of the x ring (in the y-z plane), then the same ring 20° further on
  auto ring = [&](double a) {
    return g.origin + 0.75 * g.size * (std::cos(a) * g.axes.col(1) + std::sin(a) * g.axes.col(2));
  };
  Eigen::Vector2d p0, p1;
  ASSERT_TRUE(project_to_pixel(cam, ring(-1.2), w, h, p0));
  ASSERT_TRUE(project_to_pixel(cam, ring(-1.2 + 20.0 * kPi / 180.0), w, h, p1));
  ASSERT_EQ(pick_gizmo(g, cam, w, h, p0), GizmoHandle::rotate_x);
  GizmoDrag drag;
  const SE3 start = d.body(2)->pose;
  ASSERT_TRUE(drag.begin(g, GizmoHandle::rotate_x, start, pixel_ray(cam, p0.x(), p0.y(), w, h)));
  const SE3 turned = drag.update(pixel_ray(cam, p1.x(), p1.y(), w, h));
  EXPECT_TRUE(turned.p.isApprox(start.p));
  const Eigen::AngleAxisd delta(turned.R * start.R.transpose());
  EXPECT_NEAR(delta.angle(), 20.0 * kPi / 180.0, 1e-6);
  EXPECT_NEAR(std::abs(delta.axis().x()), 1.0, 1e-6);
}

TEST(Picking, HitsTheBodyUnderTheRay) {
  const DocumentData d = make_demo_project();
  MeshLibrary meshes;
  // at the femur's shaft from its front (its own +z), a metre away
  const SE3 world_T_femur = d.world_T_body(1);
  const Vec3 top = world_T_femur.act(Vec3(0.0, 0.30, 0.0));
  const Ray from_front{top + world_T_femur.R * Vec3(0, 0, 1.0), world_T_femur.R * Vec3(0, 0, -1)};
  auto hit = pick_body(d, meshes, from_front);
  ASSERT_TRUE(hit);
  EXPECT_EQ(hit->body, 1);
  EXPECT_NEAR(hit->distance, 1.0 - 0.014 - 0.007, 0.006);
  const Ray miss{Vec3(5, 5, 5), Vec3(0, 1, 0)};
  EXPECT_FALSE(pick_body(d, meshes, miss));
}

namespace {

// a ray along the flexion axis (the child's x) through the tibia's shaft posed at world_T_child: the demo's
// ghosts turn about that axis, so each one's shaft is alone on such a ray
Ray lateral_ray(const SE3& world_T_child) {
  const Vec3 shaft = world_T_child.act(Vec3(0.0, -0.3, 0.0));
  return Ray{shaft + world_T_child.R * Vec3(1.0, 0, 0), world_T_child.R * Vec3(-1.0, 0, 0)};
}

}  // namespace

TEST(Picking, GhostUnderTheRayGivesItsSample) {
  const DocumentData d = make_demo_project();
  MeshLibrary meshes;
  const Joint& knee = d.joints.front();
  ASSERT_GE(knee.samples.size(), 10u);
  const SE3 world_T_femur = d.world_T_body(knee.parent);
  const double body_flexion = knee.q[0];
  int ghosts_won = 0;
  for (std::size_t i = 0; i < knee.samples.size(); ++i) {
    const Ray ray = lateral_ray(world_T_femur * knee.samples[i].parent_T_child);
    const auto ghost = pick_ghost(d, meshes, ray);
    ASSERT_TRUE(ghost) << i;
    EXPECT_EQ(ghost->sample, static_cast<int>(i));
    EXPECT_EQ(ghost->joint, knee.id);
    EXPECT_EQ(ghost->body, knee.child);
    // about a metre along the ray, less the shaft's half width
    EXPECT_NEAR(ghost->distance, 0.98, 0.03) << i;
    // the click: without ghosts drawn only bodies count
    const auto no_ghosts = pick(d, meshes, ray, false);
    EXPECT_TRUE(!no_ghosts || !no_ghosts->ghost());
    // with ghosts, the sample wins wherever the live tibia is not on the ray (more than 8° of flexion away)
    if (std::abs(knee.samples[i].q[0] - body_flexion) > 8.0 * kPi / 180.0) {
      const auto hit = pick(d, meshes, ray, true);
      ASSERT_TRUE(hit) << i;
      EXPECT_EQ(hit->sample, static_cast<int>(i));
      ++ghosts_won;
    }
  }
  EXPECT_GE(ghosts_won, 8);
  EXPECT_FALSE(pick(d, meshes, Ray{Vec3(5, 5, 5), Vec3(0, 1, 0)}, true));
}

TEST(Picking, NearestHitWinsAndABodyWinsATie) {
  DocumentData d = make_demo_project();
  MeshLibrary meshes;
  Joint& knee = d.joints.front();
  const SE3 parent_T_tibia = d.body(knee.child)->pose;
  const SE3 world_T_femur = d.world_T_body(knee.parent);
  const Ray ray = lateral_ray(world_T_femur * parent_T_tibia);
  const auto body = pick(d, meshes, ray, false);
  ASSERT_TRUE(body);
  EXPECT_EQ(body->body, knee.child);
  // a sample captured where the tibia stands: same surface, the body keeps the click
  knee.samples[4].parent_T_child = parent_T_tibia;
  auto hit = pick(d, meshes, ray, true);
  ASSERT_TRUE(hit);
  EXPECT_FALSE(hit->ghost());
  EXPECT_EQ(hit->body, knee.child);
  // the ghost 5 mm nearer the eye along the ray: it is in front, so it is picked
  const Vec3 toward_eye = world_T_femur.R.transpose() * (-ray.dir) * 0.005;
  knee.samples[4].parent_T_child.p = parent_T_tibia.p + toward_eye;
  hit = pick(d, meshes, ray, true);
  ASSERT_TRUE(hit);
  EXPECT_EQ(hit->sample, 4);
  EXPECT_NEAR(hit->distance, body->distance - 0.005, 1e-4);
  // 5 mm behind the body: the body is in front
  knee.samples[4].parent_T_child.p = parent_T_tibia.p - toward_eye;
  hit = pick(d, meshes, ray, true);
  ASSERT_TRUE(hit);
  EXPECT_FALSE(hit->ghost());
}

TEST(DemoBones, LookLikeLongBones) {
  const auto femur = demo_femur();
  const auto tibia = demo_tibia();
  const Eigen::Vector3f fs = femur->bounds_max - femur->bounds_min;
  const Eigen::Vector3f ts = tibia->bounds_max - tibia->bounds_min;
  EXPECT_NEAR(fs.y(), 0.47, 0.03);  // an adult femur
  EXPECT_NEAR(ts.y(), 0.40, 0.03);
  EXPECT_LT(fs.x(), 0.13);
  EXPECT_GT(femur->triangle_count(), 5000u);
  EXPECT_EQ(femur->normals.size(), femur->positions.size());
  // the condyles reach the tibial plateau at full extension
  EXPECT_NEAR(femur->bounds_min.y(), -kDemoCondyleRadius, 0.002);
  EXPECT_NEAR(tibia->bounds_max.y(), 0.0, 0.01);
}
