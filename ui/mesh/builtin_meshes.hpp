// meshes made in code, named "builtin:<name>" in a body's mesh_path (the knee demo's bones). the layer that makes
// them registers them at start-up (the app's window, the demo project); the mesh library only looks them up, so
// ui/mesh needs nothing from the layers above it.
#pragma once

#include <QString>
#include <functional>
#include <memory>

#include "ui/mesh/mesh_data.hpp"

namespace js::ui {

// makes the mesh on first use; the library caches what it returns
using BuiltinMeshMaker = std::function<std::shared_ptr<const MeshData>()>;

// registers (or replaces) the maker of "builtin:<name>"; safe from any thread
void register_builtin_mesh(const QString& name, const BuiltinMeshMaker& make);
// the mesh of "builtin:<name>" (name without the prefix); null when no maker is registered or it made none
std::shared_ptr<const MeshData> builtin_mesh(const QString& name);

}  // namespace js::ui
