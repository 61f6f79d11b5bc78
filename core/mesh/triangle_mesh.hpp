// an indexed triangle mesh in the file's own units: what every mesh reader in core returns (obj, vtk).
#pragma once

#include <array>
#include <vector>

#include "core/lie/types.hpp"

namespace js::mesh {

struct TriangleMesh {
  std::vector<Vec3> vertices;
  std::vector<std::array<int, 3>> triangles;  // indices into vertices
};

}  // namespace js::mesh
