// what leaves the app: the active joint as a joint file (core/io, docs/joint-file.md), the whole document
// as a scene file (core/scene, docs/scene-file.md) for jointsmith-cli simulate and the dynamics playback,
// and a joint file read back into a joint. each returns an error message naming the file, or nothing.
#pragma once

#include <QString>
#include <nlohmann/json.hpp>
#include <vector>

#include "ui/document/operations.hpp"

namespace js::ui {

// writes joint `id`'s model atomically. fails when the joint has no model yet (a spline before its fit).
QString export_joint_file(const DocumentData& d, JointId id, const QString& path);

// reads a joint file into joint `id` as one undo step (its kind follows the file; the child moves to G(q)).
OpResult<bool> load_joint_file(Document& doc, JointId id, const QString& path);

// the scene document of the project: bodies parents first, each root body on a fixed joint at its world
// pose, each child on its joint's model inline, masses and inertias, gravity −9.81 m/s² along −y (the
// viewport's up is +y), the joints' current q as the initial state. body names are made unique and free of
// '.' (coordinates are named "body.coordinate"). error: why there is no scene (a joint without a model).
// scene_bodies (optional): filled with the document body of each scene body, in scene order.
nlohmann::json scene_to_json(const DocumentData& d, QString& error, std::vector<BodyId>* scene_bodies = nullptr);

// scene_to_json written atomically, with the files it names (meshes, body and loop joint files) relative to
// path's folder (scene_paths.hpp).
QString export_scene_file(const DocumentData& d, const QString& path);

}  // namespace js::ui
