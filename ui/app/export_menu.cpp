#include "ui/app/export_menu.hpp"

#include <QAction>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMessageBox>

#include "core/io/joint_file.hpp"
#include "ui/app/gltf_export_dialog.hpp"
#include "ui/app/settings.hpp"
#include "ui/export/exports.hpp"
#include "ui/export/osim_model_save.hpp"

namespace js::ui {
namespace {

QString ask_save_path(QWidget* window, const QString& title, const QString& filter, const QString& suggested) {
  QString path = QFileDialog::getSaveFileName(window, title, settings::last_directory.get() + QLatin1Char('/') + suggested,
                                              filter);
  if (path.isEmpty()) return {};
  // no suffix typed: the suggested name's (.json, .osim)
  if (QFileInfo(path).suffix().isEmpty()) path += QLatin1Char('.') + QFileInfo(suggested).suffix();
  settings::last_directory.set(QFileInfo(path).absolutePath());
  return path;
}

}  // namespace

JointId active_joint_id(const Document& doc) {
  const Selection& s = doc.selection();
  if (doc.data().joint(s.joint)) return s.joint;
  const Joint* j = doc.data().joint_of_child(s.body);
  return j ? j->id : 0;
}

QMenu* add_export_actions(QWidget* window, QMenu* file_menu, Document& doc,
                        QMap<QString, QAction*>& actions, const std::function<void(const QString&, bool)>& message) {
  auto* joint_file = new QAction(QObject::tr("&Joint File…"), window);
  joint_file->setToolTip(QObject::tr("Save the active joint's model as a joint file (docs/joint-file.md)"));
  QObject::connect(joint_file, &QAction::triggered, window, [window, &doc, message] {
    const Joint* j = doc.data().joint(active_joint_id(doc));
    if (!j) return message(QObject::tr("Select a joint (or its child body) to export"), true);
    const QString path = ask_save_path(window, QObject::tr("Export joint file"), QObject::tr("Joint files (*.json)"),
                                       j->name + QStringLiteral(".json"));
    if (path.isEmpty()) return;
    const QString err = export_joint_file(doc.data(), j->id, path);
    message(err.isEmpty() ? QObject::tr("Exported %1").arg(path) : err, !err.isEmpty());
  });
  auto* scene_file = new QAction(QObject::tr("&Scene File…"), window);
  scene_file->setToolTip(QObject::tr("Save the bodies and joints as a scene file for jointsmith-cli simulate "
                                     "(docs/scene-file.md)"));
  QObject::connect(scene_file, &QAction::triggered, window, [window, &doc, message] {
    const QString path = ask_save_path(window, QObject::tr("Export scene file"), QObject::tr("Scene files (*.json)"),
                                       QStringLiteral("scene.json"));
    if (path.isEmpty()) return;
    const QString err = export_scene_file(doc.data(), path);
    message(err.isEmpty() ? QObject::tr("Exported %1").arg(path) : err, !err.isEmpty());
  });
  auto* osim = new QAction(QObject::tr("&OpenSim Model…"), window);
  osim->setToolTip(QObject::tr("Save the bodies, their meshes and the joints as an OpenSim 4 model (.osim): spline joints "
                               "become CustomJoints that follow them within 0.01 mm (docs/opensim.md)"));
  QObject::connect(osim, &QAction::triggered, window, [window, &doc, message] {
    const QString path = ask_save_path(window, QObject::tr("Export OpenSim model"), QObject::tr("OpenSim models (*.osim)"),
                                       QStringLiteral("model.osim"));
    if (path.isEmpty()) return;
    const OsimModelSaveResult r = save_osim_model_of_document(doc.data(), path);
    message(r.ok() ? r.summary : r.error, !r.ok());
  });
  auto* load = new QAction(QObject::tr("&Load Joint File…"), window);
  load->setToolTip(QObject::tr("Give the active joint the model of a joint file (e.g. a fitted spline surface)"));
  QObject::connect(load, &QAction::triggered, window, [window, &doc, message] {
    const JointId id = active_joint_id(doc);
    if (!id) return message(QObject::tr("Select a joint (or its child body) to load a joint file into"), true);
    const QString path = QFileDialog::getOpenFileName(window, QObject::tr("Load joint file"), settings::last_directory.get(),
                                                      QObject::tr("Joint files (*.json);;All files (*)"));
    if (path.isEmpty()) return;
    // a fitted spline or the samples' q would go: ask first (undo is not a warning)
    std::shared_ptr<const JointModel> model;
    try {
      model = io::read_joint_file(path.toStdString());
    } catch (const std::exception& e) {
      return message(QString::fromUtf8(e.what()), true);
    }
    const QString loss = joint_change_loss(*doc.data().joint(id), QObject::tr("the model of %1").arg(QFileInfo(path).fileName()),
                                           model->dof());
    if (!loss.isEmpty() &&
        QMessageBox::question(window, QObject::tr("Load joint file?"), loss + QLatin1Char('\n') + QObject::tr("Load it?"),
                              QMessageBox::Yes | QMessageBox::No, QMessageBox::No) != QMessageBox::Yes)
      return message(QObject::tr("Not loaded: %1").arg(path), false);
    const auto r = load_joint_file(doc, id, path);
    message(r.ok() ? QObject::tr("Loaded %1").arg(path) : r.error, !r.ok());
  });
  for (QAction* a : {joint_file, scene_file, load}) a->setStatusTip(a->toolTip());
  QAction* gltf = make_export_gltf_action(window, doc, message);
  QMenu* exports = file_menu->addMenu(QObject::tr("&Export"));
  exports->addAction(joint_file);
  exports->addAction(scene_file);
  exports->addAction(gltf);
  exports->addAction(osim);
  actions.insert(QStringLiteral("export_joint"), joint_file);
  actions.insert(QStringLiteral("export_scene"), scene_file);
  actions.insert(QStringLiteral("export_gltf"), gltf);
  actions.insert(QStringLiteral("export_osim_model"), osim);
  actions.insert(QStringLiteral("load_joint"), load);
  return exports;
}

}  // namespace js::ui
