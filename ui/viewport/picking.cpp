#include "ui/viewport/picking.hpp"

#include <Eigen/Geometry>

namespace js::ui {

std::optional<double> intersect_mesh(const MeshData& mesh, const Ray& ray) {
  // bounding sphere rejection
  const Vec3 c = mesh.centre().cast<double>();
  const double r = mesh.radius();
  const Vec3 oc = ray.origin - c;
  const double b = oc.dot(ray.dir);
  if (oc.squaredNorm() - b * b > r * r && oc.squaredNorm() > r * r) return std::nullopt;

  std::optional<double> best;
  const Eigen::Vector3f o = ray.origin.cast<float>(), dir = ray.dir.cast<float>();
  for (std::size_t t = 0; t + 2 < mesh.indices.size(); t += 3) {
    const Eigen::Vector3f& v0 = mesh.positions[mesh.indices[t]];
    const Eigen::Vector3f e1 = mesh.positions[mesh.indices[t + 1]] - v0;
    const Eigen::Vector3f e2 = mesh.positions[mesh.indices[t + 2]] - v0;
    const Eigen::Vector3f pv = dir.cross(e2);
    const float det = e1.dot(pv);
    if (std::abs(det) < 1e-14f) continue;  // ray parallel to the triangle (both faces count)
    const float inv = 1.0f / det;
    const Eigen::Vector3f tv = o - v0;
    const float u = tv.dot(pv) * inv;
    if (u < 0.0f || u > 1.0f) continue;
    const Eigen::Vector3f qv = tv.cross(e1);
    const float v = dir.dot(qv) * inv;
    if (v < 0.0f || u + v > 1.0f) continue;
    const double dist = e2.dot(qv) * inv;
    if (dist > 0.0 && (!best || dist < *best)) best = dist;
  }
  return best;
}

std::optional<PickHit> pick_body(const DocumentData& d, MeshLibrary& meshes, const Ray& world_ray) {
  std::optional<PickHit> best;
  for (const Body& b : d.bodies) {
    const auto mesh = meshes.mesh(b);
    if (!mesh) continue;
    // the ray in the body frame: rigid, so distances are the same
    const SE3 body_T_world = d.world_T_body(b.id).inverse();
    const Ray local{body_T_world.act(world_ray.origin), body_T_world.R * world_ray.dir};
    if (auto dist = intersect_mesh(*mesh, local); dist && (!best || *dist < best->distance))
      best = PickHit{b.id, *dist, world_ray.origin + *dist * world_ray.dir};
  }
  return best;
}

std::optional<PickHit> pick_ghost(const DocumentData& d, MeshLibrary& meshes, const Ray& world_ray) {
  std::optional<PickHit> best;
  for (const Joint& j : d.joints) {
    const Body* child = d.body(j.child);
    const auto mesh = child ? meshes.mesh(*child) : nullptr;
    if (!mesh) continue;
    const SE3 world_T_parent = d.world_T_body(j.parent);
    for (std::size_t i = 0; i < j.samples.size(); ++i) {
      const SE3 ghost_T_world = (world_T_parent * j.samples[i].parent_T_child).inverse();
      const Ray local{ghost_T_world.act(world_ray.origin), ghost_T_world.R * world_ray.dir};
      if (auto dist = intersect_mesh(*mesh, local); dist && (!best || *dist < best->distance))
        best = PickHit{child->id, *dist, world_ray.origin + *dist * world_ray.dir, j.id, static_cast<int>(i)};
    }
  }
  return best;
}

std::optional<PickHit> pick(const DocumentData& d, MeshLibrary& meshes, const Ray& world_ray, bool ghosts) {
  std::optional<PickHit> body = pick_body(d, meshes, world_ray);
  if (!ghosts) return body;
  std::optional<PickHit> ghost = pick_ghost(d, meshes, world_ray);
  if (ghost && (!body || ghost->distance < body->distance - kGhostTieDistance)) return ghost;
  return body;
}

}  // namespace js::ui
