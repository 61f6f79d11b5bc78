#include "ui/app/view_actions.hpp"

#include <QAction>
#include <QKeySequence>
#include <QLabel>
#include <QMainWindow>
#include <QMenu>
#include <QShortcut>
#include <QSignalBlocker>
#include <QStatusBar>
#include <QToolBar>

#include "ui/app/settings.hpp"
#include "ui/document/document.hpp"
#include "ui/viewport/standard_views.hpp"
#include "ui/viewport/viewport_widget.hpp"

namespace js::ui {

void add_view_actions(QMainWindow* window, QMenu* view, ViewportWidget* viewport, Document& doc,
                      QMap<QString, QAction*>& actions) {
  view->addSeparator();
  struct Entry {
    StandardView view;
    const char* name;
    int key;
    const char* tip;
  };
  const Entry entries[] = {
      {StandardView::anterior, "view_anterior", Qt::Key_1, QT_TRANSLATE_NOOP("js::ui", "Look at the front (from anterior)")},
      {StandardView::posterior, "view_posterior", Qt::Key_2, QT_TRANSLATE_NOOP("js::ui", "Look at the back (from posterior)")},
      {StandardView::lateral, "view_lateral", Qt::Key_3,
       QT_TRANSLATE_NOOP("js::ui", "Look from the side, away from the midplane: from the right for a body on the right")},
      {StandardView::medial, "view_medial", Qt::Key_4,
       QT_TRANSLATE_NOOP("js::ui", "Look from the midplane's side: from the left for a body on the right")},
      {StandardView::superior, "view_superior", Qt::Key_5, QT_TRANSLATE_NOOP("js::ui", "Look down from above, the front up")},
  };
  for (const Entry& e : entries) {
    auto* a = new QAction(standard_view_name(e.view), window);
    a->setShortcut(QKeySequence(Qt::CTRL | e.key));
    const QString tip = QObject::tr(e.tip) + QStringLiteral(" (%1)").arg(a->shortcut().toString(QKeySequence::NativeText));
    a->setToolTip(tip);
    a->setStatusTip(tip);
    QObject::connect(a, &QAction::triggered, viewport, [viewport, v = e.view] { viewport->set_standard_view(v); });
    actions.insert(QString::fromLatin1(e.name), a);
    view->addAction(a);
  }
  // bodies modelled in another frame than OpenSim's (the knee demo, an imported mesh): the user says where the front is
  auto* facing = new QAction(QObject::tr("Current View Is A&nterior"), window);
  facing->setToolTip(QObject::tr("Take the current view as looking at the front of the bodies, so the anatomical views "
                                 "know front from side (saved with the project)"));
  facing->setStatusTip(facing->toolTip());
  QObject::connect(facing, &QAction::triggered, viewport, [viewport, &doc] {
    doc.set_camera(facing_from_view(doc.data().camera));
    emit viewport->status_message(QObject::tr("The anatomical views now take this view as anterior"));
  });
  actions.insert(QStringLiteral("view_set_anterior"), facing);
  view->addAction(facing);

  auto* ortho = new QAction(QObject::tr("&Orthographic"), window);
  ortho->setCheckable(true);
  ortho->setShortcut(QKeySequence(Qt::Key_O));
  ortho->setToolTip(QObject::tr("Parallel projection: sizes do not shrink with depth, for comparing lengths and angles (O)"));
  ortho->setStatusTip(ortho->toolTip());
  QObject::connect(ortho, &QAction::toggled, viewport, [viewport](bool on) { viewport->set_orthographic(on); });
  // the camera is saved with the project: an opened one brings its projection
  auto sync_ortho = [ortho, &doc] {
    const QSignalBlocker block(ortho);
    ortho->setChecked(doc.data().camera.orthographic);
  };
  QObject::connect(&doc, &Document::replaced, ortho, sync_ortho);
  sync_ortho();
  actions.insert(QStringLiteral("orthographic"), ortho);
  view->addAction(ortho);

  auto* measure = new QAction(QObject::tr("&Measure Distance"), window);
  measure->setCheckable(true);
  measure->setShortcut(QKeySequence(Qt::Key_M));
  measure->setToolTip(QObject::tr("Click two points on the meshes to measure the distance between them, in mm (M; Esc ends)"));
  measure->setStatusTip(measure->toolTip());
  QObject::connect(measure, &QAction::toggled, viewport, [viewport](bool on) { viewport->set_measure_mode(on); });
  QObject::connect(viewport, &ViewportWidget::measure_mode_changed, measure, [measure](bool on) {
    const QSignalBlocker block(measure);
    measure->setChecked(on);
  });
  actions.insert(QStringLiteral("measure"), measure);
  view->addAction(measure);
  // Esc ends the tool wherever the focus is in the window
  auto* escape = new QShortcut(QKeySequence(Qt::Key_Escape), window);
  escape->setEnabled(false);
  QObject::connect(escape, &QShortcut::activated, viewport, [viewport] { viewport->set_measure_mode(false); });
  // the reading stays in the status bar while the tool is on
  auto* reading = new QLabel;
  reading->setObjectName(QStringLiteral("measurement"));
  reading->setVisible(false);
  window->statusBar()->addPermanentWidget(reading);
  QObject::connect(viewport, &ViewportWidget::measurement, reading, [reading](const QString& text) {
    reading->setText(text);
    reading->setVisible(!text.isEmpty());
  });
  QObject::connect(viewport, &ViewportWidget::measure_mode_changed, escape, [escape](bool on) { escape->setEnabled(on); });
  // a new document forgets the points (they name its bodies)
  QObject::connect(&doc, &Document::replaced, viewport, [viewport] { viewport->set_measure_mode(false); });
}

void add_joint_drawing_actions(QMainWindow* window, QMenu* view, ViewportWidget* viewport,
                               QMap<QString, QAction*>& actions) {
  struct Entry {
    const char* name;
    const char* text;
    const char* tip;
    const SettingKey<bool>* setting;
    bool SceneOptions::*option;
  };
  const Entry entries[] = {
      {"joint_frames", QT_TRANSLATE_NOOP("js::ui", "Show &Joint Frames"),
       QT_TRANSLATE_NOOP("js::ui", "Draw every joint's frame on the parent (D) and on the child (C) as axes: x red, "
                                   "y green, z blue; the child's shorter"),
       &settings::show_joint_frames, &SceneOptions::joint_frames},
      {"joint_shapes", QT_TRANSLATE_NOOP("js::ui", "Show Joint &Shapes"),
       QT_TRANSLATE_NOOP("js::ui", "Draw hinges as shafts along their axis, ball joints as balls at their centre, "
                                   "sliders as bars, universal joints as two shafts"),
       &settings::show_joint_shapes, &SceneOptions::joint_shapes},
      {"screw_axis", QT_TRANSLATE_NOOP("js::ui", "Show Screw &Axis"),
       QT_TRANSLATE_NOOP("js::ui", "Draw the selected joint's instantaneous screw (helical) axis at its current q: the line "
                                   "the child turns about and slides along as the coordinate moves (magenta; orange for a "
                                   "coordinate that only slides)"),
       &settings::show_screw_axis, &SceneOptions::screw_axis},
  };
  for (const Entry& e : entries) {
    auto* a = new QAction(QObject::tr(e.text), window);
    a->setCheckable(true);
    a->setToolTip(QObject::tr(e.tip));
    a->setStatusTip(a->toolTip());
    a->setChecked(e.setting->get());
    viewport->options().*e.option = a->isChecked();
    QObject::connect(a, &QAction::toggled, viewport, [viewport, setting = e.setting, option = e.option](bool on) {
      viewport->options().*option = on;
      setting->set(on);
      viewport->request_frame();
    });
    actions.insert(QString::fromLatin1(e.name), a);
    view->addAction(a);
  }
}

void add_view_toolbar(QMainWindow* window, const QMap<QString, QAction*>& actions) {
  QToolBar* tools = window->addToolBar(QObject::tr("Views"));
  tools->setObjectName(QStringLiteral("toolbar_views"));
  for (const char* name : {"view_anterior", "view_posterior", "view_lateral", "view_medial", "view_superior", "orthographic", "measure"})
    if (QAction* a = actions.value(QString::fromLatin1(name))) tools->addAction(a);
}

}  // namespace js::ui
