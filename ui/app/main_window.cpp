#include "ui/app/main_window.hpp"

#include <QCloseEvent>
#include <QShowEvent>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QPainter>
#include <QStatusBar>
#include <QTimer>
#include <QToolBar>

#include "ui/app/autosave.hpp"
#include "ui/app/demos.hpp"
#include "ui/app/dialogs.hpp"
#include "ui/app/export_menu.hpp"
#include "ui/app/settings.hpp"
#include "ui/demo/demo_project.hpp"
#include "ui/document/operations.hpp"
#include "ui/document/project_file.hpp"
#include "ui/export/scene_import.hpp"
#include "ui/mesh/mesh_import.hpp"
#include "ui/panels/fit_panel.hpp"
#include "ui/panels/playback_panel.hpp"
#include "ui/panels/properties_panel.hpp"
#include "ui/panels/samples_panel.hpp"
#include "ui/panels/scene_tree_panel.hpp"
#include "ui/viewport/gl_format.hpp"
#include "ui/viewport/viewport_widget.hpp"

namespace js::ui {

MainWindow::MainWindow(QWidget* parent, const QString& recovery_path) : QMainWindow(parent) {
  setObjectName(QStringLiteral("main_window"));
  viewport_ = new ViewportWidget(doc_, meshes_, this);
  setCentralWidget(viewport_);
  build_docks();
  build_actions();
  frame_time_label_ = new QLabel;
  frame_time_label_->setToolTip(
      tr("Time from building a frame to it being on screen, GPU work and buffer swap included (View ▸ Show Frame Time)"));
  statusBar()->addPermanentWidget(frame_time_label_);
  frame_time_label_->setVisible(false);

  autosave_ = new Autosave(doc_, recovery_path.isEmpty() ? Autosave::default_path() : recovery_path,
                           1000 * settings::autosave_seconds.get(), this);
  connect(autosave_, &Autosave::failed, this, [this](const QString& m) { show_message(tr("Autosave: %1").arg(m), false); });
  connect(&doc_, &Document::file_path_changed, this, &MainWindow::update_title);
  connect(&doc_, &Document::modified_changed, this, &MainWindow::update_title);
  connect(viewport_, &ViewportWidget::status_message, this, [this](const QString& m) { show_message(m, false); });
  connect(viewport_, &ViewportWidget::files_dropped, this, &MainWindow::import_paths);
  connect(viewport_, &ViewportWidget::frame_time_measured, this, [this](double ms) {
    // say what draws it: the renderer and the multisampling decide most of the cost
    const int samples = viewport_->msaa_samples();
    frame_time_label_->setText(tr("frame %1 ms · %2 · %3").arg(ms, 0, 'f', 1)
                                   .arg(gl_renderer_name().section(QLatin1Char(' '), 0, 0))
                                   .arg(samples > 0 ? tr("%1× msaa").arg(samples) : tr("no msaa")));
  });
  setAcceptDrops(true);
  resize(1400, 900);
  restoreGeometry(settings::window_geometry.get());
  restoreState(settings::window_state.get());
  update_title();
  update_recent_menu();
}

MainWindow::~MainWindow() = default;

void MainWindow::build_docks() {
  auto add = [this](const QString& name, const QString& title, QWidget* w, Qt::DockWidgetArea area) {
    auto* d = new QDockWidget(title, this);
    d->setObjectName(QStringLiteral("dock_") + name);  // saveState needs object names
    d->setWidget(w);
    addDockWidget(area, d);
    docks_.insert(name, d);
    return d;
  };
  auto* scene = new SceneTreePanel(doc_);
  auto* props = new PropertiesPanel(doc_);
  samples_ = new SamplesPanel(doc_);
  auto* fit = new FitPanel(doc_);
  auto* playback = playback_ = new PlaybackPanel(doc_);
  auto* scene_dock = add(QStringLiteral("scene"), tr("Scene"), scene, Qt::LeftDockWidgetArea);
  add(QStringLiteral("properties"), tr("Properties"), props, Qt::LeftDockWidgetArea);
  auto* samples_dock = add(QStringLiteral("samples"), tr("Samples"), samples_, Qt::RightDockWidgetArea);
  auto* fit_dock = add(QStringLiteral("fit"), tr("Fit"), fit, Qt::RightDockWidgetArea);
  auto* playback_dock = add(QStringLiteral("playback"), tr("Playback"), playback, Qt::RightDockWidgetArea);
  tabifyDockWidget(fit_dock, playback_dock);
  fit_dock->raise();
  default_docks_ = {scene_dock, samples_dock};
  connect(props, &PropertiesPanel::status_message, this, [this](const QString& m) { show_message(m, false); });
  connect(samples_, &SamplesPanel::status_message, this, [this](const QString& m) { show_message(m, false); });
  connect(fit, &FitPanel::status_message, this, [this](const QString& m) { show_message(m, false); });
  connect(fit, &FitPanel::fit_failed, this, [this](const QString& m) { show_message(m, true); });
  connect(playback, &PlaybackPanel::status_message, this, [this](const QString& m) { show_message(m, false); });
}

void MainWindow::build_actions() {
  auto make = [this](const QString& name, const QString& text, const QKeySequence& key, const QString& tip,
                     auto&& slot) {
    auto* a = new QAction(text, this);
    if (!key.isEmpty()) a->setShortcut(key);
    a->setToolTip(tip);
    a->setStatusTip(tip);
    connect(a, &QAction::triggered, this, slot);
    actions_.insert(name, a);
    return a;
  };
  QMenu* file = menuBar()->addMenu(tr("&File"));
  file->addAction(make(QStringLiteral("new"), tr("&New"), QKeySequence::New, tr("Start an empty project"), [this] {
    if (maybe_save()) new_project();
  }));
  file->addAction(make(QStringLiteral("open"), tr("&Open…"), QKeySequence::Open,
                       tr("Open a .jsproj project or a scene file (.json)"), [this] { open_dialog(); }));
  recent_menu_ = file->addMenu(tr("Open &Recent"));
  file->addSeparator();
  file->addAction(make(QStringLiteral("save"), tr("&Save"), QKeySequence::Save, tr("Save the project"), [this] { save(); }));
  file->addAction(make(QStringLiteral("save_as"), tr("Save &As…"), QKeySequence::SaveAs,
                       tr("Save the project under a new name"), [this] { save_as(); }));
  file->addSeparator();
  file->addAction(make(QStringLiteral("import"), tr("&Import Mesh…"), QKeySequence(Qt::CTRL | Qt::Key_I),
                       tr("Add a body from a mesh file (STL, OBJ, PLY, glTF, …); or drop files on the view"),
                       [this] { import_dialog(); }));
  file->addAction(make(QStringLiteral("export_png"), tr("Export View as &PNG…"), {}, tr("Save the viewport as an image"),
                       [this] { export_png_dialog(); }));
  add_export_actions(this, file, doc_, actions_, [this](const QString& m, bool error) { show_message(m, error); });
  file->addSeparator();
  file->addAction(make(QStringLiteral("quit"), tr("&Quit"), QKeySequence::Quit, tr("Quit Jointsmith"), [this] { close(); }));

  // the authoring demo, then every shipped demo scene (listed when the menu opens: new demos show up)
  demos_menu_ = menuBar()->addMenu(tr("&Demos"));
  make(QStringLiteral("demo"), tr("&Knee Authoring Demo"), {}, tr("Open the built-in knee demo: bones, samples, a fit"),
       [this] {
         if (maybe_save()) load_demo();
       });
  connect(demos_menu_, &QMenu::aboutToShow, this, &MainWindow::update_demos_menu);
  update_demos_menu();

  QMenu* edit = menuBar()->addMenu(tr("&Edit"));
  QAction* undo = doc_.undo_stack()->createUndoAction(this, tr("&Undo"));
  undo->setShortcut(QKeySequence::Undo);
  undo->setToolTip(tr("Undo the last edit"));
  QAction* redo = doc_.undo_stack()->createRedoAction(this, tr("&Redo"));
  // the platform's redo keys, plus ctrl+shift+z everywhere
  QList<QKeySequence> redo_keys = QKeySequence::keyBindings(QKeySequence::Redo);
  if (!redo_keys.contains(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z)))
    redo_keys.prepend(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z));
  redo->setShortcuts(redo_keys);
  redo->setToolTip(tr("Redo the last undone edit"));
  actions_.insert(QStringLiteral("undo"), undo);
  actions_.insert(QStringLiteral("redo"), redo);
  edit->addAction(undo);
  edit->addAction(redo);
  edit->addSeparator();
  edit->addAction(make(QStringLiteral("delete"), tr("&Delete"), QKeySequence::Delete,
                       tr("Delete the selected sample, body or joint"), [this] {
                         const auto r = delete_selection(doc_);
                         show_message(r.ok() ? r.value : r.error, false);
                       }));

  QMenu* joint = menuBar()->addMenu(tr("&Joint"));
  joint->addAction(make(QStringLiteral("create_joint"), tr("&Create Joint…"), QKeySequence(Qt::CTRL | Qt::Key_J),
                        tr("Join a child body to a parent body"), [this] { create_joint_dialog(); }));
  joint->addAction(make(QStringLiteral("capture"), tr("&Capture Sample"), QKeySequence(Qt::Key_C),
                        tr("Record the child's pose relative to its parent as a sample (C)"),
                        [this] { samples_->capture(); }));
  QAction* ik = make(QStringLiteral("ik_mode"), tr("&IK Mode"), QKeySequence(Qt::Key_K),
                     tr("Drag a body in the view and the joints above it follow (K); one drag is one undo step"),
                     [this](bool on) { viewport_->set_ik_mode(on); });
  ik->setCheckable(true);
  joint->addAction(ik);
  playback_->set_ik_action(ik);
  joint->addSeparator();
  joint->addAction(actions_[QStringLiteral("load_joint")]);

  QMenu* view = menuBar()->addMenu(tr("&View"));
  view->addAction(make(QStringLiteral("frame"), tr("&Frame Selection"), QKeySequence(Qt::Key_F),
                       tr("Fit the selection (or everything) in the view (F)"), [this] { viewport_->frame_selection(); }));
  QAction* ft = make(QStringLiteral("frame_time"), tr("Show Frame &Time"), {}, tr("Measure and show the frame time"),
                     [this](bool on) {
                       viewport_->set_show_frame_time(on);
                       frame_time_label_->setVisible(on);
                       settings::show_frame_time.set(on);
                     });
  ft->setCheckable(true);
  view->addAction(ft);
  QAction* ghosts = make(QStringLiteral("ghosts"), tr("Show Sample &Ghosts"), {}, tr("Draw captured samples as ghosts"),
                         [this](bool on) {
                           viewport_->options().ghosts = on;
                           viewport_->request_frame();
                         });
  ghosts->setCheckable(true);
  ghosts->setChecked(true);
  view->addAction(ghosts);
  view->addSeparator();
  for (const QString& name : docks_.keys()) view->addAction(docks_[name]->toggleViewAction());

  QToolBar* tools = addToolBar(tr("Main"));
  tools->setObjectName(QStringLiteral("toolbar_main"));
  for (const char* n : {"open", "save", "import", "create_joint", "capture", "ik_mode", "frame"})
    tools->addAction(actions_[n]);
  tools->addSeparator();
  tools->addAction(undo);
  tools->addAction(redo);
}

