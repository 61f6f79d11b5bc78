// prescribed (kinematically driven) coordinates: hybrid aba agrees with rnea (the free coordinates get
// the applied τ, the prescribed ones the driving torque), a scripted knee follows its motion exactly in a
// simulation, the drive's work balances the energy, and limit impulses leave prescribed coordinates alone.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

#include "core/dynamics/examples.hpp"
#include "core/dynamics/simulator.hpp"
#include "core/motion/scripted_motion.hpp"
#include "tests/core/dynamics/alloc_counter.hpp"
#include "tests/core/dynamics/dynamics_test_util.hpp"

namespace js {
namespace {

// q(t) = a + b t + c t²: an exactly consistent trajectory.
CoordinateTrajectory quadratic(double a, double b, double c) {
  return [a, b, c](double t) { return PrescribedSample{a + b * t + c * t * t, b + 2 * c * t, 2 * c, false}; };
}

TEST(Prescribed, HybridAbaMatchesRnea) {
  std::mt19937 rng(21);
  for (int trial = 0; trial < 6; ++trial) {
    MultibodyModel model = test::random_tree(9, rng, trial);
    int count = 0;
    for (int i = 0; i < model.num_bodies() && count < 3; ++i) {
      if (model.body(i).dof == 1 && i % 2 == trial % 2) {
        model.prescribe(model.body(i).q_index, quadratic(0.1 * i, 0.3, -0.7 + 0.2 * i));
        ++count;
      }
    }
    ASSERT_GT(count, 0);
    const double t = 0.37;
    Eigen::VectorXd q = test::random_vector(model.nq(), rng), qd = test::random_vector(model.nq(), rng);
    const Eigen::VectorXd tau = test::random_vector(model.nq(), rng, 3.0);
    for (const PrescribedCoordinate& p : model.prescribed()) {
      const PrescribedSample s = p.trajectory(t);
      q[p.coordinate] = s.q;
      qd[p.coordinate] = s.qd;
    }
    MultibodyData data(model);
    const Eigen::VectorXd qdd = aba(model, data, t, q, qd, tau);
    const Eigen::VectorXd drive = data.drive_tau;
    const Eigen::VectorXd tau_back = rnea(model, data, t, q, qd, qdd);
    double worst = 0.0;
    for (int k = 0; k < model.nq(); ++k) {
      const int pi = model.body(model.coordinate(k).body).prescribed;
      const double expected = pi >= 0 ? drive[k] : tau[k];
      worst = std::max(worst, std::abs(tau_back[k] - expected) / (1.0 + std::abs(expected)));
      if (pi >= 0) {
        EXPECT_EQ(qdd[k], model.prescribed()[static_cast<std::size_t>(pi)].trajectory(t).qdd);
      }
    }
    EXPECT_LT(worst, 1e-10) << "trial " << trial;
  }
}

TEST(Prescribed, OnlyOneDofJointsOnce) {
  std::mt19937 rng(3);
  MultibodyModel model;
  model.add_body("ball", -1, std::make_shared<SphericalJoint>("zyx"), BodyInertia::box(1.0, Vec3(0.1, 0.1, 0.1)));
  model.add_body("knee", 0, example_knee_joint(), BodyInertia::box(1.0, Vec3(0.1, 0.1, 0.1)));
  EXPECT_THROW(model.prescribe(0, quadratic(0, 0, 0)), std::invalid_argument);
  model.prescribe(3, quadratic(0, 0, 0));
  EXPECT_THROW(model.prescribe(3, quadratic(0, 0, 0)), std::invalid_argument);
  EXPECT_THROW(model.prescribe(4, quadratic(0, 0, 0)), std::invalid_argument);
}

// the leg with its knee scripted through a flexion and back (core/motion): the knee follows the motion
// at every step, the hip and ankle swing freely, and the work of the drive ∫ τ q̇ dt equals the change of
// the mechanical energy (no damping).
TEST(Prescribed, ScriptedKneeInTheLeg) {
  MultibodyModel leg = example_leg();
  const int shank = leg.find_body("shank");
  const int knee = leg.body(shank).q_index;
  ArcLengthMetric metric;
  metric.length_scale = 0.05;
  auto arc = std::make_shared<JointArcLength>(leg.body(shank).joint, 0.1, 1.6, metric);
  const double L = arc->length();
  auto motion = std::make_shared<ScriptedMotion>(arc, TimingCurve({{0.0, 0.0}, {0.4, 0.6 * L}, {0.8, L}, {1.5, 0.2 * L}}));
  leg.prescribe(knee, [motion](double t) {
    const MotionSample s = motion->sample(t);
    return PrescribedSample{s.q, s.qd, s.qdd, s.degenerate};
  });
  ForceSet forces;
  SimulatorOptions options;
  options.enforce_limits = false;
  Simulator sim(leg, forces, options);
  SimulationState s;
  s.q = Eigen::VectorXd::Zero(3);
  s.qd = Eigen::VectorXd::Zero(3);
  s.q[0] = 0.3;
  sim.apply_prescribed(s);
  const MechanicalState e0 = sim.measure(s);
  const double dt = 1e-3;
  double work = 0.0, worst_follow = 0.0;
  auto power = [&](const SimulationState& st) {
    sim.accelerations(st.t, st.q, st.qd);
    return sim.data().drive_tau[knee] * st.qd[knee];
  };
  double p_prev = power(s);
  for (int k = 0; k < 1500; ++k) {
    sim.step(s, dt, Integrator::RK4);
    ASSERT_FALSE(sim.data().prescribed_degenerate);
    const MotionSample m = motion->sample(s.t);
    worst_follow = std::max({worst_follow, std::abs(s.q[knee] - m.q), std::abs(s.qd[knee] - m.qd)});
    const double p = power(s);
    work += 0.5 * dt * (p + p_prev);  // trapezoid
    p_prev = p;
  }
  const MechanicalState e1 = sim.measure(s);
  const double dE = (e1.kinetic + e1.potential) - (e0.kinetic + e0.potential);
  EXPECT_EQ(worst_follow, 0.0);
  EXPECT_GT(std::abs(s.q[0] - 0.3), 0.01);  // the hip was moved by the knee's motion
  // the timing curve is c¹, so q̈ jumps at the keys and rk4 and the trapezoid lose order there
  EXPECT_NEAR(work, dE, 3e-3 * (std::abs(dE) + std::abs(work)) + 1e-6);
  std::printf("scripted knee: drive work %.6f J, energy change %.6f J\n", work, dE);
}

// a prescribed coordinate keeps its trajectory velocity when a limit on a free coordinate fires, and the
// impulse solve allocates nothing.
TEST(Prescribed, LimitImpulsesSkipPrescribedAndDoNotAllocate) {
  MultibodyModel model;
  auto hip = std::make_shared<RevoluteJoint>(Vec3::UnitX());
  hip->coordinates()[0].min = -0.2;
  hip->coordinates()[0].max = 0.2;
  model.add_body("thigh", -1, hip, BodyInertia::box(5.0, Vec3(0.05, 0.05, 0.4), Vec3(0, 0, -0.2)));
  auto knee = std::make_shared<RevoluteJoint>(Vec3::UnitX());
  knee->set_offsets(SE3::translation(Vec3(0, 0, -0.4)), SE3::identity());
  model.add_body("shank", 0, knee, BodyInertia::box(3.0, Vec3(0.05, 0.05, 0.4), Vec3(0, 0, -0.2)));
  model.prescribe(1, quadratic(0.0, 2.0, 0.0));
  const ForceSet forces;
  Simulator sim(model, forces);
  SimulationState s;
  s.q = Eigen::VectorXd::Zero(2);
  s.qd = Eigen::Vector2d(3.0, 2.0);
  sim.apply_prescribed(s);
  int engaged = 0;
  long allocations = 0;
  for (int k = 0; k < 200; ++k) {
    const long before = test::allocation_count();
    sim.step(s, 0.02, Integrator::SymplecticEuler);
    allocations += test::allocation_count() - before;
    engaged += sim.engaged_constraints();
    EXPECT_LE(std::abs(s.q[0]), 0.2 + 1e-12);
    EXPECT_NEAR(s.qd[1], 2.0, 1e-14);
    EXPECT_NEAR(s.q[1], 2.0 * s.t, 1e-12);
  }
  EXPECT_GT(engaged, 10);
  EXPECT_EQ(allocations, 0);
}

}  // namespace
}  // namespace js
