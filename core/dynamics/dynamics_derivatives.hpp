// derivatives of the reduced multibody dynamics, for implicit integration (issue 17):
//
//   M(q) q̈ = τ(t, q, q̇) − ID₀(q, q̇, q̈)        ID₀: recursive newton–euler (eq. 15–16) with the applied wrenches
//   ∂q̈/∂x = M⁻¹ D_x,  D_x = ∂τ/∂x − ∂ID₀/∂x at fixed q̈      (x = q or q̇)
//
// ∂ID₀/∂x is the forward-mode (tangent) derivative of rnea's sweeps through S and ∇S: a change δq_i of a
// joint turns its child by ξ = S δq_i (G ← G exp(ξ̂), so Ad_{G⁻¹} ← (1 − ad_ξ) Ad_{G⁻¹}), its S by ∇S δq_i and
// its velocity product c = q̇ᵀ∇S q̇ + ad_v S q̇ (eq. 14) by every term of that product. one term needs the
// derivative of ∇S itself (∂/∂q of q̇ᵀ∇S q̇), which the joints do not give: it is the one term taken by a
// central difference of the joint's own ∇S (step 1e-5 in its coordinate, error ~1e-10 relative), everything
// else is analytic. the applied forces are differentiated too: coordinate springs and damping, point
// springs (length, rate and direction through the bodies' pose and velocity tangents) and external forces
// (their body-frame wrench turns with the body). gravity enters as the root's acceleration −g.
//
// prescribed coordinates are not variables: their rows and columns of D_q, D_q̇ and of the ∂q̈/∂x are zero.
// closed loops and couplers are not differentiated (the simulator's implicit steps refuse them).
#pragma once

#include <vector>

#include <Eigen/Cholesky>

#include "core/dynamics/corner_impulse.hpp"
#include "core/dynamics/forces.hpp"

namespace js {

// preallocated workspace and results; one per model (no allocation after construction).
struct DynamicsDerivatives {
  explicit DynamicsDerivatives(const MultibodyModel& model);

  Eigen::MatrixXd M;         // nq×nq mass matrix (prescribed rows and columns: identity)
  Eigen::VectorXd qdd;       // q̈ at the point (aba)
  Eigen::MatrixXd D_q;       // nq×nq: ∂τ/∂q − ∂ID₀/∂q = M ∂q̈/∂q
  Eigen::MatrixXd D_qd;      // nq×nq: ∂τ/∂q̇ − ∂ID₀/∂q̇ = M ∂q̈/∂q̇
  Eigen::MatrixXd dqdd_dq;   // nq×nq: ∂q̈/∂q (only with accelerations = true)
  Eigen::MatrixXd dqdd_dqd;  // nq×nq: ∂q̈/∂q̇

  // workspace
  std::vector<Twist> ag, f;                    // nominal accelerations (gravity as −g at the root), wrenches
  std::vector<Twist> eta, dv, da, df;          // tangents of pose, velocity, acceleration, wrench per body
  std::vector<JointData> plus, minus;          // the joint at q ± ε for the ∂∇S term
  std::vector<char> free_;                     // per coordinate: not prescribed
  Eigen::LLT<Eigen::MatrixXd> llt;
};

// evaluates q̈, M, D_q, D_q̇ (and ∂q̈/∂q, ∂q̈/∂q̇ when accelerations) at (t, q, q̇) under forces. q and q̇
// must already hold the prescribed coordinates' values at t (the simulator's accelerations() does the same).
// leaves data as aba left it at (t, q, q̇), with M in out.M. allocates nothing.
// corners: the spline curve corners of the model (the simulator's); the ∂∇S difference is then one-sided
// where a corner lies within its step, so a state a hair past a corner is differentiated on its own side.
void dynamics_derivatives(const MultibodyModel& model, const ForceSet& forces, MultibodyData& data,
                          DynamicsDerivatives& out, double t, const ConstVectorRef& q, const ConstVectorRef& qd,
                          bool accelerations = false, const CornerImpulse* corners = nullptr);

}  // namespace js
