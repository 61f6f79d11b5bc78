#include "ui/export/osim_save.hpp"

#include <QFileInfo>
#include <QObject>
#include <exception>
#include <optional>
#include <utility>
#include <vector>

#include "core/interop/osim_coordinates.hpp"
#include "core/interop/osim_replace.hpp"
#include "ui/document/coordinate_units.hpp"
#include "ui/document/joint_model.hpp"
#include "ui/document/osim_source.hpp"

namespace js::ui {

QStringList replaced_osim_joints(const DocumentData& d) {
  QStringList out;
  for (const Joint& j : d.joints)
    if (j.original && j.model && !j.osim_joint.isEmpty()) out << j.osim_joint;
  return out;
}

namespace {

// the coordinates of d's opensim joints as the document has them (the Coordinates editor's ranges and defaults), for
// every joint not replaced (a replaced joint's coordinates are written by the replacement). a coupler's dependent
// coordinate keeps its file default (the coupler sets it); an open bound keeps the file's range (OpenSim needs both).
std::vector<interop::OsimCoordinateValues> osim_document_coordinates(const DocumentData& d) {
  std::vector<interop::OsimCoordinateValues> out;
  for (const Joint& j : d.joints) {
    if (j.osim_joint.isEmpty() || !j.model || j.original) continue;
    const Eigen::VectorXd defaults = joint_default_q(j);
    const auto& coords = j.model->coordinates();
    for (std::size_t i = 0; i < coords.size(); ++i) {
      interop::OsimCoordinateValues v{j.osim_joint.toStdString(), coords[i].name, std::nullopt, std::nullopt};
      if (bounded_range(coords[i])) v.range = std::pair{coords[i].min, coords[i].max};
      bool coupled = false;
      if (d.osim)
        for (const OsimDocumentCoupler& c : d.osim->coupler_list)
          coupled = coupled || (c.dependent_joint == j.osim_joint && c.dependent_index == static_cast<int>(i));
      if (!coupled && static_cast<Eigen::Index>(i) < defaults.size()) v.default_value = defaults[static_cast<Eigen::Index>(i)];
      out.push_back(std::move(v));
    }
  }
  return out;
}

}  // namespace

OsimSaveResult save_osim_document(const DocumentData& d, const QString& path, bool copy_meshes) {
  OsimSaveResult out;
  if (!d.osim || d.osim->text.empty()) {
    out.error = QObject::tr("This document was not opened from an OpenSim model: there is no model to save (File ▸ Open a .osim first)");
    return out;
  }
  std::vector<const Joint*> replaced;
  for (const Joint& j : d.joints)
    if (j.original && j.model && !j.osim_joint.isEmpty()) replaced.push_back(&j);
  const std::string out_path = QFileInfo(path).absoluteFilePath().toStdString();
  const std::string model_path = d.osim->path.toStdString();
  const interop::OsimMeshPaths mesh_mode = copy_meshes ? interop::OsimMeshPaths::Copy : interop::OsimMeshPaths::Rewrite;
  std::string text = d.osim->text;
  QStringList summaries;
  interop::OsimReplaceResult last;
  try {
    for (const Joint* j : replaced) {
      interop::OsimReplaceOptions options;
      options.output_path = out_path;
      // mesh names are fixed once, in the coordinates' pass below (each pass reads the text the one before wrote)
      options.meshes = interop::OsimMeshPaths::Keep;
      last = interop::replace_osim_joint(text, model_path, j->osim_joint.toStdString(), *j->model, options);
      text = last.text;
      summaries << QString::fromStdString(interop::replace_summary(last, options)).trimmed();
    }
    // the coordinates edited in the app (range, default_value), and the mesh paths for the new folder
    interop::OsimReplaceResult coords =
        interop::set_osim_coordinates(text, model_path, osim_document_coordinates(d), out_path, mesh_mode);
    if (replaced.empty() && coords.coordinates.empty()) {
      out.error = QObject::tr("No joint of %1 has been replaced and no coordinate's range or default edited, so the model is "
                              "unchanged: sample a joint, fit it and use Joint ▸ Replace in Model, or edit a coordinate in the "
                              "properties dock, first").arg(QFileInfo(d.osim->path).fileName());
      return out;
    }
    for (const std::string& note : coords.notes) summaries << QObject::tr("  coordinate %1").arg(QString::fromStdString(note));
    if (!coords.rewritten.empty())
      summaries << QObject::tr("  %n mesh path(s) rewritten to resolve from the new folder", nullptr, static_cast<int>(coords.rewritten.size()));
    if (!coords.copies.empty())
      summaries << QObject::tr("  %n mesh(es) copied to Geometry/", nullptr, static_cast<int>(coords.copies.size()));
    interop::save_osim_model(coords, out_path);
    out.coordinates = static_cast<int>(coords.coordinates.size());
  } catch (const std::exception& e) {
    out.error = QObject::tr("Nothing was written to %1: %2").arg(QFileInfo(path).fileName(), QString::fromUtf8(e.what()));
    return out;
  }
  out.replaced = static_cast<int>(replaced.size());
  out.summary = summaries.join(QLatin1Char('\n'));
  return out;
}

}  // namespace js::ui
