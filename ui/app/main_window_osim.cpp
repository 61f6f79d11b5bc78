// the main window's OpenSim side: opening a model as a document (problems and missing meshes reported once) and
// the preferences dialog with the geometry search paths (remembered in QSettings).
#include <QDialog>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QVBoxLayout>

#include "ui/app/main_window.hpp"
#include "ui/app/settings.hpp"
#include "ui/export/osim_import.hpp"
#include "ui/viewport/viewport_widget.hpp"

namespace js::ui {

QString MainWindow::open_osim(const QString& path) {
  OsimLoad load = load_osim(path, settings::geometry_paths.get());
  if (!load.data) return load.error;
  meshes_.clear();
  scene_name_ = QFileInfo(path).fileName();
  const QStringList not_simulated = load.data->osim ? load.data->osim->not_simulated : QStringList();
  doc_.reset(std::move(*load.data), {});
  viewport_->frame_selection();
  add_recent_file(QFileInfo(path).absoluteFilePath());
  update_recent_menu();
  update_title();
  QString text = tr("Opened %1").arg(load.summary);
  if (!not_simulated.isEmpty()) text += tr(". Kept, not simulated: %1").arg(not_simulated.join(QStringLiteral(", ")));
  const bool problems = !load.issues.isEmpty() || !load.missing_meshes.isEmpty();
  if (problems) {
    // once, all together: what could not be mapped, then the meshes not found with the paths tried
    QStringList lines;
    if (!load.missing_meshes.isEmpty()) {
      lines << tr("%n mesh(es) not found (add folders in Edit ▸ Preferences):", nullptr, static_cast<int>(load.missing_meshes.size()));
      for (const QString& m : load.missing_meshes) lines << QStringLiteral("  ") + m;
    }
    QStringList other;
    for (const QString& i : load.issues)
      if (!i.contains(QLatin1String("not found (tried"))) other << QStringLiteral("  ") + i;
    if (!other.isEmpty()) lines << tr("%n problem(s); the rest of the model opened:", nullptr, static_cast<int>(other.size())) << other;
    text += QStringLiteral("\n") + lines.join(QLatin1Char('\n'));
  }
  show_message(text, problems);
  return {};
}

void MainWindow::preferences_dialog() {
  QDialog dlg(this);
  dlg.setWindowTitle(tr("Preferences"));
  auto* layout = new QVBoxLayout(&dlg);
  layout->addWidget(new QLabel(tr("Folders searched for OpenSim meshes (.vtp, .stl, .obj), after the model's own folder "
                                  "and its Geometry/ folder, in this order:")));
  auto* list = new QListWidget;
  list->setObjectName(QStringLiteral("geometry_paths"));
  list->addItems(settings::geometry_paths.get());
  layout->addWidget(list);
  auto* row = new QHBoxLayout;
  auto* add = new QPushButton(tr("Add Folder…"));
  auto* remove = new QPushButton(tr("Remove"));
  row->addWidget(add);
  row->addWidget(remove);
  row->addStretch(1);
  layout->addLayout(row);
  connect(add, &QPushButton::clicked, &dlg, [&] {
    const QString dir = QFileDialog::getExistingDirectory(&dlg, tr("Geometry folder"), settings::last_directory.get());
    if (!dir.isEmpty()) list->addItem(dir);
  });
  connect(remove, &QPushButton::clicked, &dlg, [list] { delete list->currentItem(); });
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
  layout->addWidget(buttons);
  connect(buttons, &QDialogButtonBox::accepted, &dlg, &QDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, &dlg, &QDialog::reject);
  if (dlg.exec() != QDialog::Accepted) return;
  QStringList paths;
  for (int i = 0; i < list->count(); ++i) paths << list->item(i)->text();
  settings::geometry_paths.set(paths);
  show_message(tr("Geometry folders: %1 (used when a model is opened)").arg(paths.isEmpty() ? tr("none") : paths.join(QStringLiteral(", "))), false);
}

}  // namespace js::ui
