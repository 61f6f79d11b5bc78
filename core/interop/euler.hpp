// body-fixed (intrinsic) rotation sequences about three distinct coordinate axes, as OpenSim's CustomJoint
// applies its rotation1..3 (each about the frame left by the previous one) and as its PhysicalOffsetFrame
// orientation (x, then y, then z) uses them.
#pragma once

#include <array>
#include <string>

#include "core/lie/types.hpp"

namespace js::interop {

// three distinct coordinate axes (0 = x, 1 = y, 2 = z) in the order they are applied, e.g. {0, 1, 2}.
using AxisOrder = std::array<int, 3>;

// the six tait–bryan orders, xyz first.
const std::array<AxisOrder, 6>& tait_bryan_orders();

// "xyz", "zxy", …
std::string axis_order_name(const AxisOrder& order);

// rotation by angle (rad) about coordinate axis (0, 1, 2).
Mat3 axis_rotation(int axis, double angle);

// R = R_{order[0]}(angles[0]) · R_{order[1]}(angles[1]) · R_{order[2]}(angles[2]) (body-fixed sequence).
Mat3 compose_body_fixed(const AxisOrder& order, const Vec3& angles);

// the angles of a rotation in that sequence: the middle angle in [−π/2, π/2], the outer two in (−π, π].
// at gimbal lock (|middle| = π/2) the first angle takes the whole free rotation and the last is 0.
Vec3 decompose_body_fixed(const AxisOrder& order, const Mat3& R);

// cos of the middle angle of R in this order: how far R is from gimbal lock (1: none, 0: locked).
double gimbal_margin(const AxisOrder& order, const Mat3& R);

}  // namespace js::interop
