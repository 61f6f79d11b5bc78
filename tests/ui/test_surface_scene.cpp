// the deforming-surface demo's surface in the viewport, without GL (ui/viewport/surface_scene.hpp): the
// contact surface of the ball's partly driven spline surface joint, where the ball rests on it, moving with
// the driven phase, and kept between frames while the phase stands still.
#include <limits>

#include <gtest/gtest.h>

#include <Eigen/Geometry>

#include "ui/demo/demo_project.hpp"
#include "ui/export/scene_import.hpp"
#include "ui/document/joint_model.hpp"
#include "ui/viewport/scene_builder.hpp"
#include "ui/viewport/surface_scene.hpp"

using namespace js;
using namespace js::ui;

namespace {

DocumentData deforming_surface() {
  SceneLoad l = load_scene(QStringLiteral(JS_SOURCE_DIR "/resources/demos/deforming_surface.json"));
  EXPECT_TRUE(l.data) << l.error.toStdString();
  return l.data ? *l.data : DocumentData{};
}

const MeshItem* surface_item(const Scene& s) {
  const MeshItem* out = nullptr;
  for (const MeshItem& m : s.opaque)
    if (m.role == MeshItem::Role::surface) {
      EXPECT_EQ(out, nullptr) << "one surface";
      out = &m;
    }
  return out;
}

// the ball's mesh centre at q in the parent's frame
Vec3 centre_at(const Joint& j, const Vec3& c, double u, double v, double w) {
  return joint_transform(*j.model, Eigen::Vector3d(u, v, w)).act(c);
}

}  // namespace

TEST(DrivenSurface, TheBallRestsOnTheDrawnSurface) {
  const DocumentData d = deforming_surface();
  ASSERT_EQ(d.joints.size(), 1u);
  const Joint& j = d.joints.front();
  ASSERT_TRUE(j.model);
  EXPECT_EQ(driven_coordinates(d, j), std::vector<int>{2});
  MeshLibrary meshes;
  const auto ball = meshes.mesh(*d.body(j.child));
  ASSERT_TRUE(ball);
  const double r = 0.5 * (ball->bounds_max.z() - ball->bounds_min.z());
  EXPECT_NEAR(r, 0.04, 1e-6);

  const Scene s = build_scene(d, {}, meshes, d.camera, SceneOptions{});
  const MeshItem* item = surface_item(s);
  ASSERT_TRUE(item);
  EXPECT_EQ(item->body, j.child);
  EXPECT_TRUE(item->world_T_mesh.isApprox(d.world_T_body(j.parent).matrix().cast<float>()));
  const MeshData& m = *item->mesh;
  constexpr int n = kSurfaceSegments + 1;
  ASSERT_EQ(m.positions.size(), static_cast<std::size_t>(n * n));
  ASSERT_EQ(m.normals.size(), m.positions.size());
  EXPECT_EQ(m.triangle_count(), static_cast<std::size_t>(2 * kSurfaceSegments * kSurfaceSegments));

  // grid point (a, b): the ball's centre at (u_a, v_b, w now) moved r down the normal; the normal against
  // central differences of the centre's locus
  double lo[2], hi[2];
  for (int c = 0; c < 2; ++c) coordinate_range(j, c, lo[c], hi[c]);
  const double w = j.q[2];
  const Vec3 c = ball->centre().cast<double>();
  for (const auto& [a, b] : {std::pair{0, 0}, std::pair{7, 20}, std::pair{16, 16}, std::pair{31, 3}}) {
    const double u = lo[0] + (hi[0] - lo[0]) * a / kSurfaceSegments, v = lo[1] + (hi[1] - lo[1]) * b / kSurfaceSegments;
    const double e = 1e-6;
    Vec3 normal = (centre_at(j, c, u + e, v, w) - centre_at(j, c, u - e, v, w))
                      .cross(centre_at(j, c, u, v + e, w) - centre_at(j, c, u, v - e, w));
    normal.normalize();
    if (normal.z() < 0) normal = -normal;
    const auto i = static_cast<std::size_t>(a * n + b);
    EXPECT_LT((m.normals[i].cast<double>() - normal).norm(), 1e-6) << a << "," << b;
    EXPECT_LT((m.positions[i].cast<double>() - (centre_at(j, c, u, v, w) - r * normal)).norm(), 1e-6) << a << "," << b;
  }

  // the ball where the scene starts touches the surface and does not sink into it: its centre is r from the
  // nearest grid point, give or take the grid's spacing (1/32 m on slopes up to 45°)
  const Vec3 ball_centre = d.body(j.child)->pose.act(c);
  double nearest = 1e9;
  for (const Eigen::Vector3f& p : m.positions) nearest = std::min(nearest, (p.cast<double>() - ball_centre).norm());
  EXPECT_GT(nearest, r - 1e-4);
  EXPECT_LT(nearest, r + 0.01);

  // "frame selection" with nothing selected takes in the surface (±0.5 m), not just the ball
  Vec3 centre;
  double radius = 0.0;
  ASSERT_TRUE(selection_bounds(d, {}, meshes, centre, radius));
  EXPECT_GT(radius, 0.6);
  EXPECT_LT(radius, 1.0);
}

