#include "ui/panels/coordinate_editor.hpp"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QStandardItemModel>
#include <QStyle>
#include <QSignalBlocker>
#include <QTableWidget>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <optional>
#include <stdexcept>

#include "ui/joint/coordinate_edit.hpp"
#include "ui/document/coordinate_units.hpp"

namespace js::ui {
namespace {

// a value typed in a cell of the editor (coordinate_units.hpp parse_coordinate_value); an empty cell is nullopt
bool coordinate_cell_value(const QString& text, CoordinateUnit unit, std::optional<double>& out) {
  out.reset();
  if (text.trimmed().isEmpty()) return true;
  double si = 0.0;
  if (!parse_coordinate_value(text, unit, si)) return false;
  out = si;
  return true;
}

// the units a coordinate can show in, in combo order
std::vector<CoordinateUnit> coordinate_units_for(bool translational) {
  if (translational) return {CoordinateUnit::millimetres, CoordinateUnit::metres};
  return {CoordinateUnit::degrees, CoordinateUnit::radians};
}

}  // namespace

CoordinateEditor::CoordinateEditor(Document& doc, QWidget* parent) : QWidget(parent), doc_(doc) {
  table_ = new QTableWidget(0, 5);
  table_->setObjectName(QStringLiteral("coordinate_table"));
  table_->setHorizontalHeaderLabels({tr("Name"), tr("Unit"), tr("Min"), tr("Max"), tr("Default")});
  table_->horizontalHeaderItem(name_column)->setToolTip(tr("What the coordinate is called (flexion, abduction…); the sliders, "
                                                           "the samples table and the fit use this name"));
  table_->horizontalHeaderItem(unit_column)->setToolTip(tr("How the coordinate is shown and typed: degrees or radians for a "
                                                           "rotation, millimetres or metres for a translation"));
  table_->horizontalHeaderItem(min_column)->setToolTip(tr("Lowest value the joint reaches (its limit in a simulation); "
                                                          "empty: no limit"));
  table_->horizontalHeaderItem(max_column)->setToolTip(tr("Highest value the joint reaches (its limit in a simulation); "
                                                          "empty: no limit"));
  table_->horizontalHeaderItem(default_column)->setToolTip(tr("Where the slider's Reset puts the coordinate"));
  table_->setToolTip(tr("The joint's coordinates. Double-click a cell to edit it; type values in the row's unit (or "
                        "say it: 30°, 0.5 rad, 12 mm). Each edit is one undo step. A joint not fitted yet keeps "
                        "the names and ranges for its fit."));
  table_->verticalHeader()->setVisible(false);
  table_->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
  // the name takes what the unit and the numbers leave
  table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  table_->horizontalHeader()->setSectionResizeMode(name_column, QHeaderView::Stretch);
  table_->horizontalHeader()->setMinimumSectionSize(40);
  table_->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(table_);
  out_of_range_ = new QComboBox;
  out_of_range_->setObjectName(QStringLiteral("out_of_range"));
  for (OutOfRange p : {OutOfRange::Extrapolate, OutOfRange::Clamp, OutOfRange::Wrap})
    out_of_range_->addItem(out_of_range_text(p), static_cast<int>(p));
  auto* past = new QHBoxLayout;
  auto* label = new QLabel(tr("Past the range:"));
  label->setBuddy(out_of_range_);
  past->addWidget(label);
  past->addWidget(out_of_range_, 1);
  layout->addLayout(past);
  connect(out_of_range_, &QComboBox::activated, this, &CoordinateEditor::commit_out_of_range);
  connect(table_, &QTableWidget::cellChanged, this, &CoordinateEditor::commit_cell);
  connect(&doc_, &Document::changed, this, &CoordinateEditor::refresh);
}

void CoordinateEditor::set_joint(JointId id) {
  joint_ = id;
  refresh();
}

QComboBox* CoordinateEditor::unit_box(int i) const {
  return qobject_cast<QComboBox*>(table_->cellWidget(i, unit_column));
}

void CoordinateEditor::refresh() {
  refreshing_ = true;
  const QSignalBlocker block(table_);
  const Joint* j = doc_.data().joint(joint_);
  const int dof = j ? joint_q_size(*j) : 0;
  if (table_->rowCount() != dof) table_->setRowCount(dof);
  for (int i = 0; i < dof; ++i) {
    const CoordinateEdit e = coordinate_edit_of(*j, i);
    auto set_text = [&](int column, const QString& text, const QString& tip) {
      QTableWidgetItem* item = table_->item(i, column);
      if (!item) table_->setItem(i, column, item = new QTableWidgetItem);
      item->setText(text);
      item->setToolTip(tip);
    };
    set_text(name_column, e.name, tr("Coordinate %1 of %2").arg(i + 1).arg(j->name));
    set_text(min_column, e.min ? coordinate_value_text(*j, i, *e.min) : QString(), tr("Empty: no lower limit"));
    set_text(max_column, e.max ? coordinate_value_text(*j, i, *e.max) : QString(), tr("Empty: no upper limit"));
    set_text(default_column, coordinate_value_text(*j, i, e.default_value), tr("Where Reset puts %1").arg(e.name));
    auto* box = unit_box(i);
    if (!box) {
      box = new QComboBox;
      box->setObjectName(QStringLiteral("coordinate_unit_%1").arg(i));
      table_->setCellWidget(i, unit_column, box);
      connect(box, &QComboBox::activated, this, [this, i](int index) { commit_unit(i, index); });
    }
    const QSignalBlocker block_box(box);
    box->clear();
    const std::vector<CoordinateUnit> units = coordinate_units_for(unit_translational(e.unit));
    for (CoordinateUnit u : units) box->addItem(unit_name(u), static_cast<int>(u));
    box->setCurrentIndex(static_cast<int>(std::find(units.begin(), units.end(), e.unit) - units.begin()));
    box->setToolTip(unit_translational(e.unit) ? tr("%1 is a translation: shown in mm or m").arg(e.name)
                                               : tr("%1 is a rotation: shown in degrees or radians").arg(e.name));
  }
  // as tall as its rows: the dock scrolls, not the table
  // (with room for the horizontal scroll bar a narrow dock needs)
  // (a hidden header reports no height: at least a line of text and its margins)
  const int header = std::max(table_->horizontalHeader()->sizeHint().height(), table_->fontMetrics().height() + 10);
  int h = header + 2 * table_->frameWidth() + table_->style()->pixelMetric(QStyle::PM_ScrollBarExtent, nullptr, table_);
  h += dof * table_->verticalHeader()->defaultSectionSize();  // rows of one size (a hidden table reports 0 for its rows)
  table_->setFixedHeight(h);
  refresh_out_of_range(j);
  refreshing_ = false;
}

// the joint's choice, and each choice it could take (a clone tries it: core says why not)
void CoordinateEditor::refresh_out_of_range(const Joint* j) {
  const QSignalBlocker block(out_of_range_);
  const JointModel* model = j ? j->model.get() : nullptr;
  out_of_range_->setEnabled(model != nullptr);
  auto* items = qobject_cast<QStandardItemModel*>(out_of_range_->model());
  for (int k = 0; k < out_of_range_->count(); ++k) {
    const auto p = static_cast<OutOfRange>(out_of_range_->itemData(k).toInt());
    QString why;
    if (model) {
      try {
        model->clone()->set_out_of_range(p);
      } catch (const std::invalid_argument& e) {
        why = QString::fromStdString(e.what()).section(QStringLiteral(": "), 1);
      }
    }
    const QString what = p == OutOfRange::Extrapolate ? tr("the joint's own continuation past its ends (the closed "
                                                           "form of a lower pair, the end's twist for a spline)")
                         : p == OutOfRange::Clamp ? tr("the pose stops at the end of each bounded coordinate")
                                                  : tr("q is taken into [min, max): for a coordinate that comes back "
                                                       "to where it started (a revolute over 360°, a closed curve)");
    if (items) items->item(k)->setEnabled(why.isEmpty());
    out_of_range_->setItemData(k, why.isEmpty() ? what : tr("Not for this joint: %1").arg(why), Qt::ToolTipRole);
  }
  if (model) out_of_range_->setCurrentIndex(out_of_range_->findData(static_cast<int>(model->out_of_range())));
  out_of_range_->setToolTip(model ? tr("What the joint does when a coordinate goes past its range (a slider, a "
                                       "pose, a simulation overshooting a limit). One undo step; saved with the joint.")
                                  : tr("Fit the joint first: the choice belongs to its model"));
}

void CoordinateEditor::commit_out_of_range(int index) {
  if (refreshing_ || index < 0) return;
  const auto p = static_cast<OutOfRange>(out_of_range_->itemData(index).toInt());
  const auto r = set_out_of_range(doc_, joint_, p);
  if (!r.ok() && !r.error.isEmpty()) emit status_message(r.error);
  refresh();
}

void CoordinateEditor::commit_cell(int row, int column) {
  if (refreshing_) return;
  const Joint* j = doc_.data().joint(joint_);
  if (!j || column == unit_column) return;
  CoordinateEdit e = coordinate_edit_of(*j, row);
  const QString text = table_->item(row, column)->text();
  QString problem;
  if (column == name_column) {
    e.name = text.trimmed();
  } else {
    std::optional<double> value;
    if (!coordinate_cell_value(text, e.unit, value)) {
      problem = tr("\"%1\" is not a value in %2").arg(text, unit_name(e.unit));
    } else if (column == default_column) {
      e.default_value = value.value_or(0.0);
    } else {
      (column == min_column ? e.min : e.max) = value;
      // the default follows a range that leaves it out
      if (e.min && e.default_value < *e.min) e.default_value = *e.min;
      if (e.max && e.default_value > *e.max) e.default_value = *e.max;
    }
  }
  if (problem.isEmpty()) problem = edit_coordinate(doc_, joint_, row, e).error;
  if (!problem.isEmpty()) emit status_message(problem);
  refresh();
}

void CoordinateEditor::commit_unit(int row, int index) {
  const Joint* j = doc_.data().joint(joint_);
  QComboBox* box = unit_box(row);
  if (!j || !box || index < 0) return;
  CoordinateEdit e = coordinate_edit_of(*j, row);
  e.unit = static_cast<CoordinateUnit>(box->itemData(index).toInt());
  const auto r = edit_coordinate(doc_, joint_, row, e);
  if (!r.ok()) emit status_message(r.error);
  refresh();
}

}  // namespace js::ui
