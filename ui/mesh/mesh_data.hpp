// a triangle mesh ready for drawing and picking: float positions (metres, body frame), per-vertex
// normals and a triangle index list.
#pragma once

#include <Eigen/Core>
#include <cstdint>
#include <vector>

#include "core/mesh/triangle_mesh.hpp"

namespace js::ui {

struct MeshData {
  std::vector<Eigen::Vector3f> positions;  // metres, in the body frame
  std::vector<Eigen::Vector3f> normals;    // unit, one per position
  std::vector<std::uint32_t> indices;      // 3 per triangle
  Eigen::Vector3f bounds_min = Eigen::Vector3f::Zero();
  Eigen::Vector3f bounds_max = Eigen::Vector3f::Zero();

  std::size_t triangle_count() const { return indices.size() / 3; }
  Eigen::Vector3f centre() const { return 0.5f * (bounds_min + bounds_max); }
  float radius() const { return 0.5f * (bounds_max - bounds_min).norm(); }

  // recomputes bounds from positions
  void update_bounds();
  // area-weighted vertex normals from the triangles
  void compute_normals();
  // appends another mesh (indices offset)
  void append(const MeshData& other);
  // the triangles in double precision, as core's writers take them (glTF, OpenSim geometry)
  mesh::TriangleMesh triangle_mesh() const;
};

}  // namespace js::ui
