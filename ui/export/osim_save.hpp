// File ▸ Save As OpenSim Model: the model the document was opened from, written back with the coordinates' names
// (core/interop/osim_rename.hpp, ui/document/osim_names.hpp), ranges and defaults as edited in the app
// (core/interop/osim_coordinates.hpp) and every joint the user replaced (reauthor.hpp) as a CustomJoint of the fitted spline (core/interop/osim_replace.hpp); the rest of the
// file is unchanged byte for byte, mesh paths rewritten (or the meshes copied) so they resolve from the new folder.
#pragma once

#include <QString>
#include <QStringList>

#include "ui/document/document_data.hpp"

namespace js::ui {

// the joints Save As .osim would write as replaced: "knee_r" for each joint with an original and an opensim name
QStringList replaced_osim_joints(const DocumentData& d);

struct OsimSaveResult {
  QString error;        // empty when saved; else names the joint, the file and what is wrong (nothing written)
  QString summary;      // the fidelity of each replaced joint and what happened to the meshes (replace_summary)
  int replaced = 0;     // joints written as replaced
  int coordinates = 0;  // coordinates whose range or default_value was written (edited in the Coordinates editor)
  int renamed = 0;      // coordinates renamed in the Coordinates editor, written with every reference to them
  bool ok() const { return error.isEmpty(); }
};

// writes d's opensim model with its replaced joints to path, atomically (a failed save leaves an existing file
// intact). copy_meshes: meshes that would not resolve from the new folder are copied to Geometry/ beside it
// instead of their names being rewritten. a coordinate renamed in the app is renamed with every reference to it
// first; the coordinates of the joints not replaced get the document's range and default where those differ from
// the file's (edited in the Coordinates editor; a coupler's dependent keeps its default). refuses a document not
// opened from a model and one with nothing changed.
OsimSaveResult save_osim_document(const DocumentData& d, const QString& path, bool copy_meshes);

}  // namespace js::ui
