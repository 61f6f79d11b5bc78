#include "ui/app/reauthor_menu.hpp"

#include <QAction>
#include <QDialog>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QLabel>
#include <QMenu>
#include <QMessageBox>
#include <QSpinBox>

#include "ui/app/export_menu.hpp"
#include "ui/app/settings.hpp"
#include "ui/document/osim_source.hpp"
#include "ui/export/osim_save.hpp"
#include "ui/joint/reauthor.hpp"

namespace js::ui {
namespace {

const SettingKey<bool> copy_meshes_setting{"opensim/copy_meshes", false};

// a coordinate's range as people read it: "knee_angle_r ∈ [0.0°, 120.0°]"
QString range_text(const Joint& j, int i) {
  const Coordinate& c = j.model->coordinates()[static_cast<std::size_t>(i)];
  return QStringLiteral("%1 ∈ [%2, %3]").arg(QString::fromStdString(c.name), coordinate_text(j, i, c.min), coordinate_text(j, i, c.max));
}

// asks how many values per coordinate; false when cancelled
bool ask_counts(QWidget* window, const Joint& j, int& n0, int& n1) {
  QDialog dlg(window);
  dlg.setWindowTitle(QObject::tr("Sample %1").arg(j.name));
  auto* form = new QFormLayout(&dlg);
  form->addRow(new QLabel(QObject::tr("The joint's motion over its coordinates' ranges becomes its samples (the "
                                      "samples it has are replaced; undo brings them back).")));
  QSpinBox* spins[2] = {nullptr, nullptr};
  for (int i = 0; i < j.model->dof(); ++i) {
    spins[i] = new QSpinBox;
    spins[i]->setRange(2, i == 0 && j.model->dof() == 1 ? 10000 : 300);
    spins[i]->setValue(j.model->dof() == 1 ? 25 : 11);
    form->addRow(range_text(j, i), spins[i]);
  }
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
  form->addRow(buttons);
  QObject::connect(buttons, &QDialogButtonBox::accepted, &dlg, &QDialog::accept);
  QObject::connect(buttons, &QDialogButtonBox::rejected, &dlg, &QDialog::reject);
  if (dlg.exec() != QDialog::Accepted) return false;
  n0 = spins[0]->value();
  n1 = spins[1] ? spins[1]->value() : 1;
  return true;
}

}  // namespace

std::pair<QString, bool> save_osim_with_message(const Document& doc, const QString& path, bool copy_meshes) {
  const OsimSaveResult r = save_osim_document(doc.data(), path, copy_meshes);
  if (!r.ok()) return {r.error, true};
  return {QObject::tr("Saved %1 with %n joint(s) replaced\n%2", nullptr, r.replaced).arg(path, r.summary), false};
}

void add_reauthor_actions(QWidget* window, QMenu* file_menu, Document& doc,
                          QMap<QString, QAction*>& actions, std::function<void(const QString&, bool)> message) {
  auto* sample = new QAction(QObject::tr("&Sample This Joint…"), window);
  sample->setToolTip(QObject::tr("Replace the active joint's samples by its own motion over its coordinates' ranges "
                                 "(N values, or an N × M grid for two coordinates), ready to fit as a spline joint"));
  QObject::connect(sample, &QAction::triggered, window, [window, &doc, message] {
    const Joint* j = doc.data().joint(active_joint_id(doc));
    if (!j) return message(QObject::tr("Select a joint (or its child body) to sample"), true);
    if (const QString p = sampling_problem(*j, &doc.data()); !p.isEmpty()) return message(p, true);
    int n0 = 0, n1 = 1;
    if (!ask_counts(window, *j, n0, n1)) return;
    const QString name = j->name;
    const auto r = sample_joint(doc, j->id, n0, n1);
    message(r.ok() ? QObject::tr("Sampled %1: %n sample(s); press Fit to fit a spline joint to them", nullptr, r.value).arg(name)
                   : r.error, !r.ok());
  });
  auto* replace = new QAction(QObject::tr("&Replace in Model"), window);
  replace->setToolTip(QObject::tr("Make the fitted candidate the active joint's model (the original stays for comparison; "
                                  "one undo step)"));
  QObject::connect(replace, &QAction::triggered, window, [&doc, message] {
    const JointId id = active_joint_id(doc);
    const Joint* j = doc.data().joint(id);
    if (!j) return message(QObject::tr("Select a joint (or its child body) to replace"), true);
    const QString name = j->name;
    const auto r = replace_with_candidate(doc, id);
    if (!r.ok()) return message(r.error, true);
    QString text = QObject::tr("Replaced %1 by the fitted spline joint").arg(name);
    if (const Joint* after = doc.data().joint(id))
      if (const auto d = comparison_difference(*after)) text += QStringLiteral(". ") + comparison_text(*after, *d);
    message(text, false);
  });
  auto* restore = new QAction(QObject::tr("Restore &Original"), window);
  restore->setToolTip(QObject::tr("Give the active joint back the model it had before Replace in Model (the fitted one "
                                  "stays as its candidate)"));
  QObject::connect(restore, &QAction::triggered, window, [&doc, message] {
    const JointId id = active_joint_id(doc);
    const Joint* j = doc.data().joint(id);
    const QString name = j ? j->name : QString();
    const auto r = restore_original(doc, id);
    message(r.ok() ? QObject::tr("Restored the original %1").arg(name) : r.error, !r.ok());
  });
  auto* save = new QAction(QObject::tr("Save As &OpenSim Model…"), window);
  save->setToolTip(QObject::tr("Write the OpenSim model this document was opened from with the replaced joints as "
                               "CustomJoints (the rest of the file unchanged); the project itself is not saved"));
  QObject::connect(save, &QAction::triggered, window, [window, &doc, message] {
    if (!doc.data().osim) return message(QObject::tr("This document was not opened from an OpenSim model (File ▸ Open a .osim)"), true);
    const QString suggested = QFileInfo(doc.data().osim->path).completeBaseName() + QStringLiteral("_spline.osim");
    QString path = QFileDialog::getSaveFileName(window, QObject::tr("Save As OpenSim Model"),
                                                settings::last_directory.get() + QLatin1Char('/') + suggested,
                                                QObject::tr("OpenSim models (*.osim)"));
    if (path.isEmpty()) return;
    if (QFileInfo(path).suffix().isEmpty()) path += QStringLiteral(".osim");
    settings::last_directory.set(QFileInfo(path).absolutePath());
    const auto [text, error] = save_osim_with_message(doc, path, copy_meshes_setting.get());
    message(text, error);
  });
  auto* copy = new QAction(QObject::tr("Copy Meshes When Saving OpenSim Models"), window);
  copy->setCheckable(true);
  copy->setChecked(copy_meshes_setting.get());
  copy->setToolTip(QObject::tr("Save As OpenSim Model copies meshes the new folder cannot reach into its Geometry/ "
                               "folder, instead of rewriting their paths"));
  QObject::connect(copy, &QAction::toggled, window, [](bool on) { copy_meshes_setting.set(on); });

  for (QAction* a : {sample, replace, restore, save, copy}) a->setStatusTip(a->toolTip());
  // enabled when they apply: checked on every document change and selection
  auto update = [&doc, sample, replace, restore, save] {
    const Joint* j = doc.data().joint(active_joint_id(doc));
    sample->setEnabled(j && j->model);
    replace->setEnabled(j && j->candidate);
    restore->setEnabled(j && j->original);
    save->setEnabled(doc.data().osim != nullptr);
  };
  QObject::connect(&doc, &Document::changed, window, update);
  QObject::connect(&doc, &Document::selection_changed, window, update);
  update();
  file_menu->addAction(save);
  file_menu->addAction(copy);
  actions.insert(QStringLiteral("sample_joint"), sample);
  actions.insert(QStringLiteral("replace_in_model"), replace);
  actions.insert(QStringLiteral("restore_original"), restore);
  actions.insert(QStringLiteral("save_osim"), save);
  actions.insert(QStringLiteral("copy_meshes"), copy);
}

}  // namespace js::ui
