// one slider and spin box per coordinate of the active joint, named and in the unit the coordinate editor set
// (coordinate_units.hpp); moving them sets q through set_joint_q, so the child follows G(q) and one drag is one
// undo step; Reset puts the joint at its default. disabled, with the reason, while the joint has no model (a
// spline joint before its first fit).
#pragma once

#include <QWidget>
#include <vector>

#include "ui/document/document.hpp"

class QDoubleSpinBox;
class QLabel;
class QPushButton;
class QSlider;
class QVBoxLayout;

namespace js::ui {

class JointSliders : public QWidget {
  Q_OBJECT
 public:
  explicit JointSliders(Document& doc, QWidget* parent = nullptr);

  // the joint the sliders drive (the selected joint, or the parent joint of the selected body); 0 for none
  JointId joint() const { return shown_joint_; }
  QSlider* slider(int i) const { return rows_.at(static_cast<std::size_t>(i)).slider; }
  QDoubleSpinBox* spin(int i) const { return rows_.at(static_cast<std::size_t>(i)).spin; }
  int count() const { return static_cast<int>(rows_.size()); }
  // puts the joint's coordinates at their defaults (coordinate_units.hpp joint_default_q)
  QPushButton* reset_button() const { return reset_; }

  // sets coordinate i of the active joint (one undo step unless merge_key repeats)
  void set_coordinate(int i, double value, int merge_key);

 signals:
  void status_message(const QString& text);

 private:
  struct Row {
    QSlider* slider = nullptr;
    QDoubleSpinBox* spin = nullptr;
    double lo = 0.0, hi = 1.0;
    double shown = 1.0;  // the spin box shows q · shown (180/π for a coordinate shown in degrees)
  };
  void rebuild();
  void refresh_values();

  Document& doc_;
  QLabel* title_;
  QVBoxLayout* rows_layout_;
  QPushButton* reset_;
  std::vector<Row> rows_;
  JointId shown_joint_ = -1;
  int shown_dof_ = -1;
  const void* shown_model_ = nullptr;
  QString shown_signature_;
  bool syncing_ = false;
  int drag_key_ = 0;
};

}  // namespace js::ui
