// the articulated-body recursion's steps for a joint with prescribed coordinates (hybrid dynamics,
// appendix A with S split into free and prescribed columns). internal to aba.cpp.
//
// with S = [S_f S_p] and the prescribed q̈_p known, the joint acceleration s_p q̈_p joins the velocity
// product term c (eq. 14; c already holds q̇ᵀ∇S q̇ over all coordinates, the prescribed q̇_p included):
//   c' = c + S_p q̈_p,  β = J̃ c' + b,  Ω = S_fᵀ J̃ S_f,  u = τ_f − S_fᵀ β
// and the free columns are treated exactly like an ordinary joint's. the driving force of a prescribed
// coordinate is s_pᵀ (J̃ a + b), the joint wrench projected on its column (eq. 16).
#pragma once

#include "core/dynamics/multibody.hpp"

namespace js::detail {

// backward step of body i (body.num_prescribed > 0): fills bd.U, bd.Omega_inv, bd.u for the free
// columns and adds the reduced articulated inertia and bias to parent (nullptr at the root).
// samples: data.prescribed; tau: size nq. returns false when Ω of the free columns is not positive definite.
bool hybrid_backward(const Body& body, BodyData& bd, const std::vector<PrescribedSample>& samples,
                     const Eigen::Ref<const Eigen::VectorXd>& tau, BodyData* parent);

// forward step: given ⁱv̇_{i−1} (a_in, the parent's acceleration in this body's frame) sets bd.a, the
// free and prescribed entries of qdd and the prescribed entries of drive_tau (both size nq).
void hybrid_forward(const Body& body, BodyData& bd, const std::vector<PrescribedSample>& samples, const Twist& a_in,
                    Eigen::VectorXd& qdd, Eigen::VectorXd& drive_tau);

}  // namespace js::detail
