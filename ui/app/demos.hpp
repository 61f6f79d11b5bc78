// the shipped demo scenes (resources/demos/*.json, docs/demos.md): found next to an installed app
// (<prefix>/bin/jointsmith → <prefix>/share/jointsmith/demos), else in the source tree the app was built from;
// JS_DEMOS_DIR overrides both.
#pragma once

#include <QString>
#include <QStringList>

namespace js::ui {

// the folder holding the demo scenes; empty when none is found
QString demos_dir();

// the demo scene files (absolute paths, sorted by name); empty when there are none
QStringList demo_files();

}  // namespace js::ui
