// the main window's file flow: open (projects and scenes), save and save as with the unsaved-changes
// prompt, recovery after a crash, new project and demo, and mesh import (dialog and dropped files).
#include "ui/app/main_window.hpp"

#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>

#include "ui/app/autosave.hpp"
#include "ui/app/dialogs.hpp"
#include "ui/app/settings.hpp"
#include "ui/demo/demo_project.hpp"
#include "ui/document/operations.hpp"
#include "ui/document/project_file.hpp"
#include "ui/export/osim_import.hpp"
#include "ui/export/scene_import.hpp"
#include "ui/mesh/mesh_import.hpp"
#include "ui/panels/playback_panel.hpp"
#include "ui/viewport/viewport_widget.hpp"

namespace js::ui {

void MainWindow::offer_recovery() {
  const QString original = recovery_original_path(autosave_->path());
  const QString what = original.isEmpty() ? tr("an untitled project") : original;
  const auto answer = interactive_ ? QMessageBox::question(this, tr("Recover unsaved work?"),
                                                           tr("Jointsmith did not close cleanly. Recover the unsaved "
                                                              "changes of %1?").arg(what),
                                                           QMessageBox::Yes | QMessageBox::Discard, QMessageBox::Yes)
                                   : QMessageBox::Yes;
  if (answer != QMessageBox::Yes) {
    autosave_->discard();
    return;
  }
  ProjectLoad load = load_project(autosave_->path());
  if (!load.data) {
    show_message(tr("Could not recover: %1").arg(load.error), true);
    return;
  }
  doc_.reset(*load.data, original);
  // recovered work is unsaved work until the user saves it
  doc_.mark_unsaved();
  show_message(tr("Recovered unsaved changes of %1").arg(what), false);
}

QString MainWindow::open_project(const QString& path) {
  if (is_osim_file(path)) return open_osim(path);
  if (!path.endsWith(QLatin1String(".jsproj")) && is_scene_file(path)) return open_scene(path);
  ProjectLoad load = load_project(path);
  if (!load.data) return load.error;
  meshes_.clear();
  scene_name_.clear();
  doc_.reset(std::move(*load.data), QFileInfo(path).absoluteFilePath());
  add_recent_file(path);
  update_recent_menu();
  if (!load.warnings.isEmpty())
    show_message(load.warnings.join(QLatin1Char('\n')), true);
  else
    show_message(tr("Opened %1").arg(path), false);
  return {};
}

QString MainWindow::open_scene(const QString& path) {
  SceneLoad load = load_scene(path);
  if (!load.data) return load.error;
  meshes_.clear();
  scene_name_ = QFileInfo(path).fileName();
  doc_.reset(std::move(*load.data), {});
  viewport_->frame_selection();
  add_recent_file(QFileInfo(path).absoluteFilePath());
  update_recent_menu();
  update_title();
  show_message(tr("Opened scene %1%2: press Simulate in the playback dock")
                   .arg(QFileInfo(path).fileName(), load.description.isEmpty() ? QString() : QStringLiteral(" — ") + load.description),
               false);
  return {};
}

QString MainWindow::save_project_as(const QString& path) {
  // what is saved is on the undo stack: a running playback is recorded first
  playback_->stop_all();
  if (const QString err = save_project(doc_.data(), path); !err.isEmpty()) return err;
  doc_.mark_saved(QFileInfo(path).absoluteFilePath());
  add_recent_file(path);
  update_recent_menu();
  show_message(tr("Saved %1").arg(path), false);
  return {};
}

QString MainWindow::import_mesh_file(const QString& path, LengthUnit units, const QString& body_name) {
  MeshImport imp = import_mesh(path, units);
  if (!imp.mesh) return imp.error;
  const QString abs = QFileInfo(path).absoluteFilePath();
  meshes_.insert(abs, units, imp.mesh);
  Body b;
  b.name = body_name.isEmpty() ? QFileInfo(path).completeBaseName() : body_name;
  b.mesh_path = abs;
  b.units = units;
  // a distinct hue per body so neighbours are told apart
  b.colour = QColor::fromHsv((static_cast<int>(doc_.data().bodies.size()) * 67 + 30) % 360, 60, 235);
  const auto r = add_body(doc_, b);
  doc_.set_selection(Selection{r.value, 0, -1});
  show_message(tr("Imported %1: %n triangle(s)", nullptr, static_cast<int>(imp.mesh->triangle_count())).arg(path), false);
  return {};
}

void MainWindow::load_demo() {
  scene_name_.clear();
  doc_.reset(make_demo_project(), {});
  const Joint& knee = doc_.data().joints.front();
  doc_.set_selection(Selection{knee.child, knee.id, -1});
  show_message(tr("Knee demo: drag the tibia's gizmo, press C to capture, Ctrl+Z to undo"), false);
}

void MainWindow::new_project() {
  meshes_.clear();
  scene_name_.clear();
  doc_.reset(DocumentData{}, {});
  show_message(tr("New project: import meshes with Ctrl+I or drop them on the view"), false);
}

bool MainWindow::maybe_save() {
  playback_->stop_all();
  if (!doc_.is_modified() || !interactive_) return true;
  const auto answer = QMessageBox::warning(this, tr("Unsaved changes"),
                                           tr("The project has unsaved changes. Save them first?"),
                                           QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel);
  if (answer == QMessageBox::Save) return save();
  return answer == QMessageBox::Discard;
}

bool MainWindow::save() {
  if (doc_.file_path().isEmpty()) return save_as();
  const QString err = save_project_as(doc_.file_path());
  if (!err.isEmpty()) show_message(err, true);
  return err.isEmpty();
}

bool MainWindow::save_as() {
  QString path = QFileDialog::getSaveFileName(this, tr("Save project"), settings::last_directory.get(),
                                              tr("Jointsmith projects (*.jsproj)"));
  if (path.isEmpty()) return false;
  if (QFileInfo(path).suffix().isEmpty()) path += QStringLiteral(".jsproj");
  settings::last_directory.set(QFileInfo(path).absolutePath());
  const QString err = save_project_as(path);
  if (!err.isEmpty()) show_message(err, true);
  else scene_name_.clear();
  return err.isEmpty();
}

void MainWindow::open_dialog() {
  if (!maybe_save()) return;
  const QString path = QFileDialog::getOpenFileName(
      this, tr("Open project, scene or OpenSim model"), settings::last_directory.get(),
      tr("Projects, scenes and OpenSim models (*.jsproj *.json *.osim);;Jointsmith projects (*.jsproj);;Scene files "
         "(*.json);;OpenSim models (*.osim);;All files (*)"));
  if (path.isEmpty()) return;
  settings::last_directory.set(QFileInfo(path).absolutePath());
  if (const QString err = open_project(path); !err.isEmpty()) show_message(err, true);
}

void MainWindow::import_dialog() {
  const QStringList paths = QFileDialog::getOpenFileNames(this, tr("Import meshes"), settings::last_directory.get(),
                                                          mesh_file_filter());
  if (paths.isEmpty()) return;
  settings::last_directory.set(QFileInfo(paths.front()).absolutePath());
  import_paths(paths);
}

void MainWindow::import_paths(const QStringList& paths) {
  for (const QString& path : paths) {
    if (path.endsWith(QLatin1String(".jsproj")) || is_osim_file(path) ||
        (path.endsWith(QLatin1String(".json")) && is_scene_file(path))) {
      if (maybe_save())
        if (const QString err = open_project(path); !err.isEmpty()) show_message(err, true);
      continue;
    }
    // read once in metres to suggest the unit from the size
    MeshImport probe = import_mesh(path, LengthUnit::metres);
    if (!probe.mesh) {
      show_message(probe.error, true);
      continue;
    }
    const Eigen::Vector3f size = probe.mesh->bounds_max - probe.mesh->bounds_min;
    const LengthUnit guess = guess_units(*probe.mesh);
    LengthUnit units = guess;
    QString name;
    if (interactive_) {
      ImportMeshDialog dlg(path, guess,
                           tr("%1 × %2 × %3 file units, %n triangle(s)", nullptr,
                              static_cast<int>(probe.mesh->triangle_count()))
                               .arg(size.x(), 0, 'g', 4).arg(size.y(), 0, 'g', 4).arg(size.z(), 0, 'g', 4),
                           this);
      if (dlg.exec() != QDialog::Accepted) continue;
      units = dlg.units();
      name = dlg.body_name();
    }
    if (const QString err = import_mesh_file(path, units, name); !err.isEmpty()) show_message(err, true);
  }
}

}  // namespace js::ui