void MainWindow::update_demos_menu() {
  demos_menu_->clear();
  demos_menu_->addAction(actions_[QStringLiteral("demo")]);
  const QStringList files = demo_files();
  if (!files.isEmpty()) demos_menu_->addSeparator();
  for (const QString& path : files) {
    QAction* a = demos_menu_->addAction(QFileInfo(path).completeBaseName());
    a->setObjectName(QStringLiteral("demo_") + QFileInfo(path).completeBaseName());
    a->setToolTip(path);
    a->setStatusTip(tr("Open the demo scene %1").arg(path));
    connect(a, &QAction::triggered, this, [this, path] {
      if (!maybe_save()) return;
      if (const QString err = open_project(path); !err.isEmpty()) show_message(err, true);
    });
  }
  if (files.isEmpty()) demos_menu_->addAction(tr("(no demo scenes found)"))->setEnabled(false);
}

void MainWindow::update_title() {
  // an opened scene is not saved back to its json: it has no project path until Save As
  const QString name = !doc_.file_path().isEmpty() ? QFileInfo(doc_.file_path()).fileName()
                       : !scene_name_.isEmpty()    ? tr("%1 (scene)").arg(scene_name_)
                                                   : tr("untitled");
  setWindowTitle(tr("%1[*] — Jointsmith").arg(name));
  setWindowModified(doc_.is_modified());
}

