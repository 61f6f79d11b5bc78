// the implicit integrators with constraint rows (core/dynamics/simulator_implicit.cpp, issue 17): closed
// loops hard and compliant, couplers and rolling contacts held inside the implicit step; convergence to
// rk4, the loop held, energy, no allocation. couplers and rolling contacts: test_couplers, test_rolling.
#include <gtest/gtest.h>

#include <cmath>

#include "core/dynamics/simulator.hpp"
#include "core/scene/scene_file.hpp"
#include "tests/support/alloc_counter.hpp"

namespace js {
namespace implicit_loops_test {

const std::string kScenes = std::string(JS_SOURCE_DIR) + "/resources/scenes/";

double energy(Simulator& sim, const SimulationState& s) {
  const MechanicalState m = sim.measure(s);
  return m.kinetic + m.potential;
}

SimulationState run(const scene::Scene& sc, const LoopSet& loops, Integrator integrator, double h, double duration) {
  Simulator sim(sc.model, sc.forces, SimulatorOptions{.loops = &loops});
  SimulationState s = sc.initial;
  const long n = std::lround(duration / h);
  for (long k = 0; k < n; ++k) sim.step(s, h, integrator);
  return s;
}

// over 1 s of the four-bar (a crank-rocker whose trajectory is sensitive: rk4's own error at 0.5 ms against
// 0.25 ms is far above its local one), both methods approach rk4 at 0.1 ms at their order.
TEST(ImplicitLoops, FourBarConvergesToRk4AtTheMethodsOrders) {
  const scene::Scene sc = scene::read_scene_file(kScenes + "four_bar.json");
  const SimulationState ref = run(sc, sc.loops, Integrator::RK4, 1e-4, 1.0);
  for (const auto& [integrator, order] : {std::pair{Integrator::ImplicitEuler, 1.0}, std::pair{Integrator::ImplicitMidpoint, 2.0}}) {
    const double coarse = (run(sc, sc.loops, integrator, 2e-3, 1.0).q - ref.q).norm();
    const double fine = (run(sc, sc.loops, integrator, 1e-3, 1.0).q - ref.q).norm();
    const double measured = std::log2(coarse / fine);
    EXPECT_NEAR(measured, order, 0.25) << integrator_name(integrator) << ": " << coarse << " at 2 ms, " << fine << " at 1 ms";
  }
}

// 3 s at 5 ms (the scene's own step is 1 ms): the loop stays closed; implicit midpoint keeps the energy, and
// linearly implicit euler ends with its velocity on the loop (the projection after the step).
TEST(ImplicitLoops, FourBarHoldsTheLoopAtFiveMilliseconds) {
  const scene::Scene sc = scene::read_scene_file(kScenes + "four_bar.json");
  for (Integrator integrator : {Integrator::ImplicitEuler, Integrator::ImplicitMidpoint}) {
    Simulator sim(sc.model, sc.forces, SimulatorOptions{.loops = &sc.loops});
    SimulationState s = sc.initial;
    const double e0 = energy(sim, s);
    double position = 0.0, drift = 0.0;
    for (int k = 0; k < 600; ++k) {
      sim.step(s, 5e-3, integrator);
      ASSERT_TRUE(s.q.allFinite() && s.qd.allFinite()) << integrator_name(integrator) << " at " << s.t;
      position = std::max(position, sim.loop_errors(s).position);
      drift = std::max(drift, std::abs(energy(sim, s) - e0));
      if (integrator == Integrator::ImplicitMidpoint) {
        EXPECT_TRUE(sim.last_step_stats().converged) << s.t;
      } else {
        EXPECT_LT(sim.loop_errors(s).velocity, 1e-12) << s.t;
      }
    }
    EXPECT_LT(position, 2e-4) << integrator_name(integrator);
    if (integrator == Integrator::ImplicitMidpoint) {
      EXPECT_LT(drift, 5e-3 * e0) << "energy, J";
    }
  }
}

// a compliant loop is a spring: with compliance 1e-6 m/N the four-bar's point loop opens by micrometres
// under the load; implicit midpoint conserves kinetic + gravity + loop spring energy, and both hold the
// the mechanism near the hard loop's trajectory.
TEST(ImplicitLoops, CompliantLoopIsASpringInsideTheStep) {
  const scene::Scene sc = scene::read_scene_file(kScenes + "four_bar.json");
  LoopConstraint loop = sc.loops.loop(0);
  loop.compliance = 1e-6;
  LoopSet compliant;
  compliant.add(sc.model, loop);
  const SimulationState hard = run(sc, sc.loops, Integrator::RK4, 1e-4, 0.5);
  for (Integrator integrator : {Integrator::ImplicitEuler, Integrator::ImplicitMidpoint}) {
    Simulator sim(sc.model, sc.forces, SimulatorOptions{.loops = &compliant});
    SimulationState s = sc.initial;
    const double e0 = energy(sim, s);
    double opening = 0.0, drift = 0.0;
    for (int k = 0; k < 500; ++k) {
      sim.step(s, 1e-3, integrator);
      ASSERT_TRUE(s.q.allFinite()) << integrator_name(integrator) << " at " << s.t;
      opening = std::max(opening, sim.loop_errors(s).position);
      drift = std::max(drift, std::abs(energy(sim, s) - e0));
    }
    EXPECT_GT(opening, 1e-7) << integrator_name(integrator) << ": the spring gives way";
    EXPECT_LT(opening, 1e-3) << integrator_name(integrator);
    // the first-order method's own error over 0.5 s at 1 ms is ~0.07 rad on this mechanism (see the test above)
    const double near = integrator == Integrator::ImplicitEuler ? 0.15 : 0.01;
    EXPECT_LT((s.q - hard.q).norm(), near) << integrator_name(integrator) << ": near the hard loop";
    if (integrator == Integrator::ImplicitMidpoint) {
      EXPECT_LT(drift, 1e-3 * e0) << "kinetic + gravity + spring, J";
    }
  }
}

TEST(ImplicitLoops, StepAllocatesNothing) {
  const scene::Scene sc = scene::read_scene_file(kScenes + "four_bar.json");
  for (Integrator integrator : {Integrator::ImplicitEuler, Integrator::ImplicitMidpoint}) {
    Simulator sim(sc.model, sc.forces, SimulatorOptions{.loops = &sc.loops});
    SimulationState s = sc.initial;
    sim.step(s, 2e-3, integrator);  // the first step checks the rank (allocates once)
    const long before = test::allocation_count();
    for (int k = 0; k < 10; ++k) sim.step(s, 2e-3, integrator);
    EXPECT_EQ(test::allocation_count() - before, 0) << integrator_name(integrator);
  }
}

}  // namespace implicit_loops_test
}  // namespace js
