#include "ui/export/osim_save.hpp"

#include <QFileInfo>
#include <QObject>
#include <exception>

#include "core/interop/osim_replace.hpp"
#include "ui/document/osim_source.hpp"

namespace js::ui {

QStringList replaced_osim_joints(const DocumentData& d) {
  QStringList out;
  for (const Joint& j : d.joints)
    if (j.original && j.model && !j.osim_joint.isEmpty()) out << j.osim_joint;
  return out;
}

OsimSaveResult save_osim_document(const DocumentData& d, const QString& path, bool copy_meshes) {
  OsimSaveResult out;
  if (!d.osim || d.osim->text.empty()) {
    out.error = QObject::tr("This document was not opened from an OpenSim model: there is no model to save (File ▸ Open a .osim first)");
    return out;
  }
  std::vector<const Joint*> replaced;
  for (const Joint& j : d.joints)
    if (j.original && j.model && !j.osim_joint.isEmpty()) replaced.push_back(&j);
  if (replaced.empty()) {
    out.error = QObject::tr("No joint of %1 has been replaced, so the model is unchanged: sample a joint, fit it and "
                            "use Joint ▸ Replace in Model first").arg(QFileInfo(d.osim->path).fileName());
    return out;
  }
  const std::string out_path = QFileInfo(path).absoluteFilePath().toStdString();
  const std::string model_path = d.osim->path.toStdString();
  std::string text = d.osim->text;
  interop::OsimReplaceResult last;
  QStringList summaries;
  try {
    for (std::size_t k = 0; k < replaced.size(); ++k) {
      interop::OsimReplaceOptions options;
      options.output_path = out_path;
      // mesh names are fixed once, in the last pass (each pass reads the text the one before wrote)
      const bool final_pass = k + 1 == replaced.size();
      options.meshes = !final_pass ? interop::OsimMeshPaths::Keep
                       : copy_meshes ? interop::OsimMeshPaths::Copy
                                     : interop::OsimMeshPaths::Rewrite;
      last = interop::replace_osim_joint(text, model_path, replaced[k]->osim_joint.toStdString(), *replaced[k]->model, options);
      text = last.text;
      summaries << QString::fromStdString(interop::replace_summary(last, options)).trimmed();
    }
    interop::save_osim_model(last, out_path);
  } catch (const std::exception& e) {
    out.error = QObject::tr("Nothing was written to %1: %2").arg(QFileInfo(path).fileName(), QString::fromUtf8(e.what()));
    return out;
  }
  out.replaced = static_cast<int>(replaced.size());
  out.summary = summaries.join(QLatin1Char('\n'));
  return out;
}

}  // namespace js::ui
