#include "core/joints/poe.hpp"

#include <cmath>

#include "core/lie/hot_path.hpp"
#include "core/lie/lanes.hpp"

namespace js {

JS_HOT_PATH void poe_evaluate(const SE3& H, const PoeFactor* factors, int m, int n, EvalLevel level, JointData& out) {
  out.G = H;
  if (level == EvalLevel::Transform) {
    for (int k = 0; k < m; ++k) out.G *= se3_exp(factors[k].g * factors[k].phi);
    return;
  }
  // μ^i_k lives in out.S column i, ∂μ^i_k/∂q_j in out.dS column i·n + j; both start at zero (μ_0 = 0)
  out.S.setZero();
  const bool hessian = level == EvalLevel::Hessian;
  if (hessian) out.dS.setZero();
  for (int k = 0; k < m; ++k) {
    const PoeFactor& f = factors[k];
    const SE3 E = se3_exp(f.g * f.phi);
    out.G *= E;
    if (hessian) {
      // eq. (31): ∂μ_k/∂q_j = g ∂²φ/∂q_i∂q_j + Ad_E⁻¹(∂μ_{k−1}/∂q_j + ad_{μ_{k−1}} g ∂φ/∂q_j); uses μ_{k−1},
      // so it runs before μ is advanced
      for (int i = 0; i < n; ++i) {
        const Twist bracket = ad_apply(out.S.col(i), f.g);
        for (int j = 0; j < n; ++j) {
          const int c = i * n + j;
          out.dS.col(c) = f.g * f.ddphi[static_cast<std::size_t>(c)] +
                          Ad_inv_apply(E, out.dS.col(c) + bracket * f.dphi[static_cast<std::size_t>(j)]);
        }
      }
    }
    // eq. (29): μ_k = g ∂φ/∂q_i + Ad_E⁻¹ μ_{k−1}
    for (int i = 0; i < n; ++i) {
      out.S.col(i) = f.g * f.dphi[static_cast<std::size_t>(i)] + Ad_inv_apply(E, out.S.col(i));
    }
  }
}

JS_HOT_PATH void poe_evaluate_1dof(const SE3& H, const Twist* g, const double* g_norm, const double* phi,
                                   const double* dphi, const double* ddphi, int m, EvalLevel level, JointData& out) {
  // exp(ĝ_k φ_k) turns by |ω_k| |φ_k|
  auto factor = [&](int k) { return se3_exp_with_angle(g[k] * phi[k], g_norm[k] * std::abs(phi[k])); };
  if (m == 0 || level == EvalLevel::Transform) {
    SE3 G = H;
    for (int k = 0; k < m; ++k) G = G * factor(k);
    out.G = G;
    if (level != EvalLevel::Transform) {
      out.S.col(0).setZero();
      if (level == EvalLevel::Hessian) out.dS.col(0).setZero();
    }
    return;
  }
  // the first factor starts from μ_0 = 0, ∂μ_0 = 0, so eq. (29) and (31) reduce to g φ′ and g φ″.
  // G, s and h stay in locals (registers) rather than in out, which the compiler must assume aliases
  SE3 G = lanes::compose(H, factor(0));
  Twist s = g[0] * dphi[0];
  Twist h = g[0] * ddphi[0];
  const bool hessian = level == EvalLevel::Hessian;
  for (int k = 1; k < m; ++k) {
    const SE3 E = factor(k);
    G = lanes::compose(G, E);
    if (hessian) {
      // eq. (31) with n = 1, before μ advances
      h = g[k] * ddphi[k] + Ad_inv_apply(E, h + ad_apply(s, g[k]) * dphi[k]);
    }
    // eq. (29)
    s = g[k] * dphi[k] + Ad_inv_apply(E, s);
  }
  out.G = G;
  out.S.col(0) = s;
  if (hessian) out.dS.col(0) = h;
}

}  // namespace js
