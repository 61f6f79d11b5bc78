#include "ui/mesh/mesh_winding.hpp"

#include <Eigen/Geometry>
#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace js::ui {

namespace {

// welds positions closer than tol (per axis) to one id (the first of them). a hash grid with cells 2 tol
// wide: a partner lies in the point's own cell or the neighbour on its nearer side along each axis.
std::vector<std::uint32_t> weld(const std::vector<Eigen::Vector3f>& p, const Eigen::Vector3f& lo, float tol) {
  const auto n = static_cast<std::uint32_t>(p.size());
  const float h = 2.0f * tol;
  constexpr std::uint64_t kEmpty = std::numeric_limits<std::uint64_t>::max();
  std::size_t size = 16;
  while (size < 2 * static_cast<std::size_t>(n)) size *= 2;
  std::vector<std::uint64_t> keys(size, kEmpty);
  std::vector<std::uint32_t> head(size);
  std::vector<std::uint32_t> next(n, n);  // the next weld representative in the same cell; n ends the chain
  std::vector<std::uint32_t> id(n);
  auto slot = [&](std::uint64_t key) {
    std::size_t s = static_cast<std::size_t>((key * 0x9E3779B97F4A7C15ull) >> 20) & (size - 1);
    while (keys[s] != kEmpty && keys[s] != key) s = (s + 1) & (size - 1);
    return s;
  };
  // 21 bits per axis; +1 keeps the neighbour below cell 0 representable
  auto cell_key = [](std::int64_t x, std::int64_t y, std::int64_t z) {
    return static_cast<std::uint64_t>(x + 1) | static_cast<std::uint64_t>(y + 1) << 21 |
           static_cast<std::uint64_t>(z + 1) << 42;
  };
  for (std::uint32_t v = 0; v < n; ++v) {
    const Eigen::Vector3f f = (p[v] - lo) / h;
    std::int64_t c[3], side[3];
    for (int a = 0; a < 3; ++a) {
      c[a] = static_cast<std::int64_t>(std::floor(f[a]));
      side[a] = f[a] - static_cast<float>(c[a]) < 0.5f ? -1 : 1;
    }
    id[v] = v;
    for (int k = 0; k < 8 && id[v] == v; ++k) {
      const std::uint64_t key = cell_key(c[0] + ((k & 1) ? side[0] : 0), c[1] + ((k & 2) ? side[1] : 0),
                                         c[2] + ((k & 4) ? side[2] : 0));
      const std::size_t s = slot(key);
      if (keys[s] == kEmpty) continue;
      for (std::uint32_t r = head[s]; r != n; r = next[r])
        if ((p[r] - p[v]).cwiseAbs().maxCoeff() <= tol) {
          id[v] = r;
          break;
        }
    }
    if (id[v] != v) continue;
    const std::size_t s = slot(cell_key(c[0], c[1], c[2]));
    if (keys[s] == kEmpty) {
      keys[s] = cell_key(c[0], c[1], c[2]);
      head[s] = n;
    }
    next[v] = head[s];
    head[s] = v;
  }
  return id;
}

std::uint32_t find_root(std::vector<std::uint32_t>& parent, std::uint32_t v) {
  while (parent[v] != v) v = parent[v] = parent[parent[v]];
  return v;
}

}  // namespace

MeshWinding closed_mesh_winding(const MeshData& mesh) {
  const std::size_t n = mesh.positions.size();
  if (mesh.indices.size() < 12 || n < 4 || n >= (std::size_t(1) << 31)) return MeshWinding::two_sided;
  Eigen::Vector3f lo = mesh.positions.front(), hi = lo;
  for (const auto& q : mesh.positions) {
    lo = lo.cwiseMin(q);
    hi = hi.cwiseMax(q);
  }
  const float diagonal = (hi - lo).norm();
  if (!(diagonal > 0.0f) || !std::isfinite(diagonal)) return MeshWinding::two_sided;
  const std::vector<std::uint32_t> id = weld(mesh.positions, lo, 1e-6f * diagonal);

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
  for (std::size_t i = 0; i < edges.size(); i += 2) {
    if (i + 1 >= edges.size() || (edges[i] >> 1) != (edges[i + 1] >> 1)) return MeshWinding::two_sided;
    if ((edges[i] & 1) != 0 || (edges[i + 1] & 1) != 1) return MeshWinding::two_sided;  // same direction twice
    if (i + 2 < edges.size() && (edges[i + 2] >> 1) == (edges[i] >> 1)) return MeshWinding::two_sided;
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
