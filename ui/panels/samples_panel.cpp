#include "ui/panels/samples_panel.hpp"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QScrollBar>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QMessageBox>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <numbers>
#include <optional>

#include "ui/document/operations.hpp"
#include "ui/joint/residual_colour.hpp"
#include "ui/document/coordinate_units.hpp"
#include "ui/joint/sample_angles.hpp"
#include "ui/panels/pose_format.hpp"

namespace js::ui {

SamplesPanel::SamplesPanel(Document& doc, QWidget* parent) : QWidget(parent), doc_(doc) {
  title_ = new QLabel;
  table_ = new QTableWidget(0, 4);
  table_->setHorizontalHeaderLabels({tr("q"), tr("translation"), tr("rotation"), tr("residual")});
  table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  table_->horizontalHeader()->setStretchLastSection(true);
  table_->setSelectionBehavior(QAbstractItemView::SelectRows);
  // five samples stay in view on a 1366×768 laptop, with the horizontal scroll bar the angle column can bring
  table_->setMinimumHeight(table_->horizontalHeader()->sizeHint().height() +
                           5 * table_->verticalHeader()->defaultSectionSize() +
                           table_->horizontalScrollBar()->sizeHint().height() + 2 * table_->frameWidth());
  table_->setSelectionMode(QAbstractItemView::ExtendedSelection);
  table_->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed);
  table_->setToolTip(tr("Captured samples of the active joint: child pose relative to the parent. "
                        "Double-click q to edit it; select a row to highlight its ghost (or click a ghost in the view). The residual is the "
                        "distance and angle from the sample to the fitted joint at its q."));
  q_entry_ = new QLineEdit;
  q_entry_->setToolTip(tr("q for the next capture (comma-separated, one value per dof, in the coordinates' units "
                          "unless typed: 30°, 0.5 rad, 12 mm, 0.012 m); empty = automatic. "
                          "Enter checks it; Capture (or C) records the pose"));
  // numbers only: C, K and F stay shortcuts here (main_window.cpp)
  q_entry_->setProperty("numbers_only", true);
  capture_ = new QPushButton(tr("Capture"));
  capture_->setToolTip(tr("Record the child's current pose as a sample (C)"));
  pose_at_ = new QPushButton(tr("Pose here"));
  pose_at_->setToolTip(tr("Move the child body to the selected sample's pose"));
  up_ = new QPushButton(tr("Up"));
  up_->setToolTip(tr("Move the selected sample up"));
  down_ = new QPushButton(tr("Down"));
  down_->setToolTip(tr("Move the selected sample down"));
  delete_ = new QPushButton(tr("Delete"));
  delete_->setToolTip(tr("Delete the selected samples"));

  angles_ = new QComboBox;
  angles_->setObjectName(QStringLiteral("sample_angles"));
  for (const QString& key : sample_angle_keys()) angles_->addItem(sample_angle_label(key), key);
  angles_->setToolTip(tr("How the rotation column shows each sample: three angles in a sequence, as Joint ▸ Motion Curves "
                         "plots them (Grood–Suntay for a knee: flexion about the parent's medio-lateral axis, ab/adduction "
                         "about the floating axis, internal rotation about the child's long axis), or axis–angle. "
                         "Saved with the joint; changing it is one undo step"));
  // the title and the angle choice share a row: at 1366×768 the table must still show five samples
  angles_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
  angles_->setMinimumContentsLength(12);
  auto* title_row = new QHBoxLayout;
  title_row->addWidget(title_, 1);
  title_row->addWidget(new QLabel(tr("Rotations as:")));
  title_row->addWidget(angles_, 1);
  auto* capture_row = new QHBoxLayout;
  capture_row->addWidget(new QLabel(tr("Next q:")));
  capture_row->addWidget(q_entry_, 1);
  capture_row->addWidget(capture_);
  auto* buttons = new QHBoxLayout;
  for (QPushButton* b : {pose_at_, up_, down_, delete_}) buttons->addWidget(b);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->addLayout(title_row);
  layout->addLayout(capture_row);
  layout->addWidget(table_, 1);
  layout->addLayout(buttons);