void MainWindow::update_recent_menu() {
  recent_menu_->clear();
  const QStringList recent = settings::recent_files.get();
  for (const QString& path : recent) {
    QAction* a = recent_menu_->addAction(QFileInfo(path).fileName());
    a->setToolTip(path);
    a->setStatusTip(path);
    connect(a, &QAction::triggered, this, [this, path] {
      if (!maybe_save()) return;
      if (const QString err = open_project(path); !err.isEmpty()) show_message(err, true);
    });
  }
  recent_menu_->setEnabled(!recent.isEmpty());
}

void MainWindow::show_message(const QString& text, bool error) {
  last_message_ = text;
  statusBar()->showMessage(text, error ? 0 : 8000);
  if (error && interactive_) QMessageBox::warning(this, tr("Jointsmith"), text);
}

void MainWindow::start(const QStringList& files, bool force_demo) {
  if (!files.isEmpty()) {
    if (const QString err = open_project(files.front()); !err.isEmpty()) show_message(err, true);
  } else if (autosave_->has_recovery()) {
    offer_recovery();
  } else if (force_demo || !settings::first_start_done.get()) {
    load_demo();
  }
  settings::first_start_done.set(true);
  const bool ft = settings::show_frame_time.get();
  actions_[QStringLiteral("frame_time")]->setChecked(ft);
  viewport_->set_show_frame_time(ft);
  frame_time_label_->setVisible(ft);
}

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

