// the joint's coordinates in the properties dock: one row per coordinate with its name, unit (degrees or radians
// for a rotation, mm or m for a translation), range (min, max; empty = unbounded) and default, each editable in
// place. every edit is one undo step (coordinate_edit.hpp); values are typed in the row's unit. below the table,
// "Past the range" chooses what q beyond the ranges does (extrapolate, clamp, wrap; a choice the joint cannot take is
// disabled with its reason as tooltip).
#pragma once

#include <QWidget>

#include "ui/document/document.hpp"

class QComboBox;
class QTableWidget;

namespace js::ui {

class CoordinateEditor : public QWidget {
  Q_OBJECT
 public:
  enum Column { name_column, unit_column, min_column, max_column, default_column };
  explicit CoordinateEditor(Document& doc, QWidget* parent = nullptr);

  // the joint shown (0: none)
  void set_joint(JointId id);
  JointId joint() const { return joint_; }
  QTableWidget* table() const { return table_; }
  // the unit of row i
  QComboBox* unit_box(int i) const;
  QComboBox* out_of_range_box() const { return out_of_range_; }

 signals:
  void status_message(const QString& text);

 private:
  void refresh();
  void commit_cell(int row, int column);
  void commit_unit(int row, int index);
  void refresh_out_of_range(const Joint* joint);
  void commit_out_of_range(int index);

  Document& doc_;
  QTableWidget* table_;
  QComboBox* out_of_range_;
  JointId joint_ = 0;
  bool refreshing_ = false;
};

}  // namespace js::ui
