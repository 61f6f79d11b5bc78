// opening an OpenSim model (.osim) as a document (docs/opensim.md). the ground becomes a frame-only body
// ("ground"), every body the core reader put in the tree a body on its joint's core model (offsets included) at
// the model's default q (couplers applied); each body draws all its OpenSim meshes, each with its scale_factors
// and the offset frame it hangs on (Body::mesh_parts); rotational coordinates show in degrees on the sliders.
// what issue 15 needs to write the model back is kept: the source path and the file's text
// (DocumentData::osim), and per joint the OpenSim element name (Joint::osim_joint).
#pragma once

#include <QString>
#include <QStringList>
#include <optional>
#include <string>

#include "ui/document/document_data.hpp"
#include "ui/export/osim_couplers.hpp"

namespace js::ui {

// true for a file whose name ends in .osim (any case)
bool is_osim_file(const QString& path);

struct OsimLoad {
  std::optional<DocumentData> data;  // empty when the file could not be read at all (io, malformed xml)
  QString error;                     // that reason, with file and line
  QString summary;                   // one line: bodies, joints, coordinates, meshes found / missing
  QStringList issues;                // problems (the model still opened)
  QStringList missing_meshes;        // "file (tried a, b, c)"
};

// reads the model with the core reader (core/interop/osim_model.hpp), looking for meshes beside it, in its
// Geometry/ folder and in geometry_paths, then builds the document.
OsimLoad load_osim(const QString& path, const QStringList& geometry_paths);

}  // namespace js::ui
