// files the ui gtest programs share (one definition, so they can be unity builds): the shared OpenSim models,
// the project's scene files, and writing a test's own input file.
#pragma once

#include <gtest/gtest.h>

#include <QByteArray>
#include <QFile>
#include <QString>

namespace js::ui::test {

// ../shared/data/opensim beside the project (tests that need it skip when it is absent)
inline const QString kModels = QStringLiteral(JS_SOURCE_DIR "/../shared/data/opensim");

// resources/scenes/<name>.json
inline QString scene_path(const char* name) { return QStringLiteral(JS_SOURCE_DIR "/resources/scenes/%1.json").arg(name); }

inline void write_text(const QString& path, const QByteArray& text) {
  QFile f(path);
  ASSERT_TRUE(f.open(QIODevice::WriteOnly)) << path.toStdString();
  f.write(text);
}

}  // namespace js::ui::test
