#include "ui/mesh/mesh_lod.hpp"

#include <meshoptimizer.h>

#include <Eigen/Geometry>
#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <unordered_set>

#include "ui/mesh/mesh_distance.hpp"
#include "ui/mesh/mesh_weld.hpp"

namespace js::ui {

namespace {

// the source welded: one point per position (the simplifier's vertices: meshopt 0.18 locks any vertex that
// shares its position with another, referenced or not, so duplicates must not reach it), and per point the
// list of the source's vertices there (its wedges): head[p] starts it, next[] runs through it, n ends it
struct Welded {
  std::vector<Eigen::Vector3f> points;
  std::vector<std::uint32_t> corners;  // 3 per source triangle, into points
  std::vector<std::uint32_t> head, next;
};

Welded weld_mesh(const MeshData& m, const std::vector<std::uint32_t>& id) {
  const auto n = static_cast<std::uint32_t>(m.positions.size());
  Welded w;
  std::vector<std::uint32_t> point_of(n, n);  // by representative vertex
  w.next.assign(n, n);
  std::vector<char> seen(n, 0);
  w.corners.resize(m.indices.size());
  for (std::size_t i = 0; i < m.indices.size(); ++i) {
    const std::uint32_t v = m.indices[i], r = id[v];
    if (point_of[r] == n) {
      point_of[r] = static_cast<std::uint32_t>(w.points.size());
      w.points.push_back(m.positions[r]);
      w.head.push_back(n);
    }
    const std::uint32_t p = point_of[r];
    w.corners[i] = p;
    if (seen[v]) continue;
    seen[v] = 1;
    w.next[v] = w.head[p];
    w.head[p] = v;
  }
  return w;
}

// meshopt_simplify (0.18) can fold two triangles onto each other back to back (the same three vertices,
// opposite windings): a zero-volume fin whose edges are shared four times, which makes the level fail the
// closed-mesh check. dropping both leaves the surface closed; a repeated triangle keeps one copy.
void drop_folded_pairs(std::vector<std::uint32_t>& tris) {
  struct Key {
    std::array<std::uint32_t, 3> v;  // sorted corners
    bool odd;                        // the sorting permutation's parity: the winding
    std::uint32_t t;
  };
  const std::size_t count = tris.size() / 3;
  std::vector<Key> keys(count);
  for (std::size_t t = 0; t < count; ++t) {
    std::array<std::uint32_t, 3> v{tris[3 * t], tris[3 * t + 1], tris[3 * t + 2]};
    bool odd = false;
    for (int i = 0; i < 2; ++i)
      for (int j = 0; j < 2 - i; ++j)
        if (v[j] > v[j + 1]) {
          std::swap(v[j], v[j + 1]);
          odd = !odd;
        }
    keys[t] = {v, odd, static_cast<std::uint32_t>(t)};
  }
  std::sort(keys.begin(), keys.end(), [](const Key& a, const Key& b) { return a.v < b.v; });
  std::vector<char> keep(count, 1);
  for (std::size_t i = 0; i < count;) {
    std::size_t j = i;
    int odd = 0, even = 0;
    for (; j < count && keys[j].v == keys[i].v; ++j) (keys[j].odd ? odd : even)++;
    if (j - i > 1) {
      // the surplus winding keeps one triangle, everything else goes
      const bool keep_odd = odd > even, keep_one = odd != even;
      bool kept = false;
      for (std::size_t k = i; k < j; ++k) {
        const bool this_one = keep_one && !kept && keys[k].odd == keep_odd;
        kept = kept || this_one;
        keep[keys[k].t] = this_one;
      }
    }
    i = j;
  }
  std::size_t out = 0;
  for (std::size_t t = 0; t < count; ++t)
    if (keep[t])
      for (int k = 0; k < 3; ++k) tris[out++] = tris[3 * t + k];
  tris.resize(out);
}

// an edge between two welded points, either way round
std::uint64_t edge_key(std::uint32_t a, std::uint32_t b) {
  return (static_cast<std::uint64_t>(std::min(a, b)) << 32) | std::max(a, b);
}

// how far a level stands off its source: the largest distance to the source's surface of its triangles' centres and
// edge midpoints (mesh_distance.hpp), skipping what lies on the source already (an edge the source has, a triangle of
// source edges). `corners`: the level's triangles over the welded points, in the order of `level`'s
float level_distance(const MeshData& level, const std::vector<std::uint32_t>& corners,
                     const std::unordered_set<std::uint64_t>& source_edges, const MeshDistance& source, float cap) {
  float worst = 0.0f;
  for (std::size_t t = 0; t + 2 < corners.size() && t + 2 < level.indices.size(); t += 3) {
    bool all_source = true;
    for (std::size_t k = 0; k < 3; ++k) {
      const std::uint32_t a = corners[t + k], b = corners[t + (k + 1) % 3];
      if (source_edges.count(edge_key(a, b))) continue;
      all_source = false;
      if (a > b) continue;  // each new edge once (its other triangle runs it b → a)
      const Eigen::Vector3f& pa = level.positions[level.indices[t + k]];
      const Eigen::Vector3f& pb = level.positions[level.indices[t + (k + 1) % 3]];
      // the corners are the source's own points: no farther than they are (a bound that prunes the search)
      worst = std::max(worst, source.distance(0.5f * (pa + pb), std::min(cap, 0.5f * (pb - pa).norm())));
    }
    if (all_source) continue;
    const Eigen::Vector3f centre =
        (level.positions[level.indices[t]] + level.positions[level.indices[t + 1]] + level.positions[level.indices[t + 2]]) / 3.0f;
    float near = cap;
    for (std::size_t k = 0; k < 3; ++k) near = std::min(near, (level.positions[level.indices[t + k]] - centre).norm());
    worst = std::max(worst, source.distance(centre, near));
  }
  return worst;
}

// a level as its own compact mesh: each corner (a position representative) takes the wedge whose normal
// is nearest its triangle's face normal, so creases and flat-shaded faces keep their normals
std::shared_ptr<MeshData> compact_level(const MeshData& src, const Welded& w, const std::vector<std::uint32_t>& tris) {
  auto out = std::make_shared<MeshData>();
  const auto n = static_cast<std::uint32_t>(src.positions.size());
  std::vector<std::uint32_t> remap(n, n);
  std::vector<std::uint32_t> indices(tris.size());
  for (std::size_t t = 0; t + 2 < tris.size(); t += 3) {
    const Eigen::Vector3f& a = w.points[tris[t]];
    const Eigen::Vector3f face = (w.points[tris[t + 1]] - a).cross(w.points[tris[t + 2]] - a);
    for (int k = 0; k < 3; ++k) {
      const std::uint32_t p = tris[t + k];
      std::uint32_t best = w.head[p];
      if (w.next[best] != n) {  // more than one wedge here
        float best_dot = -std::numeric_limits<float>::infinity();
        for (std::uint32_t v = w.head[p]; v != n; v = w.next[v])
          if (const float d = src.normals[v].dot(face); d > best_dot) {
            best_dot = d;
            best = v;
          }
      }
      if (remap[best] == n) {
        remap[best] = static_cast<std::uint32_t>(out->positions.size());
        out->positions.push_back(src.positions[best]);
        out->normals.push_back(src.normals[best]);
      }
      indices[t + k] = remap[best];
    }
  }
  // the simplifier keeps the source's triangle order and the vertices are numbered by first use; reordering
  // for the vertex cache (meshopt_optimizeVertexCache) measured no gain under llvmpipe (docs/app.md)
  out->indices = std::move(indices);
  out->update_bounds();
  return out;
}

}  // namespace

MeshLod build_mesh_lod(const std::shared_ptr<const MeshData>& mesh, const MeshLodOptions& options,
                       const std::atomic<bool>* cancel) {
  MeshLod lod;
  if (!mesh) return lod;
  const MeshData& m = *mesh;
  lod.levels.push_back({mesh, 0.0f, closed_mesh_winding(m)});
  lod.clusters = build_mesh_clusters(m);
  const std::size_t source_vertices = m.positions.size();
  if (m.indices.size() < 6 || source_vertices == 0 || m.normals.size() != source_vertices) return lod;
  for (std::uint32_t i : m.indices)
    if (i >= source_vertices) return lod;
  // one vertex per position (within 1e-6 of the diagonal, as the closed-mesh check welds): split normals,
  // seams and a lathe's not-quite-equal seam are no borders to the simplifier
  Eigen::Vector3f lo = m.positions.front(), hi = lo;
  for (const auto& q : m.positions) {
    lo = lo.cwiseMin(q);
    hi = hi.cwiseMax(q);
  }
  const float diagonal = (hi - lo).norm();
  if (!(diagonal > 0.0f) || !std::isfinite(diagonal)) return lod;
  const std::vector<std::uint32_t> id = weld_positions(m.positions, lo, 1e-6f * diagonal);
  const Welded welded = weld_mesh(m, id);
  std::vector<std::uint32_t> current = welded.corners;
  const MeshDistance source_distance(m);
  std::unordered_set<std::uint64_t> source_edges;
  source_edges.reserve(current.size());
  for (std::size_t t = 0; t + 2 < current.size(); t += 3)
    for (std::size_t k = 0; k < 3; ++k) source_edges.insert(edge_key(current[t + k], current[t + (k + 1) % 3]));
  const float* xyz = welded.points.front().data();
  const std::size_t nv = welded.points.size();
  constexpr std::size_t stride = sizeof(Eigen::Vector3f);
  static_assert(stride == 3 * sizeof(float));
  // meshopt's errors are relative to the mesh's extent
  const float scale = meshopt_simplifyScale(xyz, nv, stride);
  float steps_error = 0.0f, error = 0.0f;
  std::vector<std::uint32_t> next(current.size());
  while (static_cast<int>(lod.levels.size()) < options.max_levels) {
    if (cancel && cancel->load()) break;
    const std::size_t target = current.size() / 6 * 3;
    if (target / 3 < options.min_triangles) break;
    float step_error = 0.0f;
    next.resize(current.size());
    const std::size_t count = meshopt_simplify(next.data(), current.data(), current.size(), xyz, nv, stride, target,
                                               std::numeric_limits<float>::max(), meshopt_SimplifyLockBorder,
                                               &step_error);
    if (count == 0 || count * 5 > current.size() * 4) break;
    next.resize(count);
    drop_folded_pairs(next);
    // each step's error is measured against the level it started from: their sum bounds how far the kept
    // vertices' surface moved from the source's. meshopt measures its kept vertices against the removed planes,
    // not how far a long thin triangle's middle stands off a curved surface, so the level is also measured
    // against the source itself: the distance of its triangles' centres and edge midpoints (mesh_distance.hpp)
    steps_error += step_error * scale;
    auto level = compact_level(m, welded, next);
    error = std::max({error, steps_error, level_distance(*level, next, source_edges, source_distance, diagonal)});
    // simplification may pinch the surface along an edge (meshopt 0.18 does not test the link condition)
    const MeshWinding winding = closed_mesh_winding(*level, true);
    lod.levels.push_back({std::move(level), error, winding});
    current.swap(next);
  }
  return lod;
}

}  // namespace js::ui
