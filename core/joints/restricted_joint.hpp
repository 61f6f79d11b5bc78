// a joint seen through some of its coordinates: the others are held at fixed values or set by functions of the
// ones before them (an OpenSim CoordinateCouplerConstraint, q_d = scale · f(q_i…)). re-authoring a 3-coordinate
// knee over its flexion alone samples and compares this joint (docs/opensim.md).
//
//   G(p) = inner.G(φ(p)),  φ_k(p) = p_i (free), v_k (fixed), or s_k f_k(φ_x(p)…) (coupled),
//
// with p the free coordinates. by the chain rule, with J = ∂φ/∂p and H_b = ∂²φ_b/∂p∂p,
//   s_i = Σ_b S_b J_bi,   ∂s_i/∂p_j = Σ_{a,b} ∂S_b/∂q_a J_bi J_aj + Σ_b S_b (H_b)_ij   (eq. 13, 30 through φ).
// the coordinates are the free ones of the inner joint, names and ranges included; the offsets are the inner
// joint's (the restricted joint's own are identity).
#pragma once

#include <memory>
#include <vector>

#include "core/joints/axis_function.hpp"
#include "core/joints/joint.hpp"

namespace js {

// how inner coordinate `target` gets its value
struct RestrictedCoordinate {
  enum class Kind { Free, Fixed, Coupled };
  Kind kind = Kind::Fixed;
  int target = 0;            // index into the inner joint's coordinates
  int free_index = 0;        // Free: index into the restricted joint's coordinates
  double value = 0.0;        // Fixed
  std::vector<int> inputs;   // Coupled: inner coordinates, each set by an entry listed before this one
  AxisFunction function;     // Coupled: inputs() == inputs.size()
  double scale = 1.0;        // Coupled
};

class RestrictedJoint final : public JointModel {
 public:
  // map: one entry per inner coordinate, in evaluation order; the free entries' free_index are 0…n−1 in order.
  // throws std::invalid_argument naming what is wrong (a coordinate set twice or never, an input used before it
  // is set, a function of the wrong input count, no free coordinate).
  RestrictedJoint(std::unique_ptr<JointModel> inner, std::vector<RestrictedCoordinate> map);
  RestrictedJoint(const RestrictedJoint& other);
  RestrictedJoint& operator=(const RestrictedJoint&) = delete;

  JointKind kind() const override { return JointKind::Restricted; }
  std::unique_ptr<JointModel> clone() const override { return std::make_unique<RestrictedJoint>(*this); }

  const JointModel& inner() const { return *inner_; }
  const std::vector<RestrictedCoordinate>& map() const { return map_; }
  // the inner joint's coordinates φ(p) (size inner().dof()). allocates nothing.
  void inner_q(const ConstJointRef& p, JointVector& q) const;
  // the restricted coordinate that inner coordinate k is, −1 when it is fixed or coupled
  int free_index_of(int inner_index) const;

 protected:
  void evaluate_local(const ConstJointRef& p, JointData& data, EvalLevel level) const override;

 private:
  std::unique_ptr<JointModel> inner_;
  std::vector<RestrictedCoordinate> map_;
};

}  // namespace js
