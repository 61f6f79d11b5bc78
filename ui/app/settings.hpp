// typed keys over QSettings: each setting is declared once with its type and default.
#pragma once

#include <QByteArray>
#include <QSettings>
#include <QString>
#include <QStringList>

namespace js::ui {

template <class T>
struct SettingKey {
  const char* name;
  T fallback;

  T get() const {
    const QVariant v = QSettings().value(QString::fromLatin1(name));
    return v.isValid() && v.canConvert<T>() ? v.value<T>() : fallback;
  }
  void set(const T& value) const { QSettings().setValue(QString::fromLatin1(name), QVariant::fromValue(value)); }
  void clear() const { QSettings().remove(QString::fromLatin1(name)); }
};

namespace settings {
inline const SettingKey<QStringList> recent_files{"files/recent", {}};
inline const SettingKey<QString> last_directory{"files/last_directory", {}};
inline const SettingKey<QByteArray> window_geometry{"window/geometry", {}};
inline const SettingKey<QByteArray> window_state{"window/state", {}};
inline const SettingKey<bool> first_start_done{"app/first_start_done", false};
inline const SettingKey<bool> show_frame_time{"view/show_frame_time", false};
// every joint's C and D frames, and the lower pairs' shafts and balls (View ▸ Show Joint Frames / Shapes)
inline const SettingKey<bool> show_joint_frames{"view/show_joint_frames", false};
inline const SettingKey<bool> show_joint_shapes{"view/show_joint_shapes", false};
inline const SettingKey<bool> show_screw_axis{"view/show_screw_axis", false};
// the recovery file is written this long after a change
inline const SettingKey<int> autosave_delay_ms{"app/autosave_delay_ms", 2000};
// folders searched for an OpenSim model's meshes after its own folder and its Geometry/ (Edit ▸ Preferences)
inline const SettingKey<QStringList> geometry_paths{"opensim/geometry_paths", {}};
}  // namespace settings

// puts path first in the recent list (at most 8, no duplicates, missing files dropped)
void add_recent_file(const QString& path);

}  // namespace js::ui
