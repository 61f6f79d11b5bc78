#include "ui/app/settings.hpp"

#include <QFileInfo>

namespace js::ui {

void add_recent_file(const QString& path) {
  const QString abs = QFileInfo(path).absoluteFilePath();
  QStringList list = settings::recent_files.get();
  list.removeAll(abs);
  list.prepend(abs);
  QStringList kept;
  for (const QString& p : list)
    if (QFileInfo::exists(p) && kept.size() < 8) kept << p;
  settings::recent_files.set(kept);
}

}  // namespace js::ui
