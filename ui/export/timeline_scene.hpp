// the timeline's keys in an exported scene file (issue 17): a keyed joint becomes what jointsmith-cli simulate
// drives the same way the app's Simulate does with "Keyed joints follow the timeline" (docs/app.md, "Timeline").
//   q mode, ≥ 2 keys: the body's "drive" gets {"coordinate", "keys": [{"t", "q"}…], "continuity"}: the monotone
//     timing curve applied to q (docs/motion.md), the curve the dock plots;
//   arc_length mode, ≥ 2 keys: the body's "motion" {"from", "to", "keys": [{"t", "s"}…], "continuity"}: q(s(t)) with
//     core's arc length over the coordinate's range at the child origin, ℓ = 1 (the dock's);
//   one key: a drive holding its q ("rate": 0).
#pragma once

#include <QString>
#include <nlohmann/json.hpp>
#include <vector>

#include "ui/document/document_data.hpp"

namespace js::ui {

// writes every keyed joint's timeline into scene (as scene_to_json made it; bodies[i] is scene_bodies[i]). an error
// (the scene already drives the keyed coordinate, or the keys cannot be played) names the joint; scene is then
// partly written and must not be used.
QString add_timeline_to_scene(const DocumentData& d, const std::vector<BodyId>& scene_bodies, nlohmann::json& scene);

}  // namespace js::ui
