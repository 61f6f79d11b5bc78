// the cost of a no-slip contact (core/dynamics/rolling_contact.hpp): one rk4 step of the rolling demo (a ball on
// a spline surface joint's carriage, resources/demos/rolling.json) with the contact — four constrained solves
// and the velocity projection — against the same step with the contact removed (the ball slides: the
// baseline), and the projection alone.
#include <benchmark/benchmark.h>

#include "core/dynamics/algorithms.hpp"
#include "core/dynamics/simulator.hpp"
#include "core/scene/scene_file.hpp"

namespace {

using namespace js;

const scene::Scene& rolling_scene() {
  static const scene::Scene scene = scene::read_scene_file(JS_SOURCE_DIR "/resources/demos/rolling.json");
  return scene;
}

// arg 0: 1 = with the rolling contact, 0 = without (the same bodies and state)
void BM_RollingStep(benchmark::State& state) {
  const scene::Scene& sc = rolling_scene();
  const LoopSet none;
  SimulatorOptions options;
  options.loops = state.range(0) != 0 ? &sc.loops : &none;
  Simulator sim(sc.model, sc.forces, options);
  SimulationState s = sc.initial;
  sim.step(s, 2e-3, Integrator::RK4);  // the first solve checks the rank
  for (auto _ : state) {
    s.t = sc.initial.t;
    s.q = sc.initial.q;
    s.qd = sc.initial.qd;
    sim.step(s, 2e-3, Integrator::RK4);
    benchmark::DoNotOptimize(s.qd.data());
  }
}
BENCHMARK(BM_RollingStep)->Arg(0)->Arg(1)->ArgName("rolling");

// LoopSolver::project_velocities alone (after a velocity-level kinematics sweep, as the simulator calls it)
void BM_RollingProjection(benchmark::State& state) {
  const scene::Scene& sc = rolling_scene();
  LoopSolver solver(sc.model, sc.loops);
  MultibodyData data(sc.model);
  Eigen::VectorXd qd = sc.initial.qd;
  for (auto _ : state) {
    qd = sc.initial.qd;
    forward_kinematics(sc.model, data, 0.0, sc.initial.q, qd, Eigen::VectorXd(), KinematicsLevel::Velocity);
    solver.project_velocities(sc.model, data, 0.0, sc.initial.q, qd);
    benchmark::DoNotOptimize(qd.data());
  }
}
BENCHMARK(BM_RollingProjection);

}  // namespace
