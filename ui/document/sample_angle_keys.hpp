// the names a project may store as a joint's sample-angle sequence (Joint::sample_angles): the file reader checks
// them here, the samples dock (ui/joint/sample_angles) turns them into conventions.
#pragma once

#include <QString>
#include <QStringList>

namespace js::ui {

// every key in the order the samples dock lists them: "grood_suntay" (axes from the motion), "grood_suntay_xy" …
// (flexion about the parent's x, long axis y; six), "xyz" … (body-fixed; six), "axis_angle". "" is "grood_suntay".
QStringList sample_angle_keys();
bool is_sample_angle_key(const QString& key);

}  // namespace js::ui
