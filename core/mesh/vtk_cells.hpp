// vtk cell arrays to triangles: polygons fanned, triangle strips unrolled with alternating winding.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

namespace js::mesh::vtk {

enum class CellKind { Polygons, Strips };

// cell c holds connectivity[starts[c] .. starts[c+1]); starts has one entry more than there are cells and
// starts at 0. indices refer to the piece's n_points points and are shifted by base into the whole mesh.
// triangles with a repeated vertex (a strip's joints, degenerate polygons) are dropped, as are cells of
// fewer than 3 points. throws Bad for offsets that decrease or leave the connectivity, or an index out of
// range, naming the cell.
void append_triangles(CellKind kind, const std::vector<std::int64_t>& starts, const std::vector<std::int64_t>& connectivity,
                      std::int64_t n_points, int base, std::vector<std::array<int, 3>>& out);

}  // namespace js::mesh::vtk
