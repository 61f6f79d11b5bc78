// how far points lie from a triangle mesh's surface: the source of a level of detail indexed once in a bounding-box
// tree (median splits, a few triangles per leaf), then the nearest triangle to each query point found by visiting
// the boxes nearest first and skipping those farther than the best so far. a tree, not a uniform grid: a lathe's
// triangles crowd its poles, where a grid's cells held hundreds each. what a level's error is measured with
// (mesh_lod.cpp): the distance of its triangles' centres and new edges' midpoints to the source,
// instead of a bound from the vertex normals, which a tube whose rim normals lean into its caps fooled by 40×.
#pragma once

#include <Eigen/Core>
#include <Eigen/Geometry>
#include <cstdint>
#include <utility>
#include <vector>

#include "ui/mesh/mesh_data.hpp"

namespace js::ui {

// the closest point of triangle abc to p (Ericson, Real-Time Collision Detection §5.1.5)
Eigen::Vector3f closest_point_on_triangle(const Eigen::Vector3f& p, const Eigen::Vector3f& a, const Eigen::Vector3f& b,
                                          const Eigen::Vector3f& c);

class MeshDistance {
 public:
  // indexes mesh's triangles (the mesh must outlive this); a mesh with a non-finite position or an index out of range
  // gets no tree, so every distance is the cap (a level measured against it is never chosen)
  explicit MeshDistance(const MeshData& mesh);

  // the distance from p to the nearest triangle, or `cap` when none is nearer than cap
  // (one query at a time per instance: the search stack is reused)
  float distance(const Eigen::Vector3f& p, float cap) const;

 private:
  struct Node {
    Eigen::AlignedBox3f box;
    std::uint32_t first = 0, count = 0;  // a leaf's triangles in order_; count 0: an inner node
    std::uint32_t left = 0, right = 0;   // an inner node's children
  };
  std::uint32_t build(std::uint32_t first, std::uint32_t count, std::vector<Eigen::Vector3f>& centres);

  const MeshData& mesh_;
  std::vector<Node> nodes_;
  std::vector<std::uint32_t> order_;  // triangle indices, leaves' runs
  mutable std::vector<std::pair<std::uint32_t, float>> stack_;  // the query's (node, squared box distance), reused
};

}  // namespace js::ui
