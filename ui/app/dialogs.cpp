#include "ui/app/dialogs.hpp"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFileInfo>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>

#include "ui/mesh/mesh_mass.hpp"

namespace js::ui {

ImportMeshDialog::ImportMeshDialog(const QString& path, LengthUnit suggested, const QString& size_hint, QWidget* parent)
    : QDialog(parent) {
  setWindowTitle(tr("Import mesh"));
  units_ = new QComboBox;
  units_->addItems({tr("metres"), tr("millimetres")});
  units_->setCurrentIndex(suggested == LengthUnit::millimetres ? 1 : 0);
  units_->setToolTip(tr("Length unit the file's coordinates are in"));
  name_ = new QLineEdit(QFileInfo(path).completeBaseName());
  name_->setToolTip(tr("Name of the new body"));
  density_ = new QDoubleSpinBox;
  density_->setRange(1.0, 25000.0);
  density_->setDecimals(0);
  density_->setSuffix(tr(" kg/m³"));
  density_->setValue(kBoneDensity);
  density_->setToolTip(tr("The closed mesh is filled with this density for the body's mass, centre of mass and "
                          "inertia (1850 kg/m³: cortical bone; about 1100 for a limb segment with soft tissue)"));
  auto* file = new QLabel(path);
  file->setWordWrap(true);
  auto* hint = new QLabel(size_hint);
  hint->setWordWrap(true);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
  connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  auto* form = new QFormLayout(this);
  form->addRow(tr("File"), file);
  form->addRow(tr("Size"), hint);
  form->addRow(tr("Units"), units_);
  form->addRow(tr("Body name"), name_);
  form->addRow(tr("Density"), density_);
  form->addRow(buttons);
}

LengthUnit ImportMeshDialog::units() const {
  return units_->currentIndex() == 1 ? LengthUnit::millimetres : LengthUnit::metres;
}

QString ImportMeshDialog::body_name() const { return name_->text().trimmed(); }

double ImportMeshDialog::density() const { return density_->value(); }

CreateJointDialog::CreateJointDialog(const DocumentData& d, BodyId parent, BodyId child, QWidget* parent_widget)
    : QDialog(parent_widget) {
  setWindowTitle(tr("Create joint"));
  parent_ = new QComboBox;
  child_ = new QComboBox;
  for (const Body& b : d.bodies) {
    parent_->addItem(b.name, b.id);
    child_->addItem(b.name, b.id);
  }
  parent_->setToolTip(tr("The body the joint is attached to"));
  child_->setToolTip(tr("The body the joint moves; it keeps its current place"));
  if (parent) parent_->setCurrentIndex(parent_->findData(parent));
  if (child) child_->setCurrentIndex(child_->findData(child));
  else if (child_->count() > 1) child_->setCurrentIndex(1);
  kind_ = new QComboBox;
  for (JointKind k : joint_kinds()) kind_->addItem(joint_kind_text(k), static_cast<int>(k));
  kind_->setToolTip(tr("A 1-dof spline curve, a 2-dof spline surface, or a lower pair"));
  name_ = new QLineEdit;
  name_->setPlaceholderText(tr("automatic"));
  name_->setToolTip(tr("Name of the joint; empty = parent–child"));
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
  connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  auto* form = new QFormLayout(this);
  form->addRow(tr("Parent"), parent_);
  form->addRow(tr("Child"), child_);
  form->addRow(tr("Kind"), kind_);
  form->addRow(tr("Name"), name_);
  form->addRow(buttons);
}

BodyId CreateJointDialog::parent_body() const { return parent_->currentData().toInt(); }
BodyId CreateJointDialog::child_body() const { return child_->currentData().toInt(); }
JointKind CreateJointDialog::kind() const { return static_cast<JointKind>(kind_->currentData().toInt()); }
QString CreateJointDialog::joint_name() const { return name_->text().trimmed(); }

}  // namespace js::ui
