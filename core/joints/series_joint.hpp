// two joints in series between the same pair of bodies (paper §7, fig. 5c: "two spline curve joints between
// the letters", the second built from the inverse control frames, so a body slides on both surfaces):
//
//   G(q) = A(q_a) · B(q_b),   q = [q_a; q_b],   n = n_a + n_b ≤ kMaxJointDof.
//
// A and B are whole joint models, offsets included (A's child frame is B's parent frame); the series joint's
// own offsets wrap the product as for any joint. S and ∇S follow from the body-twist composition
// G⁻¹dG = Ad_{B⁻¹}(A⁻¹dA) + B⁻¹dB, the eq. (29)/(31) recursion step with B as one factor:
//
//   s_i = Ad_{B⁻¹} a_i (i < n_a),  s_{n_a+i} = b_i;   ∂s_i/∂q_a,j = Ad_{B⁻¹} ∂a_i/∂q_a,j,
//   ∂s_i/∂q_b,j = ad_{s_i} b_j,   ∂s_{n_a+i}/∂q_b,j = ∂b_i/∂q_b,j,   ∂s_{n_a+i}/∂q_a,j = 0.
//
// coordinates are A's then B's. a periodic (wrapping) part keeps its wrap; its coordinates become
// unbounded in a series that does not wrap as a whole, so the dynamics never clamps them (the range policy
// is one per joint). the series wraps when both parts wrap, extrapolates when either does, else is natural.
#pragma once

#include <memory>

#include "core/joints/joint.hpp"

namespace js {

class SeriesJoint final : public JointModel {
 public:
  // first: A (n_a coordinates), second: B (n_b); both non-null, n_a + n_b ≤ kMaxJointDof, else
  // std::invalid_argument naming the counts.
  SeriesJoint(std::unique_ptr<JointModel> first, std::unique_ptr<JointModel> second);
  SeriesJoint(const SeriesJoint& other);  // deep copy of both parts
  SeriesJoint& operator=(const SeriesJoint&) = delete;

  JointKind kind() const override { return JointKind::Series; }
  std::unique_ptr<JointModel> clone() const override { return std::make_unique<SeriesJoint>(*this); }

  const JointModel& first() const { return *first_; }
  const JointModel& second() const { return *second_; }

 protected:
  // the parts are evaluated into stack workspaces of fixed capacity: no allocation.
  void evaluate_local(const ConstJointRef& q, JointData& data, EvalLevel level) const override;

 private:
  std::unique_ptr<JointModel> first_;
  std::unique_ptr<JointModel> second_;
};

}  // namespace js
