// ∂q̈/∂q and ∂q̈/∂q̇ (core/dynamics/dynamics_derivatives.hpp) against central differences of aba: random
// trees over every joint kind with a driven root, springs, dampers, point springs, external forces and a
// prescribed coordinate, and every demo scene at its start and after a short run.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>

#include "core/dynamics/dynamics_derivatives.hpp"
#include "core/dynamics/momentum.hpp"
#include "core/dynamics/simulator.hpp"
#include "core/scene/scene_file.hpp"
#include "tests/core/dynamics/dynamics_test_util.hpp"
#include "tests/support/alloc_counter.hpp"

namespace js {
namespace {

using test::random_tree;
using test::random_vector;

// q̈ by aba under the forces, q and q̇ as given (prescribed coordinates read from them)
Eigen::VectorXd aba_qdd(const MultibodyModel& model, const ForceSet& forces, double t, const Eigen::VectorXd& q,
                        const Eigen::VectorXd& qd) {
  MultibodyData data(model);
  evaluate_prescribed(model, data, t);
  forward_kinematics(model, data, t, q, qd, Eigen::VectorXd(), KinematicsLevel::Bias);
  Eigen::VectorXd tau(model.nq());
  apply_forces(model, forces, data, t, q, qd, tau);
  return aba_from_kinematics(model, data, tau);
}

struct FdResult {
  double error_q = 0.0, error_qd = 0.0;  // largest |analytic − fd| over the free block, relative to the scale
  double scale_q = 0.0, scale_qd = 0.0;  // largest |fd| entry
};

// compares the analytic ∂q̈/∂q, ∂q̈/∂q̇ with central differences of aba (step h) over the free coordinates
FdResult compare(const MultibodyModel& model, const ForceSet& forces, double t, const Eigen::VectorXd& q,
                 const Eigen::VectorXd& qd, double h = 1e-6) {
  MultibodyData data(model);
  DynamicsDerivatives d(model);
  dynamics_derivatives(model, forces, data, d, t, q, qd, true);
  EXPECT_LT((d.qdd - aba_qdd(model, forces, t, q, qd)).cwiseAbs().maxCoeff(), 1e-12);
  {
    // forward and inverse dynamics still agree: rnea at the q̈ found reproduces the applied forces (free rows)
    Eigen::VectorXd tau(model.nq());
    apply_forces(model, forces, data, t, q, qd, tau);
    const Eigen::VectorXd id = rnea(model, data, t, q, qd, d.qdd);
    for (int i = 0; i < model.nq(); ++i) {
      if (model.is_prescribed(i)) continue;
      EXPECT_NEAR(id[i], tau[i], 1e-9 * (1.0 + std::abs(tau[i]))) << i;
    }
  }
  const int n = model.nq();
  Eigen::MatrixXd fd_q(n, n), fd_qd(n, n);
  for (int k = 0; k < n; ++k) {
    Eigen::VectorXd qp = q, qm = q, vp = qd, vm = qd;
    qp[k] += h;
    qm[k] -= h;
    vp[k] += h;
    vm[k] -= h;
    fd_q.col(k) = (aba_qdd(model, forces, t, qp, qd) - aba_qdd(model, forces, t, qm, qd)) / (2 * h);
    fd_qd.col(k) = (aba_qdd(model, forces, t, q, vp) - aba_qdd(model, forces, t, q, vm)) / (2 * h);
  }
  FdResult r;
  for (int i = 0; i < n; ++i) {
    if (model.is_prescribed(i)) continue;
    for (int k = 0; k < n; ++k) {
      if (model.is_prescribed(k)) continue;
      r.scale_q = std::max(r.scale_q, std::abs(fd_q(i, k)));
      r.scale_qd = std::max(r.scale_qd, std::abs(fd_qd(i, k)));
      r.error_q = std::max(r.error_q, std::abs(fd_q(i, k) - d.dqdd_dq(i, k)));
      r.error_qd = std::max(r.error_qd, std::abs(fd_qd(i, k) - d.dqdd_dqd(i, k)));
    }
  }
  r.error_q /= std::max(1.0, r.scale_q);
  r.error_qd /= std::max(1.0, r.scale_qd);
  return r;
}

class RandomTreeDerivatives : public ::testing::TestWithParam<int> {};

TEST_P(RandomTreeDerivatives, MatchCentralDifferencesOfAba) {
  std::mt19937 rng(100 + static_cast<unsigned>(GetParam()));
  MultibodyModel model = random_tree(4 + GetParam() % 4, rng, GetParam());
  const Twist spin = make_twist(Vec3(0.3, 0.2, 2.0), Vec3(0.1, 0.0, 0.0));
  model.root_trajectory = [spin](double t) {
    RootState s;
    s.world_T_root = se3_exp(spin * (0.5 * t * t));
    s.v = spin * t;
    s.v_dot = spin;
    return s;
  };
  ForceSet forces;
  forces.joint_damping = 0.3;
  forces.springs.push_back({0, 4.0, 0.2, 0.5});
  forces.motors.push_back({model.nq() - 1, 0.7, nullptr});
  const int last = model.num_bodies() - 1;
  forces.point_springs.push_back({0, Vec3(0.05, -0.02, 0.1), last, Vec3(-0.03, 0.04, 0.02), 80.0, 0.05, 2.0});
  forces.point_springs.push_back({-1, Vec3(0.3, 0.1, 0.2), 1, Vec3(0.01, 0.02, -0.05), 30.0, 0.0, 1.0});
  forces.external.push_back({last, Vec3(0.02, 0.0, 0.03), Vec3(1.0, -2.0, 0.5), Vec3(0.1, 0.2, -0.3)});
  const Eigen::VectorXd q = random_vector(model.nq(), rng);
  const Eigen::VectorXd qd = random_vector(model.nq(), rng, 2.0);
  const FdResult r = compare(model, forces, 0.7, q, qd);
  EXPECT_LT(r.error_q, 1e-6) << "scale " << r.scale_q;
  EXPECT_LT(r.error_qd, 1e-6) << "scale " << r.scale_qd;
  EXPECT_GT(r.scale_q, 1e-2);
  EXPECT_GT(r.scale_qd, 1e-2);
}

INSTANTIATE_TEST_SUITE_P(Trees, RandomTreeDerivatives, ::testing::Range(0, 12));

// a prescribed coordinate is no variable: the free block still matches aba's (which reads it from q)
TEST(Derivatives, PrescribedCoordinateIsHeld) {
  std::mt19937 rng(5);
  MultibodyModel model = random_tree(5, rng, 3);
  model.prescribe(1, [](double t) { return PrescribedSample{0.3 * std::sin(t), 0.3 * std::cos(t), -0.3 * std::sin(t), false}; });
  ForceSet forces;
  forces.joint_damping = 0.1;
  Eigen::VectorXd q = random_vector(model.nq(), rng);
  const Eigen::VectorXd qd = random_vector(model.nq(), rng);
  const double t = 0.4;
  q[1] = 0.3 * std::sin(t);
  const FdResult r = compare(model, forces, t, q, qd);
  EXPECT_LT(r.error_q, 1e-6);
  EXPECT_LT(r.error_qd, 1e-6);
  MultibodyData data(model);
  DynamicsDerivatives d(model);
  dynamics_derivatives(model, forces, data, d, t, q, qd, true);
  EXPECT_EQ(d.dqdd_dq.row(1).norm(), 0.0);
  EXPECT_EQ(d.D_qd.row(1).norm(), 0.0);
}

TEST(Derivatives, AllocatesNothing) {
  std::mt19937 rng(9);
  const MultibodyModel model = random_tree(7, rng);
  ForceSet forces;
  forces.point_springs.push_back({0, Vec3(0.05, -0.02, 0.1), 6, Vec3(-0.03, 0.04, 0.02), 80.0, 0.05, 2.0});
  MultibodyData data(model);
  DynamicsDerivatives d(model);
  const Eigen::VectorXd q = random_vector(model.nq(), rng);
  const Eigen::VectorXd qd = random_vector(model.nq(), rng);
  dynamics_derivatives(model, forces, data, d, 0.0, q, qd, true);
  const long before = test::allocation_count();
  dynamics_derivatives(model, forces, data, d, 0.1, q, qd, true);
  EXPECT_EQ(test::allocation_count() - before, 0);
}

// every demo after 0.05 s and 0.15 s of rk4 (moving; no limit engaged yet). not at t = 0: the demos start
// at knots of their cubic splines or on a range end, where ∇S has a kink and q̈ is not differentiable
TEST(Derivatives, DemosMatchCentralDifferencesOfAba) {
  const std::string dir = std::string(JS_SOURCE_DIR) + "/resources/demos/";
  for (const char* name : {"knee", "scapulothoracic", "beads", "globe", "letters", "letters_both", "deforming_surface"}) {
    SCOPED_TRACE(name);
    const scene::Scene sc = scene::read_scene_file(dir + name + ".json");
    Simulator sim(sc.model, sc.forces);
    SimulationState s = sc.initial;
    sim.apply_prescribed(s);
    for (double until : {0.05, 0.15}) {
      const double dt = std::min(sc.settings.dt, 1e-3);
      while (s.t < until - 1e-12) sim.step(s, dt, Integrator::RK4);
      ASSERT_EQ(sim.engaged_constraints(), 0);
      const FdResult r = compare(sc.model, sc.forces, s.t, s.q, s.qd);
      std::printf("%s t=%.2f: dq error %.2e (scale %.3g), dqd error %.2e (scale %.3g)\n", name, s.t, r.error_q,
                  r.scale_q, r.error_qd, r.scale_qd);
      EXPECT_LT(r.error_q, 1e-5);
      EXPECT_LT(r.error_qd, 1e-5);
    }
  }
}

}  // namespace
}  // namespace js

