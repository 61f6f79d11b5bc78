// lagrange multipliers for closed loops on top of the tree dynamics (issue 4):
//
//   M q̈ = τ − h + Gᵀλ,     G q̈ + C̃ λ = γ          (G: stacked loop rows N J_rel, core/dynamics/loop_constraint)
//
// solved by the schur complement (G M⁻¹ Gᵀ + C̃) λ = γ − G q̈_free with q̈_free = aba's M⁻¹(τ − h), then
// q̈ = q̈_free + M⁻¹Gᵀλ (M from the composite-rigid-body algorithm, cholesky).
//   hard rows (c = 0): C̃ = 0, γ = γ0 − 2α δ̇ − α² δ (baumgarte drift correction).
//   compliant rows (artisynth eq. 3.19–3.22 with damping): λ = −δ(t+h)/c − d δ̇(t+h), with the step's
//   prediction δ(t+h) = δ + h δ̇(t+h), δ̇(t+h) = δ̇ + h δ̈ and δ̈ = G q̈ − γ0, gives
//   C̃ = c / (h² + h c d) and γ = γ0 − (δ + (h + c d) δ̇) / (h² + h c d); at rest λ = −δ/c exactly.
// redundant hard rows make G M⁻¹ Gᵀ singular: the first solve checks the rank of the hard rows and throws.
// coordinate couplers (coordinate_coupler.hpp) are hard rows after the loops' (their δ, G and γ0 read q, q̇).
// rolling contacts (rolling_contact.hpp) come last: velocity rows with no δ, so γ = γ0 − α δ̇, and
// project_velocities puts q̇ back on them (and on every hard row) after a step.
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

#include <Eigen/Cholesky>

#include "core/dynamics/algorithms.hpp"
#include "core/dynamics/loop_constraint.hpp"

namespace js {

// the largest constraint errors over all loops at one state.
struct LoopErrors {
  double position = 0.0;  // max ‖δ‖ (rows mix m and rad)
  double velocity = 0.0;  // max ‖δ̇‖ (m/s and rad/s)
};

// thrown when hard loop rows are redundant (or the constraint matrix becomes singular).
class RedundantLoopsError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class LoopSolver {
 public:
  // loops is referenced, not copied: it must outlive the solver. all workspaces are allocated here.
  LoopSolver(const MultibodyModel& model, const LoopSet& loops);

  // replaces data.qdd (aba's unconstrained accelerations at (t, q, q̇)) by the constrained ones. call it
  // right after aba / aba_from_kinematics for the state: it reads their body accelerations
  // data.bodies[i].a (those of q̈_free), so the loop bias it evaluates is already γ0 − G q̈_free.
  // dt: the integration step (s), used by compliant rows. the first call checks the rank of the hard rows
  // and throws RedundantLoopsError naming the loops; a singular solve later throws it too. no allocation.
  void solve(const MultibodyModel& model, MultibodyData& data, double t, const ConstVectorRef& q,
             const ConstVectorRef& qd, double dt);

  // removes from q̇ its part that violates the hard rows (loops, couplers, rolling contacts) in the kinetic
  // metric: q̇ ← q̇ − M⁻¹Gₕᵀ (Gₕ M⁻¹ Gₕᵀ)⁻¹ Gₕ q̇, prescribed rates kept (an impulse through the multipliers:
  // it never adds kinetic energy). call after forward_kinematics at Velocity level for (q, q̇). no allocation.
  void project_velocities(const MultibodyModel& model, MultibodyData& data, double t, const ConstVectorRef& q,
                          Eigen::Ref<Eigen::VectorXd> qd);

  // ‖δ‖ and ‖δ̇‖ per loop (|δ|, |δ̇| per coupler, the slip ‖δ̇‖ per rolling contact) after forward_kinematics at Velocity level (or more) for
  // the state (q, q̇); max over all.
  LoopErrors measure(const MultibodyModel& model, const MultibodyData& data, const ConstVectorRef& q,
                     const ConstVectorRef& qd);

  // energy stored in the compliant loops at the last solve or measure: Σ ½ ‖δ_i‖² / c_i over the loops
  // with compliance c_i > 0 (the potential of artisynth eq. 3.19's spring λ = −δ/c), J. hard rows store none.
  double potential() const;

  const LoopSet& loops() const { return loops_; }
  int rows() const { return rows_; }
  // multipliers of the last solve (rows), in loop order: the generalized constraint force is Gᵀλ.
  const Eigen::VectorXd& lambda() const { return lambda_; }
  // δ, δ̇ and G of the last solve or measure.
  const Eigen::VectorXd& delta() const { return delta_; }
  const Eigen::VectorXd& delta_dot() const { return delta_dot_; }
  const Eigen::MatrixXd& jacobian() const { return G_; }
  const std::vector<LoopData>& loop_data() const { return data_; }
  // the largest slip ‖δ̇‖ of any rolling contact at the last solve or measure (0 without contacts).
  double rolling_slip() const;

  // per row, fixed by the loop set: compliance c (0: a hard row), damping d (N s/m or N m s/rad per unit
  // of δ̇) and the baumgarte rate α (1/s); rolling rows have no δ, only α. the implicit integrators build
  // their own constraint rows from these (simulator_implicit.cpp).
  const Eigen::VectorXd& row_compliance() const { return row_c_; }
  const Eigen::VectorXd& row_damping() const { return row_d_; }
  const Eigen::VectorXd& row_stabilization() const { return row_alpha_; }
  // solve()'s rank check of the hard rows, for callers that never call solve: after measure() at a state
  // (t); throws RedundantLoopsError naming the loops. checks once, as solve.
  void check_rank_once(double t);

 private:
  void evaluate(const MultibodyModel& model, const MultibodyData& data, const ConstVectorRef& q,
                const ConstVectorRef& qd, bool with_bias);
  void check_rank(double t) const;

  const LoopSet& loops_;
  int rows_ = 0;
  bool checked_ = false;
  std::vector<LoopData> data_;
  std::vector<int> offset_;  // first row of each loop
  std::vector<RollingData> rolling_data_;
  std::vector<int> hard_;  // rows with no compliance
  Eigen::VectorXd row_c_, row_d_, row_alpha_;
  Eigen::MatrixXd Gh_, Yh_, Ah_;  // project_velocities: hard rows, M⁻¹Gₕᵀ, Gₕ M⁻¹ Gₕᵀ
  Eigen::VectorXd mu_;
  Eigen::LDLT<Eigen::MatrixXd> ldlt_h_;
  Eigen::VectorXd delta_, delta_dot_, gamma_, c_tilde_, lambda_;
  Eigen::MatrixXd G_;
  Eigen::MatrixXd M_, Y_, A_;  // M, M⁻¹Gᵀ, G M⁻¹ Gᵀ + C̃
  Eigen::LLT<Eigen::MatrixXd> llt_m_;
  Eigen::LDLT<Eigen::MatrixXd> ldlt_a_;
};

}  // namespace js
