// maximal-coordinate skeleton (hakenberg): the conservation theorem in discrete time, friction dissipates,
// and a hinge chain agrees with the reduced-coordinate aba.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <random>
#include <stdexcept>

#include "core/dynamics/algorithms.hpp"
#include "core/dynamics/simulator.hpp"
#include "core/dynamics/skeleton.hpp"
#include "core/joints/lower_pairs.hpp"
#include "tests/support/alloc_counter.hpp"

namespace js {
namespace {

struct Skeleton {
  SkeletonModel model;
  std::vector<SkeletonBodyState> state;
};

// four free bodies joined by a hinge, a spherical joint and a hinge. poses and velocities are built link
// by link (child ω = parent ω + joint rate, anchor velocities equal) so that (1) and (2) hold.
Skeleton free_chain(std::mt19937& rng, double friction) {
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  auto random_vec = [&] { return Vec3(u(rng), u(rng), u(rng)); };
  Skeleton s;
  for (int i = 0; i < 4; ++i) {
    SkeletonBody b;
    b.mass = 0.5 + 0.3 * i;
    const Mat3 Q = so3_exp(random_vec());
    b.inertia = Q * Vec3(0.02 + 0.01 * i, 0.03, 0.04).asDiagonal() * Q.transpose();
    b.inertia = (0.5 * (b.inertia + b.inertia.transpose())).eval();
    s.model.add_body(b);
  }
  SkeletonBodyState root;
  root.p = random_vec();
  root.R = so3_exp(random_vec());
  root.v = random_vec();
  root.w = 2.0 * random_vec();
  s.state.push_back(root);
  for (int k = 0; k < 3; ++k) {
    const SkeletonBodyState& parent = s.state.back();
    const Vec3 l1 = 0.1 * random_vec(), l2 = 0.1 * random_vec();
    const Mat3 R_rel = so3_exp(random_vec());
    SkeletonBodyState child;
    child.R = parent.R * R_rel;
    const Vec3 x = parent.p + parent.R * l1;
    child.p = x - child.R * l2;
    const Vec3 w_parent = parent.R * parent.w;
    Vec3 w_child = w_parent;
    if (k != 1) {
      const Vec3 z1 = random_vec().normalized();
      s.model.add_hinge(k, k + 1, l1, l2, z1, R_rel.transpose() * z1, friction);
      w_child += 3.0 * u(rng) * (parent.R * z1);
    } else {
      s.model.add_spherical(k, k + 1, l1, l2, friction);
      w_child += 3.0 * random_vec();
    }
    child.v = parent.v + w_parent.cross(x - parent.p) + w_child.cross(child.p - x);
    child.w = child.R.transpose() * w_child;
    s.state.push_back(child);
  }
  return s;
}

struct Invariants {
  double linear = 0.0, angular = 0.0;  // max |Δ| of total linear and angular momentum
  double energy = 0.0;                 // max relative |ΔE| of the kinetic energy
  double drift = 0.0;                  // max violation of (1), m
};

// the frictionless free chain for `duration` s at step h.
Invariants run_free_chain(double h, double duration, double stabilization) {
  std::mt19937 rng(7);
  Skeleton s = free_chain(rng, 0.0);
  SkeletonSolver solver(s.model);
  solver.stabilization = stabilization;
  const SkeletonMeasure m0 = measure_skeleton(s.model, s.state);
  EXPECT_LT(m0.position_error, 1e-14);
  EXPECT_LT(m0.axis_error, 1e-14);
  solver.constraint_forces(s.state);
  EXPECT_EQ(solver.last_rank(), 5 + 3 + 5);  // rank 5 n_h + 3 n_s (paper, after eq. 6)
  Invariants r;
  const int steps = static_cast<int>(std::lround(duration / h));
  for (int step = 0; step < steps; ++step) {
    solver.step(s.state, h);
    const SkeletonMeasure m = measure_skeleton(s.model, s.state);
    r.linear = std::max(r.linear, (m.linear - m0.linear).norm());
    r.angular = std::max(r.angular, (m.angular - m0.angular).norm());
    r.energy = std::max(r.energy, std::abs(m.kinetic - m0.kinetic) / m0.kinetic);
    r.drift = std::max(r.drift, m.position_error);
  }
  std::printf("frictionless, h = %g, α = %g, %g s: |Δp| %.2e |ΔL| %.2e (|L| %.2f) rel ΔE %.2e (E %.2f J) drift %.2e m\n",
              h, stabilization, duration, r.linear, r.angular, m0.angular.norm(), r.energy, m0.kinetic, r.drift);
  return r;
}

// momentum is exact in discrete time (roundoff only); kinetic energy only to the integration error of the
// first-order scheme, so it must shrink with h.
TEST(Skeleton, FrictionlessConservesMomentumAndEnergy) {
  const Invariants coarse = run_free_chain(2e-4, 0.5, 0.0);
  const Invariants fine = run_free_chain(1e-4, 0.5, 0.0);
  for (const Invariants& r : {coarse, fine}) {
    EXPECT_LT(r.linear, 1e-9);
    EXPECT_LT(r.angular, 1e-9);
  }
  EXPECT_LT(fine.energy, 1e-4);
  EXPECT_LT(fine.energy, 0.6 * coarse.energy);
  EXPECT_LT(fine.drift, 0.6 * coarse.drift);
  // baumgarte stabilization holds (1) without touching momentum
  const Invariants stabilized = run_free_chain(1e-4, 0.5, 50.0);
  EXPECT_LT(stabilized.linear, 1e-9);
  EXPECT_LT(stabilized.angular, 1e-9);
  EXPECT_LT(stabilized.drift, 0.1 * fine.drift);
  EXPECT_LT(stabilized.energy, 1e-3);
}

TEST(Skeleton, FrictionKeepsMomentumAndDissipates) {
  std::mt19937 rng(7);
  Skeleton s = free_chain(rng, 0.05);
  SkeletonSolver solver(s.model);
  const SkeletonMeasure m0 = measure_skeleton(s.model, s.state);
  double dp = 0.0, dl = 0.0, previous = m0.kinetic;
  int increases = 0;
  for (int step = 0; step < 5000; ++step) {
    solver.step(s.state, 1e-4);
    const SkeletonMeasure m = measure_skeleton(s.model, s.state);
    dp = std::max(dp, (m.linear - m0.linear).norm());
    dl = std::max(dl, (m.angular - m0.angular).norm());
    if (step % 100 == 99) {
      if (m.kinetic > previous) ++increases;
      previous = m.kinetic;
    }
  }
  std::printf("friction 0.05: |Δp| %.2e |ΔL| %.2e, E %.3f -> %.3f J\n", dp, dl, m0.kinetic, previous);
  EXPECT_LT(dp, 1e-9);
  EXPECT_LT(dl, 1e-9);
  EXPECT_EQ(increases, 0);
  EXPECT_LT(previous, 0.9 * m0.kinetic);
}

// a motor on the first hinge is internal too: momentum stays, and the kinetic energy changes by the
// motor's work ∫ β uᵀ(ω1 − ω2) dt (the paper's proof of the theorem: dE/dt = Σ e_jᵀ(R1ω1 − R2ω2)).
TEST(Skeleton, MotorKeepsMomentumAndDoesItsWork) {
  std::mt19937 rng(11);
  Skeleton s = free_chain(rng, 0.0);
  const double beta = 0.5;
  s.model.joint(0).motor = beta;
  SkeletonSolver solver(s.model);
  const SkeletonMeasure m0 = measure_skeleton(s.model, s.state);
  auto power = [&] {
    const Vec3 u = s.state[0].R * s.model.joint(0).axis1;
    return beta * u.dot(s.state[0].R * s.state[0].w - s.state[1].R * s.state[1].w);
  };
  const double h = 1e-4;
  double work = 0.0;
  for (int step = 0; step < 2000; ++step) {
    const double p0 = power();
    solver.step(s.state, h);
    work += 0.5 * h * (p0 + power());
  }
  const SkeletonMeasure m = measure_skeleton(s.model, s.state);
  std::printf("motor: work %.4f J, ΔE %.4f J\n", work, m.kinetic - m0.kinetic);
  EXPECT_LT((m.linear - m0.linear).norm(), 1e-9);
  EXPECT_LT((m.angular - m0.angular).norm(), 1e-9);
  EXPECT_GT(std::abs(work), 0.05);
  EXPECT_NEAR(m.kinetic - m0.kinetic, work, 0.02 * std::abs(work));
}

TEST(Skeleton, BadInputIsRejected) {
  SkeletonModel model;
  SkeletonBody bad;
  bad.mass = 0.0;
  EXPECT_THROW(model.add_body(bad), std::invalid_argument);
  bad.mass = 1.0;
  bad.inertia = -Mat3::Identity();
  EXPECT_THROW(model.add_body(bad), std::invalid_argument);
  model.add_body(SkeletonBody{});
  model.add_body(SkeletonBody{});
  EXPECT_THROW(model.add_spherical(0, 2, Vec3::Zero(), Vec3::Zero()), std::invalid_argument);
  EXPECT_THROW(model.add_spherical(1, 1, Vec3::Zero(), Vec3::Zero()), std::invalid_argument);
  EXPECT_THROW(model.add_hinge(0, 1, Vec3::Zero(), Vec3::Zero(), Vec3::Zero(), Vec3::UnitX()), std::invalid_argument);
  EXPECT_THROW(model.add_spherical(0, 1, Vec3::Zero(), Vec3::Zero(), -1.0), std::invalid_argument);
  model.add_spherical(0, 1, Vec3::Zero(), Vec3::Zero());
  SkeletonSolver solver(model);
  std::vector<SkeletonBodyState> state(1);
  EXPECT_THROW(solver.constraint_forces(state), std::invalid_argument);
}

// three links hanging from the ground on revolute joints with tilted axes, under gravity: the skeleton
// (ground = a fixed body) against the reduced-coordinate model integrated by rk4 at a step small enough
// to be exact here.
TEST(Skeleton, HingeChainAgreesWithAba) {
  std::mt19937 rng(3);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  MultibodyModel reduced;
  SkeletonModel skeleton;
  skeleton.gravity = reduced.gravity;
  SkeletonBody ground;
  ground.fixed = true;
  skeleton.add_body(ground);
  Vec3 parent_com = Vec3::Zero();
  for (int i = 0; i < 3; ++i) {
    const Vec3 axis = Vec3(u(rng), u(rng), 1.0).normalized();
    auto hinge = std::make_shared<RevoluteJoint>(axis);
    const SE3 parent_T_joint{so3_exp(0.3 * Vec3(u(rng), u(rng), u(rng))), Vec3(0.05 * u(rng), 0.05 * u(rng), i == 0 ? 0.0 : -0.3)};
    hinge->set_offsets(parent_T_joint, SE3::identity());
    const BodyInertia inertia = BodyInertia::box(1.0 + 0.5 * i, Vec3(0.03, 0.05, 0.15), Vec3(0.02 * u(rng), 0.02, -0.15));
    reduced.add_body("link" + std::to_string(i), i - 1, hinge, inertia);
    SkeletonBody body;
    body.mass = inertia.mass;
    body.inertia = inertia.inertia_com;
    skeleton.add_body(body);
    skeleton.add_hinge(i, i + 1, parent_T_joint.p - parent_com, -inertia.com, parent_T_joint.R * axis, axis);
    parent_com = inertia.com;
  }
  Eigen::VectorXd q(3), qd(3);
  q << 0.4, -0.7, 0.9;
  qd << 1.5, -2.0, 2.5;
  // the skeleton's state from the reduced one's kinematics
  auto to_skeleton = [&](const Eigen::VectorXd& q_now, const Eigen::VectorXd& qd_now) {
    MultibodyData data(reduced);
    forward_kinematics(reduced, data, 0.0, q_now, qd_now, Eigen::VectorXd(), KinematicsLevel::Velocity);
    std::vector<SkeletonBodyState> state(1);
    for (int i = 0; i < 3; ++i) {
      const BodyData& b = data.bodies[static_cast<std::size_t>(i)];
      const Vec3 com = reduced.body(i).inertia.com, w = b.v.head<3>();
      SkeletonBodyState s;
      s.R = b.world_T_body.R;
      s.p = b.world_T_body.act(com);
      s.v = s.R * (b.v.tail<3>() + w.cross(com));
      s.w = w;
      state.push_back(s);
    }
    return state;
  };
  const double duration = 0.5;
  const ForceSet forces;
  Simulator sim(reduced, forces);
  SimulationState reference{0.0, q, qd};
  for (int k = 0; k < 5000; ++k) sim.step(reference, duration / 5000, Integrator::RK4);
  const std::vector<SkeletonBodyState> expected = to_skeleton(reference.q, reference.qd);

  double errors[2];
  for (int trial = 0; trial < 2; ++trial) {
    const int steps = trial == 0 ? 1000 : 2000;
    std::vector<SkeletonBodyState> state = to_skeleton(q, qd);
    SkeletonSolver solver(skeleton);
    for (int k = 0; k < steps; ++k) solver.step(state, duration / steps);
    double error = 0.0;
    for (int i = 1; i <= 3; ++i) {
      error = std::max(error, (state[static_cast<std::size_t>(i)].p - expected[static_cast<std::size_t>(i)].p).norm());
      error = std::max(error, (state[static_cast<std::size_t>(i)].v - expected[static_cast<std::size_t>(i)].v).norm());
    }
    errors[trial] = error;
    std::printf("hinge chain vs aba, h = %g: max com position/velocity error %.2e, constraint drift %.2e m\n",
                duration / steps, error, measure_skeleton(skeleton, state).position_error);
  }
  EXPECT_LT(errors[1], 0.6 * errors[0]);  // first order: halving h halves the error
  EXPECT_LT(errors[1], 5e-2);
}

// the step works in the solver's preallocated buffers (eigen's own pseudoinverse solve allocates).
TEST(Skeleton, StepAllocatesNothing) {
  std::mt19937 rng(5);
  Skeleton s = free_chain(rng, 0.05);
  s.model.gravity = Vec3(0, 0, -9.81);
  SkeletonSolver solver(s.model);
  solver.stabilization = 20.0;
  solver.step(s.state, 1e-4);
  const long before = test::allocation_count();
  for (int k = 0; k < 20; ++k) solver.step(s.state, 1e-4);
  EXPECT_EQ(test::allocation_count() - before, 0);
}

}  // namespace
}  // namespace js
