// an opened OpenSim model's coordinates as the document names them: which coordinate of the file each coordinate of
// a joint is, and the renames File ▸ Save As OpenSim Model writes (core/interop/osim_rename.hpp).
// the file's names are read from the model's text when needed (core's osim_coordinate_names), not kept: the text is
// in the document and its projects already, so projects from before renaming open as they were and no second copy
// can drift from the text. the new names are the ones the user typed, kept per joint in Joint::user_coordinates
// (saved in projects), so a model that merely names a coordinate otherwise (a kind change, a joint file) renames
// nothing in the file.
#pragma once

#include <QString>
#include <string>
#include <vector>

#include "core/interop/osim_rename.hpp"
#include "ui/document/document_data.hpp"

namespace js::ui {

// one coordinate of the model, in file order
struct OsimDocumentName {
  QString joint;          // its joint element's name (Joint::osim_joint)
  std::string file_name;  // its name in the file
  std::string name;       // its name in the document: the user's, else file_name
  JointId id = 0;         // the document joint whose element holds it (0: none)
  int index = -1;         // its index among that joint's model coordinates (−1: not one, e.g. held by a restricted joint)
};

// for joint j, the file index (among its element's file_count coordinates) of each of its model's coordinates, −1
// where not known. the model as read maps one to one; a restricted joint (a joint seen through some coordinates)
// maps its free ones; a replaced joint maps like the original it replaced (the same dof)
std::vector<int> osim_file_indices(const Joint& j, int file_count);

// every coordinate of d's model with its names; empty for a document without a model's text (or text that cannot be
// scanned, which the save then reports)
std::vector<OsimDocumentName> osim_document_names(const DocumentData& d);

// the file name and new name of each coordinate the user renamed
std::vector<interop::OsimCoordinateRename> osim_renames(const std::vector<OsimDocumentName>& names);

}  // namespace js::ui
