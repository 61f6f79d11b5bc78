#include "core/fit/curve_derivatives.hpp"

#include "core/spline/basis.hpp"
#include "core/spline/cumulative.hpp"

namespace js::fit {

namespace {

// Ad_{T⁻¹} = [Rᵀ 0; −Rᵀ[p] Rᵀ] without inverting T first.
Mat6 Ad_inverse(const SE3& T) {
  Mat6 m;
  const Mat3 Rt = T.R.transpose();
  m.topLeftCorner<3, 3>() = Rt;
  m.topRightCorner<3, 3>().setZero();
  m.bottomLeftCorner<3, 3>().noalias() = -Rt * hat3(T.p);
  m.bottomRightCorner<3, 3>() = Rt;
  return m;
}

}  // namespace

CurveSpan make_curve_span(const spline::KnotVector& knots, double q) {
  spline::BasisValues b;
  spline::evaluate_basis(knots, q, b);
  spline::CumulativeValues c;
  spline::cumulative_from_basis(b, c);
  CurveSpan s;
  s.base = c.base_index();
  s.order = b.order;
  s.value = c.value;
  s.d1 = c.d1;
  s.d2 = c.d2;
  s.basis = b.value;
  return s;
}

void ControlTwists::update(const std::vector<SE3>& frames, const spline::KnotVector& knots, bool with_jacobians) {
  const auto nb = static_cast<std::size_t>(knots.num_basis());
  z.resize(nb, Twist::Zero());
  jr_inv.resize(nb, Mat6::Identity());
  ad_exp_neg.resize(nb, Mat6::Identity());
  for (int l = 1; l < knots.num_basis(); ++l) {
    const auto i = static_cast<std::size_t>(l);
    const SE3& a = frames[static_cast<std::size_t>(knots.control_index(l - 1))];
    const SE3& b = frames[static_cast<std::size_t>(knots.control_index(l))];
    const SE3 d = a.inverse() * b;  // Ğ_{l−1}⁻¹ Ğ_l = exp(ẑ_l)
    z[i] = se3_log(d);
    if (!with_jacobians) continue;
    jr_inv[i] = se3_right_jacobian_inverse(z[i]);
    ad_exp_neg[i] = Ad_inverse(d);
  }
}

void curve_point(const std::vector<SE3>& frames, const spline::KnotVector& knots, const ControlTwists& twists,
                 const CurveSpan& span, CurveDerivative derivative, CurvePoint& out) {
  const int m = span.order - 1;  // number of exponentials (eq. 24)
  const int b = span.base;
  std::array<SE3, spline::kMaxOrder> E;
  out.G = frames[static_cast<std::size_t>(knots.control_index(b))];
  for (int r = 0; r < m; ++r) {
    const auto rr = static_cast<std::size_t>(r);
    E[rr] = se3_exp(twists.z[static_cast<std::size_t>(b + 1 + r)] * span.value[rr]);
    out.G *= E[rr];
  }
  if (derivative == CurveDerivative::None) return;

  // suffix products P_r = E_{r+1} ⋯ E_{m−1} (P_{m−1} = I) and the whole product E_0 P_0
  std::array<SE3, spline::kMaxOrder> P;
  P[static_cast<std::size_t>(m - 1)] = SE3::identity();
  for (int r = m - 2; r >= 0; --r) {
    P[static_cast<std::size_t>(r)] = E[static_cast<std::size_t>(r + 1)] * P[static_cast<std::size_t>(r + 1)];
  }
  const SE3 full = E[0] * P[0];

  if (derivative == CurveDerivative::Paper) {
    // eq. (34): frame b+i moves G by its basis weight, carried through the factors after it
    out.J[0] = span.basis[0] * Ad_inverse(full);
    for (int i = 1; i <= m; ++i) {
      const auto ii = static_cast<std::size_t>(i);
      out.J[ii] = span.basis[ii] * Ad_inverse(P[ii - 1]);
    }
    return;
  }

  // exact: X_r = Ad_{P_r⁻¹} B̃_r J_r(B̃_r z) J_r⁻¹(z) maps the body change of z_{b+1+r} to G's perturbation
  std::array<Mat6, spline::kMaxOrder> X;
  for (int r = 0; r < m; ++r) {
    const auto rr = static_cast<std::size_t>(r);
    const auto l = static_cast<std::size_t>(b + 1 + r);
    const double beta = span.value[rr];
    if (beta == 0.0) {
      X[rr].setZero();
      continue;
    }
    const Mat6 C = beta * se3_right_jacobian(twists.z[l] * beta) * twists.jr_inv[l];
    X[rr].noalias() = Ad_inverse(P[rr]) * C;
  }
  // body change of z_l is ŭ_l − Ad_{exp(−z_l)} ŭ_{l−1}: frame b+i enters z_{b+i} (+) and z_{b+i+1} (−)
  out.J[0] = Ad_inverse(full);
  for (int i = 0; i <= m; ++i) {
    const auto ii = static_cast<std::size_t>(i);
    if (i > 0) out.J[ii] = X[ii - 1];
    if (i < m) out.J[ii].noalias() -= X[ii] * twists.ad_exp_neg[static_cast<std::size_t>(b + 1 + i)];
  }
}

void curve_hessian(const ControlTwists& twists, const CurveSpan& span, bool with_derivative,
                   CurveHessianPoint& out) {
  using Tangent = Eigen::Matrix<double, 6, 6 * (spline::kMaxOrder - 1)>;
  const int m = span.order - 1;
  const int b = span.base;
  Twist S = Twist::Zero();  // μ_r of eq. (29)
  Twist H = Twist::Zero();  // ∂μ_r/∂q of eq. (31)
  // tangents of S and H w.r.t. the coordinates of z_{b+1+r'} (6 columns per factor r')
  Tangent dS = Tangent::Zero();
  Tangent dH = Tangent::Zero();
  const int cols = 6 * m;
  for (int r = 0; r < m; ++r) {
    const auto rr = static_cast<std::size_t>(r);
    const Twist& g = twists.z[static_cast<std::size_t>(b + 1 + r)];
    const double phi = span.value[rr];
    const double dphi = span.d1[rr];
    const double ddphi = span.d2[rr];
    const SE3 E = se3_exp(g * phi);
    const Mat6 Ai = Ad_inverse(E);
    const Mat6 ad_g = ad(g);
    // eq. (31): H_r = g φ'' + Ad_E⁻¹ (H_{r−1} + ad_{S_{r−1}} g φ'),  ad_S g = −ad_g S
    const Twist Y = H - dphi * (ad_g * S);
    if (with_derivative) {
      // exp(φ (z + ε)) = E exp(Ξ ε): Ad_{E'}⁻¹ x = Ad_E⁻¹ x + ad_{Ad_E⁻¹ x} Ξ ε
      const Mat6 Xi = phi * se3_right_jacobian(g * phi);
      auto dY = (dH.leftCols(cols) - dphi * (ad_g * dS.leftCols(cols))).eval();
      dY.middleCols<6>(6 * r) += dphi * ad(S);
      dH.leftCols(cols).noalias() = Ai * dY;
      dH.middleCols<6>(6 * r) += ddphi * Mat6::Identity() + ad(Ai * Y) * Xi;
      const auto dS_old = dS.leftCols(cols).eval();
      dS.leftCols(cols).noalias() = Ai * dS_old;
      dS.middleCols<6>(6 * r) += dphi * Mat6::Identity() + ad(Ai * S) * Xi;
    }
    H = g * ddphi + Ai * Y;
    S = g * dphi + Ai * S;  // eq. (29)
  }
  out.h = H;
  if (!with_derivative) return;
  // chain through dz_l = J_r⁻¹(z_l)(ŭ_l − Ad_{exp(−z_l)} ŭ_{l−1})
  for (int i = 0; i <= m; ++i) out.N[static_cast<std::size_t>(i)].setZero();
  for (int r = 0; r < m; ++r) {
    const auto l = static_cast<std::size_t>(b + 1 + r);
    const Mat6 D = dH.middleCols<6>(6 * r) * twists.jr_inv[l];
    out.N[static_cast<std::size_t>(r + 1)] += D;
    out.N[static_cast<std::size_t>(r)].noalias() -= D * twists.ad_exp_neg[l];
  }
}

}  // namespace js::fit
