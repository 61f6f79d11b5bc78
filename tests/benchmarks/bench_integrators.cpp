// the cost of one simulation step per integrator on the paper's demos (issue 17): rk4 is the in-run baseline
// for the implicit ones (linearly implicit euler: one derivative evaluation and an lu solve; implicit
// midpoint: newton, one derivative evaluation and a few dynamics evaluations per step). each demo steps at
// 10 ms from its initial state (at 1 ms for letters) and restarts from it after 1 s, so the states are the
// demo's own. run from a Release build; docs/demos.md turns these into the cost of a simulated second.
#include <benchmark/benchmark.h>

#include <string>

#include "core/dynamics/simulator.hpp"
#include "core/scene/scene_file.hpp"

namespace {

using namespace js;

// steps sim at dt from the scene's initial state, restarting after 1 s (or a non-finite state) untimed
void step_from_start(benchmark::State& state, const scene::Scene& sc, Simulator& sim, double dt, Integrator integrator,
                     const std::string& name) {
  SimulationState s = sc.initial;
  sim.apply_prescribed(s);
  long iterations = 0, steps = 0;
  for (auto _ : state) {
    sim.step(s, dt, integrator);
    iterations += sim.last_step_stats().iterations;
    ++steps;
    if (s.t > 1.0 || !s.q.allFinite()) {
      state.PauseTiming();
      s = sc.initial;
      sim.apply_prescribed(s);
      state.ResumeTiming();
    }
  }
  state.SetLabel(name + " " + integrator_name(integrator) + " dt " + std::to_string(dt));
  state.counters["newton_iterations"] = steps > 0 ? static_cast<double>(iterations) / static_cast<double>(steps) : 0.0;
}

const char* const kDemos[] = {"knee", "scapulothoracic", "beads", "globe", "letters_both", "letters", "deforming_surface"};

void BM_Step(benchmark::State& state) {
  const std::string name = kDemos[state.range(0)];
  const Integrator integrator = kIntegrators[state.range(1)];
  const scene::Scene sc = scene::read_scene_file(std::string(JS_SOURCE_DIR) + "/resources/demos/" + name + ".json");
  const double dt = name == "letters" ? 1e-3 : 1e-2;
  Simulator sim(sc.model, sc.forces);
  step_from_start(state, sc, sim, dt, integrator, name);
}
// rk4 (2), implicit_euler (3), implicit_midpoint (4) on every demo; symplectic (1) as the cheapest reference
BENCHMARK(BM_Step)->ArgsProduct({{0, 1, 2, 3, 4, 5, 6}, {1, 2, 3, 4}})->Unit(benchmark::kMicrosecond);

// the same steps with energy projection (simulator_energy.cpp): the projection's own cost is two jacobi
// integrals, and three balance rates (each 1–3 kinematics sweeps) where something is driven or damped;
// BM_Step of the same run is the baseline
void BM_ProjectedStep(benchmark::State& state) {
  const std::string name = kDemos[state.range(0)];
  const Integrator integrator = kIntegrators[state.range(1)];
  const scene::Scene sc = scene::read_scene_file(std::string(JS_SOURCE_DIR) + "/resources/demos/" + name + ".json");
  const double dt = name == "letters" ? 1e-3 : 1e-2;
  Simulator sim(sc.model, sc.forces, SimulatorOptions{.energy_projection = true});
  step_from_start(state, sc, sim, dt, integrator, name + " projected");
}
BENCHMARK(BM_ProjectedStep)->ArgsProduct({{0, 1, 2, 3, 4, 5, 6}, {1, 2, 3}})->Unit(benchmark::kMicrosecond);

// scenes with constraint rows (session 18): the four-bar's hard loop and the rolling demo's no-slip contact,
// at 5 ms from their initial states (restarted after 1 s). the implicit ones solve the constraint impulse
// inside the step (linearly implicit euler: differences of the constrained dynamics; midpoint: newton on
// (q̇_m, Λ)); rk4 is the baseline.
const char* const kConstrained[] = {"scenes/four_bar", "demos/rolling"};

void BM_ConstrainedStep(benchmark::State& state) {
  const std::string name = kConstrained[state.range(0)];
  const Integrator integrator = kIntegrators[state.range(1)];
  const scene::Scene sc = scene::read_scene_file(std::string(JS_SOURCE_DIR) + "/resources/" + name + ".json");
  const double dt = 5e-3;
  Simulator sim(sc.model, sc.forces, SimulatorOptions{.loops = &sc.loops});
  step_from_start(state, sc, sim, dt, integrator, name);
}
BENCHMARK(BM_ConstrainedStep)->ArgsProduct({{0, 1}, {2, 3, 4}})->Unit(benchmark::kMicrosecond);

}  // namespace
