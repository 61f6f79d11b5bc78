// View menu entries and a "Views" toolbar: the anatomical views (Anterior, Posterior, Lateral, Medial, Superior;
// standard_views.hpp), the Orthographic toggle and the distance tool (Measure Distance; measure_tool.hpp), whose
// reading stays in the status bar until the tool ends. camera changes are view state (saved with the camera, not
// undo steps), as orbiting is.
#pragma once

#include <QMap>
#include <QString>

class QAction;
class QMainWindow;
class QMenu;

namespace js::ui {

class Document;
class ViewportWidget;

// adds the actions to `view`; they are stored in `actions` as view_anterior, view_posterior, view_lateral,
// view_medial, view_superior, orthographic and measure
void add_view_actions(QMainWindow* window, QMenu* view, ViewportWidget* viewport, Document& doc,
                      QMap<QString, QAction*>& actions);
// checkable View menu entries for how joints are drawn (joint_shapes_scene.hpp): Show Joint Frames (joint_frames)
// and Show Joint Shapes (joint_shapes). view state, not undo steps: saved in the settings, applied at once
void add_joint_drawing_actions(QMainWindow* window, QMenu* view, ViewportWidget* viewport,
                               QMap<QString, QAction*>& actions);
// the "Views" toolbar with those actions, after the window's other toolbars
void add_view_toolbar(QMainWindow* window, const QMap<QString, QAction*>& actions);

}  // namespace js::ui
