// choosing a level of detail: the error projected at the bounding sphere's nearest point bounds what a
// real displacement there spans on screen; close cameras get full detail, far ones coarse levels.
#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <limits>
#include <random>
#include <thread>

#include "ui/mesh/shapes.hpp"
#include "ui/mesh/mesh_lod_cache.hpp"
#include "ui/viewport/camera.hpp"
#include "ui/viewport/lod_select.hpp"

using namespace js::ui;
using js::Vec3;

namespace {

// a direction uniform on the sphere, from the test's own seeded stream (Eigen's Random() shares std::rand with
// every test that ran before, so the inputs would depend on the order)
Vec3 lod_random_direction(std::mt19937& rng) {
  std::normal_distribution<double> n;
  Vec3 v(n(rng), n(rng), n(rng));
  while (v.norm() < 1e-12) v = Vec3(n(rng), n(rng), n(rng));
  return v.normalized();
}

// a chain with made-up errors over one real source mesh (a unit-radius-ish sphere at the origin)
MeshLod select_chain(const std::vector<float>& errors) {
  auto source = std::make_shared<const MeshData>(
      shapes::ellipsoid(Eigen::Vector3f::Zero(), Eigen::Vector3f::Constant(0.1f), Eigen::Matrix3f::Identity(), 16, 8));
  MeshLod lod;
  for (float e : errors) lod.levels.push_back({source, e, MeshWinding::outward});
  return lod;
}

CameraState select_camera(double distance) {
  CameraState c;
  c.target = Vec3::Zero();
  c.distance = distance;
  c.yaw = 0.3;
  c.pitch = 0.2;
  return c;
}

}  // namespace

TEST(LodSelect, TheProjectedErrorBoundsARealDisplacementOnScreen) {
  const int w = 1280, h = 800;
  const CameraState c = select_camera(2.0);
  const LodProjection p = lod_projection(c, w, h);
  const Vec3 eye = camera_eye(c);
  const double radius = 0.3, error = 1e-3;
  const Vec3 centre = Vec3(0.2, -0.1, 0.1);
  const double bound = projected_error_px(p, centre, radius, error);
  // displacements of that length anywhere in the sphere, every direction: never more than the bound
  double worst = 0.0;
  std::mt19937 rng(1301);
  for (int i = 0; i < 2000; ++i) {
    const Vec3 at = centre + radius * lod_random_direction(rng) * (0.5 + 0.5 * (i % 2));
    const Vec3 d = error * lod_random_direction(rng);
    Eigen::Vector2d a, b;
    if (!project_to_pixel(c, at, w, h, a) || !project_to_pixel(c, at + d, w, h, b)) continue;
    if (a.x() < 0 || a.x() > w || a.y() < 0 || a.y() > h) continue;  // off screen
    worst = std::max(worst, (b - a).norm());
  }
  EXPECT_GT(worst, 0.0);
  EXPECT_LE(worst, bound * 1.001);
  // and not far above it: the nearest point seen head on spans bound / corner_gain
  const double depth = (centre - eye).dot(p.forward) - radius;
  EXPECT_NEAR(bound, error * p.pixels_per_slope * p.corner_gain / depth, 1e-12);
  EXPECT_NEAR(p.pixels_per_slope, h / (2.0 * std::tan(0.5 * c.fov_y)), 1e-9);
}

