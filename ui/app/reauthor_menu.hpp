// the re-authoring menu items (Joint ▸ Sample This Joint…, Replace in Model, Restore Original; File ▸ Save As
// OpenSim Model…, Copy Meshes When Saving OpenSim Models): dialogs around ui/joint/reauthor.hpp and
// ui/export/osim_save.hpp, kept out of the main window.
#pragma once

#include <QMap>
#include <QString>
#include <functional>

#include "ui/document/document.hpp"

class QAction;
class QMenu;
class QWidget;

namespace js::ui {

// makes the actions ("sample_joint", "replace_in_model", "restore_original", "save_osim", "copy_meshes"), adds the
// last two to file_menu (the caller places the joint ones); message(text, error) reports. the actions follow the
// document: enabled when they apply to the active joint or document.
void add_reauthor_actions(QWidget* window, QMenu* file_menu, Document& doc,
                          QMap<QString, QAction*>& actions, const std::function<void(const QString&, bool)>& message);

// File ▸ Save As OpenSim Model without the dialog: the message to show, and whether it is an error
std::pair<QString, bool> save_osim_with_message(const Document& doc, const QString& path, bool copy_meshes);

}  // namespace js::ui
