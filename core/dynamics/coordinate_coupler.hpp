// a coordinate coupled to others: q_d = scale · f(q_i…), opensim's CoordinateCouplerConstraint (its constraint
// is scale·f(q_i) − q_d = 0, CoordinateCouplerConstraint.cpp). the loop solver holds it as one hard row beside
// the loops' rows (core/dynamics/loop_solver.hpp), with x = (q_i…):
//   δ = q_d − s f(x),   δ̇ = G q̇ with G = e_dᵀ − s Σ_k ∂f/∂x_k e_{i_k}ᵀ,
//   d/dt δ̇ = G q̈ − γ0 with γ0 = s ẋᵀ ∇²f ẋ.
#pragma once

#include <string>
#include <vector>

#include <Eigen/Core>

#include "core/joints/axis_function.hpp"

namespace js {

struct CoordinateCoupler {
  std::string name;
  int dependent = 0;              // index into q
  std::vector<int> independents;  // indices into q, as many as the function has inputs
  AxisFunction function;
  double scale = 1.0;
  // baumgarte stabilization of the row, as a hard loop's (1/s, ≥ 0)
  double stabilization = 10.0;
};

// one coupler's row at (q, q̇).
struct CouplerRow {
  double delta = 0.0;      // δ
  double delta_dot = 0.0;  // δ̇
  double bias = 0.0;       // γ0 (when asked)
};

// δ, δ̇ (and γ0 when with_bias) of c at (q, q̇); G_row (1 × nq) gets the whole row. allocates nothing.
void evaluate_coupler(const CoordinateCoupler& c, const Eigen::Ref<const Eigen::VectorXd>& q,
                      const Eigen::Ref<const Eigen::VectorXd>& qd, bool with_bias, CouplerRow& row,
                      Eigen::Ref<Eigen::MatrixXd> G_row);

// sets each dependent (and its rate) from its independents, couplers in order, so the state lies on them.
void apply_couplers(const std::vector<CoordinateCoupler>& couplers, Eigen::Ref<Eigen::VectorXd> q,
                    Eigen::Ref<Eigen::VectorXd> qd);

}  // namespace js
