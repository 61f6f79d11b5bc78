// fixed-step time integration of a multibody under a ForceSet: explicit euler (the paper's, §7),
// semi-implicit (symplectic) euler, classical rk4 and two implicit methods for large steps (issue 17):
// linearly implicit euler (one newton step of backward euler) and implicit midpoint (newton iterations to a
// tolerance), both on the derivatives of core/dynamics/dynamics_derivatives.hpp. the state is (t, q, q̇);
// a step allocates nothing.
#pragma once

#include <memory>
#include <string>

#include <Eigen/Cholesky>

#include <Eigen/LU>

#include "core/dynamics/corner_impulse.hpp"
#include "core/dynamics/dynamics_derivatives.hpp"
#include "core/dynamics/forces.hpp"
#include "core/dynamics/momentum.hpp"
#include "core/dynamics/loop_solver.hpp"

namespace js {

enum class Integrator { ExplicitEuler, SymplecticEuler, RK4, ImplicitEuler, ImplicitMidpoint };

// every integrator, in menu order.
inline constexpr Integrator kIntegrators[] = {Integrator::ExplicitEuler, Integrator::SymplecticEuler, Integrator::RK4,
                                              Integrator::ImplicitEuler, Integrator::ImplicitMidpoint};

// "euler", "symplectic", "rk4", "implicit_euler", "implicit_midpoint".
const char* integrator_name(Integrator integrator);
// inverse of integrator_name; false for an unknown name.
bool integrator_from_name(const std::string& name, Integrator& integrator);
// "euler, symplectic, rk4, implicit_euler, implicit_midpoint": for messages and --help.
std::string integrator_names();
// whether the integrator solves with the dynamics' derivatives (implicit_euler, implicit_midpoint).
bool is_implicit(Integrator integrator);

struct SimulationState {
  double t = 0.0;
  Eigen::VectorXd q;   // nq
  Eigen::VectorXd qd;  // nq
};

struct SimulatorOptions {
  // coordinate ranges act as unilateral constraints and locked coordinates are held (artisynth §3.3.5).
  // periodic (wrapping) coordinates have no limits.
  bool enforce_limits = true;
  // closed loops solved with lagrange multipliers (core/dynamics/loop_solver.hpp); referenced, must outlive
  // the simulator. null or empty: a pure tree.
  const LoopSet* loops = nullptr;
  // implicit midpoint's (simplified) newton iterations: stop when the last correction of the midpoint
  // velocity is below newton_tolerance · (1 + ‖q̇‖∞), or after newton_max_iterations (see StepStats)
  double newton_tolerance = 1e-9;
  int newton_max_iterations = 30;
  // a correction that shrinks by less than half an iteration (linear convergence where the dynamics is
  // only c¹) ends the iteration as converged once below this floor (reported in StepStats::residual)
  double newton_floor = 1e-6;
  // hold the energy balance (issue 17, large steps; simulator_energy.cpp): after every step the free
  // coordinates' rates are scaled so that the jacobi integral h = Σ q̇ ∂L/∂q̇ − L (the total energy when
  // nothing is driven) follows its balance ḣ = q̇·τ_nc − ∂L/∂t (τ_nc: damping, motors, external forces);
  // limit, lock and corner impulses only lower it. any integrator; refused with compliant loops, and with
  // loops, couplers or rolling contacts in a driven scene. the balance's forces are copied when the
  // simulator is built: changing the ForceSet or the gravity afterwards needs a new simulator.
  bool energy_projection = false;
};

// what the last step did (implicit midpoint's newton iterations; 0 and converged for the others).
struct StepStats {
  int iterations = 0;       // newton iterations (dynamics evaluations) of the step
  int jacobians = 0;        // newton matrices built (derivative evaluations)
  double residual = 0.0;    // the last velocity correction, relative (see SimulatorOptions::newton_tolerance)
  bool converged = true;    // residual reached the tolerance within the cap
  double energy_scale = 1.0;  // the factor energy projection applied to the free rates (1 without it)
  int solves = 1;             // implicit midpoint: the newton solves of the step (> 1 where it halved)
};

class Simulator {
 public:
  // model and forces are referenced, not copied: both must outlive the simulator.
  Simulator(const MultibodyModel& model, const ForceSet& forces, SimulatorOptions options = {});

  // q̈(t, q, q̇) under the forces and gravity (aba). the result lives in data().qdd. prescribed
  // coordinates are taken from their trajectories at t (whatever q, q̇ hold there) and the torques that
  // drive them are left in data().drive_tau.
  const Eigen::VectorXd& accelerations(double t, const ConstVectorRef& q, const ConstVectorRef& qd);

  // puts the prescribed coordinates of state on their trajectories at state.t (step does this at its end).
  void apply_prescribed(SimulationState& state);

