// arc length of a 1-dof joint's motion under an SE(3) metric, its inverse and the analytic derivatives of
// the inverse (scripted-bodies paper §4.1–4.4, eq. 11–13, with the space curve C(u) replaced by the joint
// motion G(q) and dC/du by the body twist S(q) of eq. 13 of the spline-joint paper):
//
//   s(q) = ∫_{q_begin}^{q} ‖S(u)‖ du            ‖S‖² = |ω|² + |v + ω × p|²/ℓ²   (eq. 11)
//   dq/ds = σ/‖S(q)‖                                                          (eq. 12)
//   d²q/ds² = −⟨S, ∂S/∂q⟩/‖S‖⁴                                                (eq. 13)
//
// with the stall repair (ArcLengthMetric::speed_floor) ‖S‖ is r = √(‖S‖² + f²) throughout: dr/dq =
// ⟨S, ∂S/∂q⟩/r, so eq. 12–13 keep their form with r in place of ‖S‖.
//
// σ = sign(q_end − q_begin), so a motion may run towards decreasing q. ⟨·,·⟩ is the metric's inner
// product, p a point on the child body whose speed the translation part measures (the child origin by
// default) and ℓ the length that weighs like one radian.
#pragma once

#include <memory>
#include <vector>

#include "core/joints/joint.hpp"

namespace js {

struct ArcLengthMetric {
  double length_scale = 1.0;  // ℓ (m per rad), > 0
  Vec3 point = Vec3::Zero();  // p, child body frame (m)
  double tolerance = 1e-12;   // absolute quadrature and inversion tolerance (metric units)
  // the repair of stalls (docs/motion.md, "Degenerate points"): ε > 0 measures with the speed
  // √(‖S‖² + (ε·S̄)²), S̄ the mean of ‖S‖ over the motion, so q passes a point where the joint stands still
  // at a finite rate instead of being flagged there. 0 (the default) measures ‖S‖ itself.
  double speed_floor = 0.0;
};

// dq/ds and d²q/ds² at one q.
struct ArcLengthDerivatives {
  double speed = 0.0;      // ‖S(q)‖ = |ds/dq|
  double dq_ds = 0.0;      // eq. 12; 0 when degenerate
  double d2q_ds2 = 0.0;    // eq. 13; 0 when degenerate
  bool degenerate = false; // ‖S‖ ≤ min_speed: the joint stands still in this metric, nothing was divided
};

class JointArcLength {
 public:
  // joint: a 1-dof joint (throws std::invalid_argument otherwise, or when q_begin == q_end, or a
  // non-positive length scale). the motion runs from q_begin to q_end. the cumulative length is
  // tabulated at `pieces` equal steps of q, each by adaptive gauss–legendre quadrature.
  JointArcLength(std::shared_ptr<const JointModel> joint, double q_begin, double q_end,
                 const ArcLengthMetric& metric = {}, int pieces = 64);

  double q_begin() const { return q_begin_; }
  double q_end() const { return q_end_; }
  // total arc length L = s(q_end) (metric units: rad, or m/ℓ).
  double length() const { return table_.back(); }
  const ArcLengthMetric& metric() const { return metric_; }

  // s(q) for q between q_begin and q_end (clamped into that interval).
  double s_of_q(double q) const;
  // the inverse q(s) for s in [0, L] (clamped), by newton steps safeguarded with bisection: each
  // iterate stays inside a bracket that shrinks, so a vanishing ‖S‖ only slows it down.
  double q_of_s(double s) const;
  // ‖S‖, dq/ds and d²q/ds² at q (eq. 12–13).
  ArcLengthDerivatives derivatives(double q) const;
  // ‖S(q)‖ under the metric (with the speed floor: √(‖S‖² + floor²), the speed the arc length integrates).
  double speed(double q) const;
  // ε·S̄ (0 without the repair).
  double floor_speed() const { return floor_; }

 private:
  // ∫ ‖S‖ over [a, b] (a ≤ b, in q) by adaptive gauss–legendre quadrature.
  double integrate(double a, double b) const;
  double integrate_adaptive(double a, double b, double whole, double tol, int depth) const;
  double gauss_legendre(double a, double b) const;
  // q at distance x ∈ [0, |q_end − q_begin|] from q_begin along the motion.
  double q_at(double x) const { return q_begin_ + sign_ * x; }

  std::shared_ptr<const JointModel> joint_;
  double q_begin_, q_end_;
  double sign_;   // σ
  double width_;  // |q_end − q_begin|
  ArcLengthMetric metric_;
  double floor_ = 0.0;      // ε·S̄ (metric units per unit of q)
  void tabulate();
  double min_speed_ = 0.0;  // speeds at or below count as degenerate: 1e-9 of the mean speed L/|q_end − q_begin|
  std::vector<double> table_;  // s at x = k·width/pieces, k = 0..pieces
};

}  // namespace js
