#include "core/scene/simulate.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <stdexcept>

#include "core/dynamics/reaction_wrench.hpp"
#include "core/scene/trajectory_csv.hpp"

namespace js::scene {

namespace {

// reactions: null when not asked for, else the workspace the row's wrenches go through
void write_row(std::ostream& csv, const SimulationState& s, const MechanicalState& m, Simulator& sim,
               ReactionData* reactions) {
  write_trajectory_values(csv, s.t, s.q, s.qd, m);
  // torques that drive the prescribed coordinates (inverse dynamics at this state)
  if (!sim.model().prescribed().empty()) {
    sim.accelerations(s.t, s.q, s.qd);
    for (const PrescribedCoordinate& p : sim.model().prescribed()) write_csv_number(csv, sim.data().drive_tau[p.coordinate]);
  }
  // loop closure drift (largest over the loops)
  if (sim.loops() != nullptr) {
    const LoopErrors e = sim.loop_errors(s);
    write_csv_number(csv, e.position);
    write_csv_number(csv, e.velocity);
  }
  // each joint's constraint wrench in its C frame, [moment; force]
  if (reactions != nullptr) {
    joint_reactions(sim, s, *reactions);
    for (const JointReaction& r : reactions->joints) {
      for (int k = 0; k < 6; ++k) write_csv_number(csv, r.constraint[k]);
    }
  }
  csv << '\n';
}

}  // namespace

std::string divergence(const MechanicalState& start, const MechanicalState& now, bool state_finite) {
  if (!state_finite) return "the state (q or q̇) became NaN/Inf";
  const double e = now.kinetic + now.potential;
  if (!std::isfinite(e)) return "the energy became NaN/Inf";
  const double e0 = start.kinetic + start.potential;
  const double scale = std::max(1.0, std::abs(start.kinetic) + std::abs(start.potential));
  if (std::abs(e - e0) > kRunawayFactor * scale) {
    std::ostringstream text;
    text << "energy runaway: " << e0 << " J -> " << e << " J";
    return text.str();
  }
  return {};
}

std::string refusal(const Scene& scene, Integrator integrator) {
  SimulatorOptions options;
  options.loops = &scene.loops;
  options.energy_projection = scene.settings.energy_projection;
  return Simulator(scene.model, scene.forces, options).unsupported(integrator);
}

SimulationReport simulate_to_csv(const Scene& scene, const SceneSettings& settings, int steps, std::ostream& csv,
                                 int every, bool reactions) {
  write_trajectory_header(csv, scene, reactions);
  SimulatorOptions options;
  options.loops = &scene.loops;
  options.energy_projection = settings.energy_projection;
  Simulator sim(scene.model, scene.forces, options);
  if (const std::string why = sim.unsupported(settings.integrator); !why.empty()) throw std::invalid_argument(why);
  ReactionData reaction_data(scene.model);
  ReactionData* const wrenches = reactions ? &reaction_data : nullptr;
  SimulationState s = scene.initial;
  sim.apply_prescribed(s);
  SimulationReport report;
  MechanicalState m = sim.measure(s);
  const MechanicalState start = m;
  report.energy_start = m.kinetic + m.potential;
  write_row(csv, s, m, sim, wrenches);
  for (int k = 1; k <= steps; ++k) {
    sim.step(s, settings.dt, settings.integrator);
    report.singular = report.singular || sim.data().singular;
    report.degenerate_motion = report.degenerate_motion || sim.data().prescribed_degenerate;
    if (settings.integrator == Integrator::ImplicitMidpoint) {
      const StepStats& st = sim.last_step_stats();
      report.newton_iterations += st.iterations;
      report.newton_most = std::max(report.newton_most, st.iterations);
      report.newton_unconverged += st.converged ? 0 : 1;
      report.newton_worst = std::max(report.newton_worst, st.residual);
      report.newton_halved += st.solves > 1 ? 1 : 0;
      report.newton_solves += st.solves;
    }
    report.steps = k;
    const bool finite = s.q.allFinite() && s.qd.allFinite();
    // the energy is checked on written rows and every 16 steps (measuring costs about a step)
    const bool row = k % every == 0 || k == steps;
    if (row || !finite || k % 16 == 0) {
      if (finite) m = sim.measure(s);
      report.divergence = divergence(start, m, finite);
      if (row || !report.divergence.empty()) write_row(csv, s, m, sim, wrenches);
    }
    if (!report.divergence.empty()) {
      report.finite = false;
      break;
    }
  }
  m = sim.measure(s);
  report.t_end = s.t;
  report.energy_end = m.kinetic + m.potential;
  return report;
}

}  // namespace js::scene
