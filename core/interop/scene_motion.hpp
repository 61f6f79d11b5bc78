// a scene's motion as poses over time, and the body geometry to show it with: what the glTF exporter
// writes. the motion is either a sweep of one coordinate over its range or a recorded simulation.
#pragma once

#include <string>
#include <vector>

#include "core/scene/obj_mesh.hpp"
#include "core/scene/scene_file.hpp"

namespace js::interop {

// poses of every body at a series of times.
struct SceneMotion {
  std::vector<double> times;               // s, increasing
  std::vector<SE3> world_T_root;           // per time: the root frame
  std::vector<std::vector<SE3>> parent_T_body;  // per time, per body: the joint transform G_i(q) (offsets in)
  std::vector<std::vector<SE3>> world_T_body;   // per time, per body
};

// sweeps coordinate `coordinate` (a "body.coordinate" name) from its min to its max over `duration` s in
// `frames` ≥ 2 evenly spaced frames, the others held at the scene's initial q except those its couplers set, which
// follow it. throws std::invalid_argument for an unknown name, an unbounded range or a coordinate a coupler sets.
SceneMotion sweep_motion(const scene::Scene& scene, const std::string& coordinate, double duration, int frames);

// the scene at given coordinates: frame f at times[f] (s, increasing) with q = qs[f] (size nq each), the coordinates its
// couplers set following the others (an animation keyed in the app). throws std::invalid_argument when the sizes
// disagree, there are no frames, or the times do not increase.
SceneMotion keyed_motion(const scene::Scene& scene, const std::vector<double>& times, const std::vector<Eigen::VectorXd>& qs);

// simulates the scene from its initial state for `duration` s at its settings (dt, integrator) and keeps
// a frame every `every` steps (and the last). throws std::runtime_error when the state becomes NaN/Inf.
SceneMotion simulated_motion(const scene::Scene& scene, double duration, int every);

// the geometry of each body in body coordinates: its mesh when the scene file gives one ("mesh": file or
// inline), else its "visual" file (the app's drawing, scaled from its units) when read_mesh_file reads that format
// (.obj, .vtp, .vtk), otherwise a box with the body's mass and inertia (principal axes, centred at the com).
// scene_path is the file the scene was read from (meshes are named relative to its folder).
std::vector<scene::TriangleMesh> scene_body_meshes(const std::string& scene_path, const scene::Scene& scene);

// the box of a body's inertia: a uniform solid box with the same mass, com and principal moments.
scene::TriangleMesh inertia_box(const BodyInertia& inertia);

}  // namespace js::interop
