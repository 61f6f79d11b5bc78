// joints with a chosen out-of-range policy (clamp, wrap), sampled well past their ranges: for the allocation suite
// and test_out_of_range.cpp.
#pragma once

#include <vector>

#include "tests/core/joints/joint_harness.hpp"

namespace js::test {

// a clamped open curve, a clamped surface, a clamped closed curve, a wrapped revolute and a clamped slider.
std::vector<JointCase> out_of_range_cases();

}  // namespace js::test
