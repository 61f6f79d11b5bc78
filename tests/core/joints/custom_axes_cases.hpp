// custom-axes joints (an OpenSim CustomJoint's six function-driven axes) for the harness and allocation suites:
// every AxisFunction kind on some axis, tilted axes, constants, a coordinate on several axes, and two- and
// three-input multivariate polynomials; and ellipsoid joints (simbody's ellipsoid mobilizer).
#pragma once

#include <vector>

#include "tests/core/joints/joint_harness.hpp"

namespace js::test {

std::vector<JointCase> custom_axes_cases();

}  // namespace js::test
