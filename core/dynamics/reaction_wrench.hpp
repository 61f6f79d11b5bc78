// reaction forces (issue 17, after artisynth's joint constraint forces, its eq. 3.17, in frame C): the spatial
// wrench each joint transmits from its parent onto its child at one instant, expressed in the joint's C
// frame, and its split into the part the joint's coordinates carry and the constraint part (the reaction
// proper).
//
//   f_i = J_i v̇_i − ad*_{v_i} J_i v_i − f_e,i + Σ_{c child of i} Ad*_{G_c⁻¹} f_c      (eq. 15, the actual q̈)
//   τ_i = S_iᵀ f_i                                                                   (eq. 16)
//
// the C frame is the joint's moving frame, fixed to the child (artisynth: C on body A):
// child_T_C = moving_T_child⁻¹ (core/joints/joint.hpp), so f_C = Ad*_{(C_T_child)⁻¹} f_i and S_C = Ad_{C_T_child} S.
// wrenches are [moment; force] (N·m; N), the dual of twists [ω; v]; the moment is about C's origin.
//
// the split: constraint = f_C − S_C (S_Cᵀ S_C)⁻¹ τ, so S_Cᵀ constraint = 0 (it does no work on any motion the
// joint allows) and the motion part lies in span S_C under the euclidean metric of the C frame. for a lower
// pair this is artisynth's split (a hinge about z: the motion part is m_z, the reaction the other five);
// for a joint whose S mixes rotation and translation (spline, elliptic) the split depends on the unit of
// length (metres here), while the total wrench and τ do not.
#pragma once

#include <vector>

#include "core/dynamics/algorithms.hpp"
#include "core/dynamics/simulator.hpp"

namespace js {

struct JointReaction {
  Wrench total = Wrench::Zero();       // f_i in C: [moment N·m; force N] from the parent onto the child
  Wrench constraint = Wrench::Zero();  // the reaction proper: S_Cᵀ constraint = 0
  Wrench motion = Wrench::Zero();      // total − constraint = S_C (S_Cᵀ S_C)⁻¹ τ
  JointVector tau;                     // Sᵀ f, the joint-space force (N·m or N per coordinate), dof
  bool degenerate = false;             // S_Cᵀ S_C not invertible (‖S‖ → 0): motion 0, constraint = total
};

// per-body results, sized once for a model; joint_reactions allocates nothing.
struct ReactionData {
  explicit ReactionData(const MultibodyModel& model);
  std::vector<JointReaction> joints;  // one per body, body order: the joint between body i and its parent
};

// the joint wrenches of the state whose kinematics data holds, for the actual accelerations qdd (size nq).
// needs in data, for the same (t, q, q̇): forward_kinematics at Bias level or more (G, S, world_T_body, v, c
// and the root), and f_ext the applied body wrenches (apply_forces). both hold right after
// Simulator::accelerations, aba or rnea. writes data.bodies[i].a (from qdd) and data.bodies[i].f (eq. 15,
// body frame, what rnea leaves there) and out. no allocation.
// closed loops and couplers: pass their constrained q̈; their multipliers' force Gᵀλ then shows up in τ
// (as a joint-space force), not as body wrenches, so per-body newton–euler holds only for trees.
void joint_reactions(const MultibodyModel& model, MultibodyData& data, const ConstVectorRef& qdd, ReactionData& out);

// the same at a simulator's state: its forward dynamics (Simulator::accelerations: applied forces,
// prescribed coordinates on their trajectories, loops) at (s.t, s.q, s.qd), then the wrenches.
// limits and locks act as impulses at step ends (Simulator::step) and so never appear here.
void joint_reactions(Simulator& sim, const SimulationState& s, ReactionData& out);

}  // namespace js
