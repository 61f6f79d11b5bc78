#include "core/mesh/vtk_cells.hpp"

#include <string>

#include "core/mesh/vtk_data.hpp"

namespace js::mesh::vtk {

namespace {

void push(int a, int b, int c, std::vector<std::array<int, 3>>& out) {
  if (a != b && b != c && a != c) out.push_back({a, b, c});
}

}  // namespace

void append_triangles(CellKind kind, const std::vector<std::int64_t>& starts, const std::vector<std::int64_t>& conn,
                      std::int64_t n_points, int base, std::vector<std::array<int, 3>>& out) {
  if (starts.empty() || starts.front() != 0)
    throw Bad(io::ErrorKind::InvalidValue, "the first cell does not start at connectivity index 0");
  const auto n_conn = static_cast<std::int64_t>(conn.size());
  for (std::size_t c = 0; c + 1 < starts.size(); ++c) {
    if (starts[c + 1] < starts[c] || starts[c + 1] > n_conn)
      throw Bad(io::ErrorKind::InvalidValue, "cell " + std::to_string(c) + " ends at connectivity index " +
                                                 std::to_string(starts[c + 1]) + ", outside " + std::to_string(starts[c]) +
                                                 ".." + std::to_string(n_conn));
  }
  if (starts.back() != n_conn)
    throw Bad(io::ErrorKind::CountMismatch, "the cells use " + std::to_string(starts.back()) + " connectivity entries but " +
                                                std::to_string(n_conn) + " are given");
  for (std::size_t k = 0; k < conn.size(); ++k) {
    if (conn[k] < 0 || conn[k] >= n_points)
      throw Bad(io::ErrorKind::InvalidValue, "connectivity entry " + std::to_string(k) + " is point " +
                                                 std::to_string(conn[k]) + ", outside 0.." + std::to_string(n_points - 1));
  }
  for (std::size_t c = 0; c + 1 < starts.size(); ++c) {
    const std::int64_t* v = conn.data() + starts[c];
    const std::int64_t n = starts[c + 1] - starts[c];
    auto at = [&](std::int64_t i) { return base + static_cast<int>(v[i]); };
    if (kind == CellKind::Polygons) {
      for (std::int64_t i = 1; i + 1 < n; ++i) push(at(0), at(i), at(i + 1), out);
    } else {
      // odd triangles of a strip are flipped so the whole strip keeps one winding
      for (std::int64_t i = 0; i + 2 < n; ++i) {
        if (i % 2 == 0) push(at(i), at(i + 1), at(i + 2), out);
        else push(at(i + 1), at(i), at(i + 2), out);
      }
    }
  }
}

}  // namespace js::mesh::vtk
