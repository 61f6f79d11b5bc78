// loads a triangle mesh from any format Assimp reads (STL, OBJ, PLY, glTF, FBX, DAE ...) and from VTK
// .vtp/.vtk through core/mesh's own reader.
#pragma once

#include <QString>
#include <memory>

#include "ui/document/document_data.hpp"
#include "ui/mesh/mesh_data.hpp"

namespace js::ui {

struct MeshImport {
  std::shared_ptr<const MeshData> mesh;  // null on failure
  QString error;                         // names the file and says why
};

// faces meeting at a sharper angle than this keep separate normals (a crease); gentler edges are smoothed
inline constexpr float kCreaseAngleDegrees = 60.0f;

// reads every mesh in the file, flattened into one, scaled from `units` to metres.
MeshImport import_mesh(const QString& path, LengthUnit units);

// file-dialog filter listing .vtp, .vtk and the extensions Assimp supports
QString mesh_file_filter();
// true when the file's extension is .vtp, .vtk or one Assimp reads
bool is_mesh_file(const QString& path);

// a guess at the units of a file from its size: bones longer than 5 "units" are surely in mm
LengthUnit guess_units(const MeshData& mesh_in_metres);

}  // namespace js::ui
