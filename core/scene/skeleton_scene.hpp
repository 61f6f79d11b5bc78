// a scene as a hakenberg maximal-coordinate skeleton (core/dynamics/skeleton.hpp), so the same scene file
// runs through both solvers: `jointsmith-cli simulate --solver maximal`. body i of the scene is skeleton body
// i + 1; skeleton body 0 is the fixed ground (the scene's root frame, which the scene format always has:
// every body hangs from a joint, and there is no free 6-dof joint kind). skeleton joint i is body i's joint.
//
// mapped: revolute joints (hinges) and spherical joints (ball joints), gravity, joint damping and
// damping-only coordinate springs on revolute coordinates (the skeleton's viscous friction μ_j), motors on
// revolute coordinates, constant or sinusoidal (the motor β_j, updated each step). anything else is refused
// with an io::FileError naming the scene file, the json member and why (see docs/scene-file.md,
// "The maximal-coordinate solver").
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "core/dynamics/skeleton.hpp"
#include "core/scene/scene_file.hpp"

namespace js::scene {

struct SkeletonScene {
  SkeletonModel model;                         // ground + one body per scene body, one joint per scene body
  std::vector<std::pair<int, CoordinateMotor>> motors;  // (skeleton joint, the scene motor driving it)
};

// builds the skeleton of scene. source: the scene file's name, used in messages. throws io::FileError
// (kind InvalidValue, "source: /json/pointer: problem") for a joint other than revolute or spherical, a
// coordinate with limits or a lock, a prescribed coordinate, a spinning root, loops, coordinate springs
// with stiffness, point springs, external forces, and damping or motors on a spherical joint.
SkeletonScene skeleton_from_scene(const Scene& scene, const std::string& source);

// the skeleton state (one entry per skeleton body, ground first) of the scene's state (t, q, q̇), from the
// reduced model's kinematics, so it satisfies the joint constraints (hakenberg (1), (2)) exactly.
std::vector<SkeletonBodyState> skeleton_state(const Scene& scene, const SimulationState& state);

// sets each mapped motor's torque at time t (s): β_j = −τ(t), the skeleton's motor acting +on the parent.
void set_skeleton_motors(SkeletonScene& skeleton, double t);

// the scene's coordinates of a skeleton state: each joint's q found by gauss–newton on its rotation
// (log(G(q)ᵀ parent_R_child), child frame) from the previous q, so hinge angles and euler angles stay
// continuous across ±π; q̇ from the relative angular velocity through the joint's S (least squares: the
// skeleton's drift off the joint is projected out). allocates only at construction.
class SkeletonCoordinates {
 public:
  // q0: the coordinates the tracking starts from (the scene's initial q), size scene.model.nq().
  SkeletonCoordinates(const Scene& scene, const Eigen::VectorXd& q0);
  // updates q and q̇ (size nq) from state (one entry per skeleton body).
  void update(const std::vector<SkeletonBodyState>& state);
  const Eigen::VectorXd& q() const { return q_; }
  const Eigen::VectorXd& qd() const { return qd_; }

 private:
  const Scene& scene_;
  Eigen::VectorXd q_, qd_;
  std::vector<JointData> joint_data_;
};

// energies and momenta of a skeleton state in the reduced solver's terms (forces.hpp MechanicalState): the
// moving bodies only, potential −Σ m gᵀp, momenta world frame about the world origin.
MechanicalState skeleton_mechanical_state(const SkeletonModel& model, const std::vector<SkeletonBodyState>& state);

}  // namespace js::scene
