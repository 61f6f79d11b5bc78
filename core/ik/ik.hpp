// inverse kinematics by damped least squares (levenberg–marquardt) with the analytic jacobian built from
// the joints' S (eq. 13) — spline joints included. several weighted targets, each the position, the
// orientation or both of a point on a body; coordinate ranges respected (active set) and locked
// coordinates held; a report that says whether the targets were reached or are out of reach. closed loops
// (core/dynamics/loop_constraint.hpp) are kept closed: every accepted iterate is projected back onto the
// loops' manifold δ(q) = 0 and every step is the damped step for the targets subject to G Δq = −δ.
#pragma once

#include <string>
#include <vector>

#include <Eigen/Cholesky>
#include <Eigen/Core>

#include "core/dynamics/algorithms.hpp"
#include "core/dynamics/loop_constraint.hpp"

namespace js {

enum class IkGoal { Position, Orientation, Pose };

struct IkTarget {
  int body = 0;                                // body index
  Vec3 point = Vec3::Zero();                   // the controlled point, body frame (m)
  IkGoal goal = IkGoal::Position;
  Vec3 position = Vec3::Zero();                // wanted world position of point (Position, Pose)
  Mat3 rotation = Mat3::Identity();            // wanted world_R_body (Orientation, Pose)
  double weight = 1.0;                         // scales this target's rows (> 0)
  double orientation_scale = 1.0;              // metres per radian when mixing angle and length errors
};

struct IkOptions {
  int max_iterations = 200;
  double tolerance = 1e-10;         // converged when the weighted residual norm ≤ tolerance (m)
  double initial_damping = 1e-2;    // λ of (JᵀWJ + λ² 1) Δq = JᵀW e, adapted per iteration
  double max_step = 0.5;            // largest |Δq|∞ per iteration (rad or m)
  double time = 0.0;                // time at which a driven root is evaluated (s)
  // the solver is local: from a far start it can stop in a local minimum or against a bound. when a local
  // solve stops short of the tolerance (residual stalled or a stationary point), up to `restarts` further
  // starts are tried, latin-hypercube samples of the coordinate ranges (unbounded coordinates: q0 ± π;
  // locked ones stay at q0), and the best result is kept. 0 (default): the local solve only, which is what
  // interactive dragging wants (a restart could jump to a distant configuration); the cli uses 8.
  int restarts = 0;
  unsigned seed = 1;  // seed of the restart sampler (the result is deterministic for a given seed)
  // closed loops to keep closed (referenced, not copied; must outlive the solve), or null for a tree.
  // hard loops (compliance 0) are equality constraints: each damped step solves the kkt system of the
  // targets with the linearized rows G Δq = −δ, and each trial point is projected onto δ = 0 by newton
  // (minimum-norm steps on the free coordinates, ranges kept) until max ‖δ‖ ≤ loop_tolerance; a trial
  // that cannot be closed is rejected. compliant loops (compliance > 0) are rows of the objective with
  // weight loop_weight (so a conflicting target opens them a little, as a soft pin would).
  const LoopSet* loops = nullptr;
  double loop_tolerance = 1e-12;  // closure of the hard loops, max ‖δ‖ over loops (m or rad)
  double loop_weight = 1e3;       // weight of compliant loop rows against the targets' (1/m)
};

struct IkReport {
  Eigen::VectorXd q;              // the best configuration found (size nq), inside every range
  bool converged = false;         // residual ≤ tolerance
  bool unreachable = false;       // no start reached the tolerance (each stopped at a stationary point or ran out)
  int iterations = 0;             // iterations over all starts
  int starts = 1;                 // local solves run: 1 + the restarts used
  int best_start = 0;             // the start q came from (0: q0, k: the k-th restart)
  std::vector<double> start_residuals;  // final residual of each start, in order
  double residual = 0.0;          // weighted residual norm at q
  std::vector<double> errors;     // per target: position error (m) or angle error (rad), or for Pose the larger
  double loop_error = 0.0;        // max ‖δ‖ over all loops at q (m or rad; 0 without loops)
  bool loops_closed = true;       // every hard loop closed to loop_tolerance at q (false: none of the starts
                                  // could be closed, q is then q0 clamped)
  std::string message;            // one line: what happened
};

// the world jacobian of a body point, ordered as the project's twists [ω; v]: rows 0–2 the body's world
// angular velocity per q̇, rows 3–5 d(point position)/dq. needs forward_kinematics at Velocity level (S
// evaluated). J: 6×nq, resized once.
void body_point_jacobian(const MultibodyModel& model, const MultibodyData& data, int body, const Vec3& point,
                         Eigen::MatrixXd& J);

class IkSolver {
 public:
  // model is referenced and must outlive the solver.
  explicit IkSolver(const MultibodyModel& model);

