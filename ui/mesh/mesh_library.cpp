#include "ui/mesh/mesh_library.hpp"

#include <QObject>
#include <algorithm>
#include <cmath>

#include "core/mesh/mesh_file.hpp"
#include "ui/mesh/builtin_meshes.hpp"
#include "ui/mesh/mesh_import.hpp"
#include "ui/mesh/shapes.hpp"

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
    e.mesh = builtin_mesh(path.mid(8));
    if (!e.mesh) e.error = QObject::tr("Unknown built-in mesh '%1'").arg(path);
  } else {
    MeshImport imp = import_mesh(path, units);
    e.mesh = std::move(imp.mesh);
    e.error = imp.error;
  }
  entries_.insert(k, e);
  return e.mesh;
}

namespace {

// the drawable mesh of a scene's inline {"vertices", "triangles"} (checked by the core when the scene was read)
std::shared_ptr<const MeshData> inline_mesh(const nlohmann::json& mesh) {
  auto out = std::make_shared<MeshData>();
  const nlohmann::json& v = mesh.at("vertices");
  const nlohmann::json& t = mesh.at("triangles");
  for (const auto& p : v) out->positions.emplace_back(p.at(0).get<float>(), p.at(1).get<float>(), p.at(2).get<float>());
  for (const auto& tri : t)
    for (int k = 0; k < 3; ++k) out->indices.push_back(tri.at(static_cast<std::size_t>(k)).get<std::uint32_t>());
  out->update_bounds();
  out->compute_normals();
  return out;
}

// the solid ellipsoid with the body's mass and principal moments: I_x = m (b² + c²) / 5, so
// a² = 5 (I_y + I_z − I_x) / (2 m), and likewise for b and c
MeshData inertia_ellipsoid(const Body& b) {
  const Vec3& I = b.inertia_diag;
  const double m = std::max(b.mass, 1e-12);
  auto radius = [m](double i0, double i1, double i2) {
    return static_cast<float>(std::sqrt(std::max(2.5 * (i1 + i2 - i0) / m, 1e-8)));
  };
  return shapes::ellipsoid(b.com.cast<float>(), Eigen::Vector3f(radius(I.x(), I.y(), I.z()), radius(I.y(), I.z(), I.x()),
                                                                radius(I.z(), I.x(), I.y())));
}

}  // namespace

std::shared_ptr<const MeshData> MeshLibrary::mesh(const Body& b) {
  if (b.frame_only) return nullptr;
  // an opensim body draws its meshes; when none of them loads, the ellipsoid of its inertia below
  if (!b.mesh_parts.empty())
    if (auto m = parts_mesh(b)) return m;
  if (!b.mesh_path.isEmpty() && !b.mesh_path.startsWith(QLatin1String("inline:"))) return mesh(b.mesh_path, b.units);
  QString k;
  if (b.mesh_path.isEmpty()) {
    k = QStringLiteral("ellipsoid:%1,%2,%3,%4,%5,%6,%7")
            .arg(b.mass, 0, 'g', 17).arg(b.inertia_diag.x(), 0, 'g', 17).arg(b.inertia_diag.y(), 0, 'g', 17)
            .arg(b.inertia_diag.z(), 0, 'g', 17).arg(b.com.x(), 0, 'g', 17).arg(b.com.y(), 0, 'g', 17)
            .arg(b.com.z(), 0, 'g', 17);
  } else {
    k = key(b.mesh_path, b.units);
  }
  if (auto it = entries_.find(k); it != entries_.end()) return it->mesh;
  Entry e;
  if (b.mesh_path.isEmpty()) {
    e.mesh = std::make_shared<MeshData>(inertia_ellipsoid(b));
  } else if (b.scene_keys.is_object() && b.scene_keys.contains("mesh") && b.scene_keys["mesh"].contains("vertices")) {
    try {
      e.mesh = inline_mesh(b.scene_keys["mesh"]);
    } catch (const std::exception& ex) {
      e.error = QObject::tr("The inline mesh of %1 cannot be drawn: %2").arg(b.name, QString::fromUtf8(ex.what()));
    }
  } else {
    e.error = QObject::tr("%1 names an inline mesh but has none").arg(b.name);
  }
  entries_.insert(k, e);
  return e.mesh;
}

std::shared_ptr<const MeshData> MeshLibrary::part_mesh(const QString& path) {
  // .vtp/.vtk bones (opensim's) through core's vtk reader, the rest as any mesh file
  const std::string p = path.toStdString();
  if (!(path.endsWith(QLatin1String(".vtp"), Qt::CaseInsensitive) || path.endsWith(QLatin1String(".vtk"), Qt::CaseInsensitive)))
    return mesh(path, LengthUnit::metres);
  const QString k = key(path, LengthUnit::metres);
  if (auto it = entries_.find(k); it != entries_.end()) return it->mesh;
  Entry e;
  try {
    const js::mesh::TriangleMesh t = js::mesh::read_mesh_file(p);
    auto out = std::make_shared<MeshData>();
    out->positions.reserve(t.vertices.size());
    for (const Vec3& v : t.vertices) out->positions.push_back(v.cast<float>());
    out->indices.reserve(3 * t.triangles.size());
    for (const auto& tri : t.triangles)
      for (int c : tri) out->indices.push_back(static_cast<std::uint32_t>(c));
    out->update_bounds();
    out->compute_normals();
    e.mesh = out;
  } catch (const std::exception& ex) {
    e.error = QString::fromUtf8(ex.what());
  }
  entries_.insert(k, e);
  return e.mesh;
}

std::shared_ptr<const MeshData> MeshLibrary::parts_mesh(const Body& b) {
  // one mesh of all the body's parts, each scaled in its own frame, then placed by body_T_mesh
  QString k = QStringLiteral("parts:");
  for (const MeshPart& p : b.mesh_parts) {
    k += p.path + QLatin1Char('|');
    for (int i = 0; i < 3; ++i) k += QString::number(p.scale[i], 'g', 17) + QLatin1Char(',');
    for (int i = 0; i < 3; ++i) k += QString::number(p.body_T_mesh.p[i], 'g', 17) + QLatin1Char(',');
    for (int i = 0; i < 9; ++i) k += QString::number(p.body_T_mesh.R(i / 3, i % 3), 'g', 17) + QLatin1Char(',');
  }
  if (auto it = entries_.find(k); it != entries_.end()) return it->mesh;
  auto out = std::make_shared<MeshData>();
  Entry e;
  for (const MeshPart& p : b.mesh_parts) {
    const std::shared_ptr<const MeshData> part = part_mesh(p.path);
    if (!part) {
      e.error += (e.error.isEmpty() ? QString() : QStringLiteral("; ")) + error(p.path, LengthUnit::metres);
      continue;
    }
    MeshData placed = *part;
    const Eigen::Matrix3f R = p.body_T_mesh.R.cast<float>();
    const Eigen::Vector3f t = p.body_T_mesh.p.cast<float>(), s = p.scale.cast<float>();
    for (Eigen::Vector3f& v : placed.positions) v = R * v.cwiseProduct(s) + t;
    out->append(placed);
  }
  if (out->positions.empty()) {
    out.reset();
  } else {
    out->update_bounds();
    out->compute_normals();
  }
  e.mesh = out;
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
