#include "ui/mesh/mesh_distance.hpp"

#include <algorithm>
#include <cmath>

namespace js::ui {

Eigen::Vector3f closest_point_on_triangle(const Eigen::Vector3f& p, const Eigen::Vector3f& a, const Eigen::Vector3f& b,
                                          const Eigen::Vector3f& c) {
  // the voronoi regions of the corners, then of the edges, then the face
  const Eigen::Vector3f ab = b - a, ac = c - a, ap = p - a;
  const float d1 = ab.dot(ap), d2 = ac.dot(ap);
  if (d1 <= 0.0f && d2 <= 0.0f) return a;
  const Eigen::Vector3f bp = p - b;
  const float d3 = ab.dot(bp), d4 = ac.dot(bp);
  if (d3 >= 0.0f && d4 <= d3) return b;
  const float vc = d1 * d4 - d3 * d2;
  if (vc <= 0.0f && d1 >= 0.0f && d3 <= 0.0f) return a + d1 / (d1 - d3) * ab;
  const Eigen::Vector3f cp = p - c;
  const float d5 = ab.dot(cp), d6 = ac.dot(cp);
  if (d6 >= 0.0f && d5 <= d6) return c;
  const float vb = d5 * d2 - d1 * d6;
  if (vb <= 0.0f && d2 >= 0.0f && d6 <= 0.0f) return a + d2 / (d2 - d6) * ac;
  const float va = d3 * d6 - d5 * d4;
  if (va <= 0.0f && (d4 - d3) >= 0.0f && (d5 - d6) >= 0.0f) return b + (d4 - d3) / ((d4 - d3) + (d5 - d6)) * (c - b);
  const float denom = va + vb + vc;
  if (!(denom > 0.0f)) return a;  // a degenerate triangle: its corner
  return a + ab * (vb / denom) + ac * (vc / denom);
}

MeshDistance::MeshDistance(const MeshData& mesh) : mesh_(mesh) {
  const std::size_t n = mesh.triangle_count();
  if (n == 0 || n > 0xffffffffu) return;
  // no tree over points that are not numbers (the median split needs an order): every distance is then `cap`
  for (const Eigen::Vector3f& q : mesh.positions)
    if (!q.allFinite()) return;
  for (std::uint32_t i : mesh.indices)
    if (i >= mesh.positions.size()) return;
  std::vector<Eigen::Vector3f> centres(n);
  order_.resize(n);
  for (std::size_t t = 0; t < n; ++t) {
    order_[t] = static_cast<std::uint32_t>(t);
    centres[t] = (mesh.positions[mesh.indices[3 * t]] + mesh.positions[mesh.indices[3 * t + 1]] +
                  mesh.positions[mesh.indices[3 * t + 2]]) / 3.0f;
  }
  nodes_.reserve(n / 2 + 1);
  build(0, static_cast<std::uint32_t>(n), centres);
}

// the subtree of order_[first, first + count) as a new node (median splits keep the depth at log2 of the count)
std::uint32_t MeshDistance::build(std::uint32_t first, std::uint32_t count, std::vector<Eigen::Vector3f>& centres) {
  const auto index = static_cast<std::uint32_t>(nodes_.size());
  nodes_.emplace_back();
  Eigen::AlignedBox3f box, centre_box;
  for (std::uint32_t i = first; i < first + count; ++i) {
    const std::size_t t = 3 * static_cast<std::size_t>(order_[i]);
    for (std::size_t k = 0; k < 3; ++k) box.extend(mesh_.positions[mesh_.indices[t + k]]);
    centre_box.extend(centres[order_[i]]);
  }
  nodes_[index].box = box;
  constexpr std::uint32_t kLeaf = 4;
  if (count <= kLeaf) {
    nodes_[index].first = first;
    nodes_[index].count = count;
    return index;
  }
  // split at the median of the centres along their box's longest side
  int axis = 0;
  centre_box.sizes().maxCoeff(&axis);
  const std::uint32_t half = count / 2;
  std::nth_element(order_.begin() + first, order_.begin() + first + half, order_.begin() + first + count,
                   [&](std::uint32_t a, std::uint32_t b) { return centres[a][axis] < centres[b][axis]; });
  const std::uint32_t left = build(first, half, centres);
  const std::uint32_t right = build(first + half, count - half, centres);
  nodes_[index].left = left;
  nodes_[index].right = right;
  return index;
}

float MeshDistance::distance(const Eigen::Vector3f& p, float cap) const {
  if (nodes_.empty()) return cap;
  float best2 = cap * cap;
  // each entry carries its box's squared distance, found when it was pushed
  stack_.clear();
  stack_.emplace_back(0u, nodes_.front().box.squaredExteriorDistance(p));
  while (!stack_.empty()) {
    const auto [index, box2] = stack_.back();
    stack_.pop_back();
    if (box2 >= best2) continue;
    const Node& node = nodes_[index];
    if (node.count > 0) {
      for (std::uint32_t i = node.first; i < node.first + node.count; ++i) {
        const std::size_t t = 3 * static_cast<std::size_t>(order_[i]);
        const Eigen::Vector3f q = closest_point_on_triangle(p, mesh_.positions[mesh_.indices[t]],
                                                            mesh_.positions[mesh_.indices[t + 1]],
                                                            mesh_.positions[mesh_.indices[t + 2]]);
        best2 = std::min(best2, (q - p).squaredNorm());
      }
      continue;
    }
    // the nearer child is visited first (pushed last)
    const float da = nodes_[node.left].box.squaredExteriorDistance(p), db = nodes_[node.right].box.squaredExteriorDistance(p);
    if (da <= db) {
      if (db < best2) stack_.emplace_back(node.right, db);
      if (da < best2) stack_.emplace_back(node.left, da);
    } else {
      if (da < best2) stack_.emplace_back(node.left, da);
      if (db < best2) stack_.emplace_back(node.right, db);
    }
  }
  return std::sqrt(best2);
}

}  // namespace js::ui
