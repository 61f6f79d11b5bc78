// the 1-dof spline curve joint (paper §5.1, eq. 21–24): a C^{k−2} B-spline curve on SE(3) through control
// frames Ğ_0..Ğ_m in cumulative form, G(q) = Ğ_{j−k+1} ∏_{l=j−k+2..j} exp(ẑ_l B̃_{l,k}(q)), evaluated as
// k−1 exponentials (eq. 24) through the shared product-of-exponentials recursion (eq. 27–31).
#pragma once

#include <vector>

#include "core/joints/joint.hpp"
#include "core/spline/cumulative_poly.hpp"
#include "core/spline/knots.hpp"

namespace js {

class SplineCurveJoint final : public JointModel {
 public:
  // control_frames: Ğ_0..Ğ_m as transforms of the moving frame in the joint base frame (m+1 ≥ order).
  // knots: order k, num_control == control_frames.size(); periodic knots make a closed curve whose
  // frames wrap (Ğ_{m+1} ≡ Ğ_0). throws std::invalid_argument on an inconsistent count.
  // open curves extrapolate past their ends with a constant twist (RangePolicy::Extrapolate, C¹ there);
  // closed curves wrap q into [q_min, q_max).
  SplineCurveJoint(std::vector<SE3> control_frames, spline::KnotVector knots, const std::string& coordinate = "q");

  JointKind kind() const override { return JointKind::SplineCurve; }
  std::unique_ptr<JointModel> clone() const override { return std::make_unique<SplineCurveJoint>(*this); }

  const std::vector<SE3>& control_frames() const { return frames_; }
  const spline::KnotVector& knots() const { return knots_; }
  int order() const;
  bool closed() const;
  double q_min() const;
  double q_max() const;
  // z_l = log(Ğ_{l−1}⁻¹ Ğ_l) for each basis index l ≥ 1 (index 0 unused), with frames taken modulo m+1.
  const std::vector<Twist>& control_twists() const { return twists_; }
  // the control frame behind basis index l (wraps for closed curves).
  const SE3& frame_of_basis(int l) const;

 protected:
  void evaluate_local(const ConstJointRef& q, JointData& data, EvalLevel level) const override;

 private:
  // evaluates the spline itself at q inside the domain.
  void evaluate_inside(double q, JointData& data, EvalLevel level) const;

  std::vector<SE3> frames_;
  spline::KnotVector knots_;
  std::vector<Twist> twists_;
  std::vector<double> twist_norms_;  // |ω| of each twist: exp needs no square root per call
  spline::CumulativePolynomials basis_;  // per-span cumulative basis polynomials (hot path)
};

}  // namespace js