  // solves from q0 (size nq; clamped into the ranges first), restarting from sampled starts when it stalls
  // short of the tolerance (IkOptions::restarts). throws std::invalid_argument on a bad body index,
  // weight or size.
  IkReport solve(const std::vector<IkTarget>& targets, const Eigen::VectorXd& q0, const IkOptions& options = {});

 private:
  // checks the targets and sizes every workspace for them, the model and o.loops (allocates; the
  // descents after it do not).
  void prepare(const std::vector<IkTarget>& targets, const Eigen::VectorXd& q0, const IkOptions& o);
  // latin-hypercube restarts while report.residual is above the tolerance (IkOptions::restarts).
  void restart(const std::vector<IkTarget>& targets, const Eigen::VectorXd& q0, const IkOptions& o, IkReport& report);
  // errors, flags and message at report.q.
  void finish(const std::vector<IkTarget>& targets, const IkOptions& o, IkReport& report);
  // one levenberg–marquardt descent (the shared schedule, core/solve/damped_least_squares.hpp) from
  // report.q (already inside the ranges); sets q, iterations, residual.
  // with hard loops report.q is first closed; a start that cannot be closed ends with residual +inf.
  void descend(const std::vector<IkTarget>& targets, const IkOptions& o, IkReport& report);
  struct Descent;  // one descent as a damped least-squares problem
  // zeroes the held_ coordinates' rows and columns of A (unit diagonal) and of g, then adds λ² 1.
  void hold_and_damp(Eigen::MatrixXd& A, Eigen::VectorXd& g, double lambda) const;

  // stacked weighted error e and jacobian J at q (poses in data_); with loops also the hard rows δ_h, G_h
  // (into dh_trial_, Gh_trial_) and the weighted compliant rows (appended to e, J).
  double evaluate(const std::vector<IkTarget>& targets, const Eigen::VectorXd& q, double t, bool with_jacobian);
  // the loop rows at q after a kinematics sweep at velocity level: hard rows into dh_trial_ / Gh_trial_,
  // compliant ones weighted into e_trial_ / J_ from row `row`. returns max ‖δ‖ over all loops.
  double evaluate_loops(const Eigen::VectorXd& q, int row, bool with_jacobian);
  // newton projection of q onto the hard loops' δ = 0 within the ranges; true when max ‖δ‖ ≤ loop_tolerance.
  bool close_loops(Eigen::VectorXd& q, const IkOptions& o);
  // the damped step dq_ for gradient g (held coordinates: identity rows of A, g = 0) subject to the
  // linearized hard rows Gh Δq = −dh on the free coordinates (kkt by the schur complement).
  // held_ marks the held coordinates. writes out (size nq).
  void damped_step(const Eigen::MatrixXd& A, const Eigen::VectorXd& g, const Eigen::MatrixXd& Gh,
                   const Eigen::VectorXd& dh, Eigen::VectorXd& out);

  const MultibodyModel& model_;
  MultibodyData data_;
  Eigen::VectorXd zero_;  // q̇ = 0 for the kinematics sweeps
  Eigen::VectorXd e_, e_trial_, q_trial_, dq_, g_;
  Eigen::MatrixXd J_, J_accepted_, Jb_, A_, A_c_;
  Eigen::VectorXd g_c_;
  std::vector<double> target_errors_;
  Eigen::VectorXd lo_, hi_;
  std::vector<bool> locked_;
  Eigen::LLT<Eigen::MatrixXd> llt_;
  // loops of the current solve (null: none) and their workspaces, allocated once per solve
  const LoopSet* loops_ = nullptr;
  std::vector<LoopData> loop_data_;
  std::vector<int> hard_offset_;  // per loop: its first hard row, or −1 for a compliant loop
  int coupler_offset_ = 0;        // the couplers' first hard row (one each, after the hard loops')
  int hard_rows_ = 0, target_rows_ = 0;
  double loop_weight_ = 0.0;
  double hard_error_ = 0.0, loop_error_ = 0.0;  // of the last evaluate_loops: max ‖δ‖ over hard / all loops
  Eigen::VectorXd dh_, dh_trial_, loop_delta_, loop_dot_, loop_bias_, mu_, dq_soc_;
  Eigen::MatrixXd Gh_, Gh_trial_, G_loop_, Gt_, Y_, S_;
  Eigen::LDLT<Eigen::MatrixXd> ldlt_s_;
  std::vector<bool> held_;
  std::vector<bool> active_;  // the coordinates held by the current iteration's active set
};

}  // namespace js
