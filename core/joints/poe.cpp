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

namespace {

// g α + Ad_{E⁻¹} x = g α + [Rᵀω; Rᵀ(v − p × ω)]: one step of eq. (29) and (31), scalar and in place
// (x and out are 6 doubles, may alias) so the clones fuse it into multiply-adds without temporaries
[[gnu::always_inline]] inline void step_to_child(const SE3& E, const double* x, const Twist& g, double alpha,
                                                 double* out) {
  const Mat3& R = E.R;
  const Vec3& p = E.p;
  const double w0 = x[0], w1 = x[1], w2 = x[2];
  const double u0 = x[3] - (p[1] * w2 - p[2] * w1);
  const double u1 = x[4] - (p[2] * w0 - p[0] * w2);
  const double u2 = x[5] - (p[0] * w1 - p[1] * w0);
  out[0] = g[0] * alpha + R(0, 0) * w0 + R(1, 0) * w1 + R(2, 0) * w2;
  out[1] = g[1] * alpha + R(0, 1) * w0 + R(1, 1) * w1 + R(2, 1) * w2;
  out[2] = g[2] * alpha + R(0, 2) * w0 + R(1, 2) * w1 + R(2, 2) * w2;
  out[3] = g[3] * alpha + R(0, 0) * u0 + R(1, 0) * u1 + R(2, 0) * u2;
  out[4] = g[4] * alpha + R(0, 1) * u0 + R(1, 1) * u1 + R(2, 1) * u2;
  out[5] = g[5] * alpha + R(0, 2) * u0 + R(1, 2) * u1 + R(2, 2) * u2;
}

// x + ad_s(g) β = x + [ω_s × ω_g; v_s × ω_g + ω_s × v_g] β, in place (eq. 31's bracket term)
[[gnu::always_inline]] inline void add_bracket(const double* sv, const Twist& g, double beta, double* x) {
  x[0] += (sv[1] * g[2] - sv[2] * g[1]) * beta;
  x[1] += (sv[2] * g[0] - sv[0] * g[2]) * beta;
  x[2] += (sv[0] * g[1] - sv[1] * g[0]) * beta;
  x[3] += (sv[4] * g[2] - sv[5] * g[1] + sv[1] * g[5] - sv[2] * g[4]) * beta;
  x[4] += (sv[5] * g[0] - sv[3] * g[2] + sv[2] * g[3] - sv[0] * g[5]) * beta;
  x[5] += (sv[3] * g[1] - sv[4] * g[0] + sv[0] * g[4] - sv[1] * g[3]) * beta;
}

}  // namespace

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
  double s[6], h[6];
  for (int i = 0; i < 6; ++i) {
    s[i] = g[0][i] * dphi[0];
    h[i] = g[0][i] * ddphi[0];
  }
  const bool hessian = level == EvalLevel::Hessian;
  for (int k = 1; k < m; ++k) {
    const SE3 E = factor(k);
    lanes::compose_into(G, E, G);
    if (hessian) {
      // eq. (31) with n = 1, before μ advances: h ← g φ″ + Ad_{E⁻¹}(h + ad_s(g) φ′)
      add_bracket(s, g[k], dphi[k], h);
      step_to_child(E, h, g[k], ddphi[k], h);
    }
    // eq. (29): s ← g φ′ + Ad_{E⁻¹} s
    step_to_child(E, s, g[k], dphi[k], s);
  }
  out.G = G;
  for (int i = 0; i < 6; ++i) out.S(i, 0) = s[i];
  if (hessian) {
    for (int i = 0; i < 6; ++i) out.dS(i, 0) = h[i];
  }
}

}  // namespace js
