// series joint cases (G = A(q_a) · B(q_b)) for the harness and allocation suites.
#pragma once

#include <vector>

#include "tests/core/joints/joint_harness.hpp"

namespace js::test {

// lower pairs, spline curves (open and closed) and spline surfaces in series, with random offsets on the
// parts, nested series (the letters demo's 4-dof slide on both surfaces) and the full kMaxJointDof.
std::vector<JointCase> series_cases();

}  // namespace js::test
