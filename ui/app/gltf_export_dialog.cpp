#include "ui/app/gltf_export_dialog.hpp"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>
#include <cmath>

#include "ui/app/export_menu.hpp"
#include "ui/app/settings.hpp"
#include "ui/export/gltf_save.hpp"

namespace js::ui {
namespace {

// the scene's settings.duration when the document came from a scene, else 2 s (the cli's default)
double gltf_default_duration(const DocumentData& d) {
  if (d.scene_keys.is_object() && d.scene_keys.contains("settings") && d.scene_keys["settings"].is_object()) {
    const auto& s = d.scene_keys["settings"];
    if (s.contains("duration") && s["duration"].is_number() && s["duration"].get<double>() > 0.0)
      return s["duration"].get<double>();
  }
  return 2.0;
}

}  // namespace

QAction* make_export_gltf_action(QWidget* window, Document& doc, const std::function<void(const QString&, bool)>& message) {
  auto* a = new QAction(QObject::tr("&glTF (binary)…"), window);
  a->setToolTip(QObject::tr("Save the bodies and their motion (a simulation, or one coordinate swept over its range) as a "
                            ".glb that Blender and other viewers play, as jointsmith-cli export --format gltf (docs/gltf.md)"));
  a->setStatusTip(a->toolTip());
  QObject::connect(a, &QAction::triggered, window, [window, &doc, message] {
    QString why;
    const QStringList coordinates = gltf_sweep_coordinates(doc.data(), active_joint_id(doc), &why);
    if (!why.isEmpty()) return message(QObject::tr("Nothing to export as glTF: %1").arg(why), true);

    QDialog dlg(window);
    dlg.setObjectName(QStringLiteral("gltf_export_dialog"));
    dlg.setWindowTitle(QObject::tr("Export glTF"));
    auto* form = new QFormLayout;
    auto* motion = new QComboBox;
    motion->setObjectName(QStringLiteral("motion"));
    // a sweep of the active joint first (what an animator wants of one joint), then the simulation
    for (const QString& c : coordinates) motion->addItem(QObject::tr("Sweep %1 over its range").arg(c), c);
    motion->addItem(QObject::tr("Simulate (the Dynamics dock's dt, integrator, gravity, damping)"), QString());
    motion->setToolTip(QObject::tr("What moves in the file: one coordinate from its minimum to its maximum, the others "
                                   "where they are now; or the whole project simulated from its current pose"));
    form->addRow(QObject::tr("Motion:"), motion);
    auto* duration = new QDoubleSpinBox;
    duration->setObjectName(QStringLiteral("duration"));
    duration->setRange(0.01, 3600.0);
    duration->setDecimals(2);
    duration->setSuffix(QObject::tr(" s"));
    duration->setValue(gltf_default_duration(doc.data()));
    duration->setToolTip(QObject::tr("Length of the animation"));
    form->addRow(QObject::tr("Duration:"), duration);
    auto* fps = new QDoubleSpinBox;
    fps->setObjectName(QStringLiteral("fps"));
    fps->setRange(1.0, 10000.0);
    fps->setDecimals(0);
    fps->setValue(240.0);
    fps->setToolTip(QObject::tr("A sweep is sampled this often before the keys are thinned (a simulation at every step)"));
    form->addRow(QObject::tr("Frames per second:"), fps);
    auto* tolerance = new QDoubleSpinBox;
    tolerance->setObjectName(QStringLiteral("key_tolerance"));
    tolerance->setRange(0.0, 100.0);
    tolerance->setDecimals(3);
    tolerance->setSuffix(QObject::tr(" mm"));
    tolerance->setValue(0.1);
    tolerance->setToolTip(QObject::tr("Keys are dropped while a viewer's linear interpolation of the rest stays this close "
                                      "to every frame (the same number in milliradians for rotations), as the cli's --key-tolerance"));
    form->addRow(QObject::tr("Key tolerance:"), tolerance);
    auto* path = new QLineEdit(settings::last_directory.get() + QStringLiteral("/motion.glb"));
    path->setObjectName(QStringLiteral("path"));
    auto* browse = new QPushButton(QObject::tr("Browse…"));
    auto* row = new QHBoxLayout;
    row->addWidget(path, 1);
    row->addWidget(browse);
    form->addRow(QObject::tr("File:"), row);
    QObject::connect(browse, &QPushButton::clicked, &dlg, [&dlg, path] {
      const QString p = QFileDialog::getSaveFileName(&dlg, QObject::tr("Export glTF"), path->text(), QObject::tr("glTF binary (*.glb)"));
      if (!p.isEmpty()) path->setText(p);
    });
    QObject::connect(motion, &QComboBox::currentIndexChanged, &dlg,
                     [motion, fps] { fps->setEnabled(!motion->currentData().toString().isEmpty()); });
    fps->setEnabled(!motion->currentData().toString().isEmpty());
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    buttons->button(QDialogButtonBox::Ok)->setText(QObject::tr("Export"));
    QObject::connect(buttons, &QDialogButtonBox::accepted, &dlg, &QDialog::accept);
    QObject::connect(buttons, &QDialogButtonBox::rejected, &dlg, &QDialog::reject);
    auto* layout = new QVBoxLayout(&dlg);
    layout->addLayout(form);
    layout->addWidget(buttons);
    if (dlg.exec() != QDialog::Accepted) return;

    QString file = path->text().trimmed();
    if (file.isEmpty()) return message(QObject::tr("Not exported: no file name given"), true);
    if (QFileInfo(file).suffix().isEmpty()) file += QStringLiteral(".glb");
    settings::last_directory.set(QFileInfo(file).absolutePath());
    GltfSaveOptions options;
    options.sweep = motion->currentData().toString();
    options.duration = duration->value();
    options.fps = fps->value();
    options.key_tolerance = tolerance->value() * 1e-3;
    QApplication::setOverrideCursor(Qt::WaitCursor);
    const GltfSaveResult r = save_gltf(doc.data(), options, file);
    QApplication::restoreOverrideCursor();
    message(r.ok() ? QObject::tr("Exported %1: %2").arg(file, r.summary) : r.error, !r.ok());
  });
  return a;
}

}  // namespace js::ui
