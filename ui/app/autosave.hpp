// keeps the open document's unsaved changes in a recovery file, written a couple of seconds after each change.
// every running instance has its own file in the recovery folder, held by a lock (QLockFile) while it runs, so
// a file whose lock is free was left by an instance that did not exit cleanly (an orphan) and a live
// instance's file is never offered. a recovery file is deleted only after a successful save or when the user
// discards it; an unreadable one is moved aside, never deleted.
#pragma once

#include <QObject>
#include <QTimer>
#include <functional>
#include <memory>

#include "ui/document/document.hpp"

class QLockFile;

namespace js::ui {

class Autosave : public QObject {
  Q_OBJECT
 public:
  // dir: the recovery folder; delay_ms: how long after a change the file is written
  Autosave(Document& doc, QString dir, int delay_ms, QObject* parent = nullptr);
  ~Autosave() override;

  // the recovery folder in the user's application data folder
  static QString default_dir();
  const QString& dir() const { return dir_; }
  // this instance's recovery file (it exists only while there is something to recover)
  const QString& path() const { return path_; }

  // recovery files of instances that are no longer running, newest first
  QStringList orphans() const;
  // takes an orphan over as this instance's file (locked from now on, rewritten on the next change);
  // false when another instance took it first
  bool adopt(const QString& orphan);
  // deletes an orphan the user chose to discard; false when another instance holds it
  bool discard_orphan(const QString& orphan) const;
  // moves an unreadable recovery file aside (name + ".unreadable", numbered if taken); returns the new path
  static QString set_aside(const QString& file);

  // what is written: the document's data unless set (the window gives the document without the frames a
  // running simulation shows, which are not an edit)
  void set_source(std::function<DocumentData()> source) { source_ = std::move(source); }
  // a document change for which this returns true is a view (a simulation's frame), not work to keep: no write
  void set_view_change(std::function<bool()> is_view) { is_view_ = std::move(is_view); }

  // writes now if anything changed since the last write; returns an error message or an empty string
  QString write_now();
  // deletes this instance's file: only after a successful save or the user's explicit discard
  void discard();

 signals:
  void failed(const QString& message);
  // the recovery file was written
  void written(const QString& path);

 private:
  Document& doc_;
  QString dir_;
  QString path_;
  std::unique_ptr<QLockFile> lock_;
  QTimer timer_;
  std::function<DocumentData()> source_;
  std::function<bool()> is_view_;
  bool pending_ = false;  // changed since the last write
};

}  // namespace js::ui
