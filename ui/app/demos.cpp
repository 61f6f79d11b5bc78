#include "ui/app/demos.hpp"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

namespace js::ui {

QString find_demos_dir(const QString& env, const QString& app_dir, const QString& source_dir) {
  QStringList candidates;
  if (!env.isEmpty()) candidates << env;
  // an installed app first, so it never reads a source tree that happens to exist
  if (!app_dir.isEmpty()) candidates << app_dir + QStringLiteral("/../share/jointsmith/demos");
  if (!source_dir.isEmpty()) candidates << source_dir;
  for (const QString& c : candidates)
    if (QFileInfo(c).isDir()) return QDir::cleanPath(QFileInfo(c).absoluteFilePath());
  return {};
}

QString demos_dir() {
  const QString app_dir = QCoreApplication::instance() ? QCoreApplication::applicationDirPath() : QString();
  return find_demos_dir(qEnvironmentVariable("JS_DEMOS_DIR"), app_dir, QStringLiteral(JS_DEMOS_SOURCE_DIR));
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
