// the joint model interface: G(q), S(q) (eq. 13) and ∇S(q) (paper §4), with ArtiSynth-style offsets.
//
//   parent_T_child(q) = parent_T_joint · G_local(q) · moving_T_child
//
// parent_T_joint is the joint's base frame in the parent body (ArtiSynth's T_DB) and moving_T_child places
// the child body in the joint's moving frame (the inverse of ArtiSynth's T_CA). S and ∇S are expressed
// in the child body frame, which is what the dynamics recursions use (eq. 11–14).
#pragma once

#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include <Eigen/Core>

#include "core/lie/se3.hpp"

namespace js {

// largest joint dof supported by fixed-size storage (a spherical or planar joint has 3, a spline surface ≤ 3).
inline constexpr int kMaxJointDof = 6;

// joint coordinates q (n ≤ kMaxJointDof), stored without heap allocation.
using JointVector = Eigen::Matrix<double, Eigen::Dynamic, 1, 0, kMaxJointDof, 1>;
// S: 6×n, column i is s_i = (G⁻¹ ∂G/∂q_i)^∨ (eq. 13, 27).
using JointJacobian = Eigen::Matrix<double, 6, Eigen::Dynamic, 0, 6, kMaxJointDof>;
// ∇S: 6×(n·n), column i·n + j is ∂s_i/∂q_j (eq. 30). q̇ᵀ∇S q̇ = Σ_ij ∂s_i/∂q_j q̇_i q̇_j.
using JointHessian = Eigen::Matrix<double, 6, Eigen::Dynamic, 0, 6, kMaxJointDof * kMaxJointDof>;
// read-only view of q: accepts Eigen::VectorXd, JointVector or a segment of a larger state vector.
using ConstJointRef = Eigen::Ref<const Eigen::VectorXd>;

enum class JointKind {
  Fixed,
  Revolute,
  Prismatic,
  Helical,
  Cylindrical,
  Universal,
  Planar,
  Spherical,
  Elliptic,
  SplineCurve,    // 1-dof spline curve on SE(3), eq. 21–24
  SplineSurface,  // n-dof product of six exponentials of tensor splines, eq. 25
  Series,         // two joints composed, G = A(q_a) · B(q_b) (series_joint.hpp)
  CustomAxes,     // an OpenSim CustomJoint's six function-driven axes (custom_axes_joint.hpp)
  Ellipsoid,      // simbody's ellipsoid mobilizer: x-y-z euler angles, origin on an ellipsoid (ellipsoid_joint.hpp)
  Restricted,     // a joint through some of its coordinates, the others fixed or coupled (restricted_joint.hpp)
};

// stable lowercase names used in files and the cli ("revolute", "spline_curve", ...).
const char* joint_kind_name(JointKind kind);
// inverse of joint_kind_name; returns false for unknown names.
bool joint_kind_from_name(const std::string& name, JointKind& kind);

// how far evaluate() goes.
enum class EvalLevel { Transform, Jacobian, Hessian };

// what happens when q leaves [min, max] of a coordinate (documented per joint in docs/joints.md).
enum class RangePolicy {
  Natural,      // the closed-form motion continues (lower pairs, elliptic)
  Extrapolate,  // constant-twist continuation: G(q) = G(q_end) exp(s(q_end)(q − q_end)) — C¹, S ≠ 0
  Wrap,         // periodic coordinate (closed curves): q is taken modulo the period
  Clamp,        // q is held in [min, max]: G, S and ∇S are the nearest end's (only by a user's choice)
};

// the out-of-range policy a user chooses per joint (joint files: "out_of_range"). extrapolate is the joint's
// own continuation (the closed form for lower pairs, the constant twist for open splines).
enum class OutOfRange { Extrapolate, Clamp, Wrap };
const char* out_of_range_name(OutOfRange policy);
// inverse of out_of_range_name; returns false for unknown names.
bool out_of_range_from_name(const std::string& name, OutOfRange& policy);

struct Coordinate {
  // an open bound: the default, and what joint and scene files write for "unbounded" (±1e300, read by
  // core/io/json_cursor's limit()); a bound at or past it limits nothing
  static constexpr double kNoLowerLimit = -1e300;
  static constexpr double kNoUpperLimit = 1e300;

