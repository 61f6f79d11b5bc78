// writes the open document to a recovery file every interval while it has unsaved changes; the file is
// removed when the document is saved or closed cleanly, so a leftover file means the app did not exit well.
#pragma once

#include <QObject>
#include <QTimer>

#include "ui/document/document.hpp"

namespace js::ui {

class Autosave : public QObject {
  Q_OBJECT
 public:
  Autosave(Document& doc, QString recovery_path, int interval_ms, QObject* parent = nullptr);

  // the default recovery file in the user's application data folder
  static QString default_path();
  const QString& path() const { return path_; }
  bool has_recovery() const;
  // writes now if there are unsaved changes; returns an error message or an empty string
  QString write_now();
  // forget the recovery file (after a save, a clean close, or a declined recovery)
  void discard();

 signals:
  void failed(const QString& message);

 private:
  Document& doc_;
  QString path_;
  QTimer timer_;
  bool pending_ = false;  // changed since the last write
};

}  // namespace js::ui
