// one entry for reading a mesh file into core: .obj through the obj reader, .vtp/.vtk through the vtk reader.
#pragma once

#include <string>

#include "core/mesh/triangle_mesh.hpp"

namespace js::mesh {

// true for the extensions read_mesh_file reads (.obj, .vtp, .vtk; any letter case).
bool is_core_mesh_path(const std::string& path);

// throws io::FileError naming the file (and line or element) for an unreadable or malformed mesh, or an
// extension it does not read.
TriangleMesh read_mesh_file(const std::string& path);

}  // namespace js::mesh
