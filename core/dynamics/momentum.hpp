// the canonical (generalized) momentum p = ∂L/∂q̇ = M(q) q̇ (+ the driven root's share) and its rate
// ṗ = M q̈ + Ṁ q̇ = ∂L/∂q + Q (lagrange's equations), by one leaves-to-root sweep over the body momenta
// J_i v_i: what the symplectic implicit midpoint steps (simulator.cpp) work in.
//
//   P_i = J_i v_i + Σ_c Ad*_{G_c⁻¹} P_c,  p_i = S_iᵀ P_i
//   Ṗ_i = J_i v̇_i + Σ_c Ad*_{G_c⁻¹} (Ṗ_c − ad*_{u_c} P_c),  ṗ_i = Ṡ_iᵀ P_i + S_iᵀ Ṗ_i
//
// with u_c = S_c q̇_c (d/dt Ad_{G⁻¹} = −ad_u Ad_{G⁻¹}) and Ṡ_i = Σ_j ∂S_i/∂q_j q̇_j from ∇S.
#pragma once

#include <vector>

#include "core/dynamics/algorithms.hpp"

namespace js {

// per-body workspace, sized once.
struct MomentumWork {
  explicit MomentumWork(const MultibodyModel& model)
      : P(static_cast<std::size_t>(model.num_bodies()), Twist::Zero()),
        Pdot(static_cast<std::size_t>(model.num_bodies()), Twist::Zero()) {}
  std::vector<Twist> P, Pdot;
};

// p (size nq) from the body velocities of a forward_kinematics sweep at Velocity level or more for (q, q̇).
void generalized_momentum(const MultibodyModel& model, const MultibodyData& data, MomentumWork& work,
                          Eigen::Ref<Eigen::VectorXd> p);

// p and ṗ from the velocities, ∇S and accelerations v̇_i (data.bodies[i].a) that aba left for (t, q, q̇).
// qd: the q̇ aba ran with. allocates nothing.
void momentum_and_rate(const MultibodyModel& model, const MultibodyData& data, const ConstVectorRef& qd,
                       MomentumWork& work, Eigen::Ref<Eigen::VectorXd> p, Eigen::Ref<Eigen::VectorXd> pdot);

}  // namespace js
