// the paper's two requirements for any spline joint (§5): G is C² (checked numerically across every knot)
// and S(q) never vanishes over the range (min ‖S‖ and where). plus the natural-parameterization measure
// of §6.1: how far ‖s(q)‖ is from 1.
#pragma once

#include <string>
#include <vector>

#include "core/joints/joint.hpp"

namespace js {

// jumps of G, S and ∇S across interior knots, measured between q − ε and q + ε.
struct ContinuityReport {
  double max_jump_transform = 0.0;  // max |ΔG| entry (rotation and translation/ℓ)
  double max_jump_jacobian = 0.0;   // max |ΔS| entry
  double max_jump_hessian = 0.0;    // max |Δ∇S| entry
  double worst_knot = 0.0;          // knot value (coordinate 0 for curves) where the largest jump is
  int knots_checked = 0;
  // true when every jump is below tolerance (c² in the sense of the paper's requirement 1)
  bool c2 = true;
};

// checks continuity across each distinct interior knot of coordinate `axis` (other coordinates at
// `at`, size dof). knots: the knot values to check. eps: half-gap around each knot.
// tolerance: largest accepted jump (a true jump of ∇S is O(1); continuity gives O(eps)).
ContinuityReport check_c2_across_knots(const JointModel& joint, const std::vector<double>& knots, int axis,
                                       const Eigen::VectorXd& at, double eps = 1e-9, double tolerance = 1e-5);

// min over the range of ‖S(q) e‖ for each unit coordinate direction e (the twist norm with length scale ℓ).
struct JacobianNormReport {
  double min_norm = 0.0;
  Eigen::VectorXd where;       // q at the minimum (size dof)
  double max_speed_deviation;  // max |‖s_i(q)‖ − 1| over the sampled range (natural parameterization)
  double rms_speed_deviation;
};

// the knot values of coordinate `axis` of a spline curve or surface joint; empty for other joints.
std::vector<double> joint_knots(const JointModel& joint, int axis);

// the smallest ‖S(q) e_a‖ (twist norm with ℓ) over the range, found per knot span rather than on a grid:
// at every knot and at every interior critical point of f(q) = ‖S e_a‖² along coordinate a (sign changes
// of f′ = 2 (W S e_a)·(W ∂S e_a/∂q_a), refined by bisection), so a dead stop exactly at a knot or between
// grid points is found. joints without knots are cut into 64 pieces. for n-dof joints the other
// coordinates run over a grid of `cross_points` values per axis plus their knots. the minimum is judged
// relative to the joint's scale: the rms of ‖S e_a‖ over the range (a joint in millimetres and one in
// metres fail alike).
struct DeadStopReport {
  double min_norm = 0.0;      // smallest ‖S e_a‖ found
  Eigen::VectorXd where;      // q there (size dof)
  int coordinate = 0;         // a
  double scale = 0.0;         // rms ‖S e_a‖ over the range (of the coordinate with the minimum)
  double relative = 0.0;      // min_norm / scale
  bool dead = false;          // relative < tolerance: the joint stops there (paper §5, requirement 2)
};
DeadStopReport find_dead_stop(const JointModel& joint, double length_scale = 1.0, double relative_tolerance = 1e-6,
                              int cross_points = 25);

// the verdict of `jointsmith-cli check` in one call (the fit refuses to write a joint that fails it): C²
// across every knot of every coordinate (the others mid-range) and no dead stop.
struct JointCheck {
  bool c2 = true;
  int worst_axis = 0;        // coordinate of the largest jump
  double worst_knot = 0.0;   // where it is
  DeadStopReport dead;
  bool ok() const { return c2 && !dead.dead; }
  // what fails, for people ("" when ok): "not C2 across the knot q = 0.4" / "S vanishes at q = 1.2 (…)"
  std::string problem(const JointModel& joint) const;
};
JointCheck check_joint(const JointModel& joint, double length_scale = 1.0, double dead_stop_tolerance = 1e-6);

// samples q on a regular grid of `per_axis` points per coordinate over [min, max] (at most 3 coordinates).
JacobianNormReport check_jacobian_norm(const JointModel& joint, int per_axis = 400, double length_scale = 1.0);

}  // namespace js