QImage MainWindow::viewport_image() { return viewport_->grabFramebuffer(); }

QImage MainWindow::window_image() {
  QImage image = grab().toImage();
  const QImage view = viewport_image();
  if (!view.isNull()) {
    QPainter painter(&image);
    painter.drawImage(QRect(viewport_->mapTo(this, QPoint(0, 0)), viewport_->size()), view);
  }
  return image;
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
      this, tr("Open project or scene"), settings::last_directory.get(),
      tr("Projects and scenes (*.jsproj *.json);;Jointsmith projects (*.jsproj);;Scene files (*.json);;All files (*)"));
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
    if (path.endsWith(QLatin1String(".jsproj")) || (path.endsWith(QLatin1String(".json")) && is_scene_file(path))) {
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

void MainWindow::create_joint_dialog() {
  if (doc_.data().bodies.size() < 2) {
    show_message(tr("A joint needs two bodies: import another mesh first"), true);
    return;
  }
  CreateJointDialog dlg(doc_.data(), 0, doc_.selection().body, this);
  if (dlg.exec() != QDialog::Accepted) return;
  const auto r = add_joint(doc_, dlg.parent_body(), dlg.child_body(), dlg.kind(), dlg.joint_name());
  if (!r.ok()) {
    show_message(r.error, true);
    return;
  }
  doc_.set_selection(Selection{dlg.child_body(), r.value, -1});
  show_message(tr("Joint created: pose the child with the gizmo and press C to capture"), false);
}

void MainWindow::export_png_dialog() {
  const QString path = QFileDialog::getSaveFileName(this, tr("Export view"), settings::last_directory.get(),
                                                    tr("PNG images (*.png)"));
  if (path.isEmpty()) return;
  if (!viewport_image().save(path, "PNG")) show_message(tr("Cannot write %1").arg(path), true);
  else show_message(tr("Exported %1").arg(path), false);
}

void MainWindow::showEvent(QShowEvent* e) {
  QMainWindow::showEvent(e);
  // the viewport gets most of the width unless a saved layout says otherwise; docks size only once shown
  if (default_docks_.isEmpty() || !settings::window_state.get().isEmpty()) return;
  QTimer::singleShot(0, this, [this] {
    resizeDocks(default_docks_, {300, 380}, Qt::Horizontal);
    default_docks_.clear();
  });
}

void MainWindow::closeEvent(QCloseEvent* e) {
  if (!maybe_save()) {
    e->ignore();
    return;
  }
  settings::window_geometry.set(saveGeometry());
  settings::window_state.set(saveState());
  // a clean exit leaves no recovery file behind
  autosave_->discard();
  e->accept();
}

}  // namespace js::ui
