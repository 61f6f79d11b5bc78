// the shipped demo scenes (resources/demos/*.json, docs/demos.md): found next to an installed app
// (<prefix>/bin/jointsmith → <prefix>/share/jointsmith/demos), else in the source tree the app was built from;
// JS_DEMOS_DIR overrides both.
#pragma once

#include <QString>
#include <QStringList>

namespace js::ui {

// the demos folder of an app: the first of env (a JS_DEMOS_DIR value; empty: unset), <app_dir>/../share/
// jointsmith/demos (app_dir: the executable's folder; empty: unknown) and source_dir (the source tree's
// resources/demos) that is a folder, as a clean absolute path; empty when none is
QString find_demos_dir(const QString& env, const QString& app_dir, const QString& source_dir);

// the folder holding the demo scenes (find_demos_dir for this process); empty when none is found
QString demos_dir();

// the demo scene files (absolute paths, sorted by name); empty when there are none
QStringList demo_files();

}  // namespace js::ui