namespace js {
namespace {

// ṗ of momentum_and_rate is the time derivative of p = M q̇ (+ the root's share) along the motion
TEST(Momentum, RateIsTheDerivativeAlongTheMotion) {
  std::mt19937 rng(21);
  MultibodyModel model = test::random_tree(6, rng, 2);
  const Twist spin = make_twist(Vec3(0.3, 0.2, 2.0), Vec3(0.1, 0.0, 0.0));
  model.root_trajectory = [spin](double t) {
    RootState s;
    s.world_T_root = se3_exp(spin * (0.5 * t * t));
    s.v = spin * t;
    s.v_dot = spin;
    return s;
  };
  ForceSet forces;
  forces.joint_damping = 0.2;
  const Eigen::VectorXd q = test::random_vector(model.nq(), rng);
  const Eigen::VectorXd qd = test::random_vector(model.nq(), rng);
  MultibodyData data(model);
  MomentumWork work(model);
  const double t = 0.6;
  forward_kinematics(model, data, t, q, qd, Eigen::VectorXd(), KinematicsLevel::Bias);
  Eigen::VectorXd tau(model.nq()), p(model.nq()), pdot(model.nq());
  apply_forces(model, forces, data, t, q, qd, tau);
  const Eigen::VectorXd qdd = aba_from_kinematics(model, data, tau);
  momentum_and_rate(model, data, qd, work, p, pdot);
  // p = M q̇ + the root's share (p at q̇ = 0)
  Eigen::VectorXd p_root(model.nq());
  forward_kinematics(model, data, t, q, Eigen::VectorXd::Zero(model.nq()), Eigen::VectorXd(), KinematicsLevel::Velocity);
  generalized_momentum(model, data, work, p_root);
  EXPECT_LT((p - crba(model, data, t, q) * qd - p_root).cwiseAbs().maxCoeff(), 1e-12);
  // central difference of p along (t, q, q̇) moving with (1, q̇, q̈)
  const double h = 1e-6;
  Eigen::VectorXd pp(model.nq()), pm(model.nq());
  forward_kinematics(model, data, t + h, q + h * qd, qd + h * qdd, Eigen::VectorXd(), KinematicsLevel::Velocity);
  generalized_momentum(model, data, work, pp);
  forward_kinematics(model, data, t - h, q - h * qd, qd - h * qdd, Eigen::VectorXd(), KinematicsLevel::Velocity);
  generalized_momentum(model, data, work, pm);
  const Eigen::VectorXd fd = (pp - pm) / (2 * h);
  EXPECT_LT((fd - pdot).cwiseAbs().maxCoeff(), 1e-6 * (1.0 + fd.cwiseAbs().maxCoeff())) << fd.transpose() << "\n" << pdot.transpose();
}

}  // namespace
}  // namespace js
