// the main window's file flow: open (projects and scenes), save and save as with the unsaved-changes
// prompt, recovery after a crash, new project and demo, and mesh import (dialog and dropped files).
#include "ui/app/main_window.hpp"

#include <QFileDialog>
#include <QFileInfo>
#include <QLocale>
#include <QPushButton>
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
#include "ui/mesh/mesh_mass.hpp"
#include "ui/panels/playback_panel.hpp"
#include "ui/panels/properties_panel.hpp"
#include "ui/viewport/viewport_widget.hpp"

namespace js::ui {

bool MainWindow::offer_recovery() {
  for (const QString& file : autosave_->orphans()) {
    ProjectLoad load = load_project(file);
    if (!load.data) {
      // never deleted: moved aside, so a later version or the user can still salvage it
      const QString kept = Autosave::set_aside(file);
      show_message(tr("Unsaved work from an earlier session could not be recovered: %1. The file was kept as %2")
                       .arg(load.error, kept),
                   true);
      continue;
    }
    const QString original = recovery_original_path(file);
    const QString what = original.isEmpty() ? tr("an untitled project") : QFileInfo(original).fileName();
    enum { recover, later, discard } choice = recover;
    if (interactive_) {
      QMessageBox box(QMessageBox::Question, tr("Recover unsaved work?"),
                      tr("Jointsmith did not close cleanly. Recover the unsaved changes of %1?").arg(what),
                      QMessageBox::NoButton, this);
      box.setInformativeText(tr("Last written %1. Later keeps them for the next start.")
                                 .arg(QLocale().toString(QFileInfo(file).lastModified(), QLocale::ShortFormat)));
      QAbstractButton* yes = box.addButton(tr("Recover"), QMessageBox::AcceptRole);
      QAbstractButton* no = box.addButton(tr("Later"), QMessageBox::RejectRole);
      box.addButton(tr("Discard"), QMessageBox::DestructiveRole);
      box.setDefaultButton(static_cast<QPushButton*>(yes));
      box.setEscapeButton(no);
      box.exec();
      choice = box.clickedButton() == yes ? recover : box.clickedButton() == no ? later : discard;
    }
    if (choice == later) return false;
    if (choice == discard) {
      autosave_->discard_orphan(file);
      continue;
    }
    // this instance carries the file on: it stays until the recovered work is saved or discarded
    if (!autosave_->adopt(file)) continue;  // another instance took it meanwhile
    meshes_.clear();
    scene_name_.clear();
    doc_.reset(std::move(*load.data), original);
    // recovered work is unsaved work until the user saves it
    doc_.mark_unsaved();
    show_message(tr("Recovered unsaved changes of %1").arg(what), false);
    return true;
  }
  return false;
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
  if (!load.warnings.isEmpty()) {
    show_message(load.warnings.join(QLatin1Char('\n')), !interactive_);
    offer_mesh_relink();
  } else
    show_message(tr("Opened %1").arg(path), false);
  return {};
}

void MainWindow::offer_mesh_relink() {
  if (!interactive_) return;
  auto* props = qobject_cast<PropertiesPanel*>(panel(QStringLiteral("properties")));
  for (const Body& b : doc_.data().bodies) {
    if (b.mesh_path.isEmpty() || b.frame_only || QFileInfo::exists(b.mesh_path)) continue;
    QMessageBox box(QMessageBox::Warning, tr("Mesh not found"),
                    tr("The mesh of body %1 was not found:\n%2\nThe body keeps its data and draws nothing until its "
                       "mesh is replaced (Properties ▸ Replace mesh…).").arg(b.name, b.mesh_path),
                    QMessageBox::Ok, this);
    QAbstractButton* replace = box.addButton(tr("Replace mesh…"), QMessageBox::ActionRole);
    box.exec();
    if (box.clickedButton() == replace && props) props->replace_mesh_dialog(b.id);
  }
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
  if (QString err = save_project(doc_.data(), path); !err.isEmpty()) return err;
  doc_.mark_saved(QFileInfo(path).absoluteFilePath());
  // saved: the recovery copy is no longer needed
  autosave_->discard();
  add_recent_file(path);
  update_recent_menu();
  show_message(tr("Saved %1").arg(path), false);
  return {};
}

QString MainWindow::import_mesh_file(const QString& path, LengthUnit units, const QString& body_name, double density) {
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
  // a bone hangs from its own centre of mass: mass properties of the filled mesh, not 1 kg at the origin
  const MeshMass mm = mesh_mass(*imp.mesh, density);
  QString mass_text;
  if (mm.ok) {
    b.mass = mm.mass;
    b.com = mm.com;
    b.inertia_diag = mm.inertia_diag;
    mass_text = tr("%1 kg at %2 kg/m³").arg(mm.mass, 0, 'g', 3).arg(density, 0, 'f', 0);
  } else {
    mass_text = tr("mass 1 kg at the origin (%1; set it in Properties)").arg(mm.why_not);
  }
  const auto r = add_body(doc_, b);
  doc_.set_selection(Selection{r.value, 0, -1});
  show_message(tr("Imported %1: %n triangle(s), %2", nullptr, static_cast<int>(imp.mesh->triangle_count())).arg(path, mass_text),
               false);
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
  if (answer != QMessageBox::Discard) return false;
  // the user threw the changes away: so goes their recovery copy
  autosave_->discard();
  return true;
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
    double density = kBoneDensity;
    if (interactive_) {
      ImportMeshDialog dlg(path, guess,
                           tr("%1 × %2 × %3 file units, %n triangle(s)", nullptr,
                              static_cast<int>(probe.mesh->triangle_count()))
                               .arg(size.x(), 0, 'g', 4).arg(size.y(), 0, 'g', 4).arg(size.z(), 0, 'g', 4),
                           this);
      if (dlg.exec() != QDialog::Accepted) continue;
      units = dlg.units();
      name = dlg.body_name();
      density = dlg.density();
    }
    if (const QString err = import_mesh_file(path, units, name, density); !err.isEmpty()) show_message(err, true);
  }
}

}  // namespace js::ui
