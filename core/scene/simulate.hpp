// runs a scene with fixed steps and writes its trajectory as csv: t, every q and q̇, kinetic and potential
// energy, linear and angular momentum (world frame, momentum about the world origin) and, for each
// prescribed coordinate (a body "motion"), the torque that drives it, and with loops the largest loop
// position and velocity errors ‖δ‖, ‖δ̇‖, and on request each joint's reaction wrench.
#pragma once

#include <ostream>
#include <string>

#include "core/scene/scene_file.hpp"

namespace js::scene {

struct SimulationReport {
  int steps = 0;               // steps taken
  double t_end = 0.0;          // final time (s)
  double energy_start = 0.0;   // kinetic + potential at t = 0 (J)
  double energy_end = 0.0;     // at t_end (J)
  bool finite = true;          // false when the run diverged (the run stops there; divergence says how)
  std::string divergence;      // "" or why the run stopped: non-finite state, non-finite or runaway energy
  bool singular = false;       // some Ω_i was not invertible on the way (a singular joint chart)
  bool degenerate_motion = false;  // a scripted motion hit ‖S‖ → 0 or a flat timing curve (its q̇, q̈ were 0)
  // implicit midpoint's newton iterations over the run (0 for the other integrators)
  long newton_iterations = 0;      // total
  int newton_most = 0;             // the most in one step
  int newton_unconverged = 0;      // steps that ended at the iteration cap above the tolerance
  double newton_worst = 0.0;       // the largest final relative correction
  int newton_halved = 0;           // steps newton solved in halves (StepStats::solves > 1)
  long newton_solves = 0;          // newton solves in all (one per step where none halved)
};

// a run that blew up: "" while plausible, else why. diverged when the state is not finite, the energy is not
// finite, or the energy strayed from its start by more than kRunawayFactor times the run's energy scale
// (|kinetic| + |potential| at the start, at least 1 J): no scene gains a million times its energy, a step
// too large for its dynamics does (simulate --dt 10).
inline constexpr double kRunawayFactor = 1e6;
std::string divergence(const MechanicalState& start, const MechanicalState& now, bool state_finite);

// "" when the reduced simulator can run the scene with integrator, else why not (the implicit integrators
// refuse closed loops and couplers: Simulator::unsupported).
std::string refusal(const Scene& scene, Integrator integrator);

// simulates scene.initial forward `steps` steps of settings.dt with settings.integrator. writes the
// header and one row every `every` steps (and the last) to csv. scene.settings is not used. reactions: add
// each joint's constraint wrench at the row's state (core/dynamics/reaction_wrench.hpp, in its C frame; six
// columns per body after the others, trajectory_csv.hpp).
SimulationReport simulate_to_csv(const Scene& scene, const SceneSettings& settings, int steps, std::ostream& csv,
                                 int every = 1, bool reactions = false);

}  // namespace js::scene
