// the main window itself: the viewport and docks, messages, start-up, window images, show and close. its
// menus are built in main_window_menus.cpp, its file flow (open, save, recovery, import) is in
// main_window_files.cpp.
#include "ui/app/main_window.hpp"

#include <QAbstractSpinBox>
#include <QCloseEvent>
#include <QKeyEvent>
#include <QDockWidget>
#include <QFileInfo>
#include <QGuiApplication>
#include <QLabel>
#include <QMessageBox>
#include <QPainter>
#include <QScrollArea>
#include <QShowEvent>
#include <QStatusBar>
#include <QStyle>
#include <QTimer>
#include <algorithm>

#include "ui/app/autosave.hpp"
#include "ui/app/settings.hpp"
#include "ui/demo/demo_bones.hpp"
#include "ui/panels/fit_panel.hpp"
#include "ui/panels/playback_panel.hpp"
#include "ui/panels/timeline_panel.hpp"
#include "ui/joint/timeline_player.hpp"
#include "ui/panels/properties_panel.hpp"
#include "ui/panels/samples_panel.hpp"
#include "ui/panels/scene_tree_panel.hpp"
#include "ui/viewport/gl_format.hpp"
#include "ui/viewport/viewport_widget.hpp"

namespace js::ui {

MainWindow::MainWindow(QWidget* parent, const QString& recovery_dir) : QMainWindow(parent) {
  setObjectName(QStringLiteral("main_window"));
  register_demo_meshes();  // a project may name the demo's bones ("builtin:femur")
  viewport_ = new ViewportWidget(doc_, meshes_, this);
  setCentralWidget(viewport_);
  build_docks();
  build_actions();
  frame_time_label_ = new QLabel;
  frame_time_label_->setToolTip(
      tr("Time from building a frame to it being on screen, GPU work and buffer swap included (View ▸ Show Frame Time)"));
  statusBar()->addPermanentWidget(frame_time_label_);
  frame_time_label_->setVisible(false);

  autosave_ = new Autosave(doc_, recovery_dir.isEmpty() ? Autosave::default_dir() : recovery_dir,
                           settings::autosave_delay_ms.get(), this);
  // a running simulation's frames are shown, not edits: the recovery copy holds the last recorded state
  // (and so are the timeline's: the poses from before its first frame)
  autosave_->set_source([this] {
    DocumentData d = playback_ ? playback_->document_at_rest() : doc_.data();
    return timeline_ ? timeline_->player()->document_at_rest(std::move(d)) : d;
  });
  // and its frames alone are nothing new to keep: no rewrite of the whole project every 2 s while it plays
  autosave_->set_view_change([this] {
    return (playback_ && playback_->showing_frame()) || (timeline_ && timeline_->player()->showing_frame());
  });
  // the session manager may end the app without a close event: keep the work first
  connect(qApp, &QGuiApplication::commitDataRequest, autosave_, [this] { autosave_->write_now(); });
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
  qApp->installEventFilter(this);
  resize(1400, 900);
  restoreGeometry(settings::window_geometry.get());
  restoreState(settings::window_state.get());
  update_title();
  update_recent_menu();
}

MainWindow::~MainWindow() {
  // destroyed without a close event (quit from a signal handler, the session manager): the last changes are
  // written, and the recovery file stays for the next start
  if (autosave_) autosave_->write_now();
  // doc_'s undo stack emits cleanChanged while it is destroyed, after this window's later members (and
  // before its child panels): no document signal may reach a window or panel being torn down
  disconnect(&doc_, nullptr, this, nullptr);
  doc_.blockSignals(true);
}

void MainWindow::build_docks() {
  auto add = [this](const QString& name, const QString& title, QWidget* w, Qt::DockWidgetArea area) {
    auto* d = new QDockWidget(title, this);
    d->setObjectName(QStringLiteral("dock_") + name);  // saveState needs object names
    // in a scroll area: the panel's fields stay reachable on a small screen instead of making the window's
    // minimum size (docks add up) larger than a laptop's
    auto* scroll = new QScrollArea;
    scroll->setWidget(w);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    d->setWidget(scroll);
    panels_.insert(name, w);
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
  auto* timeline = timeline_ = new TimelinePanel(doc_, &meshes_);
  tabifyDockWidget(playback_dock, add(QStringLiteral("timeline"), tr("Timeline"), timeline, Qt::RightDockWidgetArea));
  fit_dock->raise();
  default_docks_ = {scene_dock, samples_dock};
  connect(props, &PropertiesPanel::status_message, this, [this](const QString& m) { show_message(m, false); });
  connect(samples_, &SamplesPanel::status_message, this, [this](const QString& m) { show_message(m, false); });
  // shown or docked again: a width asked for while it was hidden or floating was not applied
  connect(docks_.value(QStringLiteral("samples")), &QDockWidget::visibilityChanged, this, [this](bool shown) {
    if (shown) QTimer::singleShot(0, this, &MainWindow::fit_samples_dock);
  });
  // after the table's layout, which the new contents change
  connect(samples_, &SamplesPanel::preferred_width_grew, this, [this] { QTimer::singleShot(0, this, &MainWindow::fit_samples_dock); },
          Qt::QueuedConnection);
  connect(fit, &FitPanel::status_message, this, [this](const QString& m) { show_message(m, false); });
  connect(fit, &FitPanel::fit_failed, this, [this](const QString& m) { show_message(m, true); });
  connect(playback, &PlaybackPanel::status_message, this, [this](const QString& m) { show_message(m, false); });
  connect(timeline, &TimelinePanel::status_message, this, [this](const QString& m) { show_message(m, false); });
}

void MainWindow::show_message(const QString& text, bool error) {
  last_message_ = text;
  statusBar()->showMessage(text, error ? 0 : 8000);
  if (error && interactive_) QMessageBox::warning(this, tr("Jointsmith"), text);
}

void MainWindow::start(const QStringList& files, bool force_demo) {
  // recovery first: opening a file must not hide (or replace) work a crash left behind
  if (offer_recovery()) {
    if (!files.isEmpty() && QFileInfo(files.front()).absoluteFilePath() != doc_.file_path())
      show_message(tr("Recovered unsaved work; %1 was not opened (save, then File ▸ Open it)").arg(files.front()), false);
  } else if (!files.isEmpty()) {
    if (const QString err = open_project(files.front()); !err.isEmpty()) show_message(err, true);
  } else if (force_demo || !settings::first_start_done.get()) {
    load_demo();
  }
  settings::first_start_done.set(true);
  const bool ft = settings::show_frame_time.get();
  actions_[QStringLiteral("frame_time")]->setChecked(ft);
  viewport_->set_show_frame_time(ft);
  frame_time_label_->setVisible(ft);
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

void MainWindow::showEvent(QShowEvent* e) {
  QMainWindow::showEvent(e);
  // the viewport gets most of the width unless a saved layout says otherwise; docks size only once shown
  if (default_docks_.isEmpty() || !settings::window_state.get().isEmpty()) return;
  QTimer::singleShot(0, this, [this] {
    resizeDocks(default_docks_, {300, 380}, Qt::Horizontal);
    default_docks_.clear();
    fit_samples_dock();
  });
}

void MainWindow::fit_samples_dock() {
  // the samples dock grows to show its whole table and its buttons (its scroll area's bar included) while the
  // view keeps most of the window; it never shrinks, so a width the user chose stays until the table needs more
  QDockWidget* dock = docks_.value(QStringLiteral("samples"));
  if (!dock || !dock->isVisible() || dock->isFloating()) return;
  const int want = std::min(samples_->preferred_width() + style()->pixelMetric(QStyle::PM_ScrollBarExtent), width() * 2 / 5);
  if (dock->width() < want) resizeDocks({dock}, {want}, Qt::Horizontal);
}

bool MainWindow::eventFilter(QObject* watched, QEvent* e) {
  if (e->type() != QEvent::ShortcutOverride) return QMainWindow::eventFilter(watched, e);
  const auto* key = static_cast<QKeyEvent*>(e);
  const int k = key->key();
  if ((k != Qt::Key_C && k != Qt::Key_K && k != Qt::Key_F) || key->modifiers() != Qt::NoModifier)
    return QMainWindow::eventFilter(watched, e);
  auto* w = qobject_cast<QWidget*>(watched);
  if (!w || w->window() != this) return QMainWindow::eventFilter(watched, e);
  // a spin box or a field marked as taking numbers only: the letter is a shortcut, not text. filtering the
  // override leaves it unaccepted, so the shortcut map triggers the action
  const bool numeric = qobject_cast<QAbstractSpinBox*>(w) || (w->parentWidget() && qobject_cast<QAbstractSpinBox*>(w->parentWidget())) ||
                       w->property("numbers_only").toBool();
  return numeric || QMainWindow::eventFilter(watched, e);
}

void MainWindow::closeEvent(QCloseEvent* e) {
  if (!maybe_save()) {
    e->ignore();
    return;
  }
  settings::window_geometry.set(saveGeometry());
  settings::window_state.set(saveState());
  // a clean exit leaves no recovery file behind; unsaved work the user did not discard (maybe_save asks when
  // interactive) keeps its file
  if (!doc_.is_modified()) autosave_->discard();
  e->accept();
}

}  // namespace js::ui
