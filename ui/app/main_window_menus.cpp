// the main window's menus, actions and toolbar, the menus that list files (recent, demos), the title, and
// the dialogs the menus open (create joint, export png).
#include "ui/app/main_window.hpp"

#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QCoreApplication>
#include <QDesktopServices>
#include <QDir>
#include <QDockWidget>
#include <QMessageBox>
#include <QUrl>
#include <QToolBar>

#include "ui/app/demos.hpp"
#include "ui/app/dialogs.hpp"
#include "ui/app/export_menu.hpp"
#include "ui/app/reauthor_menu.hpp"
#include "ui/app/sample_import_dialog.hpp"
#include "ui/app/settings.hpp"
#include "ui/app/view_actions.hpp"
#include "ui/document/operations.hpp"
#include "ui/panels/motion_curves_dialog.hpp"
#include "ui/panels/playback_panel.hpp"
#include "ui/panels/samples_panel.hpp"
#include "ui/panels/timeline_panel.hpp"
#include "ui/viewport/viewport_widget.hpp"

namespace js::ui {

QString MainWindow::shortcuts_text() const {
  QStringList lines;
  for (auto it = actions_.cbegin(); it != actions_.cend(); ++it) {
    const QAction* a = it.value();
    if (a->shortcut().isEmpty()) continue;
    lines << tr("%1\t%2").arg(a->shortcut().toString(QKeySequence::NativeText), a->text().remove(QLatin1Char('&')));
  }
  lines.sort();
  return lines.join(QLatin1Char('\n'));
}

QString MainWindow::about_text() const {
  return tr("Jointsmith %1\nAuthor spline joints from posed bone meshes: capture samples, fit, preview, "
            "simulate.\nQt %2").arg(QCoreApplication::applicationVersion(), QString::fromLatin1(qVersion()));
}

void MainWindow::show_shortcuts() {
  if (interactive_)
    QMessageBox::information(this, tr("Keyboard shortcuts"), shortcuts_text());
  else
    show_message(shortcuts_text(), false);
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
  QMenu* exports = add_export_actions(this, file, doc_, actions_, [this](const QString& m, bool error) { show_message(m, error); });
  actions_.insert(QStringLiteral("export_samples"),
                  make_export_samples_action(this, doc_, [this](const QString& m, bool error) { show_message(m, error); }));
  exports->addAction(actions_[QStringLiteral("export_samples")]);
  exports->addAction(make(QStringLiteral("export_png"), tr("View as &PNG…"), {}, tr("Save the viewport as an image"),
                          [this] { export_png_dialog(); }));
  exports->addAction(make(QStringLiteral("export_timeline"), tr("&Timeline Animation (glTF)…"), {},
                          tr("Every keyed joint's timeline motion as a glTF animation (the Timeline dock's Export glTF…)"),
                          [this] { timeline_->export_dialog(); }));
  file->addSeparator();
  add_reauthor_actions(this, file, doc_, actions_, [this](const QString& m, bool error) { show_message(m, error); });
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
  edit->addAction(make(QStringLiteral("preferences"), tr("&Preferences…"), QKeySequence::Preferences,
                       tr("Folders searched for OpenSim meshes"), [this] { preferences_dialog(); }));
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
  joint->addAction(make(QStringLiteral("motion_curves"), tr("Motion C&urves…"), {},
                        tr("The selected joint's angles and translations against its coordinate, samples as dots"),
                        [this] {
                          auto* d = findChild<MotionCurvesDialog*>();
                          if (!d) d = new MotionCurvesDialog(doc_, this);
                          d->show();
                          d->raise();
                        }));
  joint->addSeparator();
  joint->addAction(actions_[QStringLiteral("load_joint")]);
  joint->addSeparator();
  actions_.insert(QStringLiteral("import_samples"),
                  make_import_samples_action(this, doc_, [this](const QString& m, bool error) { show_message(m, error); }));
  for (const char* name : {"import_samples", "sample_joint", "replace_in_model", "restore_original"})
    joint->addAction(actions_[QLatin1String(name)]);

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
  QAction* loops = make(QStringLiteral("loops"), tr("Show Closed &Loops"), {},
                        tr("Draw an opened scene's closed loops: their frames, and the gap red when a loop is open"),
                        [this](bool on) {
                          viewport_->options().loops = on;
                          viewport_->request_frame();
                        });
  loops->setCheckable(true);
  loops->setChecked(true);
  view->addAction(loops);
  add_joint_drawing_actions(this, view, viewport_, actions_);
  add_view_actions(this, view, viewport_, doc_, actions_);
  view->addSeparator();
  for (const QString& name : docks_.keys()) view->addAction(docks_[name]->toggleViewAction());

  // help: the keys (every action that has one, as the menus name them), the documentation, about
  QMenu* help = menuBar()->addMenu(tr("&Help"));
  help->addAction(make(QStringLiteral("shortcuts"), tr("&Keyboard Shortcuts"), QKeySequence::HelpContents,
                       tr("List the keyboard shortcuts"), [this] { show_shortcuts(); }));
  help->addAction(make(QStringLiteral("docs"), tr("&Documentation"), {},
                       tr("Open the app's guide (docs/app.md) in the system's viewer"), [this] {
                         const QString doc = QDir(QCoreApplication::applicationDirPath())
                                                 .filePath(QStringLiteral("../../docs/app.md"));
                         const QString installed = QDir(QCoreApplication::applicationDirPath())
                                                       .filePath(QStringLiteral("../share/doc/jointsmith/app.md"));
                         const QString path = QFileInfo::exists(doc) ? doc : installed;
                         if (!QFileInfo::exists(path) || !QDesktopServices::openUrl(QUrl::fromLocalFile(QFileInfo(path).absoluteFilePath())))
                           show_message(tr("The guide is docs/app.md in the source tree"), false);
                       }));
  help->addAction(make(QStringLiteral("about"), tr("&About Jointsmith"), {}, tr("Version and what the app is"), [this] {
    if (interactive_)
      QMessageBox::about(this, tr("About Jointsmith"), about_text());
    else
      show_message(about_text(), false);
  }));

  QToolBar* tools = addToolBar(tr("Main"));
  tools->setObjectName(QStringLiteral("toolbar_main"));
  for (const char* n : {"open", "save", "import", "create_joint", "capture", "ik_mode", "frame"})
    tools->addAction(actions_[n]);
  tools->addSeparator();
  tools->addAction(undo);
  tools->addAction(redo);
  add_view_toolbar(this, actions_);
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

}  // namespace js::ui
