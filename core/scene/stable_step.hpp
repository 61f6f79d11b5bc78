// the largest fixed time step at which a scene stays stable for its duration (paper §7: 20 ms for the
// globe, 100 ms for the beads with explicit euler). docs/demos.md "largest stable step" states the
// definition; in short, a run at step dt is stable when, at every step k·dt ≤ T,
//   1. q and q̇ are finite;
//   2. every non-wrapping coordinate is inside its range to within limit_tolerance;
//   3. the total energy never exceeds the largest energy of a small-step rk4 reference run by more than
//      energy_tolerance · E_scale (E_scale: the reference's kinetic or potential energy swing, whichever
//      is larger). for an undriven scene that is "never gains energy"; for a driven one (spinning root,
//      motors, scripted coordinates) it bounds the energy the drive can pump in;
// and, over the first trajectory_horizon seconds only (accuracy, not stability, decides the long run),
//   4. every coordinate stays within trajectory_tolerance · scale_k of the reference (scale_k: the
//      coordinate's range width, or its reference excursion when the range is unbounded).
// the search doubles dt from the scene's step until a run fails (or max_dt is reached), then bisects.
#pragma once

#include <string>
#include <vector>

#include "core/scene/scene_file.hpp"

namespace js::scene {

struct StabilityCriteria {
  double trajectory_tolerance = 0.05;  // criterion 4, fraction of each coordinate's scale; ≤ 0 turns it off
  double trajectory_horizon = 1.0;     // criterion 4 applies for t ≤ this (s)
  double energy_tolerance = 0.05;      // criterion 3, fraction of E_scale; ≤ 0 turns it off
  double limit_tolerance = 1e-9;       // criterion 2, rad or m beyond a bound
};

// a small-step rk4 run of the scene (the reference of criterion 4) with what the criteria need from it.
struct ReferenceRun {
  double dt = 0.0;                     // its step (s)
  std::vector<double> t;               // sample times, 0 … ≥ duration
  std::vector<Eigen::VectorXd> q, qd;  // states at t (nq each)
  Eigen::VectorXd scale;               // scale_k of criterion 4 (nq)
  double energy_scale = 0.0;           // E_scale of criterion 3 (J)
  double energy_max = 0.0;             // the reference's largest total energy (J)
  double self_error = 0.0;             // max_k |q_k(dt) − q_k(2 dt)| / scale_k: how far from converged
  bool finite = true;                  // false: the reference itself diverged (nothing can be checked)
};

// runs the reference at step dt (s) for duration (s) with rk4; also runs it at 2·dt for self_error.
ReferenceRun run_reference(const Scene& scene, double dt, double duration);

// q at time t by cubic hermite interpolation of the reference's (q, q̇) samples. out: nq.
void reference_q_at(const ReferenceRun& ref, double t, Eigen::VectorXd& out);

// true when nothing injects energy: fixed root, no motors, no prescribed coordinates, no external forces.
bool scene_is_undriven(const Scene& scene);

struct StepTrial {
  double dt = 0.0;               // s
  bool stable = false;
  std::string failure;           // which criterion failed and where (empty when stable)
  int steps = 0;                 // steps taken (fewer than asked when it failed early)
  double trajectory_error = 0.0; // max over steps and coordinates of |q − q_ref| / scale_k
  double energy_rise = 0.0;      // max over steps of (E − E_max of the reference) / E_scale
  int halved = 0;                // implicit midpoint: steps whose newton solve was done in halves
  long solves = 0;               // implicit midpoint: newton solves in all (steps + the halves' extra ones)
  long iterations = 0;           // implicit midpoint: newton iterations (dynamics evaluations) in all
};

// runs scene at step dt (s) for duration (s) with integrator and checks the criteria against ref.
StepTrial check_step(const Scene& scene, Integrator integrator, double dt, double duration, const ReferenceRun& ref,
                     const StabilityCriteria& criteria);

struct StableStepOptions {
  Integrator integrator = Integrator::ExplicitEuler;
  double duration = -1.0;       // s; < 0: the scene's settings.duration
  double start_dt = -1.0;       // first step tried (s); < 0: the scene's settings.dt
  double max_dt = -1.0;         // largest step tried (s); < 0: duration / 4
  double reference_dt = -1.0;   // s; < 0: min(settings.dt, 1 ms) / 4
  double relative_precision = 0.02;  // bisection stops when unstable_dt / dt − 1 < this
  StabilityCriteria criteria;
};

struct StableStepResult {
  bool found = false;       // some step at or above the reference step was stable
  double dt = 0.0;          // the largest stable step found (s)
  double unstable_dt = 0.0; // the smallest unstable step above it (s); 0 when capped
  bool capped = false;      // max_dt itself was stable
  bool driven = false;      // the scene is driven (scene_is_undriven is false)
  ReferenceRun reference;
  std::vector<StepTrial> trials;  // in the order tried
};

// doubling from start_dt (halving when start_dt fails, down to the reference step) then bisection.
// throws std::invalid_argument for a non-positive duration or step, or when the reference run diverges.
StableStepResult find_stable_step(const Scene& scene, const StableStepOptions& options);

}  // namespace js::scene
