#include "ui/app/autosave.hpp"

#include <QDir>
#include <QFile>
#include <QStandardPaths>

#include "ui/document/project_file.hpp"

namespace js::ui {

Autosave::Autosave(Document& doc, QString recovery_path, int interval_ms, QObject* parent)
    : QObject(parent), doc_(doc), path_(std::move(recovery_path)) {
  connect(&timer_, &QTimer::timeout, this, [this] {
    const QString err = write_now();
    if (!err.isEmpty()) emit failed(err);
  });
  connect(&doc_, &Document::changed, this, [this] { pending_ = true; });
  // saving the project makes the recovery copy useless
  connect(&doc_, &Document::modified_changed, this, [this](bool modified) {
    if (!modified) discard();
  });
  timer_.start(interval_ms);
}

QString Autosave::default_path() {
  const QString dir = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
  return QDir(dir).filePath(QStringLiteral("recovery.jsproj"));
}

bool Autosave::has_recovery() const { return QFile::exists(path_); }

QString Autosave::write_now() {
  if (!doc_.is_modified() || !pending_) return {};
  const QString err = save_recovery(doc_.data(), path_, doc_.file_path());
  if (err.isEmpty()) pending_ = false;
  return err;
}

void Autosave::discard() {
  QFile::remove(path_);
  pending_ = doc_.is_modified();
}

}  // namespace js::ui