  connect(capture_, &QPushButton::clicked, this, &SamplesPanel::capture);
  // Enter checks the value and does not capture: Enter then Capture would record the same pose twice
  connect(q_entry_, &QLineEdit::returnPressed, this, &SamplesPanel::check_q_entry);
  connect(pose_at_, &QPushButton::clicked, this, &SamplesPanel::pose_at_selected);
  connect(up_, &QPushButton::clicked, this, [this] { move_selected(-1); });
  connect(down_, &QPushButton::clicked, this, [this] { move_selected(+1); });
  connect(delete_, &QPushButton::clicked, this, &SamplesPanel::delete_selected);
  connect(table_, &QTableWidget::itemSelectionChanged, this, &SamplesPanel::on_table_selection);
  connect(table_, &QTableWidget::cellChanged, this, &SamplesPanel::on_cell_edited);
  connect(angles_, &QComboBox::currentIndexChanged, this, [this] {
    if (syncing_) return;
    const auto r = set_sample_angles(doc_, active_joint(), angles_->currentData().toString());
    if (!r.ok()) report(r.error);
  });
  connect(&doc_, &Document::changed, this, &SamplesPanel::rebuild);
  // a new active joint refills the table; otherwise only the highlighted row follows the document
  connect(&doc_, &Document::selection_changed, this, [this] {
    if (active_joint() != shown_joint_) rebuild();
    else sync_selection_from_document();
  });
  rebuild();
}

int SamplesPanel::preferred_width() const {
  // from the contents, not the laid-out sections: the window asks before the table was first laid out
  const QHeaderView* columns = table_->horizontalHeader();
  int table = table_->verticalHeader()->sizeHint().width() + 2 * table_->frameWidth() +
              table_->verticalScrollBar()->sizeHint().width();
  for (int c = 0; c < table_->columnCount(); ++c)
    table += std::max(columns->sectionSizeHint(c), static_cast<const QAbstractItemView*>(table_)->sizeHintForColumn(c));
  const QMargins m = layout()->contentsMargins();
  return std::max(minimumSizeHint().width(), table + m.left() + m.right());
}

JointId SamplesPanel::active_joint() const {
  const Selection& s = doc_.selection();
  if (s.joint) return s.joint;
  if (const Joint* j = doc_.data().joint_of_child(s.body)) return j->id;
  return 0;
}

