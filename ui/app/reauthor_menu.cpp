#include "ui/app/reauthor_menu.hpp"

#include <QAction>
#include <QCheckBox>
#include <QHBoxLayout>
#include <QPushButton>
#include <QDialog>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QLabel>
#include <QMenu>
#include <QMessageBox>
#include <QSpinBox>
#include <numbers>

#include "ui/app/export_menu.hpp"
#include "ui/app/settings.hpp"
#include "ui/document/osim_source.hpp"
#include "ui/export/osim_save.hpp"
#include "ui/document/joint_model.hpp"
#include "ui/joint/reauthor.hpp"

namespace js::ui {
namespace {

const SettingKey<bool> copy_meshes_setting{"opensim/copy_meshes", false};

// a value of a coordinate as people read it: degrees for a rotational one, mm for a translational one
QString sampling_value_text(const SamplingCoordinate& c, double v) {
  return c.degrees ? QStringLiteral("%1°").arg(v * 180.0 / kPi, 0, 'f', 1) : QStringLiteral("%1 mm").arg(v * 1e3, 0, 'f', 1);
}

// asks which coordinates (1 or 2) and how many values of each; false when cancelled
bool ask_sampling(QWidget* window, const Joint& j, const std::vector<SamplingCoordinate>& cs, std::vector<int>& chosen, int& n0, int& n1) {
  QDialog dlg(window);
  dlg.setObjectName(QStringLiteral("sample_joint_dialog"));
  dlg.setWindowTitle(QObject::tr("Sample %1").arg(j.name));
  auto* form = new QFormLayout(&dlg);
  auto* intro = new QLabel(QObject::tr("The joint's motion over the ticked coordinates' ranges (one or two) becomes its samples; "
                                       "the other coordinates are held where shown or follow their couplers. The samples it has "
                                       "are replaced; undo brings them back."));
  intro->setWordWrap(true);
  form->addRow(intro);
  std::vector<QCheckBox*> ticks;
  std::vector<QSpinBox*> spins;
  int ticked = 0;
  for (std::size_t k = 0; k < cs.size(); ++k) {
    const SamplingCoordinate& c = cs[k];
    const bool bounded = c.coordinate.has_range();
    auto* tick = new QCheckBox(bounded ? QStringLiteral("%1 ∈ [%2, %3]").arg(QString::fromStdString(c.coordinate.name), sampling_value_text(c, c.coordinate.min),
                                                                              sampling_value_text(c, c.coordinate.max))
                                       : QString::fromStdString(c.coordinate.name));
    tick->setObjectName(QStringLiteral("coordinate_%1").arg(k));
    auto* spin = new QSpinBox;
    spin->setRange(2, 10000);
    QString note;
    if (!c.coupler.isEmpty()) note = QObject::tr("follows the coupler %1").arg(c.coupler);
    else if (!bounded) note = QObject::tr("no bounded range; held at %1").arg(sampling_value_text(c, c.held));
    else note = QObject::tr("held at %1 when not ticked").arg(sampling_value_text(c, c.held));
    tick->setToolTip(note);
    const bool can = c.coupler.isEmpty() && bounded;
    tick->setEnabled(can);
    tick->setChecked(can && ticked < 2 && (cs.size() <= 2 || ticked == 0));
    ticked += tick->isChecked() ? 1 : 0;
    auto* row = new QWidget;
    auto* h = new QHBoxLayout(row);
    h->setContentsMargins(0, 0, 0, 0);
    h->addWidget(spin);
    h->addWidget(new QLabel(note));
    form->addRow(tick, row);
    ticks.push_back(tick);
    spins.push_back(spin);
  }
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
  form->addRow(buttons);
  // one coordinate: 25 values; two: an 11 × 11 grid. OK only with one or two ticked
  auto update = [ticks, spins, buttons] {
    int n = 0;
    for (QCheckBox* t : ticks) n += t->isChecked() ? 1 : 0;
    for (std::size_t k = 0; k < ticks.size(); ++k) {
      spins[k]->setEnabled(ticks[k]->isChecked());
      spins[k]->setMaximum(n == 1 ? 10000 : 300);
      if (ticks[k]->isChecked()) spins[k]->setValue(n == 1 ? 25 : 11);
    }
    buttons->button(QDialogButtonBox::Ok)->setEnabled(n == 1 || n == 2);
  };
  for (QCheckBox* t : ticks) QObject::connect(t, &QCheckBox::toggled, &dlg, update);
  update();
  QObject::connect(buttons, &QDialogButtonBox::accepted, &dlg, &QDialog::accept);
  QObject::connect(buttons, &QDialogButtonBox::rejected, &dlg, &QDialog::reject);
  if (dlg.exec() != QDialog::Accepted) return false;
  chosen.clear();
  std::vector<int> counts;
  for (std::size_t k = 0; k < ticks.size(); ++k)
    if (ticks[k]->isChecked()) {
      chosen.push_back(static_cast<int>(k));
      counts.push_back(spins[k]->value());
    }
  n0 = counts.empty() ? 0 : counts[0];
  n1 = counts.size() > 1 ? counts[1] : 1;
  return true;
}

}  // namespace

std::pair<QString, bool> save_osim_with_message(const Document& doc, const QString& path, bool copy_meshes) {
  const OsimSaveResult r = save_osim_document(doc.data(), path, copy_meshes);
  if (!r.ok()) return {r.error, true};
  return {QObject::tr("Saved %1 with %n joint(s) replaced", nullptr, r.replaced).arg(path) +
              (r.renamed > 0 ? QObject::tr(", %n coordinate(s) renamed", nullptr, r.renamed) : QString()) +
              QObject::tr(" and %n coordinate(s) edited", nullptr, r.coordinates) + QLatin1Char('\n') + r.summary,
          false};
}

void add_reauthor_actions(QWidget* window, QMenu* file_menu, Document& doc,
                          QMap<QString, QAction*>& actions, const std::function<void(const QString&, bool)>& message) {
  auto* sample = new QAction(QObject::tr("&Sample This Joint…"), window);
  sample->setToolTip(QObject::tr("Replace the active joint's samples by its own motion over one or two of its coordinates' "
                                 "ranges (N values, or an N × M grid), the others held or following their couplers, ready to fit "
                                 "as a spline joint"));
  QObject::connect(sample, &QAction::triggered, window, [window, &doc, message] {
    const Joint* j = doc.data().joint(active_joint_id(doc));
    if (!j) return message(QObject::tr("Select a joint (or its child body) to sample"), true);
    if (!j->model) return message(sampling_problem(*j, &doc.data()), true);
    const std::vector<SamplingCoordinate> cs = sampling_coordinates(*j, &doc.data());
    std::vector<int> chosen;
    int n0 = 0, n1 = 1;
    if (!ask_sampling(window, *j, cs, chosen, n0, n1)) return;
    const QString name = j->name;
    const auto r = sample_joint(doc, j->id, n0, n1, chosen);
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
