#include "ui/viewport/surface_scene.hpp"

#include <Eigen/Geometry>
#include <algorithm>

#include "core/joints/joint.hpp"
#include "ui/joint/joint_model.hpp"

namespace js::ui {

std::vector<int> driven_coordinates(const DocumentData& d, const Joint& j) {
  std::vector<int> out;
  const Body* child = d.body(j.child);
  if (!child || !j.model || !child->scene_keys.is_object() || !child->scene_keys.contains("drive")) return out;
  const nlohmann::json& drive = child->scene_keys["drive"];
  if (!drive.is_array()) return out;
  const auto& coords = j.model->coordinates();
  for (const nlohmann::json& entry : drive) {
    if (!entry.is_object() || !entry.contains("coordinate") || !entry["coordinate"].is_string()) continue;
    const std::string name = entry["coordinate"].get<std::string>();
    for (std::size_t i = 0; i < coords.size(); ++i)
      if (coords[i].name == name) out.push_back(static_cast<int>(i));
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

std::shared_ptr<const MeshData> build_driven_surface(const DocumentData& d, const Joint& j, const MeshData* child_mesh,
                                                     const Vec3& up_in_parent, int segments) {
  if (!j.model || segments < 1 || j.q.size() != j.model->dof()) return nullptr;
  const JointModel& model = *j.model;
  const std::vector<int> driven = driven_coordinates(d, j);
  std::vector<int> free;
  for (int i = 0; i < model.dof(); ++i)
    if (!std::binary_search(driven.begin(), driven.end(), i)) free.push_back(i);
  if (driven.empty() || free.size() != 2) return nullptr;
  double lo[2], hi[2];
  for (int k = 0; k < 2; ++k) coordinate_range(j, free[static_cast<std::size_t>(k)], lo[k], hi[k]);

  // the traced point, and how far the child reaches below it posed at the middle of the free ranges (so the
  // surface depends on nothing but the driven q)
  const Vec3 c = child_mesh ? Vec3(child_mesh->centre().cast<double>()) : Vec3::Zero();
  Eigen::VectorXd q = j.q;
  const int fa = free[0], fb = free[1];
  JointData data(model.dof());
  double h = 0.0;
  if (child_mesh) {
    q[fa] = 0.5 * (lo[0] + hi[0]);
    q[fb] = 0.5 * (lo[1] + hi[1]);
    model.evaluate(q, data, EvalLevel::Transform);
    const Eigen::Vector3f down = (data.G.R.transpose() * -up_in_parent).cast<float>();
    const Eigen::Vector3f cf = c.cast<float>();
    for (const Eigen::Vector3f& v : child_mesh->positions) h = std::max(h, static_cast<double>((v - cf).dot(down)));
  }

  auto mesh = std::make_shared<MeshData>();
  const int n = segments + 1;
  mesh->positions.resize(static_cast<std::size_t>(n * n));
  mesh->normals.resize(mesh->positions.size());
  for (int a = 0; a < n; ++a) {
    q[fa] = lo[0] + (hi[0] - lo[0]) * a / segments;
    for (int b = 0; b < n; ++b) {
      q[fb] = lo[1] + (hi[1] - lo[1]) * b / segments;
      model.evaluate(q, data, EvalLevel::Jacobian);
      // ∂(G c)/∂q_i = R (ω_i × c + v_i) for the body-frame column s_i = [ω_i; v_i] (eq. 13)
      const Vec3 du = data.G.R * (data.S.col(fa).head<3>().cross(c) + data.S.col(fa).tail<3>());
      const Vec3 dv = data.G.R * (data.S.col(fb).head<3>().cross(c) + data.S.col(fb).tail<3>());
      Vec3 normal = du.cross(dv);
      const double len = normal.norm();
      normal = len > 1e-12 ? Vec3(normal / len) : up_in_parent;
      if (normal.dot(up_in_parent) < 0.0) normal = -normal;
      const auto i = static_cast<std::size_t>(a * n + b);
      mesh->positions[i] = (data.G.act(c) - h * normal).cast<float>();
      mesh->normals[i] = normal.cast<float>();
    }
  }
  mesh->indices.reserve(static_cast<std::size_t>(6 * segments * segments));
  for (int a = 0; a < segments; ++a)
    for (int b = 0; b < segments; ++b) {
      const auto i = static_cast<std::uint32_t>(a * n + b), right = i + static_cast<std::uint32_t>(n);
      mesh->indices.insert(mesh->indices.end(), {i, right, i + 1, i + 1, right, right + 1});
    }
  mesh->update_bounds();
  return mesh;
}

std::shared_ptr<const MeshData> DrivenSurfaceCache::surface(const DocumentData& d, const Joint& j,
                                                            const std::shared_ptr<const MeshData>& child_mesh,
                                                            const Vec3& up_in_parent) {
  const std::vector<int> driven = driven_coordinates(d, j);
  Eigen::VectorXd driven_q(static_cast<Eigen::Index>(driven.size()));
  for (std::size_t k = 0; k < driven.size(); ++k)
    driven_q[static_cast<Eigen::Index>(k)] = driven[k] < j.q.size() ? j.q[driven[k]] : 0.0;
  Entry& e = entries_[j.id];
  e.used = true;
  if (e.mesh && e.model == j.model && e.child_mesh == child_mesh && e.driven_q.size() == driven_q.size() &&
      e.driven_q == driven_q && e.up == up_in_parent)
    return e.mesh;
  e.model = j.model;
  e.child_mesh = child_mesh;
  e.driven_q = driven_q;
  e.up = up_in_parent;
  e.mesh = build_driven_surface(d, j, child_mesh.get(), up_in_parent);
  ++rebuilds_;
  return e.mesh;
}

void DrivenSurfaceCache::prune() {
  for (auto it = entries_.begin(); it != entries_.end();) {
    if (!it->second.used) {
      it = entries_.erase(it);
    } else {
      it->second.used = false;
      ++it;
    }
  }
}

void append_driven_surfaces(const DocumentData& d, MeshLibrary& meshes, const CameraState& cam,
                            DrivenSurfaceCache* cache, Scene& scene) {
  for (const Joint& j : d.joints) {
    if (!j.model || driven_coordinates(d, j).empty()) continue;
    const Body* child = d.body(j.child);
    const auto child_mesh = child ? meshes.mesh(*child) : nullptr;
    const SE3 world_T_parent = d.world_T_body(j.parent);
    const Vec3 up_in_parent = world_T_parent.R.transpose() * world_up(cam);
    auto mesh = cache ? cache->surface(d, j, child_mesh, up_in_parent)
                      : build_driven_surface(d, j, child_mesh.get(), up_in_parent);
    if (!mesh) continue;
    MeshItem item;
    item.mesh = std::move(mesh);
    item.world_T_mesh = world_T_parent.matrix().cast<float>();
    item.colour = Eigen::Vector4f(0.38f, 0.52f, 0.62f, 1.0f);
    item.role = MeshItem::Role::surface;
    item.body = j.child;
    scene.opaque.push_back(std::move(item));
  }
  if (cache) cache->prune();
}

}  // namespace js::ui
