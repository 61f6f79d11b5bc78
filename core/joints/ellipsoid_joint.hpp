// simbody's ellipsoid mobilizer (MobilizedBody::Ellipsoid, RigidBodyNodeSpec_Ellipsoid.h), which OpenSim's
// EllipsoidJoint wraps and its ScapulothoracicJoint builds on (docs/opensim.md): q = body-fixed x-y-z euler angles
// (OpenSim uses euler angles, not quaternions), and the child's origin at D·n with n = R e_z the moving frame's z
// axis and D = diag(radii):
//
//   G_local(q) = (R, D R e_z),   R = R_x(q0) R_y(q1) R_z(q2)
//
// at q = 0 the origin sits at (0, 0, r_z). S: the angular columns ω_i of the euler chain (poe recursion, eq. 27–31)
// and v_i = M (ω_i × e_z) with M = Rᵀ D R; ∇S: ∂v_i/∂q_j = (M[ω_j]× − [ω_j]×M)(ω_i × e_z) + M(∂ω_i/∂q_j × e_z).
#pragma once

#include "core/joints/joint.hpp"

namespace js {

class EllipsoidJoint final : public JointModel {
 public:
  // radii (m) along x, y, z of the base frame, each > 0 (std::invalid_argument otherwise)
  explicit EllipsoidJoint(const Vec3& radii, std::vector<Coordinate> coordinates = {});
  JointKind kind() const override { return JointKind::Ellipsoid; }
  std::unique_ptr<JointModel> clone() const override { return std::make_unique<EllipsoidJoint>(*this); }
  const Vec3& radii() const { return radii_; }

 protected:
  void evaluate_local(const ConstJointRef& q, JointData& data, EvalLevel level) const override;

 private:
  Vec3 radii_;
};

}  // namespace js
