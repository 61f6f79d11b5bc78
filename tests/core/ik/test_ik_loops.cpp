// ik with closed loops (IkOptions::loops): the four-bar of resources/scenes/four_bar.json (crank 0.1 m,
// coupler 0.35 m, rocker 0.3 m, ground pins 0.4 m apart) with a coupler point dragged. reachable targets
// are reached to 1e-8 with the loop closed to 1e-10; an unreachable one leaves the loop closed, reports
// unreachable and stops at the nearest point of the coupler curve; ranges hold; compliant loops are stiff
// rows; no allocation per iteration; without loops nothing changes.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "core/ik/ik.hpp"
#include "tests/core/dynamics/dynamics_test_util.hpp"
#include "core/scene/scene_file.hpp"
#include "tests/support/alloc_counter.hpp"

namespace js {
namespace {

const std::string kFourBar = std::string(JS_SOURCE_DIR) + "/resources/scenes/four_bar.json";
const Vec3 kCouplerPoint(0.175, 0.06, 0.0);  // off the coupler's line: a proper coupler curve

// the closed four-bar at crank angle q1, on the branch of the scene's initial state (coupler above the
// line from the crank tip to the ground pin), by circle intersection — independent of the solver
Eigen::VectorXd closed_q(double q1) {
  const Eigen::Vector2d a(0.1 * std::cos(q1), 0.1 * std::sin(q1)), p(0.4, 0.0);
  const double d = (p - a).norm(), l2 = 0.35, l3 = 0.3;
  const double along = (l2 * l2 - l3 * l3 + d * d) / (2 * d);
  const double h = std::sqrt(l2 * l2 - along * along);
  const Eigen::Vector2d u = (p - a) / d, perp(-u.y(), u.x());
  const Eigen::Vector2d b = a + along * u + h * perp;
  const double th2 = std::atan2(b.y() - a.y(), b.x() - a.x());
  const double th3 = std::atan2(p.y() - b.y(), p.x() - b.x());
  Eigen::VectorXd q(3);
  q << q1, th2 - q1, th3 - th2;
  return q;
}

using test::point_at;

// the loop's gap measured directly: the rocker's pin (0.3, 0, 0) against the ground pin (0.4, 0, 0)
double pin_gap(const MultibodyModel& model, const Eigen::VectorXd& q) {
  return (point_at(model, q, model.find_body("rocker"), Vec3(0.3, 0, 0)) - Vec3(0.4, 0, 0)).norm();
}

IkTarget coupler_target(const MultibodyModel& model, const Vec3& position) {
  IkTarget t;
  t.body = model.find_body("coupler");
  t.point = kCouplerPoint;
  t.position = position;
  return t;
}

TEST(IkLoops, ClosedAnalyticFourBarIsClosed) {
  const scene::Scene sc = scene::read_scene_file(kFourBar);
  EXPECT_LT((closed_q(sc.initial.q[0]) - sc.initial.q).norm(), 1e-6);
  for (double q1 = 0.0; q1 < 6.3; q1 += 0.5) EXPECT_LT(pin_gap(sc.model, closed_q(q1)), 1e-14) << q1;
}

TEST(IkLoops, FourBarCouplerReachesTargetsWithTheLoopClosed) {
  const scene::Scene sc = scene::read_scene_file(kFourBar);
  IkSolver solver(sc.model);
  IkOptions o;
  o.loops = &sc.loops;
  double worst_error = 0.0, worst_gap = 0.0;
  int worst_iterations = 0;
  for (const double q1 : {1.0, 1.3, 1.8, 2.2, 2.6}) {
    const Eigen::VectorXd goal = closed_q(q1);
    const IkTarget t = coupler_target(sc.model, point_at(sc.model, goal, 1, kCouplerPoint));
    const IkReport r = solver.solve({t}, sc.initial.q, o);
    EXPECT_TRUE(r.converged) << r.message << " crank " << q1;
    EXPECT_TRUE(r.loops_closed);
    EXPECT_LT(r.errors[0], 1e-8) << r.message;
    EXPECT_LT(r.loop_error, 1e-10) << r.message;
    EXPECT_LT(pin_gap(sc.model, r.q), 1e-10) << r.message;
    // one degree of freedom: the coupler point fixes the crank on this branch
    EXPECT_NEAR(r.q[0], q1, 1e-6) << r.message;
    EXPECT_NE(r.message.find("loops closed"), std::string::npos) << r.message;
    worst_error = std::max(worst_error, r.errors[0]);
    worst_gap = std::max(worst_gap, pin_gap(sc.model, r.q));
    worst_iterations = std::max(worst_iterations, r.iterations);
  }
  // the same targets without the loop: the open chain reaches them with the pin apart
  IkOptions open;
  const IkTarget t = coupler_target(sc.model, point_at(sc.model, closed_q(2.6), 1, kCouplerPoint));
  const IkReport r = solver.solve({t}, sc.initial.q, open);
  EXPECT_TRUE(r.converged);
  EXPECT_GT(pin_gap(sc.model, r.q), 1e-3);
  std::printf("four-bar coupler targets: worst error %.2e m, worst pin gap %.2e m, at most %d iterations; "
              "without the loop the pin opens by %.3g m\n",
              worst_error, worst_gap, worst_iterations, pin_gap(sc.model, r.q));
}

TEST(IkLoops, AnOpenStartIsClosedFirst) {
  const scene::Scene sc = scene::read_scene_file(kFourBar);
  IkSolver solver(sc.model);
  IkOptions o;
  o.loops = &sc.loops;
  Eigen::VectorXd q0 = sc.initial.q;
  q0[2] += 0.1;  // the rocker swung 0.1 rad off its pin: about 3 cm open
  ASSERT_GT(pin_gap(sc.model, q0), 0.02);
  const IkTarget t = coupler_target(sc.model, point_at(sc.model, closed_q(1.4), 1, kCouplerPoint));
  const IkReport r = solver.solve({t}, q0, o);
  EXPECT_TRUE(r.converged) << r.message;
  EXPECT_LT(pin_gap(sc.model, r.q), 1e-10);
  EXPECT_LT(r.errors[0], 1e-8);
}

TEST(IkLoops, UnreachableTargetKeepsTheLoopClosedAtTheNearestPoint) {
  const scene::Scene sc = scene::read_scene_file(kFourBar);
  IkSolver solver(sc.model);
  const Vec3 far(0.6, 0.5, 0.0);  // beyond the coupler curve (the coupler point stays within ~0.45 m)
  double nearest = 1e9;
  for (int i = 0; i < 20000; ++i) {
    const double q1 = 2 * kPi * i / 20000.0;
    nearest = std::min(nearest, (point_at(sc.model, closed_q(q1), 1, kCouplerPoint) - far).norm());
  }
  for (const int restarts : {0, 8}) {
    IkOptions o;
    o.loops = &sc.loops;
    o.restarts = restarts;
    const IkReport r = solver.solve({coupler_target(sc.model, far)}, sc.initial.q, o);
    EXPECT_FALSE(r.converged);
    EXPECT_TRUE(r.unreachable) << r.message;
    EXPECT_TRUE(r.loops_closed) << r.message;
    EXPECT_NE(r.message.find("unreachable"), std::string::npos) << r.message;
    EXPECT_LT(r.loop_error, 1e-10) << r.message;
    EXPECT_LT(pin_gap(sc.model, r.q), 1e-10) << r.message;
    EXPECT_NEAR(r.residual, r.errors[0], 1e-15);
    // a local minimum along the mechanism's one freedom: neighbouring closed configurations are not nearer
    for (const double dq1 : {-1e-3, 1e-3}) {
      EXPECT_GE((point_at(sc.model, closed_q(r.q[0] + dq1), 1, kCouplerPoint) - far).norm(), r.residual - 1e-12);
    }
    // with restarts, the nearest point of the whole coupler curve (sampled every 0.018°)
    if (restarts > 0) {
      EXPECT_LT(r.residual, nearest + 1e-6) << r.message;
    }
    std::printf("unreachable coupler target, %d restarts: %s (nearest on the curve %.6f m)\n", restarts,
                r.message.c_str(), nearest);
  }
}

// a range on the crank: the coupler reaches as far as the bound allows, the loop stays closed
TEST(IkLoops, RangesHoldWithTheLoopClosed) {
  const scene::Scene sc = scene::read_scene_file(kFourBar);
  MultibodyModel ranged;
  for (int i = 0; i < sc.model.num_bodies(); ++i) {
    std::shared_ptr<JointModel> joint(sc.model.body(i).joint->clone());
    if (i == 0) {
      joint->coordinates()[0].min = 1.2;
      joint->coordinates()[0].max = 2.0;
    }
    ranged.add_body(sc.model.body(i).name, sc.model.body(i).parent, joint, sc.model.body(i).inertia);
  }
  IkSolver solver(ranged);
  IkOptions o;
  o.loops = &sc.loops;
  const IkTarget t = coupler_target(ranged, point_at(ranged, closed_q(2.6), 1, kCouplerPoint));
  const IkReport r = solver.solve({t}, sc.initial.q, o);
  EXPECT_TRUE(r.unreachable) << r.message;
  EXPECT_NEAR(r.q[0], 2.0, 1e-12);
  EXPECT_LE(r.q[0], 2.0);
  EXPECT_LT(pin_gap(ranged, r.q), 1e-10) << r.message;
  // inside the range it is reached
  const IkTarget inside = coupler_target(ranged, point_at(ranged, closed_q(1.9), 1, kCouplerPoint));
  const IkReport ri = solver.solve({inside}, sc.initial.q, o);
  EXPECT_TRUE(ri.converged) << ri.message;
  EXPECT_LT(pin_gap(ranged, ri.q), 1e-10);
}

// all three rows of the point loop: the out-of-plane row is identically redundant (the dynamics needs
// compliance for it, core/dynamics/loop_solver.hpp); the ik's regularized schur complement does not
TEST(IkLoops, RedundantHardRowsStillSolve) {
  const scene::Scene sc = scene::read_scene_file(kFourBar);
  LoopSet all_rows;
  LoopConstraint l = sc.loops.loop(0);
  l.axes = 0;
  all_rows.add(sc.model, l);
  ASSERT_EQ(all_rows.rows(0), 3);
  IkSolver solver(sc.model);
  IkOptions o;
  o.loops = &all_rows;
  const IkReport r = solver.solve({coupler_target(sc.model, point_at(sc.model, closed_q(1.3), 1, kCouplerPoint))},
                                  sc.initial.q, o);
  EXPECT_TRUE(r.converged) << r.message;
  EXPECT_LT(r.errors[0], 1e-8);
  EXPECT_LT(pin_gap(sc.model, r.q), 1e-10);
}

// a compliant loop is a stiff row of the objective: closed where the target allows, a little open where not
TEST(IkLoops, CompliantLoopIsAWeightedRow) {
  const scene::Scene sc = scene::read_scene_file(kFourBar);
  LoopSet soft;
  LoopConstraint l = sc.loops.loop(0);
  l.compliance = 1e-4;
  soft.add(sc.model, l);
  IkSolver solver(sc.model);
  IkOptions o;
  o.loops = &soft;
  const IkReport reach = solver.solve({coupler_target(sc.model, point_at(sc.model, closed_q(1.8), 1, kCouplerPoint))},
                                      sc.initial.q, o);
  EXPECT_TRUE(reach.converged) << reach.message;
  EXPECT_LT(pin_gap(sc.model, reach.q), 1e-12);
  const IkReport far = solver.solve({coupler_target(sc.model, Vec3(0.6, 0.5, 0.0))}, sc.initial.q, o);
  EXPECT_TRUE(far.unreachable);
  EXPECT_GT(far.loop_error, 0.0);
  EXPECT_LT(far.loop_error, far.errors[0] / o.loop_weight * 1.01);  // the pull balances w² δ against e
  EXPECT_NEAR(pin_gap(sc.model, far.q), far.loop_error, 1e-12);
  std::printf("compliant loop, unreachable target: error %.4f m, loop opened by %.3g m\n", far.errors[0],
              far.loop_error);
}

// G (the loop rows' jacobian the steps use) against central differences of δ at a closed configuration
TEST(IkLoops, LoopJacobianMatchesFiniteDifferences) {
  const scene::Scene sc = scene::read_scene_file(kFourBar);
  const LoopConstraint& loop = sc.loops.loop(0);
  const int nq = sc.model.nq();
  auto rows = [&](const Eigen::VectorXd& q, Eigen::VectorXd& delta, Eigen::MatrixXd& G) {
    MultibodyData d(sc.model);
    forward_kinematics(sc.model, d, 0.0, q, Eigen::VectorXd::Zero(nq), Eigen::VectorXd(), KinematicsLevel::Velocity);
    LoopData ld(sc.model, loop, sc.loops.rows(0));
    Eigen::VectorXd dot(ld.rows), bias(ld.rows);
    delta.resize(ld.rows);
    G.resize(ld.rows, nq);
    evaluate_loop(sc.model, d, loop, ld, false, LoopRows{delta, dot, G, bias});
  };
  for (const double q1 : {0.4, 1.9, 4.0}) {
    const Eigen::VectorXd q = closed_q(q1);
    Eigen::VectorXd delta, dp, dm;
    Eigen::MatrixXd G, unused;
    rows(q, delta, G);
    EXPECT_LT(delta.norm(), 1e-14);
    for (int k = 0; k < nq; ++k) {
      const double h = 1e-6;
      Eigen::VectorXd qp = q, qm = q;
      qp[k] += h;
      qm[k] -= h;
      rows(qp, dp, unused);
      rows(qm, dm, unused);
      EXPECT_LT(((dp - dm) / (2 * h) - G.col(k)).norm(), 1e-8) << "crank " << q1 << " column " << k;
    }
  }
}

TEST(IkLoops, NoAllocationPerIteration) {
  const scene::Scene sc = scene::read_scene_file(kFourBar);
  IkSolver solver(sc.model);
  const std::vector<IkTarget> targets{coupler_target(sc.model, Vec3(0.6, 0.5, 0.0))};
  auto allocations = [&](int iterations) {
    IkOptions o;
    o.loops = &sc.loops;
    o.max_iterations = iterations;
    o.tolerance = 1e-300;
    const long before = test::allocation_count();
    const IkReport r = solver.solve(targets, sc.initial.q, o);
    const long used = test::allocation_count() - before;
    EXPECT_EQ(r.iterations, iterations) << r.message;
    return used;
  };
  allocations(2);  // warm: the solver's workspaces keep their size from now on
  EXPECT_EQ(allocations(2), allocations(6));
}

// without loops (null or an empty set) the solver is the tree solver
TEST(IkLoops, AnEmptyLoopSetChangesNothing) {
  const scene::Scene sc = scene::read_scene_file(kFourBar);
  IkSolver solver(sc.model);
  const IkTarget t = coupler_target(sc.model, Vec3(0.2, 0.3, 0.0));
  IkOptions none, empty;
  const LoopSet no_loops;
  empty.loops = &no_loops;
  const IkReport a = solver.solve({t}, sc.initial.q, none);
  const IkReport b = solver.solve({t}, sc.initial.q, empty);
  EXPECT_EQ(a.q, b.q);
  EXPECT_EQ(a.iterations, b.iterations);
  EXPECT_EQ(b.loop_error, 0.0);
  EXPECT_EQ(b.message, a.message);
}

}  // namespace
}  // namespace js
