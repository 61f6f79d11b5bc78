// builds the Scene (what to draw) from a document: bodies at their world poses with their colours,
// captured samples as translucent ghosts of the child (coloured by residual once fitted), fitted joints'
// swept motion and control frames (joint_scene.hpp), the surfaces of partly driven joints
// (surface_scene.hpp), closed loops (loop_scene.hpp), joints' C and D frames and lower-pair shapes
// (joint_shapes_scene.hpp), a re-authored joint's child where the model it is compared
// with puts it (reauthor.hpp), grid, world axes, body triads and the gizmo.
// no GL: unit-tested without a context.
#pragma once

#include <optional>

#include "ui/document/document.hpp"
#include "ui/mesh/mesh_library.hpp"
#include "ui/viewport/gizmo.hpp"
#include "ui/viewport/loop_scene.hpp"
#include "ui/viewport/scene.hpp"
#include "ui/viewport/surface_scene.hpp"

namespace js::ui {

struct SceneOptions {
  bool grid = true;
  bool world_axes = true;
  bool body_triads = true;
  bool ghosts = true;
  bool joint_motion = true;      // swept paths / surfaces and control frames of fitted joints
  bool residual_colours = true;  // ghosts of a fitted joint coloured by their residual (residual_colour.hpp)
  bool driven_surfaces = true;   // the surface a partly driven joint's child rides (surface_scene.hpp)
  bool joint_frames = false;     // every joint's D (parent) and C (child) frames as triads (joint_shapes_scene.hpp)
  bool joint_shapes = false;     // lower pairs as shafts, balls, bars and plates (joint_shapes_scene.hpp)
  bool screw_axis = false;       // the selected joint's instantaneous screw axes (screw_axis_scene.hpp)
  // keeps those surfaces between frames (the viewport owns one); null builds them every call
  DrivenSurfaceCache* surface_cache = nullptr;
  bool loops = true;  // an opened scene's closed loops: their frames and gaps (loop_scene.hpp)
  // keeps the document's multibody for them between frames (the viewport owns one); null builds it every call
  LoopSceneCache* loop_cache = nullptr;
  double grid_extent = 1.0;   // m, half width
  double grid_spacing = 0.1;  // m
  std::optional<GizmoFrame> gizmo;
  GizmoHandle gizmo_hovered = GizmoHandle::none;
  // an ik drag: the grabbed point and its target (world), drawn on top as a line and a cross
  std::optional<std::pair<Vec3, Vec3>> ik_target;
  // the distance tool's points (world, measure_tool.hpp): a cross at each, a line between two, drawn on top
  std::vector<Vec3> measure_points;
};

Scene build_scene(const DocumentData& d, const Selection& selection, MeshLibrary& meshes, const CameraState& cam,
                  const SceneOptions& options);

// a bounding sphere of the selection (or of everything when nothing is selected: the drawn bodies and the
// surfaces of driven joints), for "frame selection"
bool selection_bounds(const DocumentData& d, const Selection& selection, MeshLibrary& meshes, Vec3& centre,
                      double& radius);

}  // namespace js::ui
