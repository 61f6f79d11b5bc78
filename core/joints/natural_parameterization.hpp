// natural parameterization (paper §6.1): knot values so that distance along the joint's motion equals
// distance in q, i.e. ‖s(q)‖ ≈ 1, under the metric |ω|² + |v/ℓ|² (ℓ = 1: the paper's unweighted metric).
#pragma once

#include <string>
#include <vector>

#include "core/joints/spline_curve_joint.hpp"

namespace js {

// cumulative distances q̆_0 = q0, q̆_j = q̆_{j−1} + ‖log(Ğ_{j−1}⁻¹ Ğ_j)‖_ℓ. frames: ≥ 2.
// closed: one more value is appended, the distance back to the first frame (the period end).
// throws std::invalid_argument when two consecutive frames coincide (zero distance: S would vanish).
std::vector<double> natural_parameters(const std::vector<SE3>& frames, double length_scale = 1.0,
                                       bool closed = false, double q0 = 0.0);

// a spline curve joint through the given control frames with naturally parameterized knots
// (open: clamped knots by de boor averaging; closed: periodic knots). order: 2..8, default cubic.
SplineCurveJoint make_natural_spline_curve(const std::vector<SE3>& frames, int order = 4, bool closed = false,
                                           double length_scale = 1.0, const std::string& coordinate = "q");

}  // namespace js
