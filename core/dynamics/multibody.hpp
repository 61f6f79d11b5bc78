// a tree of rigid bodies joined by any core/joints joint (paper §4): the const model and its
// preallocated workspace. bodies are stored parents-first, so one forward loop is a root-to-leaf sweep.
//
//   world_T_body_i = world_T_body_{λ(i)} · G_i(q_i)          (eq. 9; λ(i) = parent, −1 is the root frame)
//
// q and q̇ have the same size nq: every joint coordinate appears once, in body order.
#pragma once

#include <array>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <Eigen/Core>
#include <Eigen/Cholesky>

#include "core/dynamics/rigid_body.hpp"
#include "core/joints/joint.hpp"

namespace js {

// the root frame's motion at one instant: pose in the world, body velocity and its derivative (eq. 1).
struct RootState {
  SE3 world_T_root;
  Twist v = Twist::Zero();      // body velocity [ω; v] of the root frame, root frame
  Twist v_dot = Twist::Zero();  // its time derivative, root frame
};

// a kinematically driven root: RootState at time t (s). must be consistent (v_dot the derivative of v).
using RootTrajectory = std::function<RootState(double t)>;

// a prescribed (kinematically driven) coordinate at one instant, e.g. a ScriptedMotion sample (core/motion).
struct PrescribedSample {
  double q = 0.0, qd = 0.0, qdd = 0.0;  // must be consistent: qd, qdd the derivatives of q in t
  bool degenerate = false;              // the source could not give qd, qdd here (they are 0)
};
using CoordinateTrajectory = std::function<PrescribedSample(double t)>;

struct PrescribedCoordinate {
  int coordinate = 0;  // index into q
  int body = 0;        // the body whose joint owns it (any dof; the joint's other coordinates may stay free)
  CoordinateTrajectory trajectory;
};

struct Body {
  std::string name;
  int parent = -1;                          // index of the parent body; −1: the root frame
  std::shared_ptr<const JointModel> joint;  // parent_T_body = joint G(q) with its offsets
  BodyInertia inertia;
  Mat6 J = Mat6::Identity();  // generalized inertia (eq. 8) about the body origin, body frame
  int q_index = 0;            // first coordinate of this joint in q
  int dof = 0;                // joint->dof()
  // per joint coordinate (local index): its index into MultibodyModel::prescribed(), −1 when free.
  std::array<int, kMaxJointDof> prescribed_of{-1, -1, -1, -1, -1, -1};
  int num_prescribed = 0;  // how many of this joint's coordinates are prescribed (0 … dof)
  int free_dof() const { return dof - num_prescribed; }
};

// where coordinate k of q lives.
struct CoordinateRef {
  int body = 0;   // body whose joint owns it
  int local = 0;  // index inside that joint
};

class MultibodyModel {
 public:
  // appends a body under parent (−1 for the root frame, else an existing body index) and returns its
  // index. joint: shared, immutable; nullptr is not allowed. throws std::invalid_argument on a bad parent,
  // a duplicate name, a null joint or a non-positive mass.
  int add_body(std::string name, int parent, std::shared_ptr<const JointModel> joint, const BodyInertia& inertia);

  int num_bodies() const { return static_cast<int>(bodies_.size()); }
  // total number of joint coordinates (size of q, q̇, q̈, τ).
  int nq() const { return nq_; }
  const Body& body(int i) const { return bodies_[static_cast<std::size_t>(i)]; }
  const std::vector<Body>& bodies() const { return bodies_; }
  // index of the body called name, −1 if none.
  int find_body(const std::string& name) const;
  const CoordinateRef& coordinate(int k) const { return coordinates_[static_cast<std::size_t>(k)]; }
  // the joint's description of coordinate k (name, limits, locked).
  const Coordinate& coordinate_info(int k) const;
  // "body.coordinate" names, size nq.
  std::vector<std::string> coordinate_names() const;
  // children of body i (−1: children of the root frame).
  std::vector<int> children(int i) const;

  // gravity acceleration in the world frame (m/s²).
  Vec3 gravity = Vec3(0.0, 0.0, -9.81);
  // pose of the root frame when it is fixed (no trajectory).
  SE3 world_T_root;
  // set to drive the root kinematically (a spinning frame); empty: fixed at world_T_root.
  RootTrajectory root_trajectory;

