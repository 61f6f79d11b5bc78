// the samples dock: the active joint's captured samples (q, translation, rotation as three angles in the joint's
// sequence); edit q in place, delete,
// reorder, pose the child at a sample, capture with a typed or automatic q. row selection ⇄ ghost highlight.
#pragma once

#include <QWidget>
#include <optional>

#include "ui/document/document.hpp"

class QComboBox;
class QTableWidget;
class QLabel;
class QLineEdit;
class QPushButton;

namespace js::ui {

class SamplesPanel : public QWidget {
  Q_OBJECT
 public:
  explicit SamplesPanel(Document& doc, QWidget* parent = nullptr);
  QTableWidget* table() { return table_; }
  QLineEdit* q_entry() { return q_entry_; }
  QPushButton* capture_button() { return capture_; }
  // how the rotation column shows rotations (the joint's Joint::sample_angles)
  QComboBox* angles_box() { return angles_; }
  // the width that shows every column of the table and every button without scrolling (the window sizes the
  // dock by it on a first start)
  int preferred_width() const;

 public slots:
  // records the active joint's child pose as a sample: q typed in the entry, or the next automatic value
  void capture();
  // Enter in "Next q": says what the next capture will use, or what is wrong with the typed value
  void check_q_entry();
  void delete_selected();
  void move_selected(int delta);
  void pose_at_selected();

 signals:
  void status_message(const QString& text);
  // the table's contents need more width than they did (new rows, another joint, another angle sequence)
  void preferred_width_grew(int width);

 private:
  JointId active_joint() const;
  void rebuild();
  void sync_selection_from_document();
  void on_table_selection();
  void on_cell_edited(int row, int column);
  void report(const QString& error, const QString& ok_text = {});

  Document& doc_;
  QLabel* title_;
  QTableWidget* table_;
  QLineEdit* q_entry_;
  QComboBox* angles_;
  QPushButton* capture_;
  QPushButton* pose_at_;
  QPushButton* up_;
  QPushButton* down_;
  QPushButton* delete_;
  bool syncing_ = false;
  int announced_width_ = 0;  // the largest preferred_width() said so far
  JointId shown_joint_ = 0;  // the joint whose samples the table lists
};

}  // namespace js::ui
