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

  // the curve's corners (paper §8, sharp corners), ascending: each knot repeated k − 1 times (an interior
  // knot of an open curve, any knot in [q_min, q_max) of a closed one) where S jumps, S(q⁻) ≠ S(q⁺) beyond
  // 1e-9 of their size. G is continuous there (C⁰) and evaluate() takes the right-hand side, the span that
  // starts at the knot; the simulator applies the impulse that keeps the motion on the curve (docs/dynamics.md).
  const std::vector<double>& corners() const { return corners_; }
  // G, S, ∇S at q with the offsets, as evaluate() gives them, from one side of q: from_below takes the left
  // limit (the span that ends at q), else the right limit (what evaluate() takes). they differ only at a
  // knot; outside an open curve's domain both are evaluate(). data: JointData(1). allocates nothing.
  void evaluate_one_sided(double q, bool from_below, JointData& data, EvalLevel level) const;

 protected:
  void evaluate_local(const ConstJointRef& q, JointData& data, EvalLevel level) const override;

 private:
  // evaluates the spline itself at q inside the domain.
  void evaluate_inside(double q, JointData& data, EvalLevel level) const;
  // the same on the span that ends at q (the left limit).
  void evaluate_inside_left(double q, JointData& data, EvalLevel level) const;
  // the knots of multiplicity ≥ k − 1 where S jumps (constructor).
  std::vector<double> find_corners() const;

  std::vector<SE3> frames_;
  spline::KnotVector knots_;
  std::vector<Twist> twists_;
  std::vector<double> twist_norms_;  // |ω| of each twist: exp needs no square root per call
  spline::CumulativePolynomials basis_;  // per-span cumulative basis polynomials (hot path)
  std::vector<double> corners_;
};

}  // namespace js
