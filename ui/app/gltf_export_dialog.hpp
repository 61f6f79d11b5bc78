// File ▸ Export ▸ glTF (binary)…: a dialog (the motion: simulate or sweep one coordinate, its duration, the key
// tolerance, the file) around ui/export/gltf_save.hpp, kept out of the main window.
#pragma once

#include <QString>
#include <functional>

#include "ui/document/document.hpp"

class QAction;
class QWidget;

namespace js::ui {

// the action ("export_gltf"); message(text, error) reports what was written or why nothing was.
QAction* make_export_gltf_action(QWidget* window, Document& doc, const std::function<void(const QString&, bool)>& message);

}  // namespace js::ui
