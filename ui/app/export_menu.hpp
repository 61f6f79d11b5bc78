// the export and joint-file menu items (File ▸ Export ▸ Joint File…, Scene File…, glTF (binary)…, OpenSim Model…; Joint ▸ Load
// Joint File…): file dialogs around exports.hpp, kept out of the main window.
#pragma once

#include <QMap>
#include <QString>
#include <functional>

#include "ui/document/document.hpp"

class QAction;
class QMenu;
class QWidget;

namespace js::ui {

// makes the actions, adds the exports to a File ▸ Export submenu (returned, for the caller's other exports) and to
// `actions` ("export_joint", "export_scene", "export_gltf", "export_osim_model", and "load_joint" — the caller places the last one);
// message(text, error) reports.
QMenu* add_export_actions(QWidget* window, QMenu* file_menu, Document& doc,
                        QMap<QString, QAction*>& actions, const std::function<void(const QString&, bool)>& message);

// the joint the user means: the selected joint, else the parent joint of the selected body (0: none)
JointId active_joint_id(const Document& doc);

}  // namespace js::ui
