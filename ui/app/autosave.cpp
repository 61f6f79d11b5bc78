#include "ui/app/autosave.hpp"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLockFile>
#include <QStandardPaths>
#include <QUuid>
#include <algorithm>

#include "ui/document/project_file.hpp"

namespace js::ui {

namespace {

QString lock_path(const QString& file) { return file + QStringLiteral(".lock"); }

// a lock judged by its owner's process only: QLockFile's default also calls a lock older than 30 s stale,
// which would hand a long-running instance's file to the next one
std::unique_ptr<QLockFile> try_lock(const QString& file) {
  auto lock = std::make_unique<QLockFile>(lock_path(file));
  lock->setStaleLockTime(0);
  if (!lock->tryLock(0)) return nullptr;
  return lock;
}

}  // namespace

Autosave::Autosave(Document& doc, QString dir, int delay_ms, QObject* parent)
    : QObject(parent), doc_(doc), dir_(std::move(dir)) {
  QDir().mkpath(dir_);
  // a name no other instance uses: time for the reader, a uuid for uniqueness
  const QString stamp = QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss"));
  const QString id = QUuid::createUuid().toString(QUuid::WithoutBraces).left(8);
  path_ = QDir(dir_).filePath(QStringLiteral("session-%1-%2.jsproj").arg(stamp, id));
  lock_ = try_lock(path_);
  timer_.setSingleShot(true);
  timer_.setInterval(delay_ms);
  connect(&timer_, &QTimer::timeout, this, [this] {
    const QString err = write_now();
    if (!err.isEmpty()) emit failed(err);
  });
  // written within delay_ms of the first change, also during a long drag (the timer is not restarted)
  connect(&doc_, &Document::changed, this, [this] {
    if (is_view_ && is_view_()) return;
    pending_ = true;
    if (!timer_.isActive()) timer_.start();
  });
}

Autosave::~Autosave() = default;

QString Autosave::default_dir() {
  const QString dir = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
  return QDir(dir).filePath(QStringLiteral("recovery"));
}

QStringList Autosave::orphans() const {
  QFileInfoList files = QDir(dir_).entryInfoList({QStringLiteral("*.jsproj")}, QDir::Files);
  std::sort(files.begin(), files.end(),
            [](const QFileInfo& a, const QFileInfo& b) { return a.lastModified() > b.lastModified(); });
  // locks of instances that were killed before they wrote anything: taking one and letting it go removes it
  for (const QFileInfo& l : QDir(dir_).entryInfoList({QStringLiteral("*.jsproj.lock")}, QDir::Files)) {
    const QString file = l.absoluteFilePath().chopped(5);
    if (file != QFileInfo(path_).absoluteFilePath() && !QFile::exists(file)) try_lock(file);
  }
  QStringList out;
  for (const QFileInfo& f : files) {
    const QString file = f.absoluteFilePath();
    if (file == QFileInfo(path_).absoluteFilePath()) continue;
    // a free lock: its instance is gone (a lock of a killed process is stale and taken over)
    if (try_lock(file)) out << file;
  }
  return out;
}

bool Autosave::adopt(const QString& orphan) {
  auto lock = try_lock(orphan);
  if (!lock) return false;
  // this instance's own file, if it already holds something, stays for a later start (lock released)
  lock_ = std::move(lock);
  path_ = orphan;
  pending_ = false;
  return true;
}

bool Autosave::discard_orphan(const QString& orphan) const {
  auto lock = try_lock(orphan);
  if (!lock) return false;
  QFile::remove(orphan);
  return true;
}

QString Autosave::set_aside(const QString& file) {
  QString target = file + QStringLiteral(".unreadable");
  for (int n = 2; QFile::exists(target); ++n) target = file + QStringLiteral(".unreadable-%1").arg(n);
  if (!QFile::rename(file, target)) return file;
  QFile::remove(lock_path(file));
  return target;
}

QString Autosave::write_now() {
  timer_.stop();
  if (!pending_) return {};
  // a clean document needs no recovery copy, unless an older copy of it would otherwise be offered
  if (!doc_.is_modified() && !QFile::exists(path_)) {
    pending_ = false;
    return {};
  }
  QString err = save_recovery(source_ ? source_() : doc_.data(), path_, doc_.file_path());
  if (err.isEmpty()) {
    pending_ = false;
    emit written(path_);
  }
  return err;
}

void Autosave::discard() {
  timer_.stop();
  QFile::remove(path_);
  pending_ = false;
}

}  // namespace js::ui
