#include "ui/viewport/lod_select.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "ui/mesh/mesh_lod_cache.hpp"
#include "ui/viewport/cluster_cull.hpp"
#include "ui/viewport/camera.hpp"

namespace js::ui {

LodProjection lod_projection(const CameraState& c, int width_px, int height_px) {
  LodProjection p;
  p.eye = camera_eye(c);
  p.forward = (c.target - p.eye).normalized();
  const double t = std::tan(0.5 * c.fov_y);
  const double aspect = static_cast<double>(std::max(1, width_px)) / std::max(1, height_px);
  p.pixels_per_slope = std::max(1, height_px) / (2.0 * t);
  p.corner_gain = std::sqrt(1.0 + t * t * (1.0 + aspect * aspect));
  p.near = near_plane(c);
  const Eigen::Matrix4d view = view_matrix(c).cast<double>();
  p.right = view.block<1, 3>(0, 0).transpose();
  p.up = view.block<1, 3>(1, 0).transpose();
  p.half_height_slope = t;
  p.half_width_slope = t * aspect;
  p.clip_T_world = projection_matrix(c, aspect) * view_matrix(c);
  if (c.orthographic) {
    // a parallel view as a very long lens: an eye far back along the view axis whose field spans the view's
    // height at the target, so errors project alike at any depth and back faces are judged along the axis
    const double far_back = 100.0 * c.distance;
    const double slope = view_half_height(c) / far_back;
    p.eye = c.target - far_back * p.forward;
    p.pixels_per_slope = std::max(1, height_px) / (2.0 * slope);
    p.corner_gain = std::sqrt(1.0 + slope * slope * (1.0 + aspect * aspect));
    p.half_height_slope = slope;
    p.half_width_slope = slope * aspect;
  }
  return p;
}

double projected_error_px(const LodProjection& p, const Vec3& centre, double radius, double error_m) {
  const double depth = (centre - p.eye).dot(p.forward) - radius;
  if (depth <= p.near) return std::numeric_limits<double>::infinity();
  return error_m * p.pixels_per_slope * p.corner_gain / depth;
}

double nearest_depth(const LodProjection& p, const MeshData& mesh, const Eigen::Matrix4f& world_T_mesh) {
  const double scale = world_T_mesh.topLeftCorner<3, 3>().colwise().norm().maxCoeff();
  const Vec3 centre = (world_T_mesh * mesh.centre().homogeneous()).head<3>().cast<double>();
  // the box's nearest corner bounds every point of it (depth is linear)
  double box = std::numeric_limits<double>::infinity();
  for (int k = 0; k < 8; ++k) {
    const Eigen::Vector3f corner((k & 1) ? mesh.bounds_max.x() : mesh.bounds_min.x(),
                                 (k & 2) ? mesh.bounds_max.y() : mesh.bounds_min.y(),
                                 (k & 4) ? mesh.bounds_max.z() : mesh.bounds_min.z());
    const Vec3 world = (world_T_mesh * corner.homogeneous()).head<3>().cast<double>();
    box = std::min(box, (world - p.eye).dot(p.forward));
  }
  return std::max((centre - p.eye).dot(p.forward) - scale * mesh.radius(), box);
}

double box_gain(const LodProjection& p, const MeshData& mesh, const Eigen::Matrix4f& world_T_mesh) {
  double sx = 0.0, sy = 0.0;
  for (int k = 0; k < 8; ++k) {
    const Eigen::Vector3f corner((k & 1) ? mesh.bounds_max.x() : mesh.bounds_min.x(),
                                 (k & 2) ? mesh.bounds_max.y() : mesh.bounds_min.y(),
                                 (k & 4) ? mesh.bounds_max.z() : mesh.bounds_min.z());
    const Vec3 d = (world_T_mesh * corner.homogeneous()).head<3>().cast<double>() - p.eye;
    const double z = d.dot(p.forward);
    if (z <= p.near) return p.corner_gain;  // the box reaches behind the eye: the view's worst
    sx = std::max(sx, std::abs(d.dot(p.right)) / z);
    sy = std::max(sy, std::abs(d.dot(p.up)) / z);
  }
  sx = std::min(sx, p.half_width_slope);
  sy = std::min(sy, p.half_height_slope);
  return std::sqrt(1.0 + sx * sx + sy * sy);
}

int choose_lod_level(const MeshLod& lod, const Eigen::Matrix4f& world_T_mesh, const LodProjection& p,
                     double max_error_px) {
  if (lod.levels.size() < 2) return 0;
  const double depth = nearest_depth(p, *lod.levels.front().mesh, world_T_mesh);
  if (depth <= p.near) return 0;
  const double scale = world_T_mesh.topLeftCorner<3, 3>().colwise().norm().maxCoeff();
  // pixels per metre of error there; the levels' errors rise, so walk up until one is too large
  const double px_per_m = p.pixels_per_slope * box_gain(p, *lod.levels.front().mesh, world_T_mesh) / depth;
  int level = 0;
  for (std::size_t k = 1; k < lod.levels.size(); ++k) {
    if (scale * lod.levels[k].error * px_per_m > max_error_px) break;
    level = static_cast<int>(k);
  }
  return level;
}

void apply_lod(Scene& scene, MeshLodCache& cache, const LodProjection& p, double max_error_px, double ghost_error_px) {
  for (auto* items : {&scene.opaque, &scene.translucent})
    for (MeshItem& item : *items) {
      // a driven surface is a new mesh every frame: a chain for it would be stale before it was built
      if (item.role == MeshItem::Role::surface) continue;
      // a joint's shape is a small unit mesh, already as simple as it needs to be
      if (item.role == MeshItem::Role::joint_shape) continue;
      if (items == &scene.opaque && item.mesh && item.mesh->triangle_count() < kLodMinOpaqueTriangles) continue;
      const auto lod = cache.find(item.mesh);
      if (!lod) continue;
      const int level = choose_lod_level(*lod, item.world_T_mesh, p, item.role == MeshItem::Role::ghost ? ghost_error_px : max_error_px);
      if (level == 0) {
        if (!lod->clusters.mesh) continue;
        const MeshWinding winding = lod->levels.front().winding;
        const bool cull_back = items == &scene.opaque && winding == MeshWinding::outward &&
                               item.world_T_mesh.topLeftCorner<3, 3>().determinant() > 0.0f;
        item.lod_mesh = lod->clusters.mesh;
        item.lod_winding = winding;
        item.runs_only = true;
        visible_runs(lod->clusters, item.world_T_mesh, p.clip_T_world, p.eye, cull_back, item.runs);
        continue;
      }
      const MeshLodLevel& l = lod->levels[static_cast<std::size_t>(level)];
      item.lod_mesh = l.mesh;
      item.lod_winding = l.winding;
      item.lod_level = level;
    }
}

}  // namespace js::ui
