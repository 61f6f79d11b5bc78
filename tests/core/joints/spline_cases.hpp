// spline joint cases for the harness and allocation suites, and the random spline joints they use.
#pragma once

#include <random>
#include <vector>

#include "core/joints/spline_curve_joint.hpp"
#include "core/joints/spline_surface_joint.hpp"
#include "tests/core/joints/joint_harness.hpp"

namespace js::test {

// control frames of a random smooth-ish path: each frame a random step (angles ~ step) from the last.
std::vector<SE3> random_path(std::mt19937& rng, int count, double step);

// a spline curve joint with random frames, natural knots, given order and open/closed.
SplineCurveJoint random_spline_curve(unsigned seed, int frames, int order, bool closed);

// a multi-dof spline joint in n = 1..3 coordinates with random coefficients (clamped cubic knots).
SplineSurfaceJoint random_spline_surface(unsigned seed, int n, int controls_per_axis);

// open and closed curves of orders 4–6, sampled inside, across knots, across the wrap and past the ends.
std::vector<JointCase> spline_curve_cases();
// 1-, 2- and 3-dof spline joints, sampled inside and past the domain.
std::vector<JointCase> spline_surface_cases();

}  // namespace js::test
