// opening a scene file (docs/scene-file.md) as a document. the scene's root frame becomes a frame-only body
// ("world", at root.pose), every scene body a body on a joint with the scene's model (offsets included) at
// the initial q; meshes (an obj file or inline) are drawn as meshes, bodies without one as the ellipsoid of
// their inertia. what the document does not model — settings, root spin, forces, motions, closed loops,
// initial q̇ and any other key — is kept verbatim (DocumentData::scene_keys, Body::scene_keys, Joint::
// scene_joint) so the scene export (scene_to_json, exports.hpp) gives back the scene jointsmith-cli simulate
// runs. file names (meshes, bodies' and loops' joint files) are made absolute (the export writes them
// relative to its file, scene_paths.hpp); each body's scene_keys keeps its "name" as
// read, so the export points the loops at a body renamed since.
#pragma once

#include <QString>
#include <optional>

#include "ui/document/document_data.hpp"
#include "ui/document/document.hpp"

namespace js::ui {

// true when the file is json whose "format" is "jointsmith.scene" (reads the file; false when unreadable)
bool is_scene_file(const QString& path);

struct SceneLoad {
  std::optional<DocumentData> data;  // empty when the scene could not be read
  QString error;                     // the core's message: file, json pointer and problem
  QString description;               // the scene's description, if any
};

// reads and checks the scene with the core reader (core/scene/scene_file.hpp), then builds the document.
SceneLoad load_scene(const QString& path);

// the simulation settings a scene document asks for: its settings.dt and settings.integrator and its
// forces.joint_damping; false (outputs untouched) for a document not opened from a scene.
bool scene_dynamics_settings(const DocumentData& d, double& dt, Integrator& integrator, double& damping);

}  // namespace js::ui
