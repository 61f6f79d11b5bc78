// ik: the point jacobian against finite differences, the fig. 3 leg reaching foot targets to 1e-8,
// orientation and several weighted targets, ranges respected, locked coordinates held, unreachable targets
// reported.
#include <gtest/gtest.h>

#include <random>

#include "core/dynamics/examples.hpp"
#include "core/ik/ik.hpp"
#include "tests/core/dynamics/dynamics_test_util.hpp"
#include "tests/support/alloc_counter.hpp"

namespace js {
namespace {

const Vec3 kToe(0.0, -0.12, -0.08);

using test::point_at;

TEST(Ik, PointJacobianMatchesFiniteDifferences) {
  std::mt19937 rng(4);
  const MultibodyModel model = test::random_tree(10, rng);
  MultibodyData data(model);
  const Eigen::VectorXd q = test::random_vector(model.nq(), rng);
  forward_kinematics(model, data, 0.0, q, Eigen::VectorXd::Zero(model.nq()), Eigen::VectorXd(), KinematicsLevel::Velocity);
  const Vec3 p(0.1, -0.2, 0.05);
  for (int body = 0; body < model.num_bodies(); ++body) {
    Eigen::MatrixXd J;
    body_point_jacobian(model, data, body, p, J);
    MultibodyData dp(model), dm(model);
    for (int k = 0; k < model.nq(); ++k) {
      const double h = 1e-6;
      Eigen::VectorXd qp = q, qm = q;
      qp[k] += h;
      qm[k] -= h;
      forward_kinematics(model, dp, 0.0, qp);
      forward_kinematics(model, dm, 0.0, qm);
      const SE3& Tp = dp.bodies[static_cast<std::size_t>(body)].world_T_body;
      const SE3& Tm = dm.bodies[static_cast<std::size_t>(body)].world_T_body;
      const Vec3 dx = (Tp.act(p) - Tm.act(p)) / (2 * h);
      const Vec3 dw = so3_log(Tp.R * Tm.R.transpose()) / (2 * h);
      EXPECT_LT((dw - J.col(k).head<3>()).norm(), 1e-7) << "body " << body << " q " << k;  // [ω; v]
      EXPECT_LT((dx - J.col(k).tail<3>()).norm(), 1e-7) << "body " << body << " q " << k;
    }
  }
}

// the toe of the fig. 3 leg (hip, spline knee, ankle) reaches targets made by forward kinematics.
TEST(Ik, LegReachesFootTargets) {
  const MultibodyModel leg = example_leg();
  const int foot = leg.find_body("foot");
  IkSolver solver(leg);
  std::mt19937 rng(8);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  double worst = 0.0;
  int worst_iterations = 0;
  for (int trial = 0; trial < 20; ++trial) {
    Eigen::VectorXd q_goal(3);
    for (int k = 0; k < 3; ++k) {
      const Coordinate& c = leg.coordinate_info(k);
      q_goal[k] = c.min + (c.max - c.min) * (0.05 + 0.9 * u(rng));
    }
    IkTarget t;
    t.body = foot;
    t.point = kToe;
    t.position = point_at(leg, q_goal, foot, kToe);
    const IkReport r = solver.solve({t}, Eigen::VectorXd::Constant(3, 0.3));
    EXPECT_TRUE(r.converged) << r.message;
    EXPECT_LT(r.errors[0], 1e-8) << r.message;
    worst = std::max(worst, r.errors[0]);
    worst_iterations = std::max(worst_iterations, r.iterations);
  }
  std::printf("leg toe targets: worst error %.2e m, at most %d iterations\n", worst, worst_iterations);
}

TEST(Ik, PoseAndWeightedTargetsOnARandomTree) {
  std::mt19937 rng(12);
  const MultibodyModel model = test::random_tree(9, rng);
  IkSolver solver(model);
  const Eigen::VectorXd q_goal = test::random_vector(model.nq(), rng, 0.8);
  MultibodyData d(model);
  forward_kinematics(model, d, 0.0, q_goal);
  // a pose target on one leaf and a position target on another body
  std::vector<IkTarget> targets(2);
  targets[0].body = model.num_bodies() - 1;
  targets[0].goal = IkGoal::Pose;
  targets[0].point = Vec3(0.05, 0, 0);
  targets[0].position = d.bodies.back().world_T_body.act(targets[0].point);
  targets[0].rotation = d.bodies.back().world_T_body.R;
  targets[1].body = model.num_bodies() / 2;
  targets[1].point = Vec3(0, 0.1, 0);
  targets[1].position = d.bodies[static_cast<std::size_t>(targets[1].body)].world_T_body.act(targets[1].point);
  targets[1].weight = 0.5;
  const IkReport r = solver.solve(targets, q_goal + test::random_vector(model.nq(), rng, 0.1));
  EXPECT_TRUE(r.converged) << r.message;
  EXPECT_LT(r.errors[0], 1e-8);
  EXPECT_LT(r.errors[1], 1e-8);
}

TEST(Ik, UnreachableTargetIsReportedAndRangesHold) {
  const MultibodyModel leg = example_leg();
  IkSolver solver(leg);
  IkTarget t;
  t.body = leg.find_body("foot");
  t.point = kToe;
  t.position = Vec3(0.0, -2.0, -0.5);  // 2 m ahead: the leg is about 1 m long
  const IkReport r = solver.solve({t}, Eigen::VectorXd::Constant(3, 0.3));
  EXPECT_FALSE(r.converged);
  EXPECT_TRUE(r.unreachable) << r.message;
  EXPECT_GT(r.residual, 0.5);
  EXPECT_NE(r.message.find("unreachable"), std::string::npos);
  for (int k = 0; k < 3; ++k) {
    EXPECT_GE(r.q[k], leg.coordinate_info(k).min);
    EXPECT_LE(r.q[k], leg.coordinate_info(k).max);
  }
}

// issue 4: the cli's "target unreachable" for the leg. the knee's lateral shift is 2 mm · sin(flexion),
// so a toe target in the x = 0 plane is reachable only with the knee straight, on its bound; the targets
// tried had x = 0. targets made by forward kinematics with coordinates on their bounds are reached from
// several starts (the full gauss–newton step along the leg's curved self-motion valley needed a
// second-order correction: 27 → 19 iterations on LegReachesFootTargets). the solver is local: a straight-
// knee target from the scene's start stops at a stationary point 1.6 mm away and says so.
TEST(Ik, LegReachesTargetsThatNeedABound) {
  const MultibodyModel leg = example_leg();
  const int foot = leg.find_body("foot");
  IkSolver solver(leg);
  const Eigen::Vector3d starts[] = {{0.8, 0.2, 0.0}, {0.3, 0.3, 0.3}, {-1.0, 2.0, 0.5}};
  const Eigen::Vector3d goals[] = {{0.2, 0.0, 0.3}, {-0.3, 1.1, 0.6}, {0.6, 2.4, -0.8}};
  int worst_iterations = 0;
  auto reach = [&](const Eigen::Vector3d& goal, const Eigen::Vector3d& start) {
    IkTarget t;
    t.body = foot;
    t.point = kToe;
    t.position = point_at(leg, goal, foot, kToe);
    return solver.solve({t}, start);
  };
  for (const Eigen::Vector3d& goal : goals) {
    for (const Eigen::Vector3d& start : starts) {
      const IkReport r = reach(goal, start);
      EXPECT_TRUE(r.converged) << r.message << " goal " << goal.transpose() << " start " << start.transpose();
      EXPECT_LT(r.errors[0], 1e-8);
      worst_iterations = std::max(worst_iterations, r.iterations);
    }
  }
  const IkReport straight = reach({-0.7, 0.0, -0.4}, {0.3, 0.3, 0.3});
  EXPECT_TRUE(straight.converged) << straight.message;
  const IkReport local = reach({-0.7, 0.0, -0.4}, {0.8, 0.2, 0.0});
  EXPECT_TRUE(local.converged || local.unreachable) << local.message;
  std::printf("leg targets on bounds: at most %d iterations; straight knee from the scene start: %s\n",
              worst_iterations, local.message.c_str());
}

TEST(Ik, LockedCoordinateDoesNotMove) {
  MultibodyModel leg = example_leg();
  // lock the ankle in a copy of its joint
  auto ankle = std::shared_ptr<JointModel>(leg.body(2).joint->clone());
  ankle->coordinates()[0].locked = true;
  MultibodyModel locked;
  for (int i = 0; i < 3; ++i) {
    locked.add_body(leg.body(i).name, leg.body(i).parent, i == 2 ? ankle : leg.body(i).joint, leg.body(i).inertia);
  }
  IkSolver solver(locked);
  IkTarget t;
  t.body = 2;
  t.point = kToe;
  Eigen::VectorXd q_goal(3);
  q_goal << 0.5, 0.9, 0.25;
  t.position = point_at(locked, q_goal, 2, kToe);
  const IkReport r = solver.solve({t}, Eigen::Vector3d(0.2, 0.4, 0.25));
  EXPECT_EQ(r.q[2], 0.25);
  EXPECT_TRUE(r.converged) << r.message;
}

}  // namespace
}  // namespace js

