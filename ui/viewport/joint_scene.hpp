// the fitted joints in the viewport, built without GL (paper Fig. 4): the child's swept path (1 dof: a
// polyline traced by the child's mesh centre over the coordinate range) or swept surface (2 dof: a wire grid
// over both ranges), and the control frames of a spline curve as axis triads with the one nearest the
// current q highlighted; on a swept surface, the child's frame at each sample's q and the current pose as a red
// box (paper fig. 4). the lines go into Scene::lines; Scene::joints keeps what was traced for tests.
#pragma once

#include "ui/document/document_data.hpp"
#include "ui/mesh/mesh_library.hpp"
#include "ui/viewport/scene.hpp"

namespace js::ui {

inline constexpr int kPathSegments = 120;  // 1 dof: segments of the swept path
inline constexpr int kGridLines = 12;      // 2 dof: wire-grid lines per coordinate

// appends joint j's motion to scene (nothing when it has no model). active: the selected joint, drawn
// brighter. the traced point is the child's mesh centre (its origin when it has no mesh).
void append_joint_motion(const DocumentData& d, const Joint& j, MeshLibrary& meshes, bool active, Scene& scene);

// the basis index of a spline curve whose control frame dominates at q: the greville abscissa nearest q
// (closed curves wrap q into the period). returns the control frame index.
int current_control_frame(const JointModel& model, double q);

}  // namespace js::ui
