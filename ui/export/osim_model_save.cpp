#include "ui/export/osim_model_save.hpp"

#include <QFileInfo>
#include <QObject>
#include <algorithm>
#include <exception>
#include <string>
#include <vector>

#include "core/interop/osim_model_export.hpp"
#include "ui/export/exports.hpp"
#include "ui/mesh/mesh_library.hpp"

namespace js::ui {
namespace {

// a mesh file OpenSim draws itself (the model names it); any other drawing goes out as an .obj
bool opensim_reads(const QString& mesh_path) {
  if (mesh_path.startsWith(QLatin1String("inline:")) || mesh_path.startsWith(QLatin1String("builtin:"))) return false;
  return interop::opensim_draws_mesh_file(mesh_path.toStdString());
}

}  // namespace

OsimModelSaveResult save_osim_model_of_document(const DocumentData& d, const QString& path, MeshLibrary* meshes) {
  OsimModelSaveResult r;
  QString error;
  std::vector<BodyId> ids;
  const nlohmann::json scene = scene_to_json(d, error, &ids);
  if (!error.isEmpty()) return {QObject::tr("Nothing to export as an OpenSim model: %1").arg(error), {}, {}};
  interop::OsimModelExportOptions options;
  options.output_path = path.toStdString();
  options.model_name = QFileInfo(path).completeBaseName().toStdString();
  // bodies drawn from a built-in shape, an opensim model's parts or a format OpenSim does not read: the view's triangles
  MeshLibrary own;
  MeshLibrary& library = meshes ? *meshes : own;
  for (std::size_t i = 0; i < ids.size(); ++i) {
    const Body* b = d.body(ids[i]);
    if (!b || (b->mesh_parts.empty() && b->mesh_path.isEmpty()) || (b->mesh_parts.empty() && opensim_reads(b->mesh_path))) continue;
    if (const std::shared_ptr<const MeshData> m = library.mesh(*b); m && m->triangle_count() > 0)
      options.body_meshes[scene.at("bodies").at(i).at("name").get<std::string>()] = m->triangle_mesh();
  }
  interop::OsimModelExport model;
  try {
    model = interop::export_osim_model(scene, "the project", {}, options);
    // the report travels with the file: OpenSim users read it at the top of the model
    const std::string report = interop::osim_model_summary(model);
    const std::size_t after_header = model.text.find("?>");
    if (after_header != std::string::npos) model.text.insert(after_header + 2, "\n<!-- jointsmith export report:\n" + report + "-->");
    interop::save_osim_model_export(model, path.toStdString());
    r.details = QString::fromStdString(report);
  } catch (const std::exception& e) {
    return {QObject::tr("Cannot export %1 as an OpenSim model: %2").arg(QFileInfo(path).fileName(), QString::fromUtf8(e.what())), {}, {}};
  }
  double mm = 0.0, deg = 0.0;
  for (const interop::OsimModelJointReport& j : model.joints) {
    mm = std::max(mm, j.fidelity.max_position_error_m * 1e3);
    deg = std::max(deg, j.fidelity.max_angle_error_rad * 180.0 / kPi);
  }
  r.summary = QObject::tr("Exported %1: %2 bodies, %3 meshes; its joints within %4 mm and %5° of yours%6")
                  .arg(QFileInfo(path).fileName())
                  .arg(model.joints.size())
                  .arg(model.meshes.size())
                  .arg(mm, 0, 'g', 3)
                  .arg(deg, 0, 'g', 3)
                  .arg(model.notes.empty() ? QString()
                                           : QObject::tr("; %n note(s) at the top of the file", nullptr, static_cast<int>(model.notes.size())));
  return r;
}

}  // namespace js::ui