namespace js {
namespace {

// issue 4, robustness: from far starts (coordinates near the opposite ends of their ranges) the local
// solve falls into local minima or stalls against a bound; range-sampled restarts reach every target,
// and the report says how many starts were used and what each ended at.
TEST(Ik, FarStartsReachTargetsWithRestarts) {
  const MultibodyModel leg = example_leg();
  const int foot = leg.find_body("foot");
  IkSolver solver(leg);
  std::mt19937 rng(21);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  int local_failures = 0, worst_starts = 0, trials = 0;
  double worst = 0.0;
  for (int trial = 0; trial < 40; ++trial) {
    Eigen::VectorXd q_goal(3), q_far(3);
    for (int k = 0; k < 3; ++k) {
      const Coordinate& c = leg.coordinate_info(k);
      const double x = 0.05 + 0.9 * u(rng);
      q_goal[k] = c.min + (c.max - c.min) * x;
      // the far start: the mirror of the goal in the range, pushed towards the ends
      q_far[k] = c.min + (c.max - c.min) * (x < 0.5 ? 0.97 : 0.03);
    }
    IkTarget t;
    t.body = foot;
    t.point = kToe;
    t.position = point_at(leg, q_goal, foot, kToe);
    IkOptions local;
    local.restarts = 0;
    const IkReport l = solver.solve({t}, q_far, local);
    local_failures += l.converged ? 0 : 1;
    EXPECT_EQ(l.starts, 1);
    IkOptions restarting;
    restarting.restarts = 8;
    const IkReport r = solver.solve({t}, q_far, restarting);
    ++trials;
    EXPECT_TRUE(r.converged) << r.message << " goal " << q_goal.transpose() << " start " << q_far.transpose();
    EXPECT_LT(r.errors[0], 1e-8);
    EXPECT_EQ(static_cast<int>(r.start_residuals.size()), r.starts);
    EXPECT_DOUBLE_EQ(r.start_residuals[static_cast<std::size_t>(r.best_start)], r.residual);
    if (l.converged) {
      EXPECT_EQ(r.starts, 1);  // no restart when the first descent succeeds
    }
    worst = std::max(worst, r.errors[0]);
    worst_starts = std::max(worst_starts, r.starts);
  }
  // the far starts do defeat the local solver sometimes: otherwise this test shows nothing
  EXPECT_GT(local_failures, 0);
  std::printf("far starts: %d of %d fail locally; with restarts all converge (worst %.2e m, at most %d starts)\n",
              local_failures, trials, worst, worst_starts);
}

// a descent allocates nothing per iteration (the workspaces are sized by prepare): the leg's toe towards a
// target out of reach, so that every iteration runs (halvings, the second-order correction, rejections)
TEST(Ik, NoAllocationPerIteration) {
  const MultibodyModel leg = example_leg();
  IkSolver solver(leg);
  IkTarget t;
  t.body = leg.find_body("foot");
  t.point = kToe;
  t.position = Vec3(0.3, -1.5, -0.4);
  auto allocations = [&](int iterations) {
    IkOptions o;
    o.max_iterations = iterations;
    const test::AllocationScope scope;
    const IkReport r = solver.solve({t}, Eigen::VectorXd::Constant(3, 0.3), o);
    const std::size_t used = scope.allocations();
    EXPECT_EQ(r.iterations, iterations) << r.message;
    return used;
  };
  allocations(2);  // warm
  EXPECT_EQ(allocations(2), allocations(12));
}

}  // namespace
}  // namespace js
