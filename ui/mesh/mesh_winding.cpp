#include "ui/mesh/mesh_winding.hpp"

#include <Eigen/Geometry>
#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

#include "ui/mesh/mesh_weld.hpp"

namespace js::ui {

namespace {

std::uint32_t find_root(std::vector<std::uint32_t>& parent, std::uint32_t v) {
  while (parent[v] != v) v = parent[v] = parent[parent[v]];
  return v;
}

}  // namespace

MeshWinding closed_mesh_winding(const MeshData& mesh, bool allow_pinched_edges) {
  const std::size_t n = mesh.positions.size();
  if (mesh.indices.size() < 12 || n < 4 || n >= (std::size_t(1) << 31)) return MeshWinding::two_sided;
  Eigen::Vector3f lo = mesh.positions.front(), hi = lo;
  for (const auto& q : mesh.positions) {
    lo = lo.cwiseMin(q);
    hi = hi.cwiseMax(q);
  }
  const float diagonal = (hi - lo).norm();
  if (!(diagonal > 0.0f) || !std::isfinite(diagonal)) return MeshWinding::two_sided;
  const std::vector<std::uint32_t> id = weld_positions(mesh.positions, lo, 1e-6f * diagonal);

  // each edge as (low id, high id, direction); closed and consistent: every edge exactly twice, once each way
  std::vector<std::uint64_t> edges;
  edges.reserve(mesh.indices.size());
  std::vector<std::uint32_t> parent(n);
  std::iota(parent.begin(), parent.end(), 0u);
  for (std::size_t t = 0; t + 2 < mesh.indices.size(); t += 3) {
    std::uint32_t v[3];
    for (int k = 0; k < 3; ++k) {
      if (mesh.indices[t + k] >= n) return MeshWinding::two_sided;
      v[k] = id[mesh.indices[t + k]];
    }
    if (v[0] == v[1] || v[1] == v[2] || v[2] == v[0]) continue;
    for (int k = 0; k < 3; ++k) {
      const std::uint32_t a = v[k], b = v[(k + 1) % 3];
      const std::uint64_t low = std::min(a, b), high = std::max(a, b);
      edges.push_back(low << 32 | high << 1 | (a < b ? 0u : 1u));
    }
    parent[find_root(parent, v[1])] = find_root(parent, v[0]);
    parent[find_root(parent, v[2])] = find_root(parent, v[0]);
  }
  if (edges.empty()) return MeshWinding::two_sided;
  std::sort(edges.begin(), edges.end());
  for (std::size_t i = 0, j = 0; i < edges.size(); i = j) {
    int forward = 0, backward = 0;
    for (j = i; j < edges.size() && (edges[j] >> 1) == (edges[i] >> 1); ++j) ++((edges[j] & 1) ? backward : forward);
    if (forward != backward) return MeshWinding::two_sided;  // open, or the same direction twice
    if (forward != 1 && !allow_pinched_edges) return MeshWinding::two_sided;
  }

  // signed volume of each piece (divergence theorem: the sum of a·(b×c)/6 over its triangles), about the
  // box centre so the terms stay small
  const Eigen::Vector3d centre = (0.5f * (lo + hi)).cast<double>();
  std::vector<double> volume(n, 0.0);
  std::vector<char> piece(n, 0);  // roots of pieces with at least one triangle
  for (std::size_t t = 0; t + 2 < mesh.indices.size(); t += 3) {
    const std::uint32_t a = id[mesh.indices[t]], b = id[mesh.indices[t + 1]], c = id[mesh.indices[t + 2]];
    if (a == b || b == c || c == a) continue;
    const Eigen::Vector3d pa = mesh.positions[a].cast<double>() - centre;
    const Eigen::Vector3d pb = mesh.positions[b].cast<double>() - centre;
    const Eigen::Vector3d pc = mesh.positions[c].cast<double>() - centre;
    const std::uint32_t root = find_root(parent, a);
    volume[root] += pa.dot(pb.cross(pc)) / 6.0;
    piece[root] = 1;
  }
  // a piece flatter than this is a double-sided sheet: both sides can be seen
  const double tiny = 1e-9 * std::pow(static_cast<double>(diagonal), 3);
  int positive = 0, negative = 0;
  for (std::uint32_t v = 0; v < n; ++v) {
    if (!piece[v]) continue;
    if (volume[v] > tiny) ++positive;
    else if (volume[v] < -tiny) ++negative;
    else return MeshWinding::two_sided;
  }
  if (positive > 0 && negative == 0) return MeshWinding::outward;
  if (negative > 0 && positive == 0) return MeshWinding::inward;
  return MeshWinding::two_sided;
}

}  // namespace js::ui
