#include "ui/mesh/builtin_meshes.hpp"

#include <QHash>
#include <mutex>
#include <utility>

namespace js::ui {
namespace {

struct BuiltinMeshRegistry {
  std::mutex mutex;
  QHash<QString, BuiltinMeshMaker> makers;
};

BuiltinMeshRegistry& builtin_mesh_registry() {
  static BuiltinMeshRegistry registry;
  return registry;
}

}  // namespace

void register_builtin_mesh(const QString& name, const BuiltinMeshMaker& make) {
  BuiltinMeshRegistry& r = builtin_mesh_registry();
  const std::lock_guard lock(r.mutex);
  r.makers.insert(name, make);
}

std::shared_ptr<const MeshData> builtin_mesh(const QString& name) {
  BuiltinMeshMaker make;
  {
    BuiltinMeshRegistry& r = builtin_mesh_registry();
    const std::lock_guard lock(r.mutex);
    make = r.makers.value(name);
  }
  // made outside the lock: a maker may take a while (a lofted bone) and may itself look meshes up
  return make ? make() : nullptr;
}

}  // namespace js::ui
