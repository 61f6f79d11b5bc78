// File ▸ Export ▸ OpenSim Model: the project as a whole OpenSim 4 model (core/interop/osim_model_export.hpp), what
// `jointsmith-cli export SCENE.json --format osim` writes for the project's scene export. every body with the mesh
// the view draws (its file when OpenSim reads the format, else Geometry/<body>.obj beside the model), every joint
// a WeldJoint or a CustomJoint that follows it within the tolerances, the model read back and compared.
#pragma once

#include <QString>

#include "ui/document/document_data.hpp"

namespace js::ui {

class MeshLibrary;

struct OsimModelSaveResult {
  QString error;    // empty when written; else what is wrong (nothing written)
  QString summary;  // "2 bodies, 2 joints …; max 0.006 mm, 0.0001° from the joints; 1 note"
  QString details;  // the whole report (also at the top of the file): every joint, the read-back check, the notes
  bool ok() const { return error.isEmpty(); }
};

// writes the model (and its Geometry/ meshes) atomically. meshes: the view's library (null: a fresh one loads them).
OsimModelSaveResult save_osim_model_of_document(const DocumentData& d, const QString& path, MeshLibrary* meshes = nullptr);

}  // namespace js::ui
