#include "ui/app/demos.hpp"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

namespace js::ui {

QString demos_dir() {
  QStringList candidates;
  if (const QString env = qEnvironmentVariable("JS_DEMOS_DIR"); !env.isEmpty()) candidates << env;
  // an installed app first, so it never reads a source tree that happens to exist
  if (QCoreApplication::instance())
    candidates << QCoreApplication::applicationDirPath() + QStringLiteral("/../share/jointsmith/demos");
  candidates << QStringLiteral(JS_DEMOS_SOURCE_DIR);
  for (const QString& c : candidates)
    if (QFileInfo(c).isDir()) return QDir::cleanPath(QFileInfo(c).absoluteFilePath());
  return {};
}

QStringList demo_files() {
  const QString dir = demos_dir();
  if (dir.isEmpty()) return {};
  QStringList out;
  for (const QFileInfo& f : QDir(dir).entryInfoList({QStringLiteral("*.json")}, QDir::Files, QDir::Name))
    out << f.absoluteFilePath();
  return out;
}

}  // namespace js::ui
