// writing an indexed triangle mesh as wavefront obj text: how a body's mesh reaches a tool that reads none of the
// formats it came in (OpenSim draws .obj, .stl and .vtp; interop/osim_model_export.hpp).
#pragma once

#include <string>

#include "core/mesh/triangle_mesh.hpp"

namespace js::mesh {

// "v x y z" per vertex (17 significant digits: the numbers read back bit-identical), "f a b c" per triangle
// (1-based), after a comment line when comment is not empty.
std::string obj_text(const TriangleMesh& mesh, const std::string& comment = "");

}  // namespace js::mesh
