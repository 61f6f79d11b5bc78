// the project's own reader for VTK polygon meshes: VTK XML PolyData (.vtp: ascii, inline binary, appended
// raw or base64; no compressor, zlib or lz4; UInt32 or UInt64 block headers; little or big endian) and
// legacy .vtk POLYDATA (ascii or binary; classic and 5.1 offsets/connectivity cells). polygons are fanned
// into triangles and triangle strips unrolled; vertices and lines are ignored. Debian's VTK package pulls in
// Qt 5, so this reader is written on tinyxml2, zlib and liblz4 (docs/meshes.md).
#pragma once

#include <string>
#include <string_view>

#include "core/mesh/triangle_mesh.hpp"

namespace js::mesh {

// the largest file read (bigger bone meshes are surely a mistake; it bounds memory on hostile input).
inline constexpr std::size_t kMaxVtkFileBytes = std::size_t{1} << 30;

// reads a regular file of at most kMaxVtkFileBytes; the format is told from the content, not the name.
// throws io::FileError naming the file, the element (e.g. "<Piece 0>/<Points>/<DataArray>") or line, and
// what is wrong: sizes that disagree, truncated base64, a bad zlib/lz4 block, offsets or indices out of
// range, NaN/Inf points, an unsupported type or dataset.
TriangleMesh read_vtk_mesh(const std::string& path);

// the same on bytes already in memory; source_name is the file name shown in messages.
TriangleMesh read_vtk_mesh_bytes(std::string_view bytes, const std::string& source_name);

// true for names ending .vtp or .vtk in any letter case.
bool is_vtk_mesh_path(const std::string& path);

}  // namespace js::mesh