TEST(LodSelect, TheNearestDepthBoundsEveryVertexAndUsesTheTighterOfSphereAndBox) {
  // a flat slab seen face on: its box is far nearer the truth than its bounding sphere
  auto slab = std::make_shared<const MeshData>(shapes::ellipsoid(
      Eigen::Vector3f(0.05f, 0.1f, 0.0f), Eigen::Vector3f(0.2f, 0.3f, 0.01f), Eigen::Matrix3f::Identity(), 64, 32));
  CameraState c = select_camera(1.5);
  c.yaw = 0.0;
  c.pitch = 0.0;  // looking along −z at the slab's flat side
  for (double yaw : {0.0, 0.7, 2.0}) {
    c.yaw = yaw;
    const LodProjection p = lod_projection(c, 1280, 800);
    Eigen::Matrix4f world_T_mesh = Eigen::Matrix4f::Identity();
    world_T_mesh.topRightCorner<3, 1>() = Eigen::Vector3f(0.1f, -0.2f, 0.05f);
    const double depth = nearest_depth(p, *slab, world_T_mesh);
    double nearest = std::numeric_limits<double>::infinity();
    for (const auto& v : slab->positions)
      nearest = std::min(nearest, ((world_T_mesh * v.homogeneous()).head<3>().cast<double>() - p.eye).dot(p.forward));
    EXPECT_LE(depth, nearest + 1e-6) << yaw;
    const Vec3 centre = (world_T_mesh * slab->centre().homogeneous()).head<3>().cast<double>();
    EXPECT_GE(depth, (centre - p.eye).dot(p.forward) - slab->radius() - 1e-9) << yaw;
    if (yaw == 0.0) {
      EXPECT_GT(depth, (centre - p.eye).dot(p.forward) - 0.2 * slab->radius()) << "face on";
    }
    // the off-axis gain over the box: at least that of every point in it that is in view, at most the
    // view corners'
    const double gain = box_gain(p, *slab, world_T_mesh);
    EXPECT_LE(gain, p.corner_gain + 1e-12);
    EXPECT_GE(gain, 1.0);
    std::mt19937 rng(1302);
    std::uniform_real_distribution<float> unit(0.0f, 1.0f);
    for (int i = 0; i < 500; ++i) {
      const Eigen::Vector3f t(unit(rng), unit(rng), unit(rng));
      const Eigen::Vector3f in_box = slab->bounds_min + t.cwiseProduct(slab->bounds_max - slab->bounds_min);
      const Vec3 d = (world_T_mesh * in_box.homogeneous()).head<3>().cast<double>() - p.eye;
      const double z = d.dot(p.forward), sx = d.dot(p.right) / z, sy = d.dot(p.up) / z;
      if (std::abs(sx) > p.half_width_slope || std::abs(sy) > p.half_height_slope) continue;  // not drawn
      EXPECT_LE(std::sqrt(1.0 + sx * sx + sy * sy), gain + 1e-9);
    }
  }
}

TEST(LodSelect, CloseCamerasGetFullDetailFarOnesCoarseLevels) {
  const MeshLod lod = select_chain({0.0f, 1e-5f, 1e-4f, 1e-3f, 1e-2f});
  const Eigen::Matrix4f at_origin = Eigen::Matrix4f::Identity();
  // inside the bounding sphere, or with it at the near plane: full detail whatever the errors
  EXPECT_EQ(choose_lod_level(lod, at_origin, lod_projection(select_camera(0.05), 1280, 800)), 0);
  EXPECT_EQ(choose_lod_level(lod, at_origin, lod_projection(select_camera(0.1), 1280, 800)), 0);
  // the level chosen keeps its error under half a pixel, the next one would not
  int previous = 0;
  for (double distance : {0.2, 0.5, 1.0, 3.0, 10.0, 100.0, 3000.0}) {
    const LodProjection p = lod_projection(select_camera(distance), 1280, 800);
    const int level = choose_lod_level(lod, at_origin, p);
    const double px_per_m = p.pixels_per_slope * box_gain(p, *lod.levels[0].mesh, at_origin) /
                            nearest_depth(p, *lod.levels[0].mesh, at_origin);
    EXPECT_LE(lod.levels[static_cast<std::size_t>(level)].error * px_per_m, kLodMaxErrorPx) << distance;
    if (level + 1 < static_cast<int>(lod.levels.size())) {
      EXPECT_GT(lod.levels[static_cast<std::size_t>(level) + 1].error * px_per_m, kLodMaxErrorPx) << distance;
    }
    EXPECT_GE(level, previous) << distance;  // farther never finer
    previous = level;
  }
  EXPECT_EQ(previous, 4);  // far away: the coarsest
  // a taller view has more pixels per metre: finer
  const LodProjection small = lod_projection(select_camera(3.0), 320, 200);
  const LodProjection big = lod_projection(select_camera(3.0), 2560, 1600);
  EXPECT_GT(choose_lod_level(lod, at_origin, small), choose_lod_level(lod, at_origin, big));
  // a mesh scaled up by its transform: its errors grow with it
  Eigen::Matrix4f scaled = Eigen::Matrix4f::Identity();
  scaled.topLeftCorner<3, 3>() *= 8.0f;
  const LodProjection p = lod_projection(select_camera(10.0), 1280, 800);
  EXPECT_LT(choose_lod_level(lod, scaled, p), choose_lod_level(lod, at_origin, p));
  // a mesh moved behind the camera's near plane reach, e.g. right at the eye: full detail
  Eigen::Matrix4f at_eye = Eigen::Matrix4f::Identity();
  at_eye.topRightCorner<3, 1>() = p.eye.cast<float>();
  EXPECT_EQ(choose_lod_level(lod, at_eye, p), 0);
}

