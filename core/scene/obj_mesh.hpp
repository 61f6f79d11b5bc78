// a minimal wavefront obj reader for mass properties: vertices ("v x y z") and faces ("f i j k ...",
// polygons fanned into triangles, "i/t/n" forms and negative indices accepted); everything else ignored.
#pragma once

#include <string>

#include "core/mesh/triangle_mesh.hpp"

namespace js::scene {

using TriangleMesh = mesh::TriangleMesh;

// throws io::FileError naming path and line for an unreadable file, a malformed vertex or a bad index.
TriangleMesh read_obj_mesh(const std::string& path);

}  // namespace js::scene
