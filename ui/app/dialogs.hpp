// the small dialogs of the main window: import a mesh (file, units, name) and create a joint.
#pragma once

#include <QDialog>

#include "ui/document/document_data.hpp"

class QComboBox;
class QDoubleSpinBox;
class QLineEdit;
class QLabel;

namespace js::ui {

class ImportMeshDialog : public QDialog {
  Q_OBJECT
 public:
  ImportMeshDialog(const QString& path, LengthUnit suggested_units, const QString& size_hint, QWidget* parent = nullptr);
  LengthUnit units() const;
  QString body_name() const;
  // kg/m³ the closed mesh is filled with for the body's mass, centre of mass and inertia
  double density() const;

 private:
  QComboBox* units_;
  QLineEdit* name_;
  QDoubleSpinBox* density_;
};

class CreateJointDialog : public QDialog {
  Q_OBJECT
 public:
  // parent and child are preselected when non-zero
  CreateJointDialog(const DocumentData& d, BodyId parent, BodyId child, QWidget* parent_widget = nullptr);
  BodyId parent_body() const;
  BodyId child_body() const;
  JointKind kind() const;
  QString joint_name() const;

 private:
  QComboBox* parent_;
  QComboBox* child_;
  QComboBox* kind_;
  QLineEdit* name_;
};

}  // namespace js::ui