TEST(LodSelect, ApplyDrawsFarBigMeshesSimplerAndKeepsTheFullMeshForPicking) {
  MeshLodCache cache({}, 5000);
  auto big = std::make_shared<const MeshData>(shapes::ellipsoid(
      Eigen::Vector3f::Zero(), Eigen::Vector3f(0.1f, 0.25f, 0.08f), Eigen::Matrix3f::Identity(), 200, 100));
  auto small = std::make_shared<const MeshData>(shapes::ellipsoid(
      Eigen::Vector3f::Zero(), Eigen::Vector3f::Constant(0.1f), Eigen::Matrix3f::Identity(), 20, 10));
  Scene scene;
  scene.opaque.push_back({});
  scene.opaque.back().mesh = big;
  scene.opaque.push_back({});
  scene.opaque.back().mesh = small;
  scene.translucent.push_back({});
  scene.translucent.back().mesh = big;
  scene.translucent.back().role = MeshItem::Role::ghost;
  const LodProjection far = lod_projection(select_camera(5.0), 1280, 800);
  apply_lod(scene, cache, far);  // not built yet: full detail
  EXPECT_EQ(scene.opaque[0].lod_mesh, nullptr);
  for (int i = 0; i < 600 && !cache.idle(); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(50));
  ASSERT_TRUE(cache.idle());
  apply_lod(scene, cache, far);
  for (const MeshItem* item : {&scene.opaque[0], &scene.translucent[0]}) {
    ASSERT_NE(item->lod_mesh, nullptr);
    EXPECT_GT(item->lod_level, 0);
    EXPECT_LT(item->lod_mesh->triangle_count(), big->triangle_count());
    EXPECT_EQ(item->lod_winding, MeshWinding::outward);
    EXPECT_EQ(item->mesh, big);  // picking and framing still see the full mesh
  }
  EXPECT_EQ(scene.opaque[1].lod_mesh, nullptr);
  EXPECT_FALSE(scene.opaque[0].runs_only);
  // up close: full detail again, drawn by its clusters (the ones that can show)
  Scene close;
  close.opaque.push_back({});
  close.opaque.back().mesh = big;
  apply_lod(close, cache, lod_projection(select_camera(0.2), 1280, 800));
  const auto lod = cache.find(big);
  ASSERT_NE(lod, nullptr);
  const MeshItem& near = close.opaque[0];
  EXPECT_EQ(near.lod_level, 0);
  EXPECT_EQ(near.lod_mesh, lod->clusters.mesh);
  EXPECT_EQ(near.lod_mesh->triangle_count(), big->triangle_count());
  EXPECT_EQ(near.lod_winding, MeshWinding::outward);
  EXPECT_TRUE(near.runs_only);
  std::size_t drawn = 0;
  for (const IndexRun& r : near.runs) drawn += r.count;
  EXPECT_GT(drawn, 0u);
  EXPECT_LT(drawn, big->indices.size());  // the far side faces away
  EXPECT_EQ(near.mesh, big);
}
