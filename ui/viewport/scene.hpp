// what the viewport draws, built from a document without any GL (scene_builder.hpp); the renderer
// (renderer.hpp) only uploads and draws these lists.
#pragma once

#include <Eigen/Core>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "ui/document/document_data.hpp"
#include "ui/mesh/mesh_data.hpp"
#include "ui/mesh/mesh_winding.hpp"

namespace js::ui {

// a range of a mesh's index list: `count` indices from `first`
struct IndexRun {
  std::uint32_t first = 0, count = 0;
};

struct MeshItem {
  // surface: the contact surface of a partly driven joint (surface_scene.hpp), in its parent's frame;
  // joint_shape: a lower pair's shaft, ball, bar or plate (joint_shapes_scene.hpp), a scaled unit mesh
  enum class Role { body, ghost, surface, joint_shape };
  std::shared_ptr<const MeshData> mesh;  // full detail: what picking and framing see
  // a simpler level drawn instead when the mesh is far (lod_select.hpp), with its own winding; null draws mesh
  std::shared_ptr<const MeshData> lod_mesh;
  MeshWinding lod_winding = MeshWinding::two_sided;
  int lod_level = 0;
  // runs_only: draw only these runs of lod_mesh's indices (the clusters that can show, cluster_cull.hpp)
  bool runs_only = false;
  std::vector<IndexRun> runs;
  Eigen::Matrix4f world_T_mesh = Eigen::Matrix4f::Identity();
  Eigen::Vector4f colour = Eigen::Vector4f::Ones();  // rgba, alpha < 1 draws blended
  Role role = Role::body;
  BodyId body = 0;           // the body drawn (a ghost's or a surface's: the joint's child)
  int sample = -1;           // the sample a ghost shows
  bool highlighted = false;  // selected: drawn with a rim glow
};

// packed (no alignment padding) so the array uploads as is: 7 floats per vertex
struct LineVertex {
  Eigen::Matrix<float, 3, 1, Eigen::DontAlign> position;
  Eigen::Matrix<float, 4, 1, Eigen::DontAlign> colour;
};
static_assert(sizeof(LineVertex) == 7 * sizeof(float));

// what was traced for one fitted joint (its lines are in Scene::lines): kept for tests and framing.
struct JointOverlay {
  JointId joint = 0;
  std::vector<Vec3> path;           // 1 dof: the swept path in q order; 2 dof: grid points, row-major
  int grid_rows = 0, grid_cols = 0;  // 2 dof only
  std::vector<SE3> control_frames;  // world poses of the child at each control frame (spline curves)
  int current_frame = -1;           // the control frame nearest the current q, highlighted
  // 2 dof (paper fig. 4): the child's orientation at each sample's q (the knot grid's greville points when it has
  // no samples), placed at the traced point on the swept surface; and the current pose there (the red box)
  std::vector<SE3> surface_frames;
  SE3 surface_current;
};

// a joint's two frames and its lower-pair shape as drawn (joint_shapes_scene.hpp; lines in Scene::overlay, the
// shape a MeshItem in Scene::opaque): kept for tests
struct JointGlyph {
  // shaft: revolute, helical, cylindrical (a cylinder along the axis); ball: spherical; bar: prismatic (a square
  // bar along the axis); cross: universal (two shafts); plate: planar (a square normal to the plane's normal)
  enum class Shape { none, shaft, ball, bar, cross, plate };
  JointId joint = 0;
  SE3 world_T_d;  // the joint's frame on the parent: world_T_parent · parent_T_joint (artisynth's D)
  SE3 world_T_c;  // its moving frame on the child: world_T_child · moving_T_child⁻¹ (artisynth's C)
  Shape shape = Shape::none;
  // the shape's centre and axis (shaft, bar: along it; plate: its normal; cross: the first shaft's)
  Vec3 centre = Vec3::Zero();
  Vec3 axis = Vec3::UnitZ();
  Vec3 second_axis = Vec3::Zero();  // cross: the second shaft's axis (carried by the child)
  double length = 0.0;              // m: shaft or bar length, plate side
  double radius = 0.0;              // m: shaft or ball radius, bar half width
  double frame_length = 0.0;        // m: the D triad's axes (C's are kChildFrameRatio of it)
};

// one closed loop as drawn (loop_scene.hpp; its lines are in Scene::overlay): kept for tests.
struct LoopOverlay {
  std::string name;
  BodyId body_a = 0;      // 0: the scene's root frame when the document has none
  BodyId body_b = 0;
  SE3 world_T_frame_a;    // the loop joint's frame on a: world_T_a · parent_T_joint
  SE3 world_T_frame_b;    // its moving frame as b carries it: world_T_b · moving_T_child⁻¹
  SE3 world_T_target;     // where the loop puts that frame: world_T_a · G(s*) · moving_T_child⁻¹
  double error = 0.0;     // ‖δ‖ over the loop's constrained rows (m or rad)
  bool open = false;      // error > kLoopGapTolerance: drawn red
};

// a joint's instantaneous screw axis for one coordinate (screw_axis_scene.hpp)
struct ScrewAxis {
  JointId joint = 0;
  int coordinate = 0;
  Vec3 point = Vec3::Zero();       // the axis point nearest the child origin, world (m)
  Vec3 direction = Vec3::UnitX();  // unit, world
  double pitch = 0.0;              // m per rad; meaningless for a translation
  bool translation = false;        // the coordinate turns nothing: the child slides along direction
};

struct Scene {
  std::vector<MeshItem> opaque;       // bodies, then driven joints' surfaces
  std::vector<MeshItem> translucent;  // ghosts, sorted far to near
  std::vector<LineVertex> lines;      // depth-tested segments (pairs): grid, world axes, triads
  std::vector<LineVertex> overlay;    // drawn on top (pairs): the gizmo, joints' frames
  std::vector<JointOverlay> joints;   // the fitted joints' swept paths and control frames
  std::vector<LoopOverlay> loops;     // an opened scene's closed loops
  std::vector<JointGlyph> joint_glyphs;  // joints' C and D frames and lower-pair shapes, when drawn
  std::vector<ScrewAxis> screw_axes;     // the selected joint's screw axes, when drawn
  Eigen::Vector3f background = Eigen::Vector3f(0.16f, 0.17f, 0.19f);
  // world_from_view_up: the lights are placed in a y-up frame and turned with the world's up axis, so a
  // z-up scene is lit from above too (identity for y-up)
  Eigen::Matrix3f light_frame = Eigen::Matrix3f::Identity();
};

}  // namespace js::ui
