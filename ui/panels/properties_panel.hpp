// the properties dock: fields of the selected body (name, units, colour, mass, com, inertia, and its pose
// relative to its parent in mm and degrees) or of the selected joint (name, kind, bodies, a summary in words
// (joint_summary.hpp), its coordinates (coordinate_editor.hpp) and, behind Show JSON, the model as a joint file).
#pragma once

#include <QWidget>
#include <array>

#include "ui/document/document.hpp"
#include "ui/panels/joint_summary.hpp"

class QLineEdit;
class QComboBox;
class QDoubleSpinBox;
class QPushButton;
class QLabel;
class QStackedWidget;
class QPlainTextEdit;
class QVBoxLayout;

namespace js::ui {

class CoordinateEditor;

class PropertiesPanel : public QWidget {
  Q_OBJECT
 public:
  explicit PropertiesPanel(Document& doc, QWidget* parent = nullptr);
  // the six pose fields: x, y, z (mm), then rx, ry, rz (degrees)
  QDoubleSpinBox* pose_field(int i) { return pose_[static_cast<std::size_t>(i)]; }
  QComboBox* joint_kind_box() { return joint_kind_; }
  QPushButton* replace_mesh_button() { return body_replace_mesh_; }
  // the joint page: its summary in words (a line with a tooltip per row), its coordinates, and the model as a
  // joint file stores it behind "Show JSON"
  const std::vector<SummaryRow>& joint_summary_rows() const { return summary_rows_; }
  QLabel* summary_line(int row) const;
  CoordinateEditor* coordinate_editor() { return coordinates_; }
  QPushButton* show_json_button() { return show_json_; }
  QPlainTextEdit* json_view() { return joint_parameters_; }

 public slots:
  // asks for a mesh file and relinks the body to it (a moved or missing file)
  void replace_mesh_dialog(BodyId body);

 signals:
  void status_message(const QString& text);

 private:
  QWidget* build_body_page();
  QWidget* build_joint_page();
  void refresh();
  void refresh_joint_summary(const Joint& j);
  void commit_body_properties();
  void commit_pose(QDoubleSpinBox* source);
  void report(const QString& error);

  Document& doc_;
  QStackedWidget* stack_;
  // body page
  QLineEdit* body_name_;
  QLabel* body_mesh_;
  QPushButton* body_replace_mesh_;
  QComboBox* body_units_;
  QPushButton* body_colour_;
  QDoubleSpinBox* body_mass_;
  std::array<QDoubleSpinBox*, 3> com_{};
  std::array<QDoubleSpinBox*, 3> inertia_{};
  std::array<QDoubleSpinBox*, 6> pose_{};
  QLabel* pose_frame_;
  // joint page
  QLineEdit* joint_name_;
  QComboBox* joint_kind_;
  QLabel* joint_bodies_;
  QPlainTextEdit* joint_parameters_;
  QPushButton* show_json_;
  QVBoxLayout* summary_form_;
  std::vector<QLabel*> summary_values_;
  std::vector<SummaryRow> summary_rows_;
  CoordinateEditor* coordinates_;
  // the range checks of the shown model (hundreds of evaluations): redone only for another model or length scale
  std::shared_ptr<const JointModel> checked_model_;
  double checked_scale_ = 0.0;
  ModelChecks checks_;

  bool refreshing_ = false;
  QDoubleSpinBox* last_pose_field_ = nullptr;  // consecutive edits of one field merge into one undo step
  int pose_merge_key_ = 0;
};

}  // namespace js::ui
