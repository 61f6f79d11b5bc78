#include "ui/export/osim_save.hpp"

#include <QFileInfo>
#include <QObject>
#include <algorithm>
#include <exception>
#include <optional>
#include <utility>
#include <vector>

#include "core/interop/osim_coordinates.hpp"
#include "core/interop/osim_rename.hpp"
#include "core/interop/osim_replace.hpp"
#include "ui/document/coordinate_units.hpp"
#include "ui/document/joint_model.hpp"
#include "ui/document/osim_names.hpp"
#include "ui/document/osim_source.hpp"

namespace js::ui {

QStringList replaced_osim_joints(const DocumentData& d) {
  QStringList out;
  for (const Joint& j : d.joints)
    if (j.original && j.model && !j.osim_joint.isEmpty()) out << j.osim_joint;
  return out;
}

namespace {

// the name the document gives coordinate i of joint id's model (the user's rename, else the file's); empty when the
// file coordinate it stands for is not known
std::string document_name(const std::vector<OsimDocumentName>& names, JointId id, int i) {
  for (const OsimDocumentName& n : names)
    if (n.id == id && n.index == i) return n.name;
  return {};
}

// the coordinates of d's opensim joints as the document has them (the Coordinates editor's ranges and defaults), for
// every joint not replaced (a replaced joint's coordinates are written by the replacement). a coupler's dependent
// coordinate keeps its file default (the coupler sets it); an open bound keeps the file's range (OpenSim needs both).
std::vector<interop::OsimCoordinateValues> osim_document_coordinates(const DocumentData& d, const std::vector<OsimDocumentName>& names) {
  std::vector<interop::OsimCoordinateValues> out;
  for (const Joint& j : d.joints) {
    if (j.osim_joint.isEmpty() || !j.model || j.original) continue;
    const Eigen::VectorXd defaults = joint_default_q(j);
    const auto& coords = j.model->coordinates();
    for (std::size_t i = 0; i < coords.size(); ++i) {
      // by the name the text has once renamed: the user's, else the file's
      std::string name = document_name(names, j.id, static_cast<int>(i));
      if (name.empty()) name = coords[i].name;
      interop::OsimCoordinateValues v{j.osim_joint.toStdString(), name, std::nullopt, std::nullopt};
      if (coords[i].has_range()) v.range = std::pair{coords[i].min, coords[i].max};
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

// a replaced 1-dof joint whose coordinate has the range its namesake had in the file: the replacement keeps the
// file's <range> text as it is
bool same_range_as_file(const Joint& j) {
  const Coordinate& c = j.model->coordinates()[0];
  for (const Coordinate& o : j.original->coordinates())
    if (o.name == c.name) return o.min == c.min && o.max == c.max;
  return false;
}

// the coordinates of replaced joint j as the document has them, named as the replacement wrote them: every default,
// and for 2 and 3 dof an edited range inside the box the polynomials were checked over (1 dof: the replacement
// wrote the range); an edited range outside that box is not written, and `notes` says so
std::vector<interop::OsimCoordinateValues> replaced_coordinates(const Joint& j, const interop::OsimReplaceResult& r,
                                                                QStringList& notes) {
  std::vector<interop::OsimCoordinateValues> out;
  const Eigen::VectorXd defaults = joint_default_q(j);
  const auto& coords = j.model->coordinates();
  for (std::size_t i = 0; i < r.coordinates.size() && i < coords.size(); ++i) {
    interop::OsimCoordinateValues v{j.osim_joint.toStdString(), r.coordinates[i], std::nullopt, std::nullopt};
    const Coordinate& c = coords[i];
    if (coords.size() > 1 && c.has_range() && i < r.ranges.size()) {
      if (c.min >= r.ranges[i].first && c.max <= r.ranges[i].second) {
        v.range = std::pair{c.min, c.max};
      } else {
        notes << QObject::tr("  coordinate %1: the edited range [%2, %3] reaches outside [%4, %5], where the polynomials were "
                             "checked; the file's range is kept")
                     .arg(QString::fromStdString(r.coordinates[i])).arg(c.min).arg(c.max).arg(r.ranges[i].first).arg(r.ranges[i].second);
      }
    }
    if (static_cast<Eigen::Index>(i) < defaults.size()) v.default_value = defaults[static_cast<Eigen::Index>(i)];
    out.push_back(std::move(v));
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
    // coordinates renamed in the app first, with every reference to them: the passes below find each coordinate by
    // the name the document gives it
    const std::vector<OsimDocumentName> names = osim_document_names(d);
    if (const std::vector<interop::OsimCoordinateRename> renames = osim_renames(names); !renames.empty()) {
      const interop::OsimReplaceResult renamed = interop::rename_osim_coordinates(text, model_path, renames);
      text = renamed.text;
      for (const std::string& note : renamed.notes) summaries << QObject::tr("  coordinate %1").arg(QString::fromStdString(note));
      out.renamed = static_cast<int>(renamed.coordinates.size());
    }
    std::vector<interop::OsimCoordinateValues> edited;
    for (const Joint* j : replaced) {
      interop::OsimReplaceOptions options;
      options.output_path = out_path;
      // the model coordinates it drives, named as the document names them (when each is known; else the replacement
      // matches the fitted joint's names, or takes the joint's coordinates in order)
      for (int i = 0; i < j->model->dof(); ++i) options.coordinates.push_back(document_name(names, j->id, i));
      if (std::any_of(options.coordinates.begin(), options.coordinates.end(), [](const std::string& n) { return n.empty(); }))
        options.coordinates.clear();
      // mesh names are fixed once, in the coordinates' pass below (each pass reads the text the one before wrote)
      options.meshes = interop::OsimMeshPaths::Keep;
      // 1 dof: the range the joint has in the app (the fit's, or edited in the Coordinates editor) is the one written
      if (j->model->dof() == 1 && !same_range_as_file(*j)) {
        const Coordinate& c = j->model->coordinates()[0];
        if (c.has_range()) options.range = std::pair{c.min, c.max};
      }
      last = interop::replace_osim_joint(text, model_path, j->osim_joint.toStdString(), *j->model, options);
      text = last.text;
      summaries << QString::fromStdString(interop::replace_summary(last, options)).trimmed();
      const std::vector<interop::OsimCoordinateValues> own = replaced_coordinates(*j, last, summaries);
      edited.insert(edited.end(), own.begin(), own.end());
    }
    // the coordinates edited in the app (range, default_value), and the mesh paths for the new folder
    const std::vector<interop::OsimCoordinateValues> others = osim_document_coordinates(d, names);
    edited.insert(edited.end(), others.begin(), others.end());
    interop::OsimReplaceResult coords = interop::set_osim_coordinates(text, model_path, edited, out_path, mesh_mode);
    if (replaced.empty() && coords.coordinates.empty() && out.renamed == 0) {
      out.error = QObject::tr("No joint of %1 has been replaced, no coordinate renamed and no coordinate's range or default "
                              "edited, so the model is unchanged: sample a joint, fit it and use Joint ▸ Replace in Model, or edit "
                              "a coordinate in the properties dock, first").arg(QFileInfo(d.osim->path).fileName());
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