void SamplesPanel::rebuild() {
  syncing_ = true;
  shown_joint_ = active_joint();
  const Joint* j = doc_.data().joint(shown_joint_);
  const int n = j ? static_cast<int>(j->samples.size()) : 0;
  title_->setText(j ? tr("%1: %n sample(s)", nullptr, n).arg(j->name) : tr("Select a joint or its child body."));
  table_->setRowCount(n);
  // the q column names the coordinates and their units ("flexion (°)"); the units are found once for all rows
  const std::vector<CoordinateUnit> units = j ? coordinate_units(*j) : std::vector<CoordinateUnit>{};
  QStringList q_header;
  for (int i = 0; j && i < joint_q_size(*j); ++i)
    q_header << QStringLiteral("%1 (%2)").arg(coordinate_name(*j, i), unit_suffix(units[static_cast<std::size_t>(i)]).trimmed());
  table_->setHorizontalHeaderItem(0, new QTableWidgetItem(q_header.isEmpty() ? tr("q") : q_header.join(QStringLiteral(", "))));
  // the rotation column in the joint's angle sequence, found once for all rows
  const QString angle_key = j ? j->sample_angles : QString();
  angles_->setCurrentIndex(std::max(0, angles_->findData(angle_key.isEmpty() ? QStringLiteral("grood_suntay") : angle_key)));
  angles_->setEnabled(j != nullptr);
  const std::optional<interop::AngleConvention> convention = j ? sample_angle_convention(*j, angle_key) : std::nullopt;
  auto* rotation_header = new QTableWidgetItem(j ? sample_angle_header(convention) : tr("rotation"));
  if (j) rotation_header->setToolTip(sample_angle_tooltip(convention));
  table_->setHorizontalHeaderItem(2, rotation_header);
  const std::vector<PoseError> errors = j ? sample_errors(*j) : std::vector<PoseError>{};
  for (int r = 0; r < n; ++r) {
    const Sample& s = j->samples[static_cast<std::size_t>(r)];
    auto* q = new QTableWidgetItem(joint_q_text(units, s.q));
    q->setToolTip(tr("Joint coordinate(s) of this sample; double-click to edit"));
    auto* t = new QTableWidgetItem(translation_mm_text(s.parent_T_child.p));
    auto* rot = new QTableWidgetItem(sample_angle_text(s.parent_T_child.R, convention));
    t->setFlags(t->flags() & ~Qt::ItemIsEditable);
    rot->setFlags(rot->flags() & ~Qt::ItemIsEditable);
    // a sample from motion-capture markers says how rigidly its clusters moved
    if (s.marker_rms >= 0.0)
      for (QTableWidgetItem* item : {t, rot})
        item->setToolTip(tr("From markers: cluster residual %1 mm (rms marker distance after the rigid fit, the larger "
                            "of the two clusters)").arg(s.marker_rms * 1e3, 0, 'f', 2));
    table_->setItem(r, 0, q);
    table_->setItem(r, 1, t);
    table_->setItem(r, 2, rot);
    auto* res = new QTableWidgetItem;
    res->setFlags(res->flags() & ~Qt::ItemIsEditable);
    if (r < static_cast<int>(errors.size())) {
      const PoseError& e = errors[static_cast<std::size_t>(r)];
      res->setText(tr("%1 mm · %2°").arg(e.translation * 1e3, 0, 'f', 2).arg(e.rotation * 180.0 / kPi, 0, 'f', 2));
      const QColor c = residual_colour(residual_distance(e, doc_.data().fit.length_scale));
      res->setData(Qt::DecorationRole, c);
    } else {
      res->setText(tr("–"));
      res->setToolTip(tr("No fitted joint yet"));
    }
    table_->setItem(r, 3, res);
  }
  const Body* child = j ? doc_.data().body(j->child) : nullptr;
  q_entry_->setPlaceholderText(child ? tr("auto: %1").arg(joint_q_text(*j, next_sample_q(*j, child->pose))) : QString());
  for (QWidget* w : std::initializer_list<QWidget*>{capture_, q_entry_}) w->setEnabled(j != nullptr);
  for (QWidget* w : std::initializer_list<QWidget*>{pose_at_, up_, down_, delete_}) w->setEnabled(n > 0);
  syncing_ = false;
  sync_selection_from_document();
  if (const int w = preferred_width(); w > announced_width_) {
    announced_width_ = w;
    emit preferred_width_grew(w);
  }
}

void SamplesPanel::sync_selection_from_document() {
  syncing_ = true;
  const int sample = doc_.selection().sample;
  table_->clearSelection();
  if (sample >= 0 && sample < table_->rowCount()) {
    table_->selectRow(sample);
    table_->scrollToItem(table_->item(sample, 0));
  }
  syncing_ = false;
}

void SamplesPanel::on_table_selection() {
  if (syncing_) return;
  Selection s = doc_.selection();
  const JointId j = active_joint();
  const auto rows = table_->selectionModel()->selectedRows();
  s.joint = j;
  s.sample = rows.isEmpty() ? -1 : rows.front().row();
  // a highlighted sample is a ghost, not the live body: the gizmo should not move the body then
  if (s.sample >= 0) s.body = 0;
  doc_.set_selection(s);
}

