// thinning of animation keys for glTF's LINEAR interpolation with a stated tolerance: from dense frames
// (every simulation step, or a fine sweep) keep the fewest frames, greedily, such that interpolating the
// kept ones the way a viewer does (translation lerp, rotation slerp) reproduces every node's local
// transform at every dropped frame within the tolerance. docs/gltf.md.
#pragma once

#include <cstddef>
#include <vector>

#include "core/interop/scene_motion.hpp"

namespace js::interop {

struct KeyTolerance {
  double position = 1e-4;  // m, per node, local translation
  double angle = 1e-4;     // rad, per node, local rotation
};

// indices of the frames of motion to keep (increasing; the first and last always). the animated nodes are
// the root (world_T_root) and every body (parent_T_body). tolerance components must be ≥ 0.
std::vector<std::size_t> linear_keys(const SceneMotion& motion, const KeyTolerance& tolerance);

// motion restricted to the frames `keep` (indices into motion.times).
SceneMotion select_frames(const SceneMotion& motion, const std::vector<std::size_t>& keep);

// the largest local position (m) and angle (rad) error, over every node and every frame of motion, of the
// LINEAR interpolation between the frames `keep`. what linear_keys bounds; reported by the cli.
struct KeyError {
  double position = 0.0, angle = 0.0;
};
KeyError linear_key_error(const SceneMotion& motion, const std::vector<std::size_t>& keep);

}  // namespace js::interop
