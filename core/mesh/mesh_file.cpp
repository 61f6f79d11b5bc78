#include "core/mesh/mesh_file.hpp"

#include <algorithm>
#include <cctype>

#include "core/io/file_error.hpp"
#include "core/mesh/vtk_mesh.hpp"
#include "core/scene/obj_mesh.hpp"

namespace js::mesh {

namespace {

bool is_obj_path(const std::string& path) {
  if (path.size() < 4) return false;
  std::string ext = path.substr(path.size() - 4);
  std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return ext == ".obj";
}

}  // namespace

bool is_core_mesh_path(const std::string& path) { return is_obj_path(path) || is_vtk_mesh_path(path); }

TriangleMesh read_mesh_file(const std::string& path) {
  if (is_vtk_mesh_path(path)) return read_vtk_mesh(path);
  if (is_obj_path(path)) return scene::read_obj_mesh(path);
  throw io::FileError(io::ErrorKind::UnknownKind, io::Location{.source = path}, "not a mesh format read here (.obj, .vtp, .vtk)");
}

}  // namespace js::mesh
