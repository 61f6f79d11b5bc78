// small ready-made multibodies used by tests, benchmarks, demo scenes and the cli: the paper's knee (a
// 1-dof spline curve joint), chains of closed spline curve joints ("SIGGRAPH Joint 1" has 8), the leg of
// fig. 3 (hip and ankle revolute, knee spline) and beads on a spinning wire frame (fig. 5a).
#pragma once

#include <memory>

#include "core/dynamics/multibody.hpp"
#include "core/joints/spline_curve_joint.hpp"

namespace js {

// a knee-like open cubic spline curve joint on q ∈ [0, 2.4] rad of flexion: rotation about x combined with
// a rolling-and-sliding translation of the tibia origin (paper fig. 1, qualitatively).
std::shared_ptr<SplineCurveJoint> example_knee_joint();

// a closed cubic spline curve joint through `num_frames` frames on q ∈ [0, 2π): a wobbly ring of radius
// ≈ radius (m) whose frames turn about z and tilt about x. child offset: none. order: spline order (4 is
// cubic, c²; 6 is c⁴, smooth enough that rk4 keeps its fourth order).
std::shared_ptr<SplineCurveJoint> example_ring_joint(int num_frames = 8, double radius = 0.1, double tilt = 0.3,
                                                     int order = 4);

// femur fixed at the root, tibia (3 kg) on example_knee_joint(). gravity −z. nq = 1.
MultibodyModel example_knee();

// n bodies in series, each on an example_ring_joint offset 0.1 m down from its parent. nq = n.
MultibodyModel example_spline_chain(int n);

// pelvis fixed; thigh on a hip revolute (x), shank on the knee spline joint, foot on an ankle revolute (x).
// bodies "thigh", "shank", "foot"; nq = 3. forward is −y; the toe is near (0, −0.12, −0.08) in the foot frame.
MultibodyModel example_leg();

}  // namespace js
