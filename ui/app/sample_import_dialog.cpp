#include "ui/app/sample_import_dialog.hpp"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QVBoxLayout>
#include <exception>
#include <tuple>

#include "core/interop/osim_markers.hpp"
#include "core/interop/trc_file.hpp"
#include "ui/app/export_menu.hpp"
#include "ui/app/settings.hpp"
#include "ui/document/osim_source.hpp"
#include "ui/joint/sample_import.hpp"

namespace js::ui {
namespace {

QListWidget* marker_list(const QStringList& markers, const QStringList& checked) {
  auto* list = new QListWidget;
  for (const QString& m : markers) {
    auto* item = new QListWidgetItem(m, list);
    item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
    item->setCheckState(checked.contains(m) ? Qt::Checked : Qt::Unchecked);
  }
  return list;
}

QStringList checked_in(const QListWidget* list) {
  QStringList out;
  for (int i = 0; i < list->count(); ++i)
    if (list->item(i)->checkState() == Qt::Checked) out << list->item(i)->text();
  return out;
}

// the clusters and the .mot column; false when cancelled
bool ask_markers(QWidget* window, const Document& doc, const Joint& j, const QString& trc_path, MarkerImport& out,
                 QString& error) {
  QStringList markers;
  interop::TrcData trc;
  try {
    trc = interop::read_trc(trc_path.toStdString());
    for (const std::string& m : trc.markers) markers << QString::fromStdString(m);
  } catch (const std::exception& e) {
    error = QString::fromUtf8(e.what());
    return false;
  }
  const Body* parent = doc.data().body(j.parent);
  const Body* child = doc.data().body(j.child);
  QDialog dlg(window);
  dlg.setWindowTitle(QObject::tr("Import markers into %1").arg(j.name));
  auto* layout = new QVBoxLayout(&dlg);
  layout->addWidget(new QLabel(QObject::tr("Tick at least 3 markers on each bone (not in a line). Each frame's cluster "
                                           "poses are fitted by least squares; the child's pose relative to the parent "
                                           "becomes a sample; frames with a missing marker are skipped.")));
  auto* lists = new QHBoxLayout;
  auto* parent_list = marker_list(markers, model_markers_on(doc.data(), j.parent, trc));
  auto* child_list = marker_list(markers, model_markers_on(doc.data(), j.child, trc));
  parent_list->setObjectName(QStringLiteral("parent_markers"));
  child_list->setObjectName(QStringLiteral("child_markers"));
  for (auto [list, body, what] : {std::tuple{parent_list, parent, QObject::tr("Parent")}, std::tuple{child_list, child, QObject::tr("Child")}}) {
    auto* column = new QVBoxLayout;
    column->addWidget(new QLabel(QStringLiteral("%1: %2").arg(what, body ? body->name : QString())));
    column->addWidget(list);
    lists->addLayout(column);
  }
  layout->addLayout(lists);
  auto* form = new QFormLayout;
  auto* mot = new QLineEdit;
  mot->setPlaceholderText(QObject::tr("none: q by natural parameterization along the frames"));
  auto* browse = new QPushButton(QObject::tr("Browse…"));
  auto* mot_row = new QHBoxLayout;
  mot_row->addWidget(mot, 1);
  mot_row->addWidget(browse);
  form->addRow(QObject::tr("q from (.mot)"), mot_row);
  auto* column = new QComboBox;
  form->addRow(QObject::tr("Coordinate"), column);
  auto* translational = new QCheckBox(QObject::tr("The coordinate is a translation (no degree conversion)"));
  form->addRow(QString(), translational);
  layout->addLayout(form);
  QObject::connect(browse, &QPushButton::clicked, &dlg, [&dlg, mot, column] {
    const QString p = QFileDialog::getOpenFileName(&dlg, QObject::tr("Coordinates over time"), settings::last_directory.get(),
                                                   QObject::tr("Motion files (*.mot *.sto);;All files (*)"));
    if (p.isEmpty()) return;
    mot->setText(p);
    column->clear();
    try {
      const interop::MotData m = interop::read_mot(p.toStdString());
      for (std::size_t k = 1; k < m.columns.size(); ++k) column->addItem(QString::fromStdString(m.columns[k]));
    } catch (const std::exception& e) {
      column->addItem(QString::fromUtf8(e.what()));
    }
  });
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
  layout->addWidget(buttons);
  QObject::connect(buttons, &QDialogButtonBox::accepted, &dlg, &QDialog::accept);
  QObject::connect(buttons, &QDialogButtonBox::rejected, &dlg, &QDialog::reject);
  if (dlg.exec() != QDialog::Accepted) return false;
  out.trc = trc_path;
  out.parent = checked_in(parent_list);
  out.child = checked_in(child_list);
  out.mot = mot->text().trimmed();
  out.coordinate = column->currentText();
  out.translational = translational->isChecked();
  return true;
}

}  // namespace

QStringList model_markers_on(const DocumentData& d, BodyId body, const interop::TrcData& trc) {
  const Body* b = d.body(body);
  if (!d.osim || !b) return {};
  QStringList out;
  try {
    const interop::OsimMarkerSet set = interop::read_osim_markers_text(d.osim->text, d.osim->path.toStdString());
    for (const interop::TrcMarkerMatch& m : interop::trc_markers_on_body(set, trc, b->name.toStdString()))
      out << QString::fromStdString(m.trc_name);
  } catch (const std::exception&) {
    return {};  // fewer than 3 of the body's markers in the .trc, or none: the user ticks them
  }
  return out;
}

QAction* make_export_samples_action(QWidget* window, Document& doc, std::function<void(const QString&, bool)> message) {
  auto* a = new QAction(QObject::tr("Export &Samples…"), window);
  a->setToolTip(QObject::tr("Save the active joint's samples as csv or json, as jointsmith-cli fit reads them (docs/samples.md)"));
  a->setStatusTip(a->toolTip());
  QObject::connect(a, &QAction::triggered, window, [window, &doc, message] {
    const Joint* j = doc.data().joint(active_joint_id(doc));
    if (!j) return message(QObject::tr("Select a joint (or its child body) whose samples to export"), true);
    QString path = QFileDialog::getSaveFileName(window, QObject::tr("Export samples"),
                                                settings::last_directory.get() + QLatin1Char('/') + j->name + QStringLiteral("_samples.csv"),
                                                QObject::tr("Samples (*.csv *.json)"));
    if (path.isEmpty()) return;
    if (QFileInfo(path).suffix().isEmpty()) path += QStringLiteral(".csv");
    settings::last_directory.set(QFileInfo(path).absolutePath());
    const QString err = export_samples(doc.data(), j->id, path);
    message(err.isEmpty() ? QObject::tr("Exported %n sample(s) to %1", nullptr, static_cast<int>(j->samples.size())).arg(path) : err,
            !err.isEmpty());
  });
  return a;
}

QAction* make_import_samples_action(QWidget* window, Document& doc, std::function<void(const QString&, bool)> message) {
  auto* a = new QAction(QObject::tr("&Import Samples…"), window);
  a->setToolTip(QObject::tr("Replace the active joint's samples by a sample file (csv, json) or by motion-capture "
                            "markers (.trc): the child marker cluster's pose relative to the parent's, per frame"));
  a->setStatusTip(a->toolTip());
  QObject::connect(a, &QAction::triggered, window, [window, &doc, message] {
    const JointId id = active_joint_id(doc);
    const Joint* j = doc.data().joint(id);
    if (!j) return message(QObject::tr("Select a joint (or its child body) to import samples into"), true);
    const QString path = QFileDialog::getOpenFileName(window, QObject::tr("Import samples"), settings::last_directory.get(),
                                                      QObject::tr("Samples and markers (*.csv *.json *.trc);;All files (*)"));
    if (path.isEmpty()) return;
    settings::last_directory.set(QFileInfo(path).absolutePath());
    if (!path.endsWith(QLatin1String(".trc"), Qt::CaseInsensitive)) {
      const auto r = import_sample_file(doc, id, path);
      return message(r.ok() ? r.value : r.error, !r.ok());
    }
    MarkerImport m;
    QString error;
    if (!ask_markers(window, doc, *j, path, m, error)) {
      if (!error.isEmpty()) message(error, true);
      return;
    }
    const auto r = import_marker_samples(doc, id, m);
    message(r.ok() ? r.value : r.error, !r.ok());
  });
  return a;
}

}  // namespace js::ui
