// how far apart two joint models put the child: the largest position (child origin, parent frame) and angle
// difference of parent_T_child over a grid of coordinate values. the app's "fitted vs the model's joint" line
// and the re-authoring tests use it; both models must have the same dof.
#pragma once

#include "core/joints/joint.hpp"

namespace js {

struct JointDifference {
  double max_position_m = 0.0;  // |p_a − p_b|
  double max_angle_rad = 0.0;   // angle of R_aᵀ R_b
  double rms_position_m = 0.0;
  double rms_angle_rad = 0.0;
  JointVector worst_position_q;  // where each maximum occurs
  JointVector worst_angle_q;
  int points = 0;  // coordinate values compared
};

// compares a and b at n evenly spaced values of each coordinate over [lo_i, hi_i] (a grid of n^dof points; n ≥ 2,
// dof 1–3). throws std::invalid_argument for a dof mismatch, a size of lo/hi that is not the dof, an empty or
// non-finite range, or n < 2.
JointDifference joint_difference(const JointModel& a, const JointModel& b, const JointVector& lo, const JointVector& hi,
                                 int n);

}  // namespace js
