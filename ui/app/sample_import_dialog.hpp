// Joint ▸ Import Samples…: a sample file (csv, json) or motion-capture markers (.trc) into the active joint. for
// markers, a dialog picks the parent and child clusters (defaults: the markers an opened OpenSim model puts on the
// joint's two bodies) and an optional .mot coordinate for q. around ui/joint/sample_import.hpp.
#pragma once

#include <QString>
#include <QStringList>
#include <functional>

#include <QDialog>
#include <QHash>

#include "core/interop/trc_file.hpp"
#include "ui/document/document.hpp"
#include "ui/joint/sample_import.hpp"

class QAction;
class QCheckBox;
class QComboBox;
class QLineEdit;
class QListWidget;
class QWidget;

namespace js::ui {

// the markers dialog of a .trc import: the trial's markers for the parent and the child cluster (ticked where the
// model's MarkerSet puts them, model_markers_on), an optional .mot file and its column for q
class MarkerImportDialog : public QDialog {
 public:
  MarkerImportDialog(const Document& doc, const Joint& joint, const QString& trc_path, const interop::TrcData& trc,
                     QWidget* parent = nullptr);
  // what the user chose
  MarkerImport choice() const;
  QListWidget* parent_markers() { return parent_list_; }
  QListWidget* child_markers() { return child_list_; }
  // a .mot file for q: its columns fill the coordinate list
  void set_mot(const QString& path);

 private:
  QString trc_path_;
  QListWidget* parent_list_;
  QListWidget* child_list_;
  QLineEdit* mot_;
  QComboBox* column_;
  QCheckBox* translational_;
  // the joint's coordinates by name: true for a translational one (a .mot column of that name is preset from it)
  QHash<QString, bool> translational_by_name_;
};

// the action ("import_samples"); message(text, error) reports
QAction* make_import_samples_action(QWidget* window, Document& doc, const std::function<void(const QString&, bool)>& message);

// File ▸ Export Samples… ("export_samples"): the active joint's samples as a csv or json file
QAction* make_export_samples_action(QWidget* window, Document& doc, const std::function<void(const QString&, bool)>& message);

// the .trc's names of the markers an opened OpenSim model's MarkerSet puts on `body` (core/interop/osim_markers.hpp),
// when there are at least 3 of them in the .trc; empty otherwise (no model, no MarkerSet, too few)
QStringList model_markers_on(const DocumentData& d, BodyId body, const interop::TrcData& trc);

}  // namespace js::ui
