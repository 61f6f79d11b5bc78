// prescribed (kinematically driven) coordinates: hybrid aba agrees with rnea (the free coordinates get
// the applied τ, the prescribed ones the driving torque), a scripted knee follows its motion exactly in a
// simulation, the drive's work balances the energy, and limit impulses leave prescribed coordinates alone.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

#include "core/dynamics/examples.hpp"
#include "core/joints/spline_surface_joint.hpp"
#include "core/dynamics/simulator.hpp"
#include "core/motion/scripted_motion.hpp"
#include "tests/support/alloc_counter.hpp"
#include "tests/core/dynamics/dynamics_test_util.hpp"

namespace js {
namespace {

// q(t) = a + b t + c t²: an exactly consistent trajectory.
CoordinateTrajectory quadratic(double a, double b, double c) {
  return [a, b, c](double t) { return PrescribedSample{a + b * t + c * t * t, b + 2 * c * t, 2 * c, false}; };
}

// q(t) = a + b sin(ω t): smooth, so rk4 keeps its order in the energy balance.
CoordinateTrajectory sine(double a, double b, double w) {
  return [a, b, w](double t) {
    return PrescribedSample{a + b * std::sin(w * t), b * w * std::cos(w * t), -b * w * w * std::sin(w * t), false};
  };
}

// hybrid aba (free coordinates get the applied τ, prescribed ones their trajectory's q̈) against rnea: the
// free τ come back and the prescribed ones equal the driving forces. coordinates of every joint kind are
// prescribed, single coordinates of multi-dof joints included, and some joints wholly.
TEST(Prescribed, HybridAbaMatchesRnea) {
  std::mt19937 rng(21);
  int partial = 0, whole_multi = 0;
  for (int trial = 0; trial < 12; ++trial) {
    MultibodyModel model = test::random_tree(12, rng, trial);
    for (int k = 0; k < model.nq(); ++k) {
      const Body& b = model.body(model.coordinate(k).body);
      // every third coordinate, and the whole joint of every fourth multi-dof body
      const bool whole = b.dof > 1 && (model.coordinate(k).body + trial) % 4 == 0;
      if ((k * 7 + trial) % 3 == 0 || whole) model.prescribe(k, quadratic(0.05 * k, 0.3, -0.7 + 0.1 * k));
    }
    for (const Body& b : model.bodies()) {
      partial += b.dof > 1 && b.num_prescribed > 0 && b.free_dof() > 0;
      whole_multi += b.dof > 1 && b.free_dof() == 0;
    }
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
    ASSERT_FALSE(data.singular);
    const Eigen::VectorXd drive = data.drive_tau;
    const Eigen::VectorXd tau_back = rnea(model, data, t, q, qd, qdd);
    double worst = 0.0;
    for (int k = 0; k < model.nq(); ++k) {
      const bool given = model.is_prescribed(k);
      const double expected = given ? drive[k] : tau[k];
      worst = std::max(worst, std::abs(tau_back[k] - expected) / (1.0 + std::abs(expected)));
      if (given) {
        EXPECT_EQ(qdd[k], 2.0 * (-0.7 + 0.1 * k)) << "coordinate " << k;
      } else {
        EXPECT_EQ(drive[k], 0.0);
      }
    }
    EXPECT_LT(worst, 1e-10) << "trial " << trial;
  }
  EXPECT_GT(partial, 5);
  EXPECT_GT(whole_multi, 2);
}

TEST(Prescribed, AnyCoordinateOnce) {
  MultibodyModel model;
  model.add_body("ball", -1, std::make_shared<SphericalJoint>("zyx"), BodyInertia::box(1.0, Vec3(0.1, 0.1, 0.1)));
  model.add_body("knee", 0, example_knee_joint(), BodyInertia::box(1.0, Vec3(0.1, 0.1, 0.1)));
  model.prescribe(1, quadratic(0, 0, 0));  // one coordinate of the spherical joint
  EXPECT_TRUE(model.is_prescribed(1));
  EXPECT_FALSE(model.is_prescribed(0));
  EXPECT_EQ(model.body(0).num_prescribed, 1);
  EXPECT_EQ(model.body(0).free_dof(), 2);
  EXPECT_THROW(model.prescribe(1, quadratic(0, 0, 0)), std::invalid_argument);
  model.prescribe(3, quadratic(0, 0, 0));
  EXPECT_THROW(model.prescribe(3, quadratic(0, 0, 0)), std::invalid_argument);
  EXPECT_THROW(model.prescribe(4, quadratic(0, 0, 0)), std::invalid_argument);
  EXPECT_THROW(model.prescribe(-1, quadratic(0, 0, 0)), std::invalid_argument);
  EXPECT_THROW(model.prescribe(0, CoordinateTrajectory()), std::invalid_argument);
}

// a ball on a surface that moves with time: a 3-coordinate spline surface joint G(u, v, w) whose w is
// prescribed (w = sin), u and v free under gravity. the driving force's work ∫ τ_w ẇ dt equals the change
// of mechanical energy (nothing else does work), and the step allocates nothing.
TEST(Prescribed, TimeVaryingSurfaceEnergyBalance) {
  std::mt19937 rng(5);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  std::vector<spline::KnotVector> knots{spline::KnotVector::clamped(5, -2.0, 2.0),
                                        spline::KnotVector::clamped(5, -2.0, 2.0),
                                        spline::KnotVector::clamped(4, -1.5, 1.5)};
  std::array<std::vector<double>, 6> coefficients;
  for (int i = 0; i < 5; ++i) {
    for (int j = 0; j < 5; ++j) {
      for (int k = 0; k < 4; ++k) {
        // x ≈ u, y ≈ v, a bowl in z that the third coordinate reshapes, small tilts
        const double x = -2.0 + i, y = -2.0 + j;
        coefficients[0].push_back(0.5 * x);
        coefficients[1].push_back(0.5 * y);
        coefficients[2].push_back(0.1 * (x * x + y * y) + 0.15 * u(rng) * (k - 1.5));
        for (std::size_t r = 3; r < 6; ++r) coefficients[r].push_back(0.2 * u(rng));
      }
    }
  }
  auto surface = std::make_shared<SplineSurfaceJoint>(SE3::identity(), std::move(knots), std::move(coefficients));
  MultibodyModel model;
  model.add_body("ball", -1, surface, BodyInertia::box(0.5, Vec3(0.1, 0.08, 0.06), Vec3(0.01, 0.0, 0.02)));
  model.prescribe(2, sine(0.0, 1.2, 2.0));
  ForceSet forces;
  SimulatorOptions options;
  options.enforce_limits = false;
  Simulator sim(model, forces, options);
  SimulationState s;
  s.q = Eigen::Vector3d(0.9, -0.6, 0.0);
  s.qd = Eigen::Vector3d(0.0, 0.5, 0.0);
  sim.apply_prescribed(s);
  const MechanicalState e0 = sim.measure(s);
  auto power = [&](const SimulationState& st) {
    sim.accelerations(st.t, st.q, st.qd);
    return sim.data().drive_tau[2] * st.qd[2];
  };
  const double dt = 1e-3;
  double work = 0.0, p_prev = power(s), max_power = 0.0;
  long allocations = 0;
  for (int k = 0; k < 2000; ++k) {
    const long before = test::allocation_count();
    sim.step(s, dt, Integrator::RK4);
    allocations += test::allocation_count() - before;
    ASSERT_FALSE(sim.data().singular);
    EXPECT_EQ(s.q[2], 1.2 * std::sin(2.0 * s.t));
    const double p = power(s);
    // simpson would need pairs; the trapezoid's error is O(dt²) on a smooth power
    work += 0.5 * dt * (p + p_prev);
    p_prev = p;
    max_power = std::max(max_power, std::abs(p));
  }
  const MechanicalState e1 = sim.measure(s);
  const double dE = (e1.kinetic + e1.potential) - (e0.kinetic + e0.potential);
  std::printf("time-varying surface: drive work %.8f J, energy change %.8f J, peak power %.3f W\n", work, dE,
              max_power);
  EXPECT_GT(std::abs(work), 0.05);  // the surface really did work on the ball
  EXPECT_NEAR(work, dE, 1e-5 * (std::abs(dE) + std::abs(work)) + 1e-7);
  EXPECT_GT((s.q.head<2>() - Eigen::Vector2d(0.9, -0.6)).norm(), 0.1);  // the ball slid
  EXPECT_EQ(allocations, 0);
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
