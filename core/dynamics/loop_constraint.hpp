// closed kinematic loops on top of a tree multibody: a loop-closing constraint between two bodies that
// says their relative pose lies on a joint's motion (any core/joints joint: a point is a spherical joint,
// a weld a fixed joint, a hinge a revolute joint, or a second spline joint between the same pair).
//
//   world_T_a · G(s) = world_T_b    for some s            (G with the joint's offsets: frames on a and b)
//
// the error is Φ = log(G(s*)⁻¹ · a_T_b) in body b's frame, with s* the least-squares projection of the
// relative pose onto the joint's motion (gauss–newton, warm started). its rows N are measured in the
// joint's moving frame F (an orthonormal basis of the complement of S there, or chosen axes), mapped to b
// by Ad_{moving_T_child}: δ = N Φ, δ̇ = N V_rel = G q̇, with V_rel = v_b − Ad_{b_T_a} v_a.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/dynamics/coordinate_coupler.hpp"
#include "core/dynamics/multibody.hpp"
#include "core/dynamics/relative_path.hpp"
#include "core/dynamics/rolling_contact.hpp"

namespace js {

struct LoopConstraint {
  std::string name;
  int body_a = -1;  // first body (the joint's parent side); −1: the root frame
  int body_b = 0;   // second body (the joint's child side)
  // parent_T_child = a_T_b on the constraint manifold: its offsets place the joint frame on a
  // (parent_T_joint) and b in the joint's moving frame (moving_T_child). shared, immutable, not null.
  std::shared_ptr<const JointModel> joint;
  // rows to constrain, bit k for twist component k ([ωx ωy ωz vx vy vz]) of the joint's moving frame;
  // 0: the whole complement of S (6 − dof rows). chosen rows must be orthogonal to S (a planar four-bar
  // closes with the two in-plane rows of a point, since its out-of-plane rows are identically redundant).
  unsigned axes = 0;
  // artisynth eq. 3.19: λ = −δ/c − d δ̇ per row; c = 0 is a hard constraint (then damping is unused).
  double compliance = 0.0;  // c (m/N for linear rows, rad/(N m) for rotary ones), ≥ 0
  double damping = 0.0;     // d (N s/m or N m s/rad), ≥ 0
  // baumgarte stabilization of the hard rows: δ̈ + 2α δ̇ + α² δ = 0 (α in 1/s, ≥ 0; 0 leaves drift alone).
  double stabilization = 10.0;
};

// eq. 3.24 with ζ = 1: the critical damping 2 √(m / c) of a compliance c between bodies of total mass m.
double critical_damping(double compliance, double mass);

// the loops of a scene, its coordinate couplers (coordinate_coupler.hpp) and its rolling contacts
// (rolling_contact.hpp): every constraint the loop solver holds. rows: the loops' first, in loop order, then one
// per coupler, then the rolling contacts'.
class LoopSet {
 public:
  // checks and appends a loop. throws std::invalid_argument naming the loop for a bad body index, the
  // same body on both sides, a null joint, negative compliance or damping, no rows, or chosen axes not
  // orthogonal to the joint's S at its neutral q.
  void add(const MultibodyModel& model, LoopConstraint loop);

  // checks and appends a coupler. throws std::invalid_argument naming it for an index out of range, a
  // coordinate coupled to itself or named twice, a function whose inputs are not the independents, a dependent
  // already coupled, a non-finite scale or a negative stabilization.
  void add_coupler(const MultibodyModel& model, CoordinateCoupler coupler);

  // checks (check_rolling) and appends a rolling contact; throws std::invalid_argument naming it.
  void add_rolling(const MultibodyModel& model, RollingContact contact);

  // no loops, couplers or rolling contacts: nothing for a loop solver
  bool empty() const { return loops_.empty() && couplers_.empty() && rolling_.empty(); }
  // the loops (couplers aside)
  int num_loops() const { return static_cast<int>(loops_.size()); }
  const std::vector<CoordinateCoupler>& couplers() const { return couplers_; }
  const std::vector<RollingContact>& rolling() const { return rolling_; }
  const LoopConstraint& loop(int i) const { return loops_[static_cast<std::size_t>(i)]; }
  const std::vector<LoopConstraint>& loops() const { return loops_; }
  // number of constraint rows of loop i, of all loops, of the rolling contacts, and of everything (a coupler
  // has one row).
  int rows(int i) const;
  int loop_rows() const;
  int rolling_rows() const;
  int total_rows() const { return loop_rows() + static_cast<int>(couplers_.size()) + rolling_rows(); }

 private:
  std::vector<LoopConstraint> loops_;
  std::vector<CoordinateCoupler> couplers_;
  std::vector<RollingContact> rolling_;
};

// the per-loop workspace: the projected joint coordinate s* (warm start), its rates and the row basis.
struct LoopData {
  explicit LoopData(const MultibodyModel& model, const LoopConstraint& loop, int rows);
  JointData joint;                // G, S, ∇S of the loop joint at s*
  JointVector s, sd;              // s* and ṡ = S⁺ V_rel
  std::vector<LoopPathBody> path;  // bodies whose coordinates move a relative to b
  Eigen::Matrix<double, Eigen::Dynamic, 6, 0, 6, 6> N;  // rows × 6, ⟂ S; applied to body-b-frame twists
  Twist phi = Twist::Zero();      // Φ (body b frame)
  Twist v_rel = Twist::Zero();    // V_rel (body b frame)
  int rows = 0;
  int projection_iterations = 0;  // gauss–newton steps of the last projection
};

// what evaluate_loop fills: row blocks (size ld.rows) of the caller's stacked vectors and matrix.
struct LoopRows {
  Eigen::Ref<Eigen::VectorXd> delta;      // δ = N Φ
  Eigen::Ref<Eigen::VectorXd> delta_dot;  // δ̇ = N V_rel = G q̇
  Eigen::Ref<Eigen::MatrixXd> G;          // rows × nq: N J_rel (every column written)
  Eigen::Ref<Eigen::VectorXd> bias;       // γ0: on the constraint d/dt δ̇ = G q̈ − γ0 (written when asked)
};

// evaluates a loop after forward_kinematics at (q, q̇): projects a_T_b onto the joint (s*, warm started
// from ld.s), then Φ, V_rel, N and the rows. with_bias: also γ0 = N (ṡᵀ∇S ṡ − A_rel⁰), where A_rel⁰ is the
// relative acceleration at q̈ = 0 — forward_kinematics must then have run at Acceleration level without q̈.
// level Velocity suffices otherwise. allocates nothing.
void evaluate_loop(const MultibodyModel& model, const MultibodyData& data, const LoopConstraint& loop, LoopData& ld,
                   bool with_bias, LoopRows out);

}  // namespace js
