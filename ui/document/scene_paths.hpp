// file names inside a scene document (docs/scene-file.md): a body's mesh file ("mesh": {"file"}), a body's joint file
// ("joint" as a string) and a loop's joint file (loops[].joint as a string). an opened scene's are made absolute
// (ui/export/scene_import.hpp), so the kept keys work from a project anywhere and the app never depends on the current
// folder; a written scene names them relative to its own folder, so the scene and the files it names can be moved or
// copied together.
#pragma once

#include <QString>
#include <nlohmann/json.hpp>
#include <string>

namespace js::ui {

// name resolved against dir (the folder of the scene that names it), cleaned; an absolute name unchanged.
std::string absolute_scene_path(const QString& dir, const std::string& name);

// name as seen from dir: relative to it (with "../" as needed) when name is absolute and a relative path
// exists (not on another drive); a relative name unchanged.
std::string relative_scene_path(const QString& dir, const std::string& name);

// every file name of a whole scene document (bodies[].mesh.file, bodies[].joint, loops[].joint) made
// relative to dir, the folder the scene is written to. inline joints and meshes are left alone.
void make_scene_paths_relative(nlohmann::json& scene, const QString& dir);

// one scene body's file names (mesh.file, visual.file, a joint file) relative to dir, or resolved against it:
// a project keeps an opened scene's body keys, and must move with its files like its own mesh paths
void make_scene_body_paths_relative(nlohmann::json& body, const QString& dir);
void make_scene_body_paths_absolute(nlohmann::json& body, const QString& dir);

}  // namespace js::ui
