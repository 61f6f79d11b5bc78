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
#include "core/joints/joint.hpp"
#include "ui/app/export_menu.hpp"
#include "ui/app/settings.hpp"
#include "ui/document/osim_source.hpp"
#include "ui/joint/sample_import.hpp"

namespace js::ui {
namespace {

// the ticked markers first (in the trial's order), so a default cluster shows without scrolling
QListWidget* marker_list(const QStringList& markers, const QStringList& checked) {
  auto* list = new QListWidget;
  for (bool ticked : {true, false})
    for (const QString& m : markers) {
      if (checked.contains(m) != ticked) continue;
      auto* item = new QListWidgetItem(m, list);
      item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
      item->setCheckState(ticked ? Qt::Checked : Qt::Unchecked);
    }
  return list;
}

QStringList checked_in(const QListWidget* list) {
  QStringList out;
  for (int i = 0; i < list->count(); ++i)
    if (list->item(i)->checkState() == Qt::Checked) out << list->item(i)->text();
  return out;
}

}  // namespace

MarkerImportDialog::MarkerImportDialog(const Document& doc, const Joint& j, const QString& trc_path,
                                       const interop::TrcData& trc, QWidget* parent)
    : QDialog(parent), trc_path_(trc_path) {
  QStringList markers;
  for (const std::string& m : trc.markers) markers << QString::fromStdString(m);
  const Body* parent_body = doc.data().body(j.parent);
  const Body* child_body = doc.data().body(j.child);
  setWindowTitle(QObject::tr("Import markers into %1").arg(j.name));
  auto* layout = new QVBoxLayout(this);
  auto* intro = new QLabel(QObject::tr("Tick at least 3 markers on each bone (not in a line). Each frame's cluster "
                                       "poses are fitted by least squares; the child's pose relative to the parent "
                                       "becomes a sample; frames with a missing marker are skipped. Markers the "
                                       "model puts on each bone are ticked to begin with."));
  intro->setWordWrap(true);
  layout->addWidget(intro);
  auto* lists = new QHBoxLayout;
  parent_list_ = marker_list(markers, model_markers_on(doc.data(), j.parent, trc));
  child_list_ = marker_list(markers, model_markers_on(doc.data(), j.child, trc));
  parent_list_->setObjectName(QStringLiteral("parent_markers"));
  child_list_->setObjectName(QStringLiteral("child_markers"));
  for (const auto& [side_list, body, what] : {std::tuple{parent_list_, parent_body, QObject::tr("Parent")},
                                              std::tuple{child_list_, child_body, QObject::tr("Child")}}) {
    // a plain variable: clang does not capture structured bindings
    QListWidget* list = side_list;
    auto* column = new QVBoxLayout;
    column->addWidget(new QLabel(QStringLiteral("%1: %2").arg(what, body ? body->name : QString())));
    column->addWidget(list);
    // which markers are ticked, always in sight
    auto* ticked = new QLabel;
    ticked->setWordWrap(true);
    const auto update = [list, ticked] {
      const QStringList names = checked_in(list);
      ticked->setText(QObject::tr("%n ticked: %1", nullptr, static_cast<int>(names.size())).arg(names.join(QStringLiteral(", "))));
    };
    update();
    connect(list, &QListWidget::itemChanged, ticked, update);
    column->addWidget(ticked);
    lists->addLayout(column);
  }
  layout->addLayout(lists);
  auto* form = new QFormLayout;
  mot_ = new QLineEdit;
  mot_->setPlaceholderText(QObject::tr("none: q by natural parameterization along the frames"));
  auto* browse = new QPushButton(QObject::tr("Browse…"));
  auto* mot_row = new QHBoxLayout;
  mot_row->addWidget(mot_, 1);
  mot_row->addWidget(browse);
  form->addRow(QObject::tr("q from (.mot)"), mot_row);
  column_ = new QComboBox;
  form->addRow(QObject::tr("Coordinate"), column_);
  translational_ = new QCheckBox(QObject::tr("The coordinate is a translation (no degree conversion)"));
  form->addRow(QString(), translational_);
  // a column named like one of the joint's coordinates takes that coordinate's kind (an opensim joint knows it)
  if (j.model)
    for (int i = 0; i < j.model->dof() && static_cast<std::size_t>(i) < j.degrees.size(); ++i)
      translational_by_name_.insert(QString::fromStdString(j.model->coordinates()[static_cast<std::size_t>(i)].name), !j.degrees[static_cast<std::size_t>(i)]);
  connect(column_, &QComboBox::currentTextChanged, this, [this](const QString& name) {
    if (const auto it = translational_by_name_.constFind(name); it != translational_by_name_.constEnd()) translational_->setChecked(*it);
  });
  layout->addLayout(form);
  connect(browse, &QPushButton::clicked, this, [this] {
    const QString p = QFileDialog::getOpenFileName(this, QObject::tr("Coordinates over time"), settings::last_directory.get(),
                                                   QObject::tr("Motion files (*.mot *.sto);;All files (*)"));
    if (!p.isEmpty()) set_mot(p);
  });
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
  layout->addWidget(buttons);
  connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
}

void MarkerImportDialog::set_mot(const QString& path) {
  mot_->setText(path);
  column_->clear();
  try {
    const interop::MotData m = interop::read_mot(path.toStdString());
    for (std::size_t k = 1; k < m.columns.size(); ++k) column_->addItem(QString::fromStdString(m.columns[k]));
    // the joint's own coordinate, when the file has it
    for (int k = 0; k < column_->count(); ++k)
      if (translational_by_name_.contains(column_->itemText(k))) {
        column_->setCurrentIndex(k);
        break;
      }
  } catch (const std::exception& e) {
    column_->addItem(QString::fromUtf8(e.what()));
  }
}

MarkerImport MarkerImportDialog::choice() const {
  MarkerImport out;
  out.trc = trc_path_;
  out.parent = checked_in(parent_list_);
  out.child = checked_in(child_list_);
  out.mot = mot_->text().trimmed();
  out.coordinate = column_->currentText();
  out.translational = translational_->isChecked();
  return out;
}

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

QAction* make_export_samples_action(QWidget* window, Document& doc, const std::function<void(const QString&, bool)>& message) {
  auto* a = new QAction(QObject::tr("&Samples…"), window);
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

QAction* make_import_samples_action(QWidget* window, Document& doc, const std::function<void(const QString&, bool)>& message) {
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
    interop::TrcData trc;
    try {
      trc = interop::read_trc(path.toStdString());
    } catch (const std::exception& e) {
      return message(QString::fromUtf8(e.what()), true);
    }
    MarkerImportDialog dlg(doc, *j, path, trc, window);
    if (dlg.exec() != QDialog::Accepted) return;
    const auto r = import_marker_samples(doc, id, dlg.choice());
    message(r.ok() ? r.value : r.error, !r.ok());
  });
  return a;
}

}  // namespace js::ui
