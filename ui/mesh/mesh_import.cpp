#include "ui/mesh/mesh_import.hpp"

#include <QFileInfo>
#include <QObject>
#include <assimp/Importer.hpp>
#include <assimp/config.h>
#include <assimp/postprocess.h>
#include <assimp/scene.h>

#include "core/io/file_error.hpp"
#include "core/mesh/vtk_mesh.hpp"

namespace js::ui {

namespace {

// .vtp/.vtk through the project's own reader (Assimp reads neither): already indexed, so only the units
// and smooth normals remain, as Assimp's flags give its meshes.
MeshImport import_vtk_mesh(const QString& path, LengthUnit units) {
  MeshImport out;
  mesh::TriangleMesh tm;
  try {
    tm = mesh::read_vtk_mesh(QFileInfo(path).absoluteFilePath().toStdString());
  } catch (const io::FileError& e) {
    // the message already names the file (absolute), the element or line and the problem
    out.error = QObject::tr("Cannot import %1").arg(QString::fromStdString(e.what()));
    return out;
  }
  if (tm.triangles.empty()) {
    out.error = QObject::tr("Cannot import %1: the file holds no triangles").arg(path);
    return out;
  }
  auto mesh = std::make_shared<MeshData>();
  const double scale = unit_scale(units);
  mesh->positions.reserve(tm.vertices.size());
  for (const auto& v : tm.vertices) mesh->positions.push_back((v * scale).cast<float>());
  mesh->indices.reserve(3 * tm.triangles.size());
  for (const auto& t : tm.triangles)
    for (int i : t) mesh->indices.push_back(static_cast<std::uint32_t>(i));
  mesh->compute_normals();
  mesh->update_bounds();
  out.mesh = std::move(mesh);
  return out;
}

}  // namespace

MeshImport import_mesh(const QString& path, LengthUnit units) {
  MeshImport out;
  const QFileInfo info(path);
  if (!info.exists()) {
    out.error = QObject::tr("Cannot import %1: the file does not exist").arg(path);
    return out;
  }
  if (!info.isReadable()) {
    out.error = QObject::tr("Cannot import %1: the file is not readable").arg(path);
    return out;
  }
  if (info.size() == 0) {
    out.error = QObject::tr("Cannot import %1: the file is empty").arg(path);
    return out;
  }
  if (mesh::is_vtk_mesh_path(path.toStdString())) return import_vtk_mesh(path, units);
  Assimp::Importer importer;
  // normals are smoothed only across edges gentler than this: an extruded letter's rims (90°) stay sharp
  // instead of streaking, a bone's curvature (a few degrees between neighbouring faces) stays smooth
  importer.SetPropertyFloat(AI_CONFIG_PP_GSN_MAX_SMOOTHING_ANGLE, kCreaseAngleDegrees);
  // flatten the node hierarchy so every vertex is in the file's root frame
  const unsigned flags = aiProcess_Triangulate | aiProcess_JoinIdenticalVertices | aiProcess_PreTransformVertices |
                         aiProcess_SortByPType | aiProcess_GenSmoothNormals | aiProcess_FindInvalidData;
  const aiScene* scene = importer.ReadFile(info.absoluteFilePath().toStdString(), flags);
  if (!scene) {
    out.error = QObject::tr("Cannot import %1: %2").arg(path, QString::fromUtf8(importer.GetErrorString()));
    return out;
  }
  auto mesh = std::make_shared<MeshData>();
  const float scale = static_cast<float>(unit_scale(units));
  for (unsigned m = 0; m < scene->mNumMeshes; ++m) {
    const aiMesh* am = scene->mMeshes[m];
    if (!(am->mPrimitiveTypes & aiPrimitiveType_TRIANGLE)) continue;
    const auto offset = static_cast<std::uint32_t>(mesh->positions.size());
    for (unsigned v = 0; v < am->mNumVertices; ++v) {
      const aiVector3D& p = am->mVertices[v];
      mesh->positions.emplace_back(p.x * scale, p.y * scale, p.z * scale);
      if (am->HasNormals())
        mesh->normals.emplace_back(Eigen::Vector3f(am->mNormals[v].x, am->mNormals[v].y, am->mNormals[v].z)
                                       .normalized());
      else
        mesh->normals.emplace_back(Eigen::Vector3f::UnitY());
    }
    for (unsigned f = 0; f < am->mNumFaces; ++f) {
      const aiFace& face = am->mFaces[f];
      if (face.mNumIndices != 3) continue;
      for (int k = 0; k < 3; ++k) mesh->indices.push_back(offset + face.mIndices[k]);
    }
  }
  if (mesh->indices.empty()) {
    out.error = QObject::tr("Cannot import %1: the file holds no triangles").arg(path);
    return out;
  }
  for (const auto& p : mesh->positions) {
    if (!p.allFinite()) {
      out.error = QObject::tr("Cannot import %1: the file has non-finite vertex coordinates").arg(path);
      return out;
    }
  }
  mesh->update_bounds();
  out.mesh = std::move(mesh);
  return out;
}

QString mesh_file_filter() {
  Assimp::Importer importer;
  std::string ext;  // "*.3ds;*.obj;..."
  importer.GetExtensionList(ext);
  QString list = QString::fromStdString(ext).replace(QLatin1Char(';'), QLatin1Char(' '));
  list.prepend(QStringLiteral("*.vtp *.vtk "));  // read by core/mesh, not assimp
  return QObject::tr("Meshes (%1);;All files (*)").arg(list);
}

bool is_mesh_file(const QString& path) {
  if (mesh::is_vtk_mesh_path(path.toStdString())) return true;
  Assimp::Importer importer;
  const QString suffix = QFileInfo(path).suffix();
  return !suffix.isEmpty() && importer.IsExtensionSupported(("." + suffix).toStdString());
}

LengthUnit guess_units(const MeshData& mesh) {
  return (mesh.bounds_max - mesh.bounds_min).maxCoeff() > 5.0f ? LengthUnit::millimetres : LengthUnit::metres;
}

}  // namespace js::ui
