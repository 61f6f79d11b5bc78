// the spline curve joint G(q) = Ğ_b ∏_{r<k−1} exp(ẑ_{b+1+r} B̃_{b+1+r}(q)) (paper eq. 24) evaluated on a
// mutable array of control frames, with its derivatives with respect to the control frames under right
// perturbation Ğ_i ← Ğ_i exp(ŭ_i):
//   - exact: through the product of exponentials and the right jacobian of exp; each control twist
//     z_l = log(Ğ_{l−1}⁻¹ Ğ_l) depends on two frames, dz_l = J_r⁻¹(z_l)(ŭ_l − Ad_{exp(−z_l)} ŭ_{l−1}),
//     and exp(B̃ z) moves by exp(B̃ z) exp(B̃ J_r(B̃ z) dz);
//   - the paper's approximation (eq. 33–34): u(q) ≈ Σ_i B_{b+i}(q) Ad⁻¹_{(factors after frame b+i)} ŭ_{b+i};
//   - the joint hessian h(q) = ∇S (eq. 30–31) and its exact derivative N = ∂h/∂ŭ (the matrix of eq. 42,
//     analytic in place of the paper's numeric N′), by forward-mode differentiation of the recursion.
// everything here is allocation-free once ControlTwists is sized; indices are basis indices l ∈ [0, nb),
// mapped to control frames by KnotVector::control_index (closed curves wrap).
#pragma once

#include <array>
#include <vector>

#include "core/lie/se3.hpp"
#include "core/spline/knots.hpp"

namespace js::fit {

// the basis of one parameter value on a fixed knot vector; q and knots do not change during a fit, so
// this is computed once per sample (or hessian point).
struct CurveSpan {
  int base = 0;   // basis index b = span − k + 1 of the base frame
  int order = 0;  // k: frames b..b+k−1 influence G(q)
  // cumulative basis B̃_{b+1+r}(q) and its first two q-derivatives, r < k−1 (eq. 22–23)
  std::array<double, spline::kMaxOrder> value{}, d1{}, d2{};
  // regular basis B_{b+i}(q), i < k (the weights of eq. 34)
  std::array<double, spline::kMaxOrder> basis{};
};

// q is mapped into the knots' domain (clamped for open, wrapped for closed curves).
CurveSpan make_curve_span(const spline::KnotVector& knots, double q);

// per-twist quantities shared by every sample in one iteration, indexed by basis index l ∈ [1, nb).
struct ControlTwists {
  std::vector<Twist> z;           // z_l = log(Ğ_{c(l−1)}⁻¹ Ğ_{c(l)}) (eq. 21)
  std::vector<Mat6> jr_inv;       // J_r⁻¹(z_l): body perturbation → change of z_l
  std::vector<Mat6> ad_exp_neg;   // Ad_{exp(−z_l)}: carries ŭ_{l−1} into frame l

  // recomputes everything from frames (size knots.num_control()).
  void update(const std::vector<SE3>& frames, const spline::KnotVector& knots, bool with_jacobians = true);
};

// what curve_point computes besides G.
enum class CurveDerivative { None, Exact, Paper };

// G(q) and, per influencing frame i < k (control index c(b+i)), the 6×6 block J[i] mapping ŭ_{c(b+i)} to
// the right perturbation of G(q): G ← G exp(Σ_i J[i] ŭ_{c(b+i)}).
struct CurvePoint {
  SE3 G;
  std::array<Mat6, spline::kMaxOrder> J;
};

void curve_point(const std::vector<SE3>& frames, const spline::KnotVector& knots, const ControlTwists& twists,
                 const CurveSpan& span, CurveDerivative derivative, CurvePoint& out);

// the joint hessian h(q) = ∂s/∂q (a twist, 1-dof ∇S, eq. 30) and N[i] = ∂h/∂ŭ_{c(b+i)}, i < k (exact).
// h does not depend on the base frame, so N[0] only collects the twist z_{b+1}'s dependence on Ğ_b.
struct CurveHessianPoint {
  Twist h = Twist::Zero();
  std::array<Mat6, spline::kMaxOrder> N;
};

void curve_hessian(const ControlTwists& twists, const CurveSpan& span, bool with_derivative,
                   CurveHessianPoint& out);

}  // namespace js::fit
