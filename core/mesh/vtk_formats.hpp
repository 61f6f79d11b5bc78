// the two vtk formats behind read_vtk_mesh_bytes (internal to core/mesh).
#pragma once

#include <string>
#include <string_view>

#include "core/mesh/triangle_mesh.hpp"

namespace js::mesh::vtk {

// VTK XML PolyData (<VTKFile type="PolyData">), every piece appended into one mesh.
TriangleMesh read_xml_polydata(std::string_view bytes, const std::string& source);

// legacy "# vtk DataFile" DATASET POLYDATA, ascii or binary.
TriangleMesh read_legacy_polydata(std::string_view bytes, const std::string& source);

}  // namespace js::mesh::vtk
