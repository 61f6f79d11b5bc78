// an OpenSim CustomJoint's SpatialTransform as a core joint (docs/opensim.md): three rotations about unit axes
// a_1..a_3, each about the frame the previous one left (body-fixed), and three translations along a_4..a_6 in the
// base frame; each axis's amount is a function of some of the joint's coordinates (none: a constant; one: any
// one-input AxisFunction; several: a MultivariatePolynomialFunction).
//
//   G_local(q) = exp([0;a_4] t_1(q)) exp([0;a_5] t_2(q)) exp([0;a_6] t_3(q)) exp([a_1;0] r_1(q)) exp([a_2;0] r_2(q)) exp([a_3;0] r_3(q))
//
// the translations commute with each other and come first, so this equals OpenSim's X_FM = (R_1 R_2 R_3, Σ t_j a_j).
// S and ∇S come from the product-of-exponentials recursion (paper eq. 26–31, poe.hpp) with φ_k = f_k(q) and the
// functions' analytic first and second derivatives (chain rule: ∂φ/∂q_i, ∂²φ/∂q_i∂q_j).
#pragma once

#include <array>
#include <vector>

#include "core/joints/axis_function.hpp"
#include "core/joints/joint.hpp"

namespace js {

struct CustomAxis {
  Vec3 axis = Vec3::UnitX();     // unit direction (normalized by the joint)
  std::vector<int> coordinates;  // indices into the joint's coordinates, in the function's input order
  AxisFunction function;         // inputs() == coordinates.size(), or a constant with no coordinates
};

class CustomAxesJoint final : public JointModel {
 public:
  // axes: rotation1..3 then translation1..3. throws std::invalid_argument for a zero axis, a coordinate index out
  // of range, a function whose input count differs from its coordinates, or a non-constant function without one.
  CustomAxesJoint(std::vector<Coordinate> coordinates, std::array<CustomAxis, 6> axes);

  JointKind kind() const override { return JointKind::CustomAxes; }
  std::unique_ptr<JointModel> clone() const override { return std::make_unique<CustomAxesJoint>(*this); }
  const std::array<CustomAxis, 6>& axes() const { return axes_; }

 protected:
  void evaluate_local(const ConstJointRef& q, JointData& data, EvalLevel level) const override;

 private:
  std::array<CustomAxis, 6> axes_;
  std::array<int, 6> order_{};  // factor order: translations then rotations, axes that are constantly 0 left out
  int factors_ = 0;
};

}  // namespace js
