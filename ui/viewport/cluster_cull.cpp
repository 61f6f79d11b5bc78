#include "ui/viewport/cluster_cull.hpp"

#include <Eigen/Geometry>

namespace js::ui {

void visible_runs(const MeshClusters& clusters, const Eigen::Matrix4f& world_T_mesh, const Eigen::Matrix4f& clip_T_world,
                  const Vec3& eye, bool cull_back_faces, std::vector<IndexRun>& out) {
  out.clear();
  // the frustum's planes in the mesh frame (rows of clip_T_mesh: w ± x, w ± y, w ± z ≥ 0 inside), normalised
  // so a sphere is outside when its centre lies more than its radius behind one
  const Eigen::Matrix4f clip_T_mesh = clip_T_world * world_T_mesh;
  Eigen::Vector4f planes[6];
  for (int a = 0; a < 3; ++a) {
    planes[2 * a] = clip_T_mesh.row(3) + clip_T_mesh.row(a);
    planes[2 * a + 1] = clip_T_mesh.row(3) - clip_T_mesh.row(a);
  }
  for (auto& p : planes) p /= p.head<3>().norm();
  const Eigen::Vector3f eye_mesh =
      (world_T_mesh.inverse() * eye.cast<float>().homogeneous()).head<3>();
  for (const MeshCluster& c : clusters.clusters) {
    bool visible = true;
    for (const auto& p : planes)
      if (p.head<3>().dot(c.centre) + p.w() < -c.radius) {
        visible = false;
        break;
      }
    if (visible && cull_back_faces) {
      const Eigen::Vector3f d = c.centre - eye_mesh;
      if (d.dot(c.cone_axis) >= c.cone_cutoff * d.norm() + c.radius) visible = false;
    }
    if (!visible) continue;
    if (!out.empty() && out.back().first + out.back().count == c.first_index)
      out.back().count += c.index_count;
    else
      out.push_back({c.first_index, c.index_count});
  }
}

}  // namespace js::ui
