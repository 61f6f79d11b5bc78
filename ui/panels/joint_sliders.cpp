#include "ui/panels/joint_sliders.hpp"

#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSlider>
#include <QVBoxLayout>
#include <cmath>

#include "ui/joint/coordinate_edit.hpp"
#include "ui/document/coordinate_units.hpp"
#include "ui/document/joint_model.hpp"
#include "ui/joint/joint_operations.hpp"

namespace js::ui {
namespace {

constexpr int kSteps = 1000;

const Joint* active_joint(const Document& doc) {
  const Selection& s = doc.selection();
  if (const Joint* j = doc.data().joint(s.joint)) return j;
  return doc.data().joint_of_child(s.body);
}

}  // namespace

JointSliders::JointSliders(Document& doc, QWidget* parent) : QWidget(parent), doc_(doc) {
  title_ = new QLabel;
  title_->setWordWrap(true);
  rows_layout_ = new QVBoxLayout;
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(title_);
  layout->addLayout(rows_layout_);
  reset_ = new QPushButton(tr("Reset to default"));
  reset_->setObjectName(QStringLiteral("q_reset"));
  reset_->setToolTip(tr("Put every coordinate of this joint at its default value (set in the joint's properties); one undo step"));
  connect(reset_, &QPushButton::clicked, this, [this] {
    const auto r = reset_joint_q(doc_, shown_joint_);
    if (!r.ok()) emit status_message(r.error);
  });
  auto* reset_row = new QHBoxLayout;
  reset_row->addStretch();
  reset_row->addWidget(reset_);
  layout->addLayout(reset_row);
  connect(&doc_, &Document::changed, this, &JointSliders::rebuild);
  connect(&doc_, &Document::selection_changed, this, &JointSliders::rebuild);
  rebuild();
}

void JointSliders::rebuild() {
  const Joint* j = active_joint(doc_);
  const JointId id = j ? j->id : 0;
  const int dof = j ? joint_q_size(*j) : 0;
  const void* model = j ? j->model.get() : nullptr;
  // names, units and ranges (the coordinate editor changes them without a new model)
  QString signature;
  for (int i = 0; i < dof; ++i) {
    double lo = 0.0, hi = 0.0;
    coordinate_range(*j, i, lo, hi);
    signature += QStringLiteral("%1|%2|%3|%4;").arg(coordinate_name(*j, i), unit_suffix(coordinate_unit(*j, i))).arg(lo).arg(hi);
  }
  if (id == shown_joint_ && dof == shown_dof_ && model == shown_model_ && signature == shown_signature_) {
    refresh_values();
    return;
  }
  shown_joint_ = id;
  shown_dof_ = dof;
  shown_model_ = model;
  shown_signature_ = signature;
  while (QLayoutItem* item = rows_layout_->takeAt(0)) {
    delete item->widget();
    delete item;
  }
  rows_.clear();
  reset_->setEnabled(j && j->model);
  if (!j) title_->setText(tr("Select a joint (or its child body) to drive it."));
  else if (!j->model) title_->setText(tr("%1 has no joint model yet: press Fit (or load a joint file), then the "
                                         "sliders move the child along it.").arg(j->name));
  else title_->setText(tr("%1 (%2): the child follows G(q).").arg(j->name, joint_kind_text(j->kind)));
  for (int i = 0; i < dof; ++i) {
    Row r;
    coordinate_range(*j, i, r.lo, r.hi);
    const QString name = coordinate_name(*j, i);
    const CoordinateUnit unit = coordinate_unit(*j, i);
    auto* row = new QWidget;
    auto* h = new QHBoxLayout(row);
    h->setContentsMargins(0, 0, 0, 0);
    r.slider = new QSlider(Qt::Horizontal);
    r.slider->setObjectName(QStringLiteral("q_slider_%1").arg(i));
    r.slider->setRange(0, kSteps);
    r.slider->setEnabled(j->model != nullptr);
    r.slider->setToolTip(tr("%1 from %2 to %3: drag to move the child along the joint")
                             .arg(name, coordinate_value_text(*j, i, r.lo), coordinate_value_text(*j, i, r.hi)));
    // in the coordinate's unit (degrees for an opensim rotation, or as set in the coordinate editor); stored in SI
    r.shown = unit_factor(unit);
    r.spin = new QDoubleSpinBox;
    r.spin->setDecimals(unit == CoordinateUnit::metres ? 5 : unit == CoordinateUnit::radians ? 4 : 2);
    r.spin->setSuffix(unit_suffix(unit));
    r.spin->setRange(r.lo * r.shown, r.hi * r.shown);
    r.spin->setSingleStep((r.hi - r.lo) * r.shown / 100.0);
    r.spin->setKeyboardTracking(false);
    r.spin->setEnabled(j->model != nullptr);
    r.spin->setToolTip(tr("Type %1 exactly").arg(name));
    h->addWidget(new QLabel(name));
    h->addWidget(r.slider, 1);
    h->addWidget(r.spin);
    rows_layout_->addWidget(row);
    rows_.push_back(r);
    // one press-drag-release is one undo step; keyboard steps are one step each
    connect(r.slider, &QSlider::sliderPressed, this, [this] { drag_key_ = doc_.next_merge_key(); });
    connect(r.slider, &QSlider::sliderReleased, this, [this] { drag_key_ = 0; });
    connect(r.slider, &QSlider::valueChanged, this, [this, i](int v) {
      if (syncing_) return;
      const Row& here = rows_[static_cast<std::size_t>(i)];
      set_coordinate(i, here.lo + (here.hi - here.lo) * v / kSteps, drag_key_);
    });
    connect(r.spin, &QDoubleSpinBox::valueChanged, this, [this, i](double v) {
      if (!syncing_) set_coordinate(i, v / rows_[static_cast<std::size_t>(i)].shown, 0);
    });
  }
  refresh_values();
}

void JointSliders::refresh_values() {
  const Joint* j = doc_.data().joint(shown_joint_);
  if (!j) return;
  syncing_ = true;
  for (int i = 0; i < count() && i < j->q.size(); ++i) {
    Row& r = rows_[static_cast<std::size_t>(i)];
    const double t = (j->q[i] - r.lo) / (r.hi - r.lo);
    r.slider->setValue(static_cast<int>(std::lround(std::clamp(t, 0.0, 1.0) * kSteps)));
    r.spin->setValue(j->q[i] * r.shown);
  }
  syncing_ = false;
}

void JointSliders::set_coordinate(int i, double value, int merge_key) {
  const Joint* j = doc_.data().joint(shown_joint_);
  if (!j || i < 0 || i >= j->q.size()) return;
  Eigen::VectorXd q = j->q;
  q[i] = value;
  const auto r = set_joint_q(doc_, j->id, q, merge_key);
  if (!r.ok()) emit status_message(r.error);
}

}  // namespace js::ui
