// body names inside a scene's kept keys. an opened scene's settings, forces, loops and initial q̇ are kept
// verbatim (scene_import.hpp) and name bodies as the scene file did; after a body is renamed in the app the
// scene export points them at the new name.
#pragma once

#include <map>
#include <string>

#include <nlohmann/json.hpp>

namespace js::ui {

// rewrites every body reference of a scene document (docs/scene-file.md) that names a key of `renamed` to
// its value: loops[].body_a/body_b, forces.point_springs[].body_a/body_b, forces.external[].body, the body
// part of forces.springs[]/motors[].coordinate ("body.coordinate") and of initial_state.q/qd's keys.
// bodies[] themselves are left alone. renamed: old name → new name (names have no '.').
void rename_scene_bodies(nlohmann::json& scene, const std::map<std::string, std::string>& renamed);

}  // namespace js::ui