  // drives coordinate k by a trajectory: q, q̇, q̈ come from it and inverse dynamics gives the torque that
  // makes the joint follow it (aba's hybrid form). any coordinate of any joint: the other coordinates of
  // a multi-dof joint stay free (a surface joint whose third coordinate is time). throws
  // std::invalid_argument for a bad index, a coordinate already prescribed or an empty trajectory.
  void prescribe(int coordinate, CoordinateTrajectory trajectory);
  const std::vector<PrescribedCoordinate>& prescribed() const { return prescribed_; }
  // whether coordinate k (index into q) is prescribed.
  bool is_prescribed(int k) const;

  // the root frame at time t.
  RootState root_state(double t) const;
  bool root_is_fixed() const { return !root_trajectory; }

 private:
  std::vector<Body> bodies_;
  std::vector<CoordinateRef> coordinates_;
  std::vector<PrescribedCoordinate> prescribed_;
  int nq_ = 0;
};

// small fixed-capacity matrices of the articulated-body recursion.
using JointSquare = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, 0, kMaxJointDof, kMaxJointDof>;

// per-body workspace. all sizes fixed at construction; nothing here allocates afterwards.
struct BodyData {
  JointData joint;  // G = parent_T_body, S (6×n), ∇S (6×n²), child frame
  SE3 world_T_body;
  Twist v = Twist::Zero();      // body velocity (eq. 11)
  Twist a = Twist::Zero();      // body acceleration v̇ (eq. 14)
  Twist c = Twist::Zero();      // velocity-product term q̇ᵀ∇S q̇ + ad_v S q̇ (eq. 14, appendix A)
  Wrench f = Wrench::Zero();    // joint wrench from the parent (eq. 15)
  Wrench f_ext = Wrench::Zero();  // applied external wrench, body frame, gravity excluded (input)
  Mat6 Ja = Mat6::Zero();       // articulated (aba) or composite (crba) inertia
  Wrench b = Wrench::Zero();    // articulated bias force (eq. 43)
  // S below means the free columns of S (all of them unless some coordinates are prescribed), nf of them
  JointJacobian U;              // J̃ S, 6×nf
  JointSquare Omega_inv;        // Ω⁻¹ = (Sᵀ J̃ S)⁻¹, nf×nf
  JointVector u;                // τ − Sᵀ(J̃ c + b), nf
  // dof: the joint's; free_dof: dof minus its prescribed coordinates (sizes U, Ω⁻¹, u).
  explicit BodyData(int dof, int free_dof);
  explicit BodyData(int dof) : BodyData(dof, dof) {}
};

struct MultibodyData {
  explicit MultibodyData(const MultibodyModel& model);

  std::vector<BodyData> bodies;
  RootState root;          // root frame state at the last evaluated time
  Eigen::VectorXd tau;     // nq: output of rnea / input workspace
  Eigen::VectorXd qdd;     // nq: output of aba
  Eigen::MatrixXd M;       // nq×nq: output of crba (upper and lower triangles)
  bool singular = false;   // set when some Ω_i was not positive definite (a singular chart)
  // prescribed coordinates: samples at the time of the last evaluate_prescribed (one per
  // model.prescribed()), and the driving generalized forces aba found for them (nq, 0 at free coordinates).
  std::vector<PrescribedSample> prescribed;
  Eigen::VectorXd drive_tau;
  bool prescribed_degenerate = false;  // some sample of the last evaluate_prescribed was degenerate
};

// a body's pose, body velocity and its derivative from a kinematics sweep; body −1 is the root frame.
inline const SE3& body_pose(const MultibodyData& data, int body) {
  return body < 0 ? data.root.world_T_root : data.bodies[static_cast<std::size_t>(body)].world_T_body;
}
inline const Twist& body_velocity(const MultibodyData& data, int body) {
  return body < 0 ? data.root.v : data.bodies[static_cast<std::size_t>(body)].v;
}
inline const Twist& body_acceleration(const MultibodyData& data, int body) {
  return body < 0 ? data.root.v_dot : data.bodies[static_cast<std::size_t>(body)].a;
}

}  // namespace js
