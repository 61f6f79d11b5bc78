// the cost of the joint reactions (core/dynamics/reaction_wrench.hpp) against the forward dynamics of the
// same state in the same run: Simulator::accelerations (kinematics, applied forces, aba) is the baseline,
// joint_reactions alone (its two sweeps after it) and both together (what `simulate --reactions` adds per
// written row, plus the baseline). the state is each demo's after 0.1 s of symplectic euler at 1 ms.
#include <benchmark/benchmark.h>

#include <string>

#include "core/dynamics/reaction_wrench.hpp"
#include "core/scene/scene_file.hpp"

namespace {

using namespace js;

const char* const kDemos[] = {"knee", "scapulothoracic", "beads", "globe", "letters"};
constexpr double kDt = 1e-3;   // s
constexpr int kWarmSteps = 100;  // 0.1 s: moving, springs loaded

struct Fixture {
  scene::Scene sc;
  Simulator sim;
  SimulationState s;
  ReactionData out;
  explicit Fixture(const std::string& name)
      : sc(scene::read_scene_file(std::string(JS_SOURCE_DIR) + "/resources/demos/" + name + ".json")),
        sim(sc.model, sc.forces),
        out(sc.model) {
    s = sc.initial;
    sim.apply_prescribed(s);
    for (int k = 0; k < kWarmSteps; ++k) sim.step(s, kDt, Integrator::SymplecticEuler);
    sim.accelerations(s.t, s.q, s.qd);
  }
};

// 0: accelerations (baseline), 1: reactions after them, 2: both
void BM_Reactions(benchmark::State& state) {
  const std::string name = kDemos[state.range(0)];
  Fixture f(name);
  const char* const kinds[] = {"forward dynamics", "reactions", "forward dynamics + reactions"};
  for (auto _ : state) {
    switch (state.range(1)) {
      case 0: benchmark::DoNotOptimize(f.sim.accelerations(f.s.t, f.s.q, f.s.qd).data()); break;
      case 1: joint_reactions(f.sim.model(), f.sim.data(), f.sim.data().qdd, f.out); break;
      default: joint_reactions(f.sim, f.s, f.out); break;
    }
    benchmark::DoNotOptimize(f.out.joints.data());
    benchmark::ClobberMemory();
  }
  state.SetLabel(name + " (" + std::to_string(f.sc.model.num_bodies()) + " bodies) " + kinds[state.range(1)]);
}
BENCHMARK(BM_Reactions)->ArgsProduct({{0, 1, 2, 3, 4}, {0, 1, 2}})->Unit(benchmark::kMicrosecond);

}  // namespace