  std::string name;
  double min = kNoLowerLimit;  // lower bound (rad or m)
  double max = kNoUpperLimit;  // upper bound
  bool locked = false;  // a locked coordinate is held by the dynamics (artisynth §3.3.5)

  bool has_lower_limit() const { return min > kNoLowerLimit; }
  bool has_upper_limit() const { return max < kNoUpperLimit; }
  bool is_bounded() const { return has_lower_limit() && has_upper_limit(); }
  // both bounds and room between them: a range to sample, sweep or take the middle of
  bool has_range() const { return is_bounded() && max > min; }
  void open_limits() {
    min = kNoLowerLimit;
    max = kNoUpperLimit;
  }
};

// a bound that limits (finite, inside ±1e300), for bounds kept apart from their coordinate (solver ranges)
inline bool is_limit(double bound) { return std::abs(bound) < Coordinate::kNoUpperLimit; }

// preallocated results of one evaluation; reuse one per joint to avoid allocation.
struct JointData {
  SE3 G;            // parent_T_child(q), offsets included
  JointJacobian S;  // 6×n, child frame
  JointHessian dS;  // 6×(n·n), child frame
  explicit JointData(int dof = 0) : S(6, dof), dS(6, dof * dof) {
    S.setZero();
    dS.setZero();
  }
};

class JointModel {
 public:
  virtual ~JointModel() = default;

  virtual JointKind kind() const = 0;
  int dof() const { return static_cast<int>(coordinates_.size()); }

  // evaluates G (always), S (level ≥ Jacobian) and ∇S (level = Hessian) at q (size dof()) into data.
  // data must have been made with JointData(dof()). allocates nothing.
  void evaluate(const ConstJointRef& q, JointData& data, EvalLevel level = EvalLevel::Hessian) const;

  // a deep copy (joint models are immutable after construction; copies are for editing).
  virtual std::unique_ptr<JointModel> clone() const = 0;

  const std::vector<Coordinate>& coordinates() const { return coordinates_; }
  std::vector<Coordinate>& coordinates() { return coordinates_; }
  // how evaluate() treats q past the ranges: the joint's own policy unless set_out_of_range chose another.
  RangePolicy range_policy() const { return range_policy_; }
  // the kind's own policy (natural, extrapolate or wrap), whatever the user chose.
  RangePolicy own_range_policy() const { return own_range_policy_; }
  OutOfRange out_of_range() const;
  // true when the choice is the kind's own (files leave "out_of_range" out then).
  bool out_of_range_is_own() const { return range_policy_ == own_range_policy_; }
  // chooses what happens past the coordinates' ranges. throws std::invalid_argument saying why a choice does
  // not fit: extrapolate on a periodic joint (it has no ends), clamp without any bound, wrap on a coordinate
  // without a range or whose ends do not meet (G(min) ≠ G(max) by more than 1 µm or 1 µrad: wrapping would jump).
  void set_out_of_range(OutOfRange policy);

  const SE3& parent_T_joint() const { return parent_T_joint_; }
  const SE3& moving_T_child() const { return moving_T_child_; }
  void set_offsets(const SE3& parent_T_joint, const SE3& moving_T_child);

 protected:
  // n coordinate names; ranges default to unbounded.
  JointModel(std::vector<Coordinate> coordinates, RangePolicy policy)
      : coordinates_(std::move(coordinates)),
        range_policy_(policy == RangePolicy::Clamp ? RangePolicy::Extrapolate : policy),
        own_range_policy_(range_policy_) {}
  JointModel(const JointModel&) = default;
  JointModel& operator=(const JointModel&) = default;

  // the joint's own motion G_local(q), S_local, ∇S_local without offsets. data.G/S/dS are written.
  virtual void evaluate_local(const ConstJointRef& q, JointData& data, EvalLevel level) const = 0;

 private:
  // q mapped into the ranges before evaluate_local: a user's clamp, or a wrap the kind does not do itself
  bool maps_q() const { return range_policy_ != own_range_policy_; }
  void map_into_range(JointVector& q) const;

  std::vector<Coordinate> coordinates_;
  RangePolicy range_policy_;
  RangePolicy own_range_policy_;
  SE3 parent_T_joint_;
  SE3 moving_T_child_;
  bool has_parent_offset_ = false;
  bool parent_offset_is_translation_ = false;  // P = (1, t): G = P G_local moves only G's origin
  bool has_child_offset_ = false;
};

}  // namespace js
