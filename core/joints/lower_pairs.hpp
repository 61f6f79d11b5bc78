// the lower pairs (paper §1, §4.1) and the fixed joint. axes are unit vectors in the joint's base frame;
// G_local(0) = identity. all use RangePolicy::Natural (the motion formula holds for every q).
#pragma once

#include "core/joints/joint.hpp"

namespace js {

// 0 dof: G = identity (offsets only).
class FixedJoint final : public JointModel {
 public:
  FixedJoint();
  JointKind kind() const override { return JointKind::Fixed; }
  std::unique_ptr<JointModel> clone() const override { return std::make_unique<FixedJoint>(*this); }

 protected:
  void evaluate_local(const ConstJointRef& q, JointData& data, EvalLevel level) const override;
};

// rotation q (rad) about axis: G = exp([axis; 0] q), S = [axis; 0], ∇S = 0.
class RevoluteJoint final : public JointModel {
 public:
  explicit RevoluteJoint(const Vec3& axis = Vec3::UnitZ());
  JointKind kind() const override { return JointKind::Revolute; }
  std::unique_ptr<JointModel> clone() const override { return std::make_unique<RevoluteJoint>(*this); }
  const Vec3& axis() const { return axis_; }

 protected:
  void evaluate_local(const ConstJointRef& q, JointData& data, EvalLevel level) const override;

 private:
  Vec3 axis_;
};

// translation q (m) along axis: S = [0; axis].
class PrismaticJoint final : public JointModel {
 public:
  explicit PrismaticJoint(const Vec3& axis = Vec3::UnitZ());
  JointKind kind() const override { return JointKind::Prismatic; }
  std::unique_ptr<JointModel> clone() const override { return std::make_unique<PrismaticJoint>(*this); }
  const Vec3& axis() const { return axis_; }

 protected:
  void evaluate_local(const ConstJointRef& q, JointData& data, EvalLevel level) const override;

 private:
  Vec3 axis_;
};

// screw about axis with pitch h (m/rad): G = exp(ŝ q), s = [axis; h·axis] (§4.1), S = s, ∇S = 0.
class HelicalJoint final : public JointModel {
 public:
  HelicalJoint(const Vec3& axis, double pitch);
  JointKind kind() const override { return JointKind::Helical; }
  std::unique_ptr<JointModel> clone() const override { return std::make_unique<HelicalJoint>(*this); }
  const Vec3& axis() const { return axis_; }
  double pitch() const { return pitch_; }

 protected:
  void evaluate_local(const ConstJointRef& q, JointData& data, EvalLevel level) const override;

 private:
  Vec3 axis_;
  double pitch_;
};

// q = (angle, slide) about and along one axis; S constant.
class CylindricalJoint final : public JointModel {
 public:
  explicit CylindricalJoint(const Vec3& axis = Vec3::UnitZ());
  JointKind kind() const override { return JointKind::Cylindrical; }
  std::unique_ptr<JointModel> clone() const override { return std::make_unique<CylindricalJoint>(*this); }
  const Vec3& axis() const { return axis_; }

 protected:
  void evaluate_local(const ConstJointRef& q, JointData& data, EvalLevel level) const override;

 private:
  Vec3 axis_;
};

// G = exp(ŝ₀q₀) exp(ŝ₁q₁) with s_i = [axis_i; 0] (§4.1): S = [Ad_{exp(−ŝ₁q₁)} s₀, s₁], ∂s₀*/∂q₁ = ad_{s₀*} s₁.
class UniversalJoint final : public JointModel {
 public:
  UniversalJoint(const Vec3& axis0 = Vec3::UnitX(), const Vec3& axis1 = Vec3::UnitY());
  JointKind kind() const override { return JointKind::Universal; }
  std::unique_ptr<JointModel> clone() const override { return std::make_unique<UniversalJoint>(*this); }
  const Vec3& axis0() const { return axis0_; }
  const Vec3& axis1() const { return axis1_; }

 protected:
  void evaluate_local(const ConstJointRef& q, JointData& data, EvalLevel level) const override;

 private:
  Vec3 axis0_, axis1_;
};

// q = (x, y, θ): translation in the plane ⟂ normal along two in-plane axes, then rotation θ about normal.
// G = exp([0; e_x] x) exp([0; e_y] y) exp([n; 0] θ), with e_x, e_y completing normal to a right-handed frame.
class PlanarJoint final : public JointModel {
 public:
  explicit PlanarJoint(const Vec3& normal = Vec3::UnitZ());
  JointKind kind() const override { return JointKind::Planar; }
  std::unique_ptr<JointModel> clone() const override { return std::make_unique<PlanarJoint>(*this); }
  const Vec3& normal() const { return normal_; }

 protected:
  void evaluate_local(const ConstJointRef& q, JointData& data, EvalLevel level) const override;

 private:
  Vec3 normal_, ex_, ey_;
};

// a ball joint in an intrinsic euler-angle chart: G = exp([a₀;0]q₀) exp([a₁;0]q₁) exp([a₂;0]q₂) with axes
// a_i chosen by `order` (e.g. "zyx": a₀ = z, a₁ = y, a₂ = x). the chart is singular (S loses rank) where
// the middle angle q₁ = ±π/2 for a tait–bryan order (or q₁ = 0, π for a proper euler order like "zxz").
class SphericalJoint final : public JointModel {
 public:
  explicit SphericalJoint(const std::string& order = "zyx");
  JointKind kind() const override { return JointKind::Spherical; }
  std::unique_ptr<JointModel> clone() const override { return std::make_unique<SphericalJoint>(*this); }
  const std::string& order() const { return order_; }

 protected:
  void evaluate_local(const ConstJointRef& q, JointData& data, EvalLevel level) const override;

 private:
  std::string order_;
  Vec3 axes_[3];
};

}  // namespace js
