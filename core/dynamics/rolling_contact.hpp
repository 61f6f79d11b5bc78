// no-slip (rolling) contact between two bodies (paper §8: "it is possible to enforce additional constraints,
// such as a no-slip constraint, by computing constraint forces using lagrange multipliers"). the contact is a
// frame c carried by some body f (for a ball on a spline surface joint: the light carriage the surface joint
// moves, with c at the contact point, z along the normal); the constraint says that the material points of
// a (the surface's body) and b (the roller) at c's origin move alike along c's chosen axes:
//
//   δ̇ = N Ad_{c_T_b} V_rel = 0,      V_rel = v_b − Ad_{b_T_a} v_a        (body b frame)
//
// N picks rows of the twist in c ([ωx ωy ωz vx vy vz]; default vx, vy: no slip along the tangent plane).
// the rows are velocity-level (nonholonomic: there is no position δ to restore), held by the loop solver's
// multipliers (core/dynamics/loop_solver.hpp) with δ̈ = −α δ̇, and projected after each step. their
// derivative, with X = c_T_b and ξ = X⁻¹Ẋ = v_b − Ad_{b_T_f} v_f (c is fixed in f):
//
//   d/dt δ̇ = N Ad_{c_T_b} (V̇_rel + ad_ξ V_rel),   V̇_rel = a_b − Ad_{b_T_a} a_a + ad_{V_rel} v_b
#pragma once

#include <string>
#include <vector>

#include "core/dynamics/multibody.hpp"
#include "core/dynamics/relative_path.hpp"

namespace js {

struct RollingContact {
  std::string name;
  int body_a = -1;      // the surface's body; −1: the root frame
  int body_b = 0;       // the rolling body
  int frame_body = -1;  // the body that carries the contact frame; −1: the root frame
  SE3 frame_T_contact;  // the contact frame c in frame_body: origin at the contact point
  // rows, bit k for twist component k of c ([ωx ωy ωz vx vy vz]); default: vx and vy (tangential slip).
  // adding ωz forbids spinning about the normal as well (a rubber ball).
  unsigned axes = (1u << 3) | (1u << 4);
  double stabilization = 10.0;  // α (1/s, ≥ 0): δ̈ = −α δ̇ between the projections
};

// the per-contact workspace: the coordinates that move b relative to a, and the last relative twist.
struct RollingData {
  RollingData(const MultibodyModel& model, const RollingContact& contact);
  std::vector<LoopPathBody> path;  // as a loop's: +1 ancestors of b only, −1 of a only
  Eigen::Matrix<double, Eigen::Dynamic, 6, 0, 6, 6> N;  // rows × 6: chosen rows of Ad_{c_T_b}
  Twist v_rel = Twist::Zero();     // V_rel (body b frame)
  int rows = 0;
};

// what evaluate_rolling fills: row blocks (size rows) of the caller's stacked vectors and matrix.
struct RollingRows {
  Eigen::Ref<Eigen::VectorXd> delta_dot;  // δ̇ = G q̇: the slip velocity along the chosen axes (m/s, rad/s)
  Eigen::Ref<Eigen::MatrixXd> G;          // rows × nq (every column written)
  Eigen::Ref<Eigen::VectorXd> bias;       // −d/dt δ̇ at the body accelerations in data (when asked)
};

// checks a contact against model; throws std::invalid_argument naming it for a bad body index, the same body
// on both sides, no rows, bits beyond six, a negative or non-finite stabilization, or a frame that is not a
// rigid transform.
void check_rolling(const MultibodyModel& model, const RollingContact& contact);

// evaluates the rows after forward_kinematics at (q, q̇) (level Velocity; Acceleration for the bias, whose
// value is then −d/dt δ̇ at the accelerations data holds, e.g. aba's q̈_free). allocates nothing.
void evaluate_rolling(const MultibodyModel& model, const MultibodyData& data, const RollingContact& contact,
                      RollingData& rd, bool with_bias, RollingRows out);

}  // namespace js