TEST(DrivenSurface, MovesWithThePhaseAndIsKeptWhileItStands) {
  DocumentData d = deforming_surface();
  Joint& j = d.joints.front();
  MeshLibrary meshes;
  DrivenSurfaceCache cache;
  SceneOptions opt;
  opt.surface_cache = &cache;
  const auto first = surface_item(build_scene(d, {}, meshes, d.camera, opt))->mesh;
  EXPECT_EQ(cache.rebuilds(), 1);
  // the ball slides (free u, v) and the camera turns: the same surface, not rebuilt
  j.q[0] += 0.1;
  j.q[1] -= 0.05;
  d.camera.yaw += 0.3;
  EXPECT_EQ(surface_item(build_scene(d, {}, meshes, d.camera, opt))->mesh, first);
  EXPECT_EQ(cache.rebuilds(), 1);
  // a quarter period of the phase: the wave (3.5 cm high at the controls) has moved
  j.q[2] += 0.25;
  const auto moved = surface_item(build_scene(d, {}, meshes, d.camera, opt))->mesh;
  EXPECT_EQ(cache.rebuilds(), 2);
  ASSERT_NE(moved, first);
  double largest = 0.0;
  for (std::size_t i = 0; i < first->positions.size(); ++i)
    largest = std::max(largest, static_cast<double>((moved->positions[i] - first->positions[i]).norm()));
  EXPECT_GT(largest, 0.03);
  // one period later it is the same surface again (w is periodic)
  const auto shifted = build_driven_surface(d, j, meshes.mesh(*d.body(j.child)).get(), Vec3::UnitZ());
  j.q[2] += 1.0;
  const auto again = build_driven_surface(d, j, meshes.mesh(*d.body(j.child)).get(), Vec3::UnitZ());
  for (std::size_t i = 0; i < shifted->positions.size(); ++i)
    EXPECT_LT((again->positions[i] - shifted->positions[i]).norm(), 1e-5f);
  // turned off, nothing is drawn
  opt.driven_surfaces = false;
  EXPECT_EQ(surface_item(build_scene(d, {}, meshes, d.camera, opt)), nullptr);
}

