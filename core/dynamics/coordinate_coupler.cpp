#include "core/dynamics/coordinate_coupler.hpp"

namespace js {

namespace {

// f, ∇f, ∇²f at the independents' values
struct CouplerEval {
  double f = 0.0;
  double df[kMaxAxisFunctionInputs] = {};
  double ddf[kMaxAxisFunctionInputs * kMaxAxisFunctionInputs] = {};
};

int inputs(const CoordinateCoupler& c) { return static_cast<int>(c.independents.size()); }

void evaluate_function(const CoordinateCoupler& c, const Eigen::Ref<const Eigen::VectorXd>& q, bool second,
                       CouplerEval& e) {
  double x[kMaxAxisFunctionInputs];
  for (int k = 0; k < inputs(c); ++k) x[k] = q[c.independents[static_cast<std::size_t>(k)]];
  c.function.evaluate(x, e.f, e.df, second ? e.ddf : nullptr);
}

}  // namespace

void evaluate_coupler(const CoordinateCoupler& c, const Eigen::Ref<const Eigen::VectorXd>& q,
                      const Eigen::Ref<const Eigen::VectorXd>& qd, bool with_bias, CouplerRow& row,
                      Eigen::Ref<Eigen::MatrixXd> G_row) {
  CouplerEval e;
  evaluate_function(c, q, with_bias, e);
  const int n = inputs(c);
  row.delta = q[c.dependent] - c.scale * e.f;
  G_row.setZero();
  G_row(0, c.dependent) = 1.0;
  double xd[kMaxAxisFunctionInputs];
  row.delta_dot = qd.size() > 0 ? qd[c.dependent] : 0.0;
  for (int k = 0; k < n; ++k) {
    const int i = c.independents[static_cast<std::size_t>(k)];
    G_row(0, i) -= c.scale * e.df[k];
    xd[k] = qd.size() > 0 ? qd[i] : 0.0;
    row.delta_dot -= c.scale * e.df[k] * xd[k];
  }
  row.bias = 0.0;
  if (!with_bias) return;
  // d/dt (s ∇f·ẋ) = s ∇f·ẍ + s ẋᵀ∇²f ẋ: the second term is what q̈ does not carry
  for (int a = 0; a < n; ++a)
    for (int b = 0; b < n; ++b) row.bias += c.scale * xd[a] * e.ddf[a * n + b] * xd[b];
}

void apply_couplers(const std::vector<CoordinateCoupler>& couplers, Eigen::Ref<Eigen::VectorXd> q,
                    Eigen::Ref<Eigen::VectorXd> qd) {
  for (const CoordinateCoupler& c : couplers) {
    CouplerEval e;
    evaluate_function(c, q, false, e);
    q[c.dependent] = c.scale * e.f;
    double rate = 0.0;
    for (int k = 0; k < inputs(c); ++k) rate += c.scale * e.df[k] * qd[c.independents[static_cast<std::size_t>(k)]];
    qd[c.dependent] = rate;
  }
}

}  // namespace js
