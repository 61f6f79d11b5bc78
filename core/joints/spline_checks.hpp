// the paper's two requirements for any spline joint (§5): G is C² (checked numerically across every knot)
// and S(q) never vanishes over the range (min ‖S‖ and where). plus the natural-parameterization measure
// of §6.1: how far ‖s(q)‖ is from 1.
#pragma once

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

// samples q on a regular grid of `per_axis` points per coordinate over [min, max] (at most 3 coordinates).
JacobianNormReport check_jacobian_norm(const JointModel& joint, int per_axis = 400, double length_scale = 1.0);

}  // namespace js