// a free coordinate without finite bounds is drawn over its samples' span: a new sample widens the surface,
// so the cache must rebuild it (regression: the cache compared only the model, mesh, driven q and up)
TEST(DrivenSurface, UnboundedCoordinateFollowsItsSamples) {
  DocumentData d = deforming_surface();
  Joint& j = d.joints.front();
  auto unbounded = j.model->clone();
  unbounded->coordinates()[0].min = -std::numeric_limits<double>::infinity();
  unbounded->coordinates()[0].max = std::numeric_limits<double>::infinity();
  j.model = std::shared_ptr<const JointModel>(std::move(unbounded));
  j.samples.push_back(Sample{j.q, SE3::identity()});
  MeshLibrary meshes;
  DrivenSurfaceCache cache;
  SceneOptions opt;
  opt.surface_cache = &cache;
  const auto narrow = surface_item(build_scene(d, {}, meshes, d.camera, opt))->mesh;
  EXPECT_EQ(cache.rebuilds(), 1);
  Sample wider{j.q, SE3::identity()};
  wider.q[0] += 0.2;
  j.samples.push_back(wider);
  const auto wide = surface_item(build_scene(d, {}, meshes, d.camera, opt))->mesh;
  EXPECT_EQ(cache.rebuilds(), 2);
  EXPECT_NE(wide, narrow);
}

TEST(DrivenSurface, OnlyPartlyDrivenJointsWithTwoFreeCoordinatesHaveOne) {
  // the knee demo drives nothing
  const DocumentData knee = make_demo_project();
  MeshLibrary meshes;
  EXPECT_TRUE(driven_coordinates(knee, knee.joints.front()).empty());
  EXPECT_EQ(surface_item(build_scene(knee, {}, meshes, knee.camera, SceneOptions{})), nullptr);
  // u driven too: one free coordinate traces a curve, not a surface
  DocumentData d = deforming_surface();
  Body& ball = *d.body(d.joints.front().child);
  ball.scene_keys["drive"].push_back(nlohmann::json{{"coordinate", "u"}, {"rate", 0.0}});
  EXPECT_EQ(driven_coordinates(d, d.joints.front()), (std::vector<int>{0, 2}));
  EXPECT_EQ(build_driven_surface(d, d.joints.front(), nullptr, Vec3::UnitZ()), nullptr);
  // no drive: no surface either
  ball.scene_keys.erase("drive");
  EXPECT_EQ(surface_item(build_scene(d, {}, meshes, d.camera, SceneOptions{})), nullptr);
}

TEST(DrivenSurface, SliceOfASplineSurfaceEqualsTheJointAtTheFixedCoordinate) {
  const DocumentData d = deforming_surface();
  const JointModel& full = *d.joints.front().model;
  JointData a(3), b(2);
  // each axis held in turn; w outside its period wraps, u, v inside their domains
  for (int fixed = 0; fixed < 3; ++fixed)
    for (const Eigen::Vector3d& q : {Eigen::Vector3d(0.31, -0.12, 0.37), Eigen::Vector3d(-0.45, 0.2, 1.8),
                                     Eigen::Vector3d(0.05, 0.48, -0.6)}) {
      const auto slice = slice_spline_surface(full, fixed, q[fixed]);
      ASSERT_TRUE(slice);
      ASSERT_EQ(slice->dof(), 2);
      Eigen::Vector2d rest;
      for (int i = 0, k = 0; i < 3; ++i)
        if (i != fixed) {
          rest[k] = q[i];
          EXPECT_EQ(slice->coordinates()[static_cast<std::size_t>(k)].name, full.coordinates()[static_cast<std::size_t>(i)].name);
          ++k;
        }
      full.evaluate(Eigen::VectorXd(q), a, EvalLevel::Jacobian);
      slice->evaluate(Eigen::VectorXd(rest), b, EvalLevel::Jacobian);
      EXPECT_TRUE(b.G.is_approx(a.G, 1e-12)) << fixed << " " << q.transpose();
      for (int i = 0, k = 0; i < 3; ++i) {
        if (i == fixed) continue;
        EXPECT_LT((b.S.col(k++) - a.S.col(i)).norm(), 1e-10) << fixed << " " << i;
      }
    }
  // only spline surfaces of three coordinates slice
  EXPECT_EQ(slice_spline_surface(*make_demo_project().joints.front().model, 0, 0.1), nullptr);
}
