// the fitting metric on SE(3): rotation error in radians and translation error over a length scale ℓ
// (paper eq. 32 with the "unweighted" metric of footnote 2 at ℓ = 1), and the optional huber loss.
//
//   r(G, G_d) = [ log(Rᵀ R_d) ; Rᵀ (p_d − p) / ℓ ]      d² = |r|²
//
// the translation part is expressed in G's frame (its norm is the plain distance |p_d − p|).
#pragma once

#include <cmath>

#include "core/lie/se3.hpp"

namespace js::fit {

// residual r (size 6) and, optionally, A = ∂r/∂δ for the right perturbation G ← G exp(δ̂), δ = [ω; v].
struct PoseResidual {
  Vec6 r = Vec6::Zero();
  Mat6 A = Mat6::Zero();
};

inline void pose_residual(const SE3& G, const SE3& G_desired, double inv_length, bool with_jacobian,
                          PoseResidual& out) {
  const Vec3 theta = so3_log(G.R.transpose() * G_desired.R);
  const Vec3 e = G.R.transpose() * (G_desired.p - G.p);
  out.r.head<3>() = theta;
  out.r.tail<3>() = e * inv_length;
  if (!with_jacobian) return;
  // exp(−dω) exp(θ) = exp(θ − J_l⁻¹(θ) dω);  e ← (I − [dω])(e − dv) = e + [e] dω − dv
  out.A.topLeftCorner<3, 3>() = -so3_left_jacobian_inverse(theta);
  out.A.topRightCorner<3, 3>().setZero();
  out.A.bottomLeftCorner<3, 3>() = hat3(e) * inv_length;
  out.A.bottomRightCorner<3, 3>() = -Mat3::Identity() * inv_length;
}

// huber loss on the residual norm s = |r|: ρ(s) = s² for s ≤ δ, 2δs − δ² beyond (δ ≤ 0: plain squares).
// the loss value and the iteratively-reweighted least-squares weight ρ'(s²) (1 inside, δ/s beyond).
struct RobustTerm {
  double loss;
  double weight;
};

inline RobustTerm huber(double squared_norm, double delta) {
  if (delta <= 0.0 || squared_norm <= delta * delta) return {squared_norm, 1.0};
  const double s = std::sqrt(squared_norm);
  return {2.0 * delta * s - delta * delta, delta / s};
}

}  // namespace js::fit
