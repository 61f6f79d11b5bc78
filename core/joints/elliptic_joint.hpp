// the elliptic joint (paper §4.1, fig. 2, eq. 17–20): the child slides along an ellipse with semi-axes a, b
// in the base frame's xy plane, its orientation tangent to the ellipse by a rotation φ(q) about k.
#pragma once

#include "core/joints/joint.hpp"

namespace js {

class EllipticJoint final : public JointModel {
 public:
  // a, b: semi-axes (m, > 0); k: unit rotation axis (the paper's k; z for an in-plane ellipse).
  EllipticJoint(double a, double b, const Vec3& k = Vec3::UnitZ());
  JointKind kind() const override { return JointKind::Elliptic; }
  std::unique_ptr<JointModel> clone() const override { return std::make_unique<EllipticJoint>(*this); }
  double a() const { return a_; }
  double b() const { return b_; }
  const Vec3& k() const { return k_; }

 protected:
  // eq. (17) with H = identity (H is the base offset), eq. (19) for S and eq. (20) for ∇S.
  void evaluate_local(const ConstJointRef& q, JointData& data, EvalLevel level) const override;

 private:
  double a_, b_;
  Vec3 k_;
};

}  // namespace js
