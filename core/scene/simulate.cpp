#include "core/scene/simulate.hpp"

#include <cstdio>

namespace js::scene {

namespace {

void write_row(std::ostream& csv, const SimulationState& s, const MechanicalState& m, Simulator& sim) {
  char buf[64];
  auto put = [&](double x) {
    std::snprintf(buf, sizeof buf, ",%.17g", x);
    csv << buf;
  };
  std::snprintf(buf, sizeof buf, "%.17g", s.t);
  csv << buf;
  for (int k = 0; k < s.q.size(); ++k) put(s.q[k]);
  for (int k = 0; k < s.qd.size(); ++k) put(s.qd[k]);
  put(m.kinetic);
  put(m.potential);
  for (int k = 0; k < 3; ++k) put(m.linear_momentum[k]);
  for (int k = 0; k < 3; ++k) put(m.angular_momentum[k]);
  // torques that drive the prescribed coordinates (inverse dynamics at this state)
  if (!sim.model().prescribed().empty()) {
    sim.accelerations(s.t, s.q, s.qd);
    for (const PrescribedCoordinate& p : sim.model().prescribed()) put(sim.data().drive_tau[p.coordinate]);
  }
  // loop closure drift (largest over the loops)
  if (sim.loops() != nullptr) {
    const LoopErrors e = sim.loop_errors(s);
    put(e.position);
    put(e.velocity);
  }
  csv << '\n';
}

}  // namespace

SimulationReport simulate_to_csv(const Scene& scene, const SceneSettings& settings, int steps, std::ostream& csv,
                                 int every) {
  const std::vector<std::string> names = scene.model.coordinate_names();
  csv << "t";
  for (const std::string& n : names) csv << ",q:" << n;
  for (const std::string& n : names) csv << ",qd:" << n;
  csv << ",kinetic,potential,px,py,pz,Lx,Ly,Lz";
  for (const PrescribedCoordinate& p : scene.model.prescribed()) csv << ",drive:" << names[static_cast<std::size_t>(p.coordinate)];
  if (!scene.loops.empty()) csv << ",loop_position_error,loop_velocity_error";
  csv << "\n";
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
