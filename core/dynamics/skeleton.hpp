// a skeleton of rigid bodies joined by hinges and spherical joints in maximal coordinates, after
// hakenberg, "animation of skeletons with hinges and spherical joints" (/work/shared/papers). every body
// keeps its own pose and velocity; each joint j exerts an unknown force c_j and torque-axis vector d_j,
// equal and opposite on its two bodies, found from the acceleration-level constraints (3) as the
// minimum-norm solution of the rank-deficient 6n system (6) (complete orthogonal decomposition, the
// pseudoinverse the paper asks for). internal forces only, so total linear and angular momentum are
// invariant; with no friction or motor, kinetic energy too. used to cross-check the reduced-coordinate
// solver (core/dynamics/algorithms.hpp) on hinge chains.
#pragma once

#include <vector>

#include <Eigen/Core>
#include <Eigen/QR>

#include "core/lie/se3.hpp"

namespace js {

struct SkeletonBody {
  double mass = 1.0;                        // m_i, kg, > 0
  Mat3 inertia = Mat3::Identity() * 1e-3;  // I_i about the centre of mass, body axes, kg m², spd
  bool fixed = false;                       // held in place (infinite mass): the world or a grounded body
};

// joint j between bodies E(j,1) and E(j,2).
struct SkeletonJoint {
  int body1 = 0, body2 = 0;        // E(j,1), E(j,2)
  Vec3 anchor1 = Vec3::Zero();     // l̂_{j,1}: joint location in body1's centre-of-mass frame, m
  Vec3 anchor2 = Vec3::Zero();     // l̂_{j,2}: the same point in body2's frame, m
  Vec3 axis1 = Vec3::Zero();       // ẑ_{j,1}: unit hinge axis in body1's frame; zero for a spherical joint
  Vec3 axis2 = Vec3::Zero();       // ẑ_{j,2}: the same axis in body2's frame
  double friction = 0.0;           // μ_j ≥ 0, viscous, N m s/rad
  double motor = 0.0;              // β_j, motor torque about the hinge axis, N m (acts +on body1, −on body2)
  bool is_hinge() const { return !axis1.isZero(); }
};

// the state of one body (paper "generic equations of motion").
struct SkeletonBodyState {
  Vec3 p = Vec3::Zero();             // centre of mass, world, m
  Mat3 R = Mat3::Identity();         // world_R_body
  Vec3 v = Vec3::Zero();             // centre-of-mass velocity, world, m/s
  Vec3 w = Vec3::Zero();             // angular velocity, body frame, rad/s
};

class SkeletonModel {
 public:
  // appends a body and returns its index. throws std::invalid_argument for a non-positive mass or an
  // inertia that is not symmetric positive definite.
  int add_body(const SkeletonBody& body);
  // a hinge: anchors as in SkeletonJoint, axis1/axis2 non-zero (normalized here). returns the joint index.
  // throws std::invalid_argument for a bad body index, a joint of a body with itself, a zero axis or
  // negative friction.
  int add_hinge(int body1, int body2, const Vec3& anchor1, const Vec3& anchor2, const Vec3& axis1,
                const Vec3& axis2, double friction = 0.0, double motor = 0.0);
  // a spherical joint (ẑ = 0); same errors.
  int add_spherical(int body1, int body2, const Vec3& anchor1, const Vec3& anchor2, double friction = 0.0);

  int num_bodies() const { return static_cast<int>(bodies_.size()); }
  int num_joints() const { return static_cast<int>(joints_.size()); }
  const SkeletonBody& body(int i) const { return bodies_[static_cast<std::size_t>(i)]; }
  const SkeletonJoint& joint(int j) const { return joints_[static_cast<std::size_t>(j)]; }
  SkeletonJoint& joint(int j) { return joints_[static_cast<std::size_t>(j)]; }

  Vec3 gravity = Vec3::Zero();  // world, m/s²

 private:
  int add_joint(SkeletonJoint joint);
  std::vector<SkeletonBody> bodies_;
  std::vector<SkeletonJoint> joints_;
};

// invariants of a state (world frame, about the world origin) and how far it is off the constraints.
struct SkeletonMeasure {
  double kinetic = 0.0;              // Σ ½ m|v|² + ½ ωᵀIω, J
  double potential = 0.0;            // −Σ m gᵀp, J
  Vec3 linear = Vec3::Zero();        // Σ m v
  Vec3 angular = Vec3::Zero();       // Σ p × m v + R I ω
  double position_error = 0.0;       // max_j |p1 + R1 l1 − p2 − R2 l2| (eq. 1), m
  double axis_error = 0.0;           // max_j |R1 z1 − R2 z2| (eq. 1)
};
SkeletonMeasure measure_skeleton(const SkeletonModel& model, const std::vector<SkeletonBodyState>& state);

// the solver: workspaces sized for one model, which must outlive it and keep its bodies and joints.
class SkeletonSolver {
 public:
  explicit SkeletonSolver(const SkeletonModel& model);

  // solves (6) for the joint vectors [c_j; d_j] (world frame) at state; result size 6·num_joints.
  // state: one entry per body, satisfying (1) and (2).
  const Eigen::VectorXd& constraint_forces(const std::vector<SkeletonBodyState>& state);

  // advances state by h (s), allocation-free, the paper's "algorithm for animation": v += a h, p += v h (new v),
  // ω from the new angular momentum, R := R exp(W h). see docs/dynamics.md for why the angular update
  // goes through the world angular momentum.
  void step(std::vector<SkeletonBodyState>& state, double h);

  // rank of the last system (6): 5 n_hinge + 3 n_spherical unless bodies are fixed.
  int last_rank() const { return static_cast<int>(cod_.rank()); }

  // restoring rate α (1/s) of baumgarte stabilization, added to (3) as 2α φ̇ + α² φ for the violation φ
  // of (1); 0 (default) is the paper's uncorrected scheme. momentum stays exact either way.
  double stabilization = 0.0;

 private:
  // x_ = A_⁺ b_ from cod_ (minimum norm), without allocating.
  void minimum_norm_solve();

  const SkeletonModel& model_;
  Eigen::MatrixXd A_;
  Eigen::VectorXd b_, x_;
  Eigen::CompleteOrthogonalDecomposition<Eigen::MatrixXd> cod_;
  Eigen::VectorXd c_, y_, work_;  // solve buffers: Qᵀb, the permuted solution, householder workspace
  std::vector<Vec3> e_;               // joint torques e_j (world)
  std::vector<Vec3> x_joint_, u_joint_;  // per joint: common world point and axis (see skeleton.cpp)
  std::vector<Vec3> force_, torque_;  // per body, world
};

}  // namespace js
