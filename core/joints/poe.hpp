// the product-of-exponentials joint motion G(q) = H ∏_k exp(ĝ_k φ_k(q)) (paper eq. 26) and its exact
// jacobian and hessian by the recursion of eq. 27–31 (appendix B). written once; the spline curve joint,
// the spline surface joint and the multi-axis lower pairs all evaluate through it.
#pragma once

#include <array>

#include "core/joints/joint.hpp"

namespace js {

// one factor exp(ĝ φ(q)) of the product.
struct PoeFactor {
  Twist g = Twist::Zero();  // the constant twist g_k ([ω; v])
  double phi = 0.0;         // φ_k(q)
  // ∂φ_k/∂q_i, i < n
  std::array<double, kMaxJointDof> dphi{};
  // ∂²φ_k/∂q_i∂q_j at index i·n + j
  std::array<double, static_cast<std::size_t>(kMaxJointDof) * kMaxJointDof> ddphi{};
};

// largest number of factors (a spline curve of order 8 has 7; a spline surface has 6).
inline constexpr int kMaxPoeFactors = 8;

// evaluates G = H ∏_{k<m} exp(ĝ_k φ_k) into out.G and, by level, S (eq. 28–29) and ∇S (eq. 30–31) for n
// coordinates into out.S (6×n) and out.dS (6×n²). factors: m entries, m ≤ kMaxPoeFactors. allocates nothing.
void poe_evaluate(const SE3& H, const PoeFactor* factors, int m, int n, EvalLevel level, JointData& out);

// the same for one coordinate (n = 1), reading the factors from parallel arrays of length m: twists g_k,
// their rotation norms |ω_k| (g_norm), φ_k, φ′_k and φ″_k. the spline curve joint's hot path: no per-call
// factor set-up and no square roots.
void poe_evaluate_1dof(const SE3& H, const Twist* g, const double* g_norm, const double* phi, const double* dphi,
                       const double* ddphi, int m, EvalLevel level, JointData& out);

}  // namespace js
