#include "ui/document/scene_paths.hpp"

#include <QDir>
#include <QFileInfo>

namespace js::ui {
namespace {

using json = nlohmann::json;

// a string member holding a file name, rewritten in place
void relative_member(json& object, const char* key, const QString& dir) {
  if (object.is_object() && object.contains(key) && object[key].is_string())
    object[key] = relative_scene_path(dir, object[key].get<std::string>());
}

void absolute_member(json& object, const char* key, const QString& dir) {
  if (object.is_object() && object.contains(key) && object[key].is_string())
    object[key] = absolute_scene_path(dir, object[key].get<std::string>());
}

}  // namespace

std::string absolute_scene_path(const QString& dir, const std::string& name) {
  const QString n = QString::fromStdString(name);
  return QFileInfo(n).isAbsolute() ? name : QDir::cleanPath(QDir(dir).absoluteFilePath(n)).toStdString();
}

std::string relative_scene_path(const QString& dir, const std::string& name) {
  const QString n = QString::fromStdString(name);
  if (!QFileInfo(n).isAbsolute()) return name;
  const QString relative = QDir(QDir(dir).absolutePath()).relativeFilePath(n);
  // another drive (windows) has no relative path: keep the absolute one
  return QFileInfo(relative).isAbsolute() ? name : relative.toStdString();
}

void make_scene_paths_relative(json& scene, const QString& dir) {
  if (!scene.is_object()) return;
  for (const char* list : {"bodies", "loops"}) {
    if (!scene.contains(list) || !scene[list].is_array()) continue;
    for (json& item : scene[list]) make_scene_body_paths_relative(item, dir);
  }
}

void make_scene_body_paths_relative(json& body, const QString& dir) {
  relative_member(body, "joint", dir);
  if (body.is_object() && body.contains("mesh")) relative_member(body["mesh"], "file", dir);
  if (body.is_object() && body.contains("visual")) relative_member(body["visual"], "file", dir);
}

void make_scene_body_paths_absolute(json& body, const QString& dir) {
  absolute_member(body, "joint", dir);
  if (body.is_object() && body.contains("mesh")) absolute_member(body["mesh"], "file", dir);
  if (body.is_object() && body.contains("visual")) absolute_member(body["visual"], "file", dir);
}

}  // namespace js::ui
