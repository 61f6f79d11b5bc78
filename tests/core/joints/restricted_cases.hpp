// restricted joint cases (a joint through some of its coordinates, the rest fixed or coupled) for the harness and
// allocation suites.
#pragma once

#include <vector>

#include "tests/core/joints/joint_harness.hpp"

namespace js::test {

// a leg39-like knee (tibia translations coupled to the flexion by splines), a free joint seen through two
// coordinates with a chain of couplers (one multivariate), a spherical joint with one angle held.
std::vector<JointCase> restricted_cases();

}  // namespace js::test
