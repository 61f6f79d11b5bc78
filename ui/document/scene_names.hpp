// body and coordinate names inside a scene's kept keys. an opened scene's settings, forces, loops and initial q̇ are
// kept verbatim (ui/export/scene_import.hpp) and name bodies as the scene file did; after a body is renamed in the app
// the scene export points them at the new name, a coordinate renamed in the app is renamed in them at once (one
// undo step with the rename), and deleting a body (or a joint) removes what names it.
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace js::ui {

// rewrites every body reference of a scene document (docs/scene-file.md) that names a key of `renamed` to
// its value: loops[].body_a/body_b, forces.point_springs[].body_a/body_b, forces.external[].body, the body
// part of forces.springs[]/motors[].coordinate ("body.coordinate") and of initial_state.q/qd's keys.
// bodies[] themselves are left alone. renamed: old name → new name (names have no '.').
void rename_scene_bodies(nlohmann::json& scene, const std::map<std::string, std::string>& renamed);

// renames coordinate `from` of the body the scene names `body` to `to` in a scene document's kept keys: every
// "body.from" of forces.springs[]/motors[].coordinate, couplers[].coordinate and .independents and
// initial_state.q/qd's keys becomes "body.to". returns how many references changed.
int rename_scene_coordinate(nlohmann::json& scene, const std::string& body, const std::string& from, const std::string& to);

// the same in a body's own kept keys: its drive's entries name the coordinates of its joint without the body
// ("coordinate": "from"). returns how many changed.
int rename_drive_coordinate(nlohmann::json& body_keys, const std::string& from, const std::string& to);

// removes from a scene document (its kept keys) every entry that would no longer read once bodies are gone
// or lose their joint: loops[] and forces.point_springs[] naming a body of `gone` (body_a or body_b),
// forces.external[] on one, and forces.springs[]/motors[] and initial_state.qd entries on a coordinate
// "body.coordinate" of a body in `gone` or `jointless` (a body that keeps no coordinates: exported on a
// fixed joint). names as the scene names them. returns what was removed, one phrase each ("loop
// ground_pin", "spring on crank.q1"), in document order.
std::vector<std::string> remove_scene_references(nlohmann::json& scene, const std::set<std::string>& gone,
                                                 const std::set<std::string>& jointless);

}  // namespace js::ui
