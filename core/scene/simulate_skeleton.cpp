#include "core/scene/simulate_skeleton.hpp"

#include <algorithm>
#include <chrono>
#include <stdexcept>

#include "core/scene/maximal_run.hpp"
#include "core/scene/skeleton_scene.hpp"
#include "core/scene/trajectory_csv.hpp"

namespace js::scene {

namespace {

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

MaximalReport simulate_skeleton_to_csv(const Scene& scene, const std::string& source, const SceneSettings& settings,
                                       int steps, std::ostream& csv, int every) {
  MaximalRun run(scene, source, settings.stabilization);
  write_trajectory_header(csv, scene);
  MaximalReport report;
  report.rank = run.rank();
  MechanicalState m = run.measure();
  const MechanicalState start = m;
  report.run.energy_start = m.kinetic + m.potential;
  auto row = [&] {
    write_trajectory_values(csv, run.t(), run.q(), run.qd(), m);
    csv << '\n';
  };
  row();
  for (int k = 1; k <= steps; ++k) {
    run.step(settings.dt);
    run.convert();
    report.run.steps = k;
    const bool finite = run.finite();
    const SkeletonMeasure e = run.constraint_errors();
    report.position_error = std::max(report.position_error, e.position_error);
    report.axis_error = std::max(report.axis_error, e.axis_error);
    const bool written = k % every == 0 || k == steps;
    if (written || !finite || k % 16 == 0) {
      m = run.measure();
      report.run.divergence = divergence(start, m, finite);
      if (written || !report.run.divergence.empty()) row();
    }
    if (!report.run.divergence.empty()) {
      report.run.finite = false;
      break;
    }
  }
  m = run.measure();
  report.run.t_end = run.t();
  report.run.energy_end = m.kinetic + m.potential;
  return report;
}

SolverComparison compare_solvers(const Scene& scene, const std::string& source, const SceneSettings& settings,
                                 int steps) {
  SolverComparison c;
  // the maximal run is made first: it refuses a scene it cannot represent before any work
  MaximalRun maximal(scene, source, settings.stabilization);
  Simulator sim(scene.model, scene.forces,
                SimulatorOptions{.loops = &scene.loops, .energy_projection = settings.energy_projection});
  if (const std::string why = sim.unsupported(settings.integrator); !why.empty()) throw std::invalid_argument(why);
  SimulationState s = scene.initial;
  const MechanicalState m0 = sim.measure(s), n0 = maximal.measure();
  // both advance in lockstep, each step timed on its own
  for (int k = 0; k <= steps && c.finite; ++k) {
    if (k > 0) {
      auto start = std::chrono::steady_clock::now();
      sim.step(s, settings.dt, settings.integrator);
      c.reduced_seconds += seconds_since(start);
      start = std::chrono::steady_clock::now();
      maximal.step(settings.dt);
      c.maximal_seconds += seconds_since(start);
      maximal.convert();
      c.finite = s.q.allFinite() && s.qd.allFinite() && maximal.finite();
      c.position_error = std::max(c.position_error, maximal.constraint_errors().position_error);
    }
    const MechanicalState m = sim.measure(s), n = maximal.measure();
    c.steps = k;
    c.q_difference = std::max(c.q_difference, (maximal.q() - s.q).cwiseAbs().maxCoeff());
    c.qd_difference = std::max(c.qd_difference, (maximal.qd() - s.qd).cwiseAbs().maxCoeff());
    c.energy_difference = std::max(c.energy_difference, std::abs(n.kinetic + n.potential - m.kinetic - m.potential));
    c.energy_scale = std::max(c.energy_scale, std::abs(m.kinetic) + std::abs(m.potential));
    c.reduced_linear_drift = std::max(c.reduced_linear_drift, (m.linear_momentum - m0.linear_momentum).norm());
    c.reduced_angular_drift = std::max(c.reduced_angular_drift, (m.angular_momentum - m0.angular_momentum).norm());
    c.reduced_energy_drift =
        std::max(c.reduced_energy_drift, std::abs(m.kinetic + m.potential - m0.kinetic - m0.potential));
    c.maximal_linear_drift = std::max(c.maximal_linear_drift, (n.linear_momentum - n0.linear_momentum).norm());
    c.maximal_angular_drift = std::max(c.maximal_angular_drift, (n.angular_momentum - n0.angular_momentum).norm());
    c.maximal_energy_drift =
        std::max(c.maximal_energy_drift, std::abs(n.kinetic + n.potential - n0.kinetic - n0.potential));
  }
  return c;
}

}  // namespace js::scene