void SamplesPanel::on_cell_edited(int row, int column) {
  if (syncing_ || column != 0) return;
  const Joint* j = doc_.data().joint(active_joint());
  if (!j) return;
  Eigen::VectorXd q;
  const int dof = joint_q_size(*j);
  if (!parse_joint_q(table_->item(row, 0)->text(), *j, q)) {
    report(tr("q needs %1 number(s), separated by commas").arg(dof));
    rebuild();
    return;
  }
  report(set_sample_q(doc_, j->id, row, q).error);
}

void SamplesPanel::capture() {
  const JointId id = active_joint();
  const Joint* j = doc_.data().joint(id);
  if (!j) {
    report(tr("Select a joint (or its child body) to capture a sample"));
    return;
  }
  std::optional<Eigen::VectorXd> q;
  if (!q_entry_->text().trimmed().isEmpty()) {
    Eigen::VectorXd typed;
    if (!parse_joint_q(q_entry_->text(), *j, typed)) {
      report(tr("q needs %1 number(s), separated by commas").arg(joint_q_size(*j)));
      return;
    }
    q = typed;
  }
  // a capture outside the range, or of a pose already captured, asks first: a fit would follow it
  if (const Body* child = doc_.data().body(j->child)) {
    const QString concern = capture_concern(*j, child->pose, q ? *q : next_sample_q(*j, child->pose));
    if (!concern.isEmpty() &&
        QMessageBox::question(this, tr("Capture this sample?"), concern + QLatin1Char('\n') + tr("Capture it anyway?"),
                              QMessageBox::Yes | QMessageBox::No, QMessageBox::No) != QMessageBox::Yes) {
      report(tr("Not captured: %1").arg(concern));
      return;
    }
  }
  const auto r = capture_sample(doc_, id, q);
  if (r.ok()) q_entry_->clear();
  report(r.error, tr("Captured sample %1 (q = %2)").arg(r.value + 1).arg(
                      r.ok() ? joint_q_text(*doc_.data().joint(id), doc_.data().joint(id)->samples.back().q) : QString()));
}

void SamplesPanel::check_q_entry() {
  const Joint* j = doc_.data().joint(active_joint());
  if (!j) return;
  if (q_entry_->text().trimmed().isEmpty()) {
    report({}, tr("The next capture gets q automatically (%1)").arg(q_entry_->placeholderText()));
    return;
  }
  Eigen::VectorXd typed;
  if (!parse_joint_q(q_entry_->text(), *j, typed)) {
    report(tr("q needs %1 number(s), separated by commas").arg(joint_q_size(*j)));
    return;
  }
  report({}, tr("The next capture (Capture or C) gets q = %1").arg(joint_q_text(*j, typed)));
}

void SamplesPanel::delete_selected() {
  std::vector<int> rows;
  for (const QModelIndex& i : table_->selectionModel()->selectedRows()) rows.push_back(i.row());
  report(remove_samples(doc_, active_joint(), rows).error, tr("Deleted %n sample(s)", nullptr, static_cast<int>(rows.size())));
}

void SamplesPanel::move_selected(int delta) {
  const int row = doc_.selection().sample;
  const JointId id = active_joint();
  const auto r = move_sample(doc_, id, row, row + delta);
  if (r.ok()) {
    Selection s = doc_.selection();
    s.sample = row + delta;
    doc_.set_selection(s);
  }
  report(r.error);
}

void SamplesPanel::pose_at_selected() {
  report(pose_at_sample(doc_, active_joint(), doc_.selection().sample).error, tr("Posed the child at the sample"));
}

void SamplesPanel::report(const QString& error, const QString& ok_text) {
  if (!error.isEmpty())
    emit status_message(error);
  else if (!ok_text.isEmpty())
    emit status_message(ok_text);
}

}  // namespace js::ui
