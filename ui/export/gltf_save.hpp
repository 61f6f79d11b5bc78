// File ▸ Export ▸ glTF (binary): the project's motion as a .glb, what `jointsmith-cli export --format gltf` writes
// for the project's scene export (core/interop/gltf_export.hpp, docs/gltf.md): the document's multibody
// (scene_to_json, as Simulate and the ik drag use it), simulated from the joints' current q or one coordinate swept
// over its range, keys thinned to a stated tolerance, each body with the mesh the view draws.
#pragma once

#include <QString>

#include "ui/document/document_data.hpp"

namespace js::ui {

class MeshLibrary;

struct GltfSaveOptions {
  // empty: simulate for `duration` s with the document's simulation settings (dt, integrator, gravity, damping);
  // else sweep this coordinate ("body.coordinate" as the scene export names it) over its range in `duration` s
  QString sweep;
  double duration = 2.0;        // s, > 0
  double fps = 240.0;           // sweep: candidate frames per second, > 0
  double key_tolerance = 1e-4;  // m and rad per node, ≥ 0
};

struct GltfSaveResult {
  QString error;    // empty when written; else names the file or the body and what is wrong (nothing written)
  QString summary;  // "12 bodies, 41 keys of 481 frames over 2 s; within … m and … rad"
  bool ok() const { return error.isEmpty(); }
};

// the coordinates a sweep can take: "body.coordinate" of every bounded coordinate of the document's multibody that no
// coupler sets, in scene order; the selected joint's first. empty when the document has no multibody (error says why).
QStringList gltf_sweep_coordinates(const DocumentData& d, JointId preferred, QString* error = nullptr);

// writes the .glb atomically. a body with a mesh (imported, an opensim body's parts, a scene's) carries it in body
// coordinates (metres); a body without one the box of its inertia, as the cli does. glTF is y-up: a z-up document
// (an opened z-up scene) gets the y_up node, a y-up one (a project, an opensim model) is written as it is.
// meshes: the view's library (null: a fresh one loads them).
GltfSaveResult save_gltf(const DocumentData& d, const GltfSaveOptions& options, const QString& path,
                         MeshLibrary* meshes = nullptr);

// the timeline's animation (Joint::timeline, ui/document/timeline.hpp): every keyed joint's coordinate at q(t), the
// other coordinates where the document has them, sampled at `fps` frames per second from 0 to the last key and
// written as a .glb the way save_gltf writes one (atomically, its meshes, y-up). the error names the joint whose keys
// cannot be played, or the file.
GltfSaveResult save_timeline_gltf(const DocumentData& d, double fps, const QString& path, MeshLibrary* meshes = nullptr);

}  // namespace js::ui