  // advances state by dt (s) with the given integrator, then enforces limits and locks: a coordinate
  // that ended past a bound is put on it and an inelastic impulse (through M⁻¹, so the other coordinates
  // respond as the constraint force would make them) stops its outward velocity; a locked coordinate is
  // put back and stopped the same way. hard loop rows take part in the same impulse, so stopping a
  // coordinate does not open a closed loop (every hard loop takes part, also loops the engaged coordinate
  // is not on: their rows then only lose their small drift). checked at every step end, so no step size
  // tunnels through.
  // with rolling contacts (rolling_contact.hpp), q̇ is then projected onto every hard constraint row
  // (LoopSolver::project_velocities), so the slip stays at round-off.
  // the implicit integrators solve the constraint impulses of closed loops, couplers and rolling contacts
  // inside their step (simulator_implicit.cpp).
  // a spline curve joint's corner (SplineCurveJoint::corners, paper §8) reached inside the step cuts it
  // there: the crossing is found to round-off by regula falsi on the integrator's own step, the plastic
  // impulse of corner_impulse.hpp is applied and the rest of the step is taken from the new side, with
  // every integrator; with loops, couplers or rolling contacts the impulse also keeps their hard rows (a
  // kinetic-metric projection onto them right after it).
  void step(SimulationState& state, double dt, Integrator integrator);

  // "" when the integrator can step this model, else why not (every integrator steps every scene today).
  std::string unsupported(Integrator integrator) const;
  // how many corners the last step passed (0 without corners).
  int corners_crossed() const { return corners_crossed_; }
  // the corner coordinates and the last impulse's energies.
  const CornerImpulse& corners() const { return corners_; }
  // the last step's newton statistics.
  const StepStats& last_step_stats() const { return stats_; }

  // the energy projection's budget for the jacobi integral after the last step (J; 0 without it).
  double energy_budget() const { return budget_; }
  // the jacobi integral h = Σ_free q̇ ∂L/∂q̇ − L at state (J): kinetic + potential when nothing is driven.
  double jacobi_integral(const SimulationState& state);

  // how many coordinates the last step held at a limit or lock.
  int engaged_constraints() const { return engaged_count_; }

  // energies and momenta at state (runs a kinematics sweep). the potential includes the energy stored in
  // compliant loops (LoopSolver::potential), so a frictionless compliant loop conserves kinetic + potential.
  MechanicalState measure(const SimulationState& state);

  // the loop solver (null without loops): multipliers and errors of the last solve.
  const LoopSolver* loops() const { return loops_.get(); }
  // largest loop position and velocity errors at state (runs a kinematics sweep); zeros without loops.
  LoopErrors loop_errors(const SimulationState& state);

  MultibodyData& data() { return data_; }
  const MultibodyModel& model() const { return model_; }

 private:
  // the integrator's step of dt (t, prescribed coordinates included), without limits or corners.
  void advance(SimulationState& s, double dt, Integrator integrator);
  // advance() cut at every corner it passes (simulator_corners.cpp).
  void advance_through_corners(SimulationState& s, double dt, Integrator integrator);
  // the corner reached first between q0 and q1 (a linear guess in between), skipping coordinate `skip`.
  bool earliest_crossing(const Eigen::VectorXd& q0, const Eigen::VectorXd& q1, int skip, CornerCrossing& out) const;
  // limits and locks after a step (see step()). q_start: q before the step (the locked values).
  void enforce_limits(SimulationState& state, const Eigen::VectorXd& q_start);
  // M⁻¹Cᵀ(C M⁻¹ Cᵀ)⁻¹ r for the m engaged coordinates and nh hard loop rows (see simulator.cpp).
  const Eigen::VectorXd& constrained_step(int m, int nh);

