#include "ui/mesh/mesh_library.hpp"

#include <QObject>

#include "ui/demo/demo_bones.hpp"
#include "ui/mesh/mesh_import.hpp"

namespace js::ui {

QString MeshLibrary::key(const QString& path, LengthUnit units) {
  return path + (units == LengthUnit::millimetres ? QStringLiteral("|mm") : QStringLiteral("|m"));
}

std::shared_ptr<const MeshData> MeshLibrary::mesh(const QString& path, LengthUnit units) {
  if (path.isEmpty()) return nullptr;
  const QString k = key(path, units);
  if (auto it = entries_.find(k); it != entries_.end()) return it->mesh;
  Entry e;
  if (path.startsWith(QLatin1String("builtin:"))) {
    e.mesh = builtin_bone(path.mid(8));
    if (!e.mesh) e.error = QObject::tr("Unknown built-in mesh '%1'").arg(path);
  } else {
    MeshImport imp = import_mesh(path, units);
    e.mesh = std::move(imp.mesh);
    e.error = imp.error;
  }
  entries_.insert(k, e);
  return e.mesh;
}

QString MeshLibrary::error(const QString& path, LengthUnit units) const {
  auto it = entries_.find(key(path, units));
  return it == entries_.end() ? QString() : it->error;
}

void MeshLibrary::insert(const QString& path, LengthUnit units, std::shared_ptr<const MeshData> mesh) {
  entries_.insert(key(path, units), Entry{std::move(mesh), {}});
}

}  // namespace js::ui
