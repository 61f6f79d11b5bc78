// recursive kinematics and dynamics of a MultibodyModel (paper §4 and appendix A), pinocchio style:
// algorithm(model, data, t, q, ...) fills data and returns a reference into it. none of these allocate.
//
// arguments common to all: t: time (s), used only by a driven root; q, qd, qdd, tau: size model.nq().
// gravity (model.gravity) and data.bodies[i].f_ext (body-frame external wrenches, set by the caller or by
// apply_forces; zero by default) enter rnea, nonlinear_effects and aba.
#pragma once

#include "core/dynamics/multibody.hpp"

namespace js {

using ConstVectorRef = Eigen::Ref<const Eigen::VectorXd>;

// what a kinematics sweep computes.
enum class KinematicsLevel {
  Position,      // G_i, world_T_body (eq. 9)
  Velocity,      // + S_i, v_i (eq. 11–12)
  Acceleration,  // + ∇S_i, c_i and, given qdd, a_i (eq. 14)
  Bias,          // + ∇S_i and c_i only, a_i untouched: what aba needs (its forward sweep computes a_i)
};

// forward kinematics. qd is read for level ≥ Velocity (Bias included), qdd for Acceleration (pass an empty vector to get
// c_i only, with a_i left as the zero-q̈ acceleration).
void forward_kinematics(const MultibodyModel& model, MultibodyData& data, double t, const ConstVectorRef& q,
                        const ConstVectorRef& qd = Eigen::VectorXd(), const ConstVectorRef& qdd = Eigen::VectorXd(),
                        KinematicsLevel level = KinematicsLevel::Position);

// inverse dynamics by recursive newton–euler (eq. 15–16): τ = M(q) q̈ + h(q, q̇). result in data.tau.
const Eigen::VectorXd& rnea(const MultibodyModel& model, MultibodyData& data, double t, const ConstVectorRef& q,
                            const ConstVectorRef& qd, const ConstVectorRef& qdd);

// h(q, q̇) = rnea(q, q̇, 0): coriolis, centrifugal, gravity and external forces. result in data.tau.
const Eigen::VectorXd& nonlinear_effects(const MultibodyModel& model, MultibodyData& data, double t,
                                         const ConstVectorRef& q, const ConstVectorRef& qd);

// joint-space mass matrix M(q) by the composite rigid body algorithm. result in data.M (nq×nq, symmetric).
const Eigen::MatrixXd& crba(const MultibodyModel& model, MultibodyData& data, double t, const ConstVectorRef& q);
// the same from the joints' G and S already in data (data.bodies[i].joint), e.g. with a spline curve's S taken
// from one side of a corner (core/dynamics/corner_impulse.hpp). result in data.M.
const Eigen::MatrixXd& crba_from_kinematics(const MultibodyModel& model, MultibodyData& data);
// a velocity solve M q̇ = rhs in which prescribed coordinates keep their given rate: each prescribed row and column
// of M becomes the identity's and its rhs entry the rate in qd (the implicit midpoint step, the corner impulse).
void pin_prescribed_rates(const MultibodyModel& model, const ConstVectorRef& qd, Eigen::MatrixXd& M,
                          Eigen::VectorXd& rhs);

// samples every prescribed coordinate's trajectory at t into data.prescribed (sets
// data.prescribed_degenerate). aba calls it; callers that need the prescribed q, q̇ before (the simulator
// writes them into the state) call it themselves and then use aba_from_kinematics.
void evaluate_prescribed(const MultibodyModel& model, MultibodyData& data, double t);

// forward dynamics by the articulated-body recursion of appendix A (eq. 43–44): q̈ = M⁻¹(τ − h), O(n).
// result in data.qdd; data.singular is set when some Ω_i was not positive definite.
// prescribed coordinates (model.prescribe) are hybrid: their q̈ is the trajectory's, the τ entry is
// ignored, and the torque that drives them is returned in data.drive_tau. q and q̇ of a prescribed
// coordinate are read from the arguments like any other (keep them on the trajectory).
const Eigen::VectorXd& aba(const MultibodyModel& model, MultibodyData& data, double t, const ConstVectorRef& q,
                           const ConstVectorRef& qd, const ConstVectorRef& tau);

// the recursions of aba after forward_kinematics(..., KinematicsLevel::Bias or Acceleration) and
// evaluate_prescribed have run for the same (t, q, q̇), so callers that needed the poses first (applied
// forces) do not evaluate the joints twice.
const Eigen::VectorXd& aba_from_kinematics(const MultibodyModel& model, MultibodyData& data,
                                           const ConstVectorRef& tau);

}  // namespace js