  const MultibodyModel& model_;
  const ForceSet& forces_;
  SimulatorOptions options_;
  std::vector<int> constrained_;  // coordinates with a finite bound or a lock, not prescribed
  std::vector<int> engaged_;
  int engaged_count_ = 0;
  Eigen::VectorXd q_start_;
  MultibodyData data_;
  std::unique_ptr<LoopSolver> loops_;
  double dt_ = 1e-3;  // the step size compliant loop rows use (the last step's)
  Eigen::VectorXd tau_;
  Eigen::VectorXd q_eval_, qd_eval_;  // the state with prescribed coordinates overwritten
  std::vector<int> hard_loop_rows_;  // rows of the loop solver's G that are hard (compliance 0)
  bool has_compliant_loops_ = false;  // measure() then adds their spring energy (needs a loop evaluation)
  // limit impulse workspaces: M, its factor, M⁻¹Cᵀ (nq × (constrained + hard loop rows)), C M⁻¹ Cᵀ and λ
  Eigen::MatrixXd M_;
  Eigen::LLT<Eigen::MatrixXd> llt_;
  Eigen::MatrixXd Minv_Pt_, A_;
  Eigen::VectorXd lambda_, step_;
  // implicit steps: the derivatives, the newton matrix and its lu factor, Δq̇, the residual and midpoint state
  void load_prescribed(double t, const Eigen::VectorXd& q, const Eigen::VectorXd& qd);
  void implicit_euler(SimulationState& s, double h);
  void implicit_midpoint(SimulationState& s, double h);
  // implicit_midpoint at h; where newton does not converge, the same method in two halves of h, down to
  // kMidpointHalvings levels (simulator_implicit.cpp). totals: iterations, matrices and solves of the step
  bool midpoint_halving(SimulationState& s, double h, int depth, StepStats& totals);
  static constexpr int kMidpointHalvings = 6;
  Eigen::VectorXd halving_q_[kMidpointHalvings], halving_qd_[kMidpointHalvings];
  // R(x) of implicit_midpoint into r, x = (q̇_m, Λ) (p0_ holds the step's starting momentum); leaves pm_,
  // pdot_ and Gc_ there
  void midpoint_residual(const SimulationState& s, double h, const Eigen::VectorXd& x, Eigen::VectorXd& r);
  // constraint rows inside the implicit steps (simulator_implicit.cpp): euler's impulse added to delta_,
  // midpoint's row coefficients, G with the prescribed columns zeroed (after a loop measure)
  void constrain_euler_step(double t, double h);
  void constrained_derivatives(const SimulationState& s, double h);
  void midpoint_rows(double h);
  void constraint_jacobian();
  DynamicsDerivatives deriv_;
  MomentumWork momentum_;
  Eigen::VectorXd p0_, pm_, pdot_, vm_;  // implicit midpoint: momenta, their rate, the midpoint velocity
  Eigen::MatrixXd W_;
  Eigen::PartialPivLU<Eigen::MatrixXd> lu_;
  Eigen::VectorXd delta_, rhs_;
  // implicit midpoint's unknown x = (q̇_m, Λ), its residual (and a second one), correction, step taken,
  // newton matrix (nq + rows square) and its factor
  Eigen::VectorXd xm_, rx_, rx_plus_, dx_, taken_;
  Eigen::MatrixXd Wx_;
  Eigen::PartialPivLU<Eigen::MatrixXd> lux_;
  // constraint rows in the implicit steps: G (rows × nq), W⁻¹Gᵀ, the schur complement and its factor, the
  // right-hand side, Λ, C̃ and midpoint's row coefficients a, b
  Eigen::MatrixXd Gc_, Yc_, Ac_;
  Eigen::MatrixXd Jq_, Jqd_, MJ_;  // ∂q̈_c/∂q, ∂q̈_c/∂q̇ and M (I − h J_q̇ − h² J_q) with constraint rows
  Eigen::PartialPivLU<Eigen::MatrixXd> luc_;
  Eigen::VectorXd ec_, lc_, ctil_, row_a_, row_b_;
  StepStats stats_;
  // energy projection (simulator_energy.cpp): h at (t, q, q̇), its balance rate q̇·τ_nc − ∂L/∂t, the end of
  // step scaling; the budget, the state it belongs to and the step's start
  double jacobi_at(double t, const Eigen::VectorXd& q, const Eigen::VectorXd& qd);
  double balance_rate(double t, const Eigen::VectorXd& q, const Eigen::VectorXd& qd);
  void begin_energy_step(const SimulationState& s);
  // corner: a corner impulse in the step (the budget is then min(budget, h)); h_before_limits: h before the
  // limit and lock impulses (infinity without them: their drop comes off the budget)
  void hold_energy_balance(SimulationState& s, double dt, bool corner, double h_before_limits);
  StepStats midpoint_totals_;  // implicit midpoint: the step's solves over its corner segments
  ForceSet nonconservative_;  // forces_ without the springs' stiffness
  bool balance_is_zero_ = true;  // nothing driven and nothing non-conservative: h is conserved
  double budget_ = 0.0;
  bool budget_valid_ = false;
  double budget_t_ = 0.0, energy_t0_ = 0.0;
  Eigen::VectorXd budget_q_, budget_qd_, energy_q0_, energy_qd0_, energy_p_, energy_v_;
  std::vector<Twist> drive_v_;  // body velocities with the free rates at 0
  // rk4 stages
  Eigen::VectorXd q_tmp_, qd_tmp_, k_q_[4], k_qd_[4];
  // corners: the impulse, the state where the cut step starts, how many the last step passed
  CornerImpulse corners_;
  Eigen::VectorXd corner_q_, corner_qd_;
  int corners_crossed_ = 0;
};

}  // namespace js
