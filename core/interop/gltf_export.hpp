// a scene's motion as a binary glTF 2.0 file (.glb) that Blender and other viewers play: one node per body
// in the scene's tree under a "root" node, each with its mesh, and one animation with translation and
// rotation channels (LINEAR, one key per given frame; thin dense frames with gltf_keys.hpp) of every node.
// glTF is y-up; a z-up scene (gravity along z) gets a constant "y_up" node above "root" that turns one
// into the other. conventions: docs/gltf.md.
#pragma once

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "core/dynamics/multibody.hpp"
#include "core/interop/scene_motion.hpp"

namespace js::interop {

// whether a scene's world is z-up: its gravity points along z more than along y (the app shows it with +z
// up, and glTF needs it turned); a y-up scene (OpenSim models, gravity along −y) or one without gravity is not.
inline bool world_is_z_up(const Vec3& gravity) { return std::abs(gravity.z()) > std::abs(gravity.y()); }

struct GltfOptions {
  // wrap "root" in a node "y_up" rotating −90° about x, so our z-up world stands upright in y-up viewers
  // (glTF (x, y, z) = our (x, z, −y)); false: no extra node, our axes written as glTF's.
  bool y_up = true;
};

// the .glb bytes. model gives body names and the tree; meshes one per body (body coordinates, metres);
// motion its frames. node transforms are local: the root node carries world_T_root, a body node
// parent_T_body = G_i(q). throws std::invalid_argument when sizes disagree or there are no frames.
std::vector<std::uint8_t> motion_to_glb(const MultibodyModel& model, const std::vector<scene::TriangleMesh>& meshes,
                                        const SceneMotion& motion, const std::string& animation_name = "motion",
                                        const GltfOptions& options = {});

// writes motion_to_glb to path; std::runtime_error naming the path on failure.
void write_glb(const std::string& path, const MultibodyModel& model, const std::vector<scene::TriangleMesh>& meshes,
               const SceneMotion& motion, const std::string& animation_name = "motion", const GltfOptions& options = {});

}  // namespace js::interop
