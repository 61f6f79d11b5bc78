#include "ui/mesh/mesh_data.hpp"

#include <Eigen/Geometry>

namespace js::ui {

void MeshData::update_bounds() {
  if (positions.empty()) {
    bounds_min = bounds_max = Eigen::Vector3f::Zero();
    return;
  }
  bounds_min = bounds_max = positions.front();
  for (const auto& p : positions) {
    bounds_min = bounds_min.cwiseMin(p);
    bounds_max = bounds_max.cwiseMax(p);
  }
}

void MeshData::compute_normals() {
  normals.assign(positions.size(), Eigen::Vector3f::Zero());
  for (std::size_t t = 0; t + 2 < indices.size(); t += 3) {
    const auto a = indices[t], b = indices[t + 1], c = indices[t + 2];
    // the unnormalized cross product weights by area
    const Eigen::Vector3f n = (positions[b] - positions[a]).cross(positions[c] - positions[a]);
    normals[a] += n;
    normals[b] += n;
    normals[c] += n;
  }
  for (auto& n : normals) {
    const float len = n.norm();
    n = len > 0.0f ? Eigen::Vector3f(n / len) : Eigen::Vector3f::UnitY();
  }
}

void MeshData::append(const MeshData& other) {
  const auto offset = static_cast<std::uint32_t>(positions.size());
  positions.insert(positions.end(), other.positions.begin(), other.positions.end());
  normals.insert(normals.end(), other.normals.begin(), other.normals.end());
  indices.reserve(indices.size() + other.indices.size());
  for (auto i : other.indices) indices.push_back(i + offset);
  update_bounds();
}

mesh::TriangleMesh MeshData::triangle_mesh() const {
  mesh::TriangleMesh out;
  out.vertices.reserve(positions.size());
  for (const Eigen::Vector3f& p : positions) out.vertices.push_back(p.cast<double>());
  out.triangles.reserve(triangle_count());
  for (std::size_t t = 0; t + 2 < indices.size(); t += 3)
    out.triangles.push_back({static_cast<int>(indices[t]), static_cast<int>(indices[t + 1]), static_cast<int>(indices[t + 2])});
  return out;
}

}  // namespace js::ui
