// runs a scene through the hakenberg maximal-coordinate skeleton (skeleton_scene.hpp) and writes the same
// trajectory csv as simulate_to_csv (trajectory_csv.hpp), q and q̇ converted back to the scene's
// coordinates; and runs both solvers side by side to measure how far apart they are.
#pragma once

#include <ostream>
#include <string>

#include "core/scene/simulate.hpp"

namespace js::scene {

struct MaximalReport {
  SimulationReport run;         // steps, t_end, energies, finite (singular and degenerate_motion stay false)
  double position_error = 0.0;  // largest joint separation |p1 + R1 l1 − p2 − R2 l2| seen (hakenberg (1)), m
  double axis_error = 0.0;      // largest hinge axis mismatch |R1 z1 − R2 z2| seen
  int rank = 0;                 // rank of the 6n system (6) at the start: 5 n_hinge + 3 n_spherical
};

// simulates scene.initial `steps` steps of settings.dt with the skeleton's own step and settings.stabilization
// (the baumgarte rate α of SkeletonSolver::stabilization; 0 is the paper's uncorrected scheme, momentum is
// exact either way). settings.integrator and settings.solver are not used: hakenberg's scheme is a
// semi-implicit euler. writes the header and one row every `every`
// steps (and the last) to csv. source: the scene file's name for messages. throws io::FileError when the
// scene has something the skeleton cannot represent (skeleton_from_scene).
MaximalReport simulate_skeleton_to_csv(const Scene& scene, const std::string& source, const SceneSettings& settings,
                                       int steps, std::ostream& csv, int every = 1);

// both solvers on one scene for `steps` steps of settings.dt (the reduced one with settings.integrator, the
// maximal one with settings.stabilization).
struct SolverComparison {
  int steps = 0;
  double q_difference = 0.0;       // max over steps and coordinates of |q_maximal − q_reduced| (rad)
  double qd_difference = 0.0;      // the same for q̇ (rad/s)
  double energy_difference = 0.0;  // max |E_maximal − E_reduced|, kinetic + potential (J)
  double energy_scale = 0.0;       // max over the run of |kinetic| + |potential| (J), to judge the above
  // drift of each solver over the run: max |p(t) − p(0)| (kg m/s), |L(t) − L(0)| (kg m²/s), |E(t) − E(0)| (J)
  double reduced_linear_drift = 0.0, reduced_angular_drift = 0.0, reduced_energy_drift = 0.0;
  double maximal_linear_drift = 0.0, maximal_angular_drift = 0.0, maximal_energy_drift = 0.0;
  double position_error = 0.0;     // the skeleton's largest joint separation (m)
  double reduced_seconds = 0.0;    // wall time in the steps only (conversion and measuring excluded)
  double maximal_seconds = 0.0;
  bool finite = true;
};
SolverComparison compare_solvers(const Scene& scene, const std::string& source, const SceneSettings& settings,
                                 int steps);

}  // namespace js::scene
