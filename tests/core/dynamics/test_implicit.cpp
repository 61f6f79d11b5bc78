// the implicit integrators (core/dynamics/simulator.hpp, issue 17): convergence order, energy behaviour of
// implicit midpoint on undamped mechanisms, linearly implicit euler's dissipation, prescribed coordinates,
// no allocation in a step (loops, couplers and rolling contacts: test_implicit_loops.cpp).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

#include "core/dynamics/examples.hpp"
#include "core/dynamics/simulator.hpp"
#include "core/scene/scene_file.hpp"
#include "tests/core/dynamics/dynamics_test_util.hpp"
#include "tests/support/alloc_counter.hpp"

namespace js {
namespace {

const std::string kDemos = std::string(JS_SOURCE_DIR) + "/resources/demos/";
const std::string kScenes = std::string(JS_SOURCE_DIR) + "/resources/scenes/";

// the state after T seconds at step h
SimulationState run(const MultibodyModel& model, const ForceSet& forces, Integrator integrator, double h, double T) {
  Simulator sim(model, forces);
  SimulationState s = test::ring_chain_start(model);
  const int steps = static_cast<int>(std::lround(T / h));
  for (int k = 0; k < steps; ++k) sim.step(s, h, integrator);
  return s;
}

TEST(Implicit, NamesRoundTrip) {
  for (Integrator i : kIntegrators) {
    Integrator back{};
    ASSERT_TRUE(integrator_from_name(integrator_name(i), back));
    EXPECT_EQ(back, i);
  }
  Integrator i{};
  EXPECT_TRUE(integrator_from_name("implicit_euler", i));
  EXPECT_EQ(i, Integrator::ImplicitEuler);
  EXPECT_TRUE(integrator_from_name("implicit_midpoint", i));
  EXPECT_EQ(i, Integrator::ImplicitMidpoint);
  EXPECT_FALSE(integrator_from_name("implicit", i));
  EXPECT_EQ(integrator_names(), "euler, symplectic, rk4, implicit_euler, implicit_midpoint");
}

// global error against a fine rk4 run: first order for linearly implicit euler, second for implicit midpoint
TEST(Implicit, ConvergenceOrders) {
  const MultibodyModel model = test::ring_chain();
  ForceSet forces;
  forces.joint_damping = 0.05;
  const double T = 0.5;
  const SimulationState ref = run(model, forces, Integrator::RK4, 1e-4, T);
  for (Integrator integrator : {Integrator::ImplicitEuler, Integrator::ImplicitMidpoint}) {
    const double e1 = (run(model, forces, integrator, 0.01, T).q - ref.q).norm();
    const double e2 = (run(model, forces, integrator, 0.005, T).q - ref.q).norm();
    const double order = std::log2(e1 / e2);
    std::printf("%s: error %.3g at 10 ms, %.3g at 5 ms, order %.2f\n", integrator_name(integrator), e1, e2, order);
    const double expected = integrator == Integrator::ImplicitEuler ? 1.0 : 2.0;
    EXPECT_NEAR(order, expected, 0.25);
  }
}

// implicit midpoint in (q, p) is symplectic: on an undamped chain the energy error stays small and does not
// drift over 100 s at 10 ms (at 20 ms this fast chain leaves the method's accurate range: |ΔE| 0.28 J)
TEST(Implicit, MidpointKeepsEnergyWithoutDrift) {
  const MultibodyModel model = test::ring_chain();
  const ForceSet forces;
  Simulator sim(model, forces);
  SimulationState s = test::ring_chain_start(model);
  const double E0 = test::total_energy(sim, s);
  const double h = 0.01;
  const int steps = 10000;  // 100 s
  double first = 0.0, last = 0.0, worst = 0.0;
  int worst_iterations = 0;
  long jacobians = 0, iterations = 0;
  for (int k = 0; k < steps; ++k) {
    sim.step(s, h, Integrator::ImplicitMidpoint);
    jacobians += sim.last_step_stats().jacobians;
    iterations += sim.last_step_stats().iterations;
    ASSERT_TRUE(sim.last_step_stats().converged) << "step " << k << " residual " << sim.last_step_stats().residual;
    worst_iterations = std::max(worst_iterations, sim.last_step_stats().iterations);
    const double e = test::total_energy(sim, s) - E0;
    worst = std::max(worst, std::abs(e));
    if (k < steps / 10) first += e / (steps / 10);
    if (k >= steps - steps / 10) last += e / (steps / 10);
  }
  std::printf("midpoint: |E − E0| ≤ %.3g J over 100 s (E0 %.3f J), mean of the first and last 10 s %.3g, %.3g J, "
              "≤ %d newton iterations (mean %.2f, %.3f matrices per step)\n", worst, E0, first, last, worst_iterations,
              static_cast<double>(iterations) / steps, static_cast<double>(jacobians) / steps);
  // the chain is chaotic: builds that round differently (dev's -O2 against the asan preset's -O1 and its
  // instrumentation) follow different trajectories over 100 s. measured: the dev build 0.022 J, trend 0.0003 J,
  // 10 iterations; the asan build 0.037 J, trend 0.005 J, 13 iterations. the bounds hold for both.
  EXPECT_LT(worst, 0.02 * std::abs(E0));
  EXPECT_LT(std::abs(last - first), 0.25 * worst);  // no trend
  EXPECT_LE(worst_iterations, 16);
}

// linearly implicit euler never gains energy on the pendulum-like scenes (undriven, no motor; the knee and
// the scapula are damped, the rest only lose energy to the method), at the scene's step and at 20 ms. it is one
// newton step, not a dissipative scheme by construction: on the strongly curved ring chain above it gains up
// to 1 % of its energy at 5 ms (docs/demos.md), so that is not asserted
TEST(Implicit, LinearlyImplicitEulerNeverGainsEnergyOnPendulums) {
  // (scene, the largest step asserted): the letters' rings are only asserted at their own 5 ms, at 20 ms
  // they gain 3 % (the method's linearization over a step that turns a ring by a large angle)
  const std::pair<std::string, double> cases[] = {{kScenes + "double_spline.json", 0.02}, {kDemos + "knee.json", 0.02},
                                                  {kDemos + "scapulothoracic.json", 0.02}, {kDemos + "letters_both.json", 0.005}};
  for (const auto& [path, largest] : cases) {
    const scene::Scene sc = scene::read_scene_file(path);
    for (double h : {sc.settings.dt, largest}) {
      Simulator sim(sc.model, sc.forces);
      SimulationState s = sc.initial;
      const MechanicalState m0 = sim.measure(s);
      const double E0 = m0.kinetic + m0.potential;
      double highest = E0, lowest = E0;
      while (s.t < 3.0) {
        sim.step(s, h, Integrator::ImplicitEuler);
        const double e = test::total_energy(sim, s);
        highest = std::max(highest, e);
        lowest = std::min(lowest, e);
      }
      const double swing = std::max(1e-9, E0 - lowest);
      std::printf("%s implicit_euler at %g s: energy %.5g J, highest %.5g J, lowest %.5g J\n", path.c_str(), h, E0,
                  highest, lowest);
      EXPECT_LE(highest - E0, 1e-3 * swing) << path << " at " << h;
      EXPECT_LT(lowest, E0) << path;
    }
  }
}

// the knee demo (damped, limits) at 20 ms: never above its start energy, every coordinate inside its range
TEST(Implicit, KneeDemoAtTwentyMilliseconds) {
  const scene::Scene sc = scene::read_scene_file(kDemos + "knee.json");
  for (Integrator integrator : {Integrator::ImplicitEuler, Integrator::ImplicitMidpoint}) {
    Simulator sim(sc.model, sc.forces);
    SimulationState s = sc.initial;
    const double E0 = test::total_energy(sim, s);
    double highest = E0;
    while (s.t < 3.0) {
      sim.step(s, 0.02, integrator);
      highest = std::max(highest, test::total_energy(sim, s));
      for (int k = 0; k < sc.model.nq(); ++k) {
        const Coordinate& c = sc.model.coordinate_info(k);
        ASSERT_GE(s.q[k], c.min - 1e-9);
        ASSERT_LE(s.q[k], c.max + 1e-9);
      }
    }
    std::printf("knee %s: energy start %.4f J, highest %.4f J\n", integrator_name(integrator), E0, highest);
    EXPECT_LE(highest, E0 + 1e-6 * std::abs(E0));
  }
}

// prescribed coordinates stay on their trajectories (the deforming surface's phase w = 0.5 t)
TEST(Implicit, PrescribedCoordinatesFollowTheirTrajectory) {
  const scene::Scene sc = scene::read_scene_file(kDemos + "deforming_surface.json");
  ASSERT_FALSE(sc.model.prescribed().empty());
  const int w = sc.model.prescribed().front().coordinate;
  for (Integrator integrator : {Integrator::ImplicitEuler, Integrator::ImplicitMidpoint}) {
    Simulator sim(sc.model, sc.forces);
    SimulationState s = sc.initial;
    sim.apply_prescribed(s);
    while (s.t < 1.0) {
      sim.step(s, 0.05, integrator);
      ASSERT_TRUE(s.q.allFinite());
    }
    const PrescribedSample p = sc.model.prescribed().front().trajectory(s.t);
    EXPECT_NEAR(s.q[w], p.q, 1e-12);
    EXPECT_NEAR(s.qd[w], p.qd, 1e-12);
  }
}

TEST(Implicit, StepAllocatesNothing) {
  const scene::Scene sc = scene::read_scene_file(kDemos + "scapulothoracic.json");
  for (Integrator integrator : {Integrator::ImplicitEuler, Integrator::ImplicitMidpoint}) {
    Simulator sim(sc.model, sc.forces);
    SimulationState s = sc.initial;
    sim.step(s, 0.01, integrator);
    const long before = test::allocation_count();
    for (int k = 0; k < 10; ++k) sim.step(s, 0.01, integrator);
    EXPECT_EQ(test::allocation_count() - before, 0) << integrator_name(integrator);
  }
}

}  // namespace
}  // namespace js
