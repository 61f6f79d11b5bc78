// the meshes a document refers to, loaded once and shared by the scene builder, the renderer and picking.
// keyed by (path, units); "builtin:<name>" paths are meshes made in code and registered by the layer that makes
// them (builtin_meshes.hpp: the demo bones), "inline:<key>" a scene file's inline mesh.
#pragma once

#include <QHash>
#include <QString>
#include <memory>

#include "ui/document/document_data.hpp"
#include "ui/mesh/mesh_data.hpp"

namespace js::ui {

class MeshLibrary {
 public:
  // the mesh of a body, loading it on first use; null when it cannot be loaded (see error())
  std::shared_ptr<const MeshData> mesh(const QString& path, LengthUnit units);
  // a body's mesh: its mesh parts (an opensim body), its mesh file, a scene's inline mesh ("inline:" paths, from b.scene_keys), or for a body
  // without a mesh the solid ellipsoid of its mass and principal moments; null for a frame-only body
  std::shared_ptr<const MeshData> mesh(const Body& b);
  // why the last load of (path, units) failed; empty when it succeeded or was never tried
  QString error(const QString& path, LengthUnit units) const;
  // hands an already loaded mesh to the library (import dialog, tests)
  void insert(const QString& path, LengthUnit units, std::shared_ptr<const MeshData> mesh);
  void clear() { entries_.clear(); }

 private:
  struct Entry {
    std::shared_ptr<const MeshData> mesh;
    QString error;
  };
  static QString key(const QString& path, LengthUnit units);
  // a body's mesh_parts as one mesh (a part that cannot be loaded is left out); null when none loads
  std::shared_ptr<const MeshData> parts_mesh(const Body& b);
  // one part's file in metres (.vtp/.vtk by core's vtk reader, others by import_mesh), cached like mesh()
  std::shared_ptr<const MeshData> part_mesh(const QString& path);
  QHash<QString, Entry> entries_;
};

}  // namespace js::ui
