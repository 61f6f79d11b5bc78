// the main window: the viewport in the centre, docks registered by name (scene, properties, samples, fit,
// playback, timeline), menus and shortcuts (main_window_menus.cpp), file handling (open/save/recent/recovery) and mesh
// import (main_window_files.cpp).
#pragma once

#include <QImage>
#include <QMainWindow>
#include <QMap>

#include "ui/document/document.hpp"
#include "ui/mesh/mesh_library.hpp"

class QAction;
class QDockWidget;
class QLabel;
class QMenu;

namespace js::ui {

class Autosave;
class ViewportWidget;
class SamplesPanel;
class PlaybackPanel;
class TimelinePanel;

class MainWindow : public QMainWindow {
  Q_OBJECT
 public:
  // recovery_dir: the folder of recovery files (empty = the user's default location)
  explicit MainWindow(QWidget* parent = nullptr, const QString& recovery_dir = {});
  ~MainWindow() override;

  Document& document() { return doc_; }
  MeshLibrary& meshes() { return meshes_; }
  ViewportWidget* viewport() { return viewport_; }
  SamplesPanel* samples_panel() { return samples_; }
  Autosave* autosave() { return autosave_; }
  // docks by name: "scene", "properties", "samples", "fit", "playback", "timeline"
  QDockWidget* dock(const QString& name) const { return docks_.value(name); }
  // the panel inside a dock (each sits in a scroll area so a small screen can still reach all of it)
  QWidget* panel(const QString& name) const { return panels_.value(name); }
  QStringList dock_names() const { return docks_.keys(); }
  QAction* action(const QString& name) const { return actions_.value(name); }
  // Help ▸ Keyboard Shortcuts: one line per action with a key; Help ▸ About
  QString shortcuts_text() const;
  QString about_text() const;

  // when false, errors go to the status bar and last_message() only, never to a modal box (tests)
  void set_interactive(bool on) { interactive_ = on; }
  const QString& last_message() const { return last_message_; }

  // what the app does at start: first a recovery offer for work a crashed instance left, then a file argument,
  // else the demo (on the first start or when forced)
  void start(const QStringList& files, bool force_demo);

  // file operations without dialogs; each returns an error message or an empty string
  // a .jsproj project, or a scene file (docs/scene-file.md, recognised by its "format") via open_scene
  QString open_project(const QString& path);
  // a scene file as a new untitled document (ui/export/scene_import.hpp), framed in the view
  QString open_scene(const QString& path);
  // an OpenSim model (.osim) as a new untitled document (ui/export/osim_import.hpp), framed in the view; its
  // problems and missing meshes are reported once (main_window_osim.cpp)
  QString open_osim(const QString& path);
  QString save_project_as(const QString& path);
  // the body's mass, centre of mass and inertia come from the closed mesh filled with density (kg/m³)
  QString import_mesh_file(const QString& path, LengthUnit units, const QString& body_name = {},
                           double density = 1850.0);
  void load_demo();
  void new_project();
  // grabs the viewport's framebuffer
  QImage viewport_image();
  // the whole window as it looks, the viewport included (QWidget::grab alone leaves its native GL window out)
  QImage window_image();

 protected:
  void closeEvent(QCloseEvent* e) override;
  // lets C, K and F reach their actions while a number field has the focus (it cannot take letters)
  bool eventFilter(QObject* watched, QEvent* e) override;
  void showEvent(QShowEvent* e) override;

 private:
  void build_docks();
  void build_actions();
  void update_title();
  void fit_samples_dock();
  void update_recent_menu();
  void update_demos_menu();
  void show_message(const QString& text, bool error);
  // asks about unsaved changes; false when the user cancels
  bool maybe_save();
  bool save();
  bool save_as();
  void open_dialog();
  void import_dialog();
  void import_paths(const QStringList& paths);
  void create_joint_dialog();
  void export_png_dialog();
  // offers each orphaned recovery file (newest first) until one is recovered or the user says later;
  // true when a document was recovered
  bool offer_recovery();
  // for each body whose mesh file is gone: say so and offer Replace mesh… (interactive only)
  void offer_mesh_relink();
  void show_shortcuts();
  // Edit ▸ Preferences: the folders searched for OpenSim meshes (main_window_osim.cpp)
  void preferences_dialog();

  Document doc_;
  MeshLibrary meshes_;
  ViewportWidget* viewport_ = nullptr;
  SamplesPanel* samples_ = nullptr;
  PlaybackPanel* playback_ = nullptr;
  TimelinePanel* timeline_ = nullptr;
  Autosave* autosave_ = nullptr;
  QMap<QString, QDockWidget*> docks_;
  QMap<QString, QWidget*> panels_;
  QMap<QString, QAction*> actions_;
  QMenu* recent_menu_ = nullptr;
  QMenu* demos_menu_ = nullptr;
  QString scene_name_;  // file name of the scene the untitled document was opened from
  QLabel* frame_time_label_ = nullptr;
  bool interactive_ = true;
  QString last_message_;
  QList<QDockWidget*> default_docks_;  // sized on first show
};

}  // namespace js::ui
