// the joint cases shared by the harness suite (test_joints) and the allocation suite
// (test_joint_allocations). add a new joint kind by writing a function like these and instantiating
// JointHarnessTest and JointAllocationTest with it.
#pragma once

#include <vector>

#include "tests/core/joints/joint_harness.hpp"

namespace js::test {

// every lower pair, with axes that are unit-aligned and tilted (non-unit on input).
std::vector<JointCase> lower_pair_cases();
// elliptic joints: wide, tall, circle, and a rotation axis off the ellipse normal.
std::vector<JointCase> elliptic_cases();

}  // namespace js::test
