// coordinate limits as unilateral constraints and locking (artisynth §3.3.5): never exceeded at
// dt = 20 ms with any integrator, inelastic (energy does not grow), locked coordinates do not move.
#include <gtest/gtest.h>

#include <cstdio>

#include "core/dynamics/examples.hpp"
#include "core/dynamics/simulator.hpp"
#include "core/joints/lower_pairs.hpp"

namespace js {
namespace {

class LimitsAtLargeSteps : public ::testing::TestWithParam<Integrator> {};

// the leg swung hard against the hip and ankle limits and the knee spline's domain ends.
TEST_P(LimitsAtLargeSteps, LegNeverLeavesItsRanges) {
  const MultibodyModel leg = example_leg();
  ForceSet forces;
  forces.motors.push_back({0, 0.0, [](double t) { return 150.0 * std::sin(4.0 * t); }});
  forces.motors.push_back({1, 0.0, [](double t) { return 60.0 * std::cos(5.0 * t); }});
  forces.motors.push_back({2, 0.0, [](double t) { return 8.0 * std::sin(7.0 * t); }});
  Simulator sim(leg, forces);
  SimulationState s;
  s.q = Eigen::Vector3d(0.0, 1.0, 0.0);
  s.qd = Eigen::Vector3d(30.0, -20.0, 40.0);
  double worst = 0.0;
  int engaged_steps = 0;
  for (int k = 0; k < 250; ++k) {
    sim.step(s, 0.02, GetParam());
    ASSERT_TRUE(s.q.allFinite());
    engaged_steps += sim.engaged_constraints() > 0;
    for (int c = 0; c < 3; ++c) {
      const Coordinate& info = leg.coordinate_info(c);
      worst = std::max({worst, s.q[c] - info.max, info.min - s.q[c]});
    }
  }
  std::printf("%s dt 20 ms: worst violation %.1e, steps with an engaged limit %d of 250\n",
              integrator_name(GetParam()), worst, engaged_steps);
  EXPECT_LE(worst, 0.0);
  EXPECT_GT(engaged_steps, 10);
}

INSTANTIATE_TEST_SUITE_P(Integrators, LimitsAtLargeSteps,
                         ::testing::Values(Integrator::ExplicitEuler, Integrator::SymplecticEuler, Integrator::RK4));

// a knee falling onto its end stop loses energy there and gains none.
TEST(Limits, ImpactIsInelastic) {
  const MultibodyModel knee = example_knee();
  const ForceSet forces;
  Simulator sim(knee, forces);
  SimulationState s;
  s.q = Eigen::VectorXd::Constant(1, 2.0);
  s.qd = Eigen::VectorXd::Constant(1, 3.0);
  double previous = 1e300, first = 0.0;
  bool hit = false;
  for (int k = 0; k < 2000; ++k) {
    sim.step(s, 1e-3, Integrator::RK4);
    hit = hit || sim.engaged_constraints() > 0;
    const MechanicalState e = sim.measure(s);
    // resting on the stop, gravity pushes q past it by O(dt²) each step and the projection lifts it
    // back: a jitter of order m g ℓ dt² (~1e-5 J here) that does not accumulate
    EXPECT_LE(e.kinetic + e.potential, previous + 1e-4) << "t " << s.t;
    if (k == 0) first = e.kinetic + e.potential;
    previous = e.kinetic + e.potential;
  }
  EXPECT_TRUE(hit);
  EXPECT_LT(previous, first - 1.0);  // the impact took a good part of the kinetic energy
}

// issue 17's out-of-range policy in the dynamics: a revolute bounded to [−π, π] stops at π as a limit, the same
// revolute chosen to wrap spins on through it (a periodic coordinate has no limits), and a clamped curve is held in
// its range by its limits like any bounded coordinate
TEST(Limits, AWrappedRevoluteSpinsThroughItsRange) {
  for (bool wrap : {false, true}) {
    auto hinge = std::make_shared<RevoluteJoint>(Vec3::UnitZ());  // about the vertical: gravity does no work
    hinge->coordinates()[0].min = -kPi;
    hinge->coordinates()[0].max = kPi;
    if (wrap) hinge->set_out_of_range(OutOfRange::Wrap);
    MultibodyModel model;
    model.add_body("wheel", -1, hinge, BodyInertia::box(1.0, Vec3(0.1, 0.02, 0.02), Vec3(0.1, 0, 0)));
    const ForceSet forces;
    Simulator sim(model, forces);
    SimulationState s;
    s.q = Eigen::VectorXd::Constant(1, 3.0);
    s.qd = Eigen::VectorXd::Constant(1, 2.0);
    for (int k = 0; k < 200; ++k) sim.step(s, 1e-3, Integrator::RK4);
    if (wrap) {
      EXPECT_NEAR(s.q[0], 3.4, 1e-9);  // free spin past π
      EXPECT_NEAR(s.qd[0], 2.0, 1e-9);
    } else {
      EXPECT_LE(s.q[0], kPi + 1e-12);  // the stop
      EXPECT_LT(s.qd[0], 1e-9);
    }
  }
}

TEST(Limits, AClampedKneeStaysInItsRange) {
  auto joint = example_knee_joint();
  joint->set_out_of_range(OutOfRange::Clamp);
  MultibodyModel knee;
  knee.add_body("tibia", -1, joint, BodyInertia::box(3.0, Vec3(0.04, 0.04, 0.2), Vec3(0, 0, -0.2)));
  const ForceSet forces;
  Simulator sim(knee, forces);
  SimulationState s;
  s.q = Eigen::VectorXd::Constant(1, 2.0);
  s.qd = Eigen::VectorXd::Constant(1, 3.0);
  const Coordinate c = knee.coordinate_info(0);
  for (int k = 0; k < 500; ++k) {
    sim.step(s, 5e-3, Integrator::RK4);
    ASSERT_TRUE(s.q.allFinite());
    EXPECT_GE(s.q[0], c.min - 1e-12);
    EXPECT_LE(s.q[0], c.max + 1e-12);
  }
}

TEST(Limits, LockedCoordinateDoesNotMove) {
  const MultibodyModel leg = example_leg();
  auto ankle = std::shared_ptr<JointModel>(leg.body(2).joint->clone());
  ankle->coordinates()[0].locked = true;
  MultibodyModel locked;
  for (int i = 0; i < 3; ++i) {
    locked.add_body(leg.body(i).name, leg.body(i).parent, i == 2 ? ankle : leg.body(i).joint, leg.body(i).inertia);
  }
  const ForceSet forces;
  Simulator sim(locked, forces);
  SimulationState s;
  s.q = Eigen::Vector3d(0.8, 0.5, 0.25);
  s.qd = Eigen::Vector3d(-1.0, 2.0, 3.0);
  for (int k = 0; k < 200; ++k) {
    sim.step(s, 0.01, Integrator::RK4);
    ASSERT_EQ(s.q[2], 0.25);
    ASSERT_EQ(s.qd[2], 0.0);
  }
  EXPECT_GT(std::abs(s.q[0] - 0.8), 0.1);  // the rest still moves
}

}  // namespace
}  // namespace js
