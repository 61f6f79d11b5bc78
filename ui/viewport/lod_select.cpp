#include "ui/viewport/lod_select.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "ui/mesh/mesh_lod_cache.hpp"
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
  return p;
}

double projected_error_px(const LodProjection& p, const Vec3& centre, double radius, double error_m) {
  const double depth = (centre - p.eye).dot(p.forward) - radius;
  if (depth <= p.near) return std::numeric_limits<double>::infinity();
  return error_m * p.pixels_per_slope * p.corner_gain / depth;
}

int choose_lod_level(const MeshLod& lod, const Eigen::Matrix4f& world_T_mesh, const LodProjection& p,
                     double max_error_px) {
  if (lod.levels.size() < 2) return 0;
  const MeshData& full = *lod.levels.front().mesh;
  const Eigen::Matrix3f linear = world_T_mesh.topLeftCorner<3, 3>();
  const double scale = linear.colwise().norm().maxCoeff();
  const Vec3 centre = (world_T_mesh * full.centre().homogeneous()).head<3>().cast<double>();
  const double radius = scale * full.radius();
  // the error that fits: one projection, then a walk up the (rising) errors
  const double px_per_m = projected_error_px(p, centre, radius, 1.0);
  if (!std::isfinite(px_per_m)) return 0;
  int level = 0;
  for (std::size_t k = 1; k < lod.levels.size(); ++k) {
    if (scale * lod.levels[k].error * px_per_m > max_error_px) break;
    level = static_cast<int>(k);
  }
  return level;
}

void apply_lod(Scene& scene, MeshLodCache& cache, const LodProjection& p, double max_error_px) {
  for (auto* items : {&scene.opaque, &scene.translucent})
    for (MeshItem& item : *items) {
      const auto lod = cache.find(item.mesh);
      if (!lod) continue;
      const int level = choose_lod_level(*lod, item.world_T_mesh, p, max_error_px);
      if (level == 0) continue;
      const MeshLodLevel& l = lod->levels[static_cast<std::size_t>(level)];
      item.lod_mesh = l.mesh;
      item.lod_winding = l.winding;
      item.lod_level = level;
    }
}

}  // namespace js::ui
