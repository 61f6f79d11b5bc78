#include "ui/panels/properties_panel.hpp"

#include <QColorDialog>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalBlocker>
#include <QStackedWidget>
#include <QVBoxLayout>

#include "ui/document/operations.hpp"
#include "ui/document/joint_model.hpp"
#include "ui/mesh/mesh_import.hpp"
#include "ui/panels/coordinate_editor.hpp"
#include "ui/panels/pose_format.hpp"

namespace js::ui {
namespace {

QDoubleSpinBox* spin(double lo, double hi, int decimals, const QString& suffix, const QString& tip) {
  auto* s = new QDoubleSpinBox;
  s->setRange(lo, hi);
  s->setDecimals(decimals);
  s->setSuffix(suffix);
  s->setToolTip(tip);
  s->setKeyboardTracking(false);
  s->setAccelerated(true);
  // the range's widest text would otherwise set a wide minimum for the whole dock
  s->setMinimumWidth(60);
  return s;
}

void set_colour_button(QPushButton* b, const QColor& c) {
  b->setText(c.name());
  const QString text_colour = c.lightness() > 128 ? QStringLiteral("black") : QStringLiteral("white");
  b->setStyleSheet(QStringLiteral("background-color: %1; color: %2").arg(c.name(), text_colour));
}

}  // namespace

PropertiesPanel::PropertiesPanel(Document& doc, QWidget* parent) : QWidget(parent), doc_(doc) {
  stack_ = new QStackedWidget(this);
  auto* empty = new QLabel(tr("Select a body or a joint to see its properties."));
  empty->setWordWrap(true);
  empty->setAlignment(Qt::AlignTop | Qt::AlignLeft);
  stack_->addWidget(empty);
  stack_->addWidget(build_body_page());
  stack_->addWidget(build_joint_page());
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->addWidget(stack_);
  connect(&doc_, &Document::changed, this, &PropertiesPanel::refresh);
  connect(&doc_, &Document::selection_changed, this, &PropertiesPanel::refresh);
  refresh();
}

QWidget* PropertiesPanel::build_body_page() {
  auto* page = new QWidget;
  auto* form = new QFormLayout;
  body_name_ = new QLineEdit;
  body_name_->setToolTip(tr("Name of the body"));
  body_mesh_ = new QLabel;
  body_mesh_->setWordWrap(true);
  body_mesh_->setToolTip(tr("Mesh file (saved relative to the project file)"));
  body_replace_mesh_ = new QPushButton(tr("Replace mesh…"));
  body_replace_mesh_->setToolTip(tr("Use another mesh file for this body (a moved, renamed or missing file); one undo step"));
  connect(body_replace_mesh_, &QPushButton::clicked, this, [this] { replace_mesh_dialog(doc_.selection().body); });
  body_units_ = new QComboBox;
  body_units_->addItems({tr("metres"), tr("millimetres")});
  body_units_->setToolTip(tr("Length unit of the mesh file; meshes are scaled to metres"));
  body_colour_ = new QPushButton;
  body_colour_->setToolTip(tr("Colour of the body in the viewport"));
  body_mass_ = spin(1e-6, 1e4, 4, tr(" kg"), tr("Mass of the body"));
  for (int i = 0; i < 3; ++i) {
    com_[i] = spin(-1e4, 1e4, 2, tr(" mm"), tr("Centre of mass in the body frame, %1").arg(QChar('x' + i)));
    inertia_[i] = spin(0.0, 1e4, 6, tr(" kg·m²"), tr("Principal moment of inertia about the centre of mass, %1%1")
                                                       .arg(QChar('x' + i)));
  }
  form->addRow(tr("Name"), body_name_);
  form->addRow(tr("Mesh"), body_mesh_);
  form->addRow(QString(), body_replace_mesh_);
  form->addRow(tr("Units"), body_units_);
  form->addRow(tr("Colour"), body_colour_);
  form->addRow(tr("Mass"), body_mass_);
  // one line per axis so values are readable in a narrow dock
  auto* mass_grid = new QGridLayout;
  mass_grid->addWidget(new QLabel(tr("Centre of mass")), 0, 1);
  mass_grid->addWidget(new QLabel(tr("Inertia")), 0, 2);
  for (int i = 0; i < 3; ++i) {
    mass_grid->addWidget(new QLabel(QString(QChar('x' + i))), i + 1, 0);
    mass_grid->addWidget(com_[i], i + 1, 1);
    mass_grid->addWidget(inertia_[i], i + 1, 2);
  }
  form->addRow(mass_grid);

  auto* pose_box = new QGroupBox(tr("Pose"));
  auto* pose_form = new QFormLayout(pose_box);
  pose_frame_ = new QLabel;
  const QString axes[] = {QStringLiteral("x"), QStringLiteral("y"), QStringLiteral("z")};
  for (int i = 0; i < 3; ++i) {
    pose_[i] = spin(-1e5, 1e5, 2, tr(" mm"), tr("Position of the body origin along the parent's %1 axis").arg(axes[i]));
    pose_[i + 3] = spin(-360.0, 360.0, 2, tr("°"),
                        tr("Rotation about %1 (x-y-z euler angles, R = Rx Ry Rz, in the parent frame)").arg(axes[i]));
    pose_[i]->setSingleStep(1.0);
    pose_[i + 3]->setSingleStep(1.0);
    pose_[i + 3]->setWrapping(true);
  }
  pose_form->addRow(pose_frame_);
  auto* pose_grid = new QGridLayout;
  pose_grid->addWidget(new QLabel(tr("Position")), 0, 1);
  pose_grid->addWidget(new QLabel(tr("Rotation")), 0, 2);
  for (int i = 0; i < 3; ++i) {
    pose_grid->addWidget(new QLabel(axes[i]), i + 1, 0);
    pose_grid->addWidget(pose_[i], i + 1, 1);
    pose_grid->addWidget(pose_[i + 3], i + 1, 2);
  }
  pose_form->addRow(pose_grid);

  auto* v = new QVBoxLayout(page);
  v->addLayout(form);
  v->addWidget(pose_box);
  v->addStretch();

  connect(body_name_, &QLineEdit::editingFinished, this, &PropertiesPanel::commit_body_properties);
  connect(body_units_, &QComboBox::currentIndexChanged, this, &PropertiesPanel::commit_body_properties);
  connect(body_mass_, &QDoubleSpinBox::valueChanged, this, &PropertiesPanel::commit_body_properties);
  for (auto* s : com_) connect(s, &QDoubleSpinBox::valueChanged, this, &PropertiesPanel::commit_body_properties);
  for (auto* s : inertia_) connect(s, &QDoubleSpinBox::valueChanged, this, &PropertiesPanel::commit_body_properties);
  for (auto* s : pose_) connect(s, &QDoubleSpinBox::valueChanged, this, [this, s] { commit_pose(s); });
  connect(body_colour_, &QPushButton::clicked, this, [this] {
    const Body* b = doc_.data().body(doc_.selection().body);
    if (!b) return;
    const QColor c = QColorDialog::getColor(b->colour, this, tr("Body colour"));
    if (!c.isValid()) return;
    Body edited = *b;
    edited.colour = c;
    report(set_body_properties(doc_, edited).error);
  });
  return page;
}

QWidget* PropertiesPanel::build_joint_page() {
  auto* page = new QWidget;
  auto* form = new QFormLayout;
  // the stack is as tall as the body page: the room left goes below the fields, not into them
  auto* page_layout = new QVBoxLayout(page);
  page_layout->setContentsMargins(0, 0, 0, 0);
  page_layout->addLayout(form);
  page_layout->addStretch();
  joint_name_ = new QLineEdit;
  joint_name_->setToolTip(tr("Name of the joint, as files and the scene tree show it"));
  joint_kind_ = new QComboBox;
  joint_kind_->addItems(joint_kind_texts());
  joint_kind_->setToolTip(tr("How the child moves: along a spline curve (1 coordinate) or surface (2) fitted to captured "
                             "poses, or as a classic joint (hinge, slider, ball…). Changing it asks before a fit is lost"));
  joint_bodies_ = new QLabel;
  joint_bodies_->setToolTip(tr("The parent body → the child body it moves, the joint's coordinates and the captured samples"));
  joint_parameters_ = new QPlainTextEdit;
  joint_parameters_->setObjectName(QStringLiteral("joint_json"));
  joint_parameters_->setReadOnly(true);
  joint_parameters_->setVisible(false);
  joint_parameters_->setMinimumHeight(200);
  joint_parameters_->setLineWrapMode(QPlainTextEdit::NoWrap);
  joint_parameters_->setToolTip(tr("The joint model exactly as a joint file stores it (docs/joint-file.md): SI units, "
                                   "radians and metres"));
  show_json_ = new QPushButton(tr("Show JSON"));
  show_json_->setObjectName(QStringLiteral("show_json"));
  show_json_->setCheckable(true);
  show_json_->setToolTip(tr("Show the joint model as a joint file stores it, for power users"));
  connect(show_json_, &QPushButton::toggled, this, [this](bool on) {
    joint_parameters_->setVisible(on);
    show_json_->setText(on ? tr("Hide JSON") : tr("Show JSON"));
    if (on) refresh();
  });
  auto* summary_box = new QGroupBox(tr("Summary"));
  summary_box->setToolTip(tr("The joint in words; hover a line for what it means"));
  // one wrapped line per row: a box layout passes the labels' height for their width on to the scroll area
  summary_form_ = new QVBoxLayout(summary_box);
  summary_form_->setSpacing(2);
  auto* coordinates_box = new QGroupBox(tr("Coordinates"));
  coordinates_ = new CoordinateEditor(doc_);
  connect(coordinates_, &CoordinateEditor::status_message, this, &PropertiesPanel::status_message);
  auto* coordinates_layout = new QVBoxLayout(coordinates_box);
  coordinates_layout->setContentsMargins(4, 4, 4, 4);
  coordinates_layout->addWidget(coordinates_);
  form->addRow(tr("Name"), joint_name_);
  form->addRow(tr("Kind"), joint_kind_);
  form->addRow(tr("Bodies"), joint_bodies_);
  form->addRow(summary_box);
  form->addRow(coordinates_box);
  form->addRow(show_json_);
  form->addRow(joint_parameters_);
  connect(joint_name_, &QLineEdit::editingFinished, this, [this] {
    const Joint* j = doc_.data().joint(doc_.selection().joint);
    if (!refreshing_ && j && joint_name_->text() != j->name) report(set_joint_name(doc_, j->id, joint_name_->text()).error);
  });
  connect(joint_kind_, &QComboBox::currentTextChanged, this, [this](const QString& text) {
    const Joint* j = doc_.data().joint(doc_.selection().joint);
    JointKind kind{};
    if (refreshing_ || !j || !joint_kind_from_name(text.toStdString(), kind) || kind == j->kind) return;
    // a fitted spline or the samples' q would go: ask (undo is not a warning)
    const QString loss = joint_change_loss(*j, tr("kind %1").arg(text), joint_dof(kind));
    if (!loss.isEmpty() && QMessageBox::question(this, tr("Change joint kind?"), loss + QLatin1Char('\n') + tr("Change it?"),
                                                 QMessageBox::Yes | QMessageBox::No, QMessageBox::No) != QMessageBox::Yes) {
      refresh();
      return;
    }
    report(set_joint_kind(doc_, j->id, kind).error);
  });
  return page;
}

void PropertiesPanel::replace_mesh_dialog(BodyId body) {
  const Body* b = doc_.data().body(body);
  if (!b) return;
  const QString start = QFileInfo(b->mesh_path).absolutePath();
  const QString path = QFileDialog::getOpenFileName(this, tr("Replace the mesh of %1").arg(b->name),
                                                    QFileInfo::exists(start) ? start : QString(), mesh_file_filter());
  if (path.isEmpty()) return;
  const auto r = replace_body_mesh(doc_, body, path);
  if (r.ok()) emit status_message(tr("%1 now uses %2").arg(doc_.data().body(body)->name, path));
  else report(r.error);
}

void PropertiesPanel::report(const QString& error) {
  if (!error.isEmpty()) emit status_message(error);
}

void PropertiesPanel::refresh() {
  refreshing_ = true;
  const Selection& s = doc_.selection();
  const DocumentData& d = doc_.data();
  if (const Body* b = d.body(s.body)) {
    stack_->setCurrentIndex(1);
    std::vector<QSignalBlocker> blockers;
    for (QWidget* w : std::initializer_list<QWidget*>{body_name_, body_units_, body_mass_})
      blockers.emplace_back(w);
    for (auto* x : com_) blockers.emplace_back(x);
    for (auto* x : inertia_) blockers.emplace_back(x);
    for (auto* x : pose_) blockers.emplace_back(x);
    if (!body_name_->hasFocus()) body_name_->setText(b->name);
    body_mesh_->setText(b->mesh_path.isEmpty() ? tr("(none)") : b->mesh_path);
    body_units_->setCurrentIndex(b->units == LengthUnit::millimetres ? 1 : 0);
    set_colour_button(body_colour_, b->colour);
    body_mass_->setValue(b->mass);
    for (int i = 0; i < 3; ++i) {
      com_[i]->setValue(b->com[i] * 1e3);
      inertia_[i]->setValue(b->inertia_diag[i]);
    }
    const Joint* j = d.joint_of_child(b->id);
    const Body* parent = j ? d.body(j->parent) : nullptr;
    pose_frame_->setText(parent ? tr("Relative to %1 (joint %2)").arg(parent->name, j->name) : tr("Relative to the world"));
    const Vec3 e = euler_xyz_degrees(b->pose.R);
    for (int i = 0; i < 3; ++i) {
      pose_[i]->setValue(b->pose.p[i] * 1e3);
      pose_[i + 3]->setValue(e[i]);
    }
  } else if (const Joint* j = d.joint(s.joint)) {
    stack_->setCurrentIndex(2);
    const QSignalBlocker b1(joint_kind_);
    if (!joint_name_->hasFocus()) joint_name_->setText(j->name);
    // a scene's joint may be of a kind the authoring flow does not create (fixed, helical, elliptic)
    const QString kind = joint_kind_text(j->kind);
    if (joint_kind_->findText(kind) < 0) joint_kind_->addItem(kind);
    joint_kind_->setCurrentText(kind);
    const Body* p = d.body(j->parent);
    const Body* c = d.body(j->child);
    joint_bodies_->setText(tr("%1 → %2 · %3 dof · %n sample(s)", nullptr, static_cast<int>(j->samples.size()))
                               .arg(p ? p->name : QStringLiteral("?"), c ? c->name : QStringLiteral("?"))
                               .arg(joint_q_size(*j)));
    refresh_joint_summary(*j);
    coordinates_->set_joint(j->id);
    // the json is built only when shown (a large model's text is long)
    if (joint_parameters_->isVisible() || show_json_->isChecked())
      joint_parameters_->setPlainText(j->model ? QString::fromStdString(model_to_json(*j->model).dump(1))
                                               : tr("No model yet: press Fit, or load a joint file (Joint menu)."));
  } else {
    stack_->setCurrentIndex(0);
  }
  refreshing_ = false;
}

QLabel* PropertiesPanel::summary_line(int row) const {
  return row >= 0 && static_cast<std::size_t>(row) < summary_values_.size() ? summary_values_[static_cast<std::size_t>(row)] : nullptr;
}

void PropertiesPanel::refresh_joint_summary(const Joint& j) {
  const double scale = doc_.data().fit.length_scale;
  if (j.model != checked_model_ || scale != checked_scale_) {
    checked_model_ = j.model;
    checked_scale_ = scale;
    checks_ = j.model ? check_model(*j.model, scale) : ModelChecks{};
  }
  summary_rows_ = joint_summary(j, checks_, scale);
  // one label per row ("Kind: spline curve …"), reused while the row count stays
  while (summary_values_.size() > summary_rows_.size()) {
    delete summary_values_.back();
    summary_values_.pop_back();
  }
  while (summary_values_.size() < summary_rows_.size()) {
    auto* value = new QLabel;
    value->setWordWrap(true);
    value->setTextFormat(Qt::RichText);
    value->setTextInteractionFlags(Qt::TextSelectableByMouse);
    summary_form_->addWidget(value);
    value->show();  // a layout shows a new child of a shown box only at the next event loop pass
    summary_values_.push_back(value);
  }
  for (std::size_t r = 0; r < summary_rows_.size(); ++r) {
    summary_values_[r]->setText(QStringLiteral("<b>%1</b>: %2").arg(summary_rows_[r].label.toHtmlEscaped(),
                                                                    summary_rows_[r].value.toHtmlEscaped()));
    summary_values_[r]->setToolTip(summary_rows_[r].tip);
  }
}

void PropertiesPanel::commit_body_properties() {
  if (refreshing_) return;
  const Body* b = doc_.data().body(doc_.selection().body);
  if (!b) return;
  Body edited = *b;
  edited.name = body_name_->text().trimmed();
  edited.units = body_units_->currentIndex() == 1 ? LengthUnit::millimetres : LengthUnit::metres;
  edited.mass = body_mass_->value();
  for (int i = 0; i < 3; ++i) {
    edited.com[i] = com_[i]->value() * 1e-3;
    edited.inertia_diag[i] = inertia_[i]->value();
  }
  if (edited.name == b->name && edited.units == b->units && edited.mass == b->mass && edited.com == b->com &&
      edited.inertia_diag == b->inertia_diag)
    return;
  report(set_body_properties(doc_, edited).error);
}

void PropertiesPanel::commit_pose(QDoubleSpinBox* source) {
  if (refreshing_) return;
  const Body* b = doc_.data().body(doc_.selection().body);
  if (!b) return;
  // stepping one field repeatedly is one undo step; switching fields starts a new one
  if (source != last_pose_field_) {
    last_pose_field_ = source;
    pose_merge_key_ = doc_.next_merge_key();
  }
  SE3 pose;
  pose.p = Vec3(pose_[0]->value(), pose_[1]->value(), pose_[2]->value()) * 1e-3;
  pose.R = rotation_from_euler_xyz_degrees(Vec3(pose_[3]->value(), pose_[4]->value(), pose_[5]->value()));
  report(set_body_pose(doc_, b->id, pose, pose_merge_key_).error);
}

}  // namespace js::ui
