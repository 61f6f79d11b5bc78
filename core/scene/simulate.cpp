#include "core/scene/simulate.hpp"

#include "core/scene/trajectory_csv.hpp"

namespace js::scene {

namespace {

void write_row(std::ostream& csv, const SimulationState& s, const MechanicalState& m, Simulator& sim) {
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
  csv << '\n';
}

}  // namespace

SimulationReport simulate_to_csv(const Scene& scene, const SceneSettings& settings, int steps, std::ostream& csv,
                                 int every) {
  write_trajectory_header(csv, scene);
  SimulatorOptions options;
  options.loops = &scene.loops;
  Simulator sim(scene.model, scene.forces, options);
  SimulationState s = scene.initial;
  sim.apply_prescribed(s);
  SimulationReport report;
  MechanicalState m = sim.measure(s);
  report.energy_start = m.kinetic + m.potential;
  write_row(csv, s, m, sim);
  for (int k = 1; k <= steps; ++k) {
    sim.step(s, settings.dt, settings.integrator);
    report.singular = report.singular || sim.data().singular;
    report.degenerate_motion = report.degenerate_motion || sim.data().prescribed_degenerate;
    report.steps = k;
    const bool finite = s.q.allFinite() && s.qd.allFinite();
    if (k % every == 0 || k == steps || !finite) {
      m = sim.measure(s);
      write_row(csv, s, m, sim);
    }
    if (!finite) {
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
