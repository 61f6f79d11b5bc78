// sharp corners of spline curve joints (paper §8; corner_impulse.hpp): the corners a curve reports, S on
// each side by finite differences, and the simulator's plastic impulse at the crossing: momentum along the
// new tangent kept to round-off, kinetic energy never raised, a hand computation on a two-edge polyline, the
// crossing found inside the step with every integrator, nothing changed on smooth curves, no allocation.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

#include "core/dynamics/coordinate_coupler.hpp"
#include "core/dynamics/simulator.hpp"
#include "core/joints/lower_pairs.hpp"
#include "core/joints/restricted_joint.hpp"
#include "core/joints/series_joint.hpp"
#include "tests/core/dynamics/corner_curves.hpp"
#include "tests/support/alloc_counter.hpp"

namespace js {
namespace {

using test::polygon_joint;
using test::polyline_joint;

// one body on a joint, mass m, inertia diag(i), com at the origin; gravity g (world).
MultibodyModel bead_model(std::shared_ptr<const JointModel> joint, double m, const Vec3& gravity) {
  MultibodyModel model;
  model.gravity = gravity;
  BodyInertia inertia;
  inertia.mass = m;
  inertia.inertia_com = Mat3::Identity() * 1e-3;
  model.add_body("bead", -1, std::move(joint), inertia);
  return model;
}

// the edge 0→1 along x over q ∈ [0, 1], then 1→2 turning 60° up over q ∈ [1, 2.5] (2/3 of the speed in q).
std::shared_ptr<SplineCurveJoint> two_edge_wire(double turn = 0.0) {
  return polyline_joint({Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(1.5, std::sqrt(0.75), 0)}, {0.0, 1.0, 2.5}, turn);
}

// a regular n-gon of circumradius 0.3 m in the x-z plane, flat bottom edge, q the arc length.
std::shared_ptr<SplineCurveJoint> regular_polygon(int n) {
  std::vector<Vec3> points;
  std::vector<double> params;
  const double edge = 2.0 * 0.3 * std::sin(kPi / n);
  for (int i = 0; i < n; ++i) {
    const double a = -kPi / 2 + kPi / n + 2.0 * kPi * i / n;
    points.emplace_back(0.3 * std::cos(a), 0.0, 0.3 * std::sin(a));
    params.push_back(i * edge);
  }
  return polygon_joint(points, params, n * edge);
}

TEST(CornerJoint, ReportsItsCornersAndNoneWhereSDoesNotJump) {
  EXPECT_EQ(two_edge_wire()->corners(), std::vector<double>{1.0});
  // three collinear vertices at an even pace: a triple knot, but S does not jump, so no corner
  const auto straight = polyline_joint({Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(3, 0, 0)}, {0.0, 1.0, 3.0});
  EXPECT_TRUE(straight->corners().empty());
  // the same line at a changing pace is a corner in q (the speed jumps)
  const auto paced = polyline_joint({Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(2, 0, 0)}, {0.0, 1.0, 3.0});
  EXPECT_EQ(paced->corners(), std::vector<double>{1.0});
  // a smooth clamped cubic has none
  std::vector<SE3> frames;
  for (int i = 0; i < 6; ++i) frames.push_back(SE3(Mat3::Identity(), Vec3(i, i * i * 0.1, 0)));
  EXPECT_TRUE(SplineCurveJoint(frames, spline::KnotVector::clamped(6, 0.0, 1.0)).corners().empty());
  // a closed square: every vertex, the seam at q_min too
  const auto square = polygon_joint({Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(1, 1, 0), Vec3(0, 1, 0)}, {0, 1, 2, 3}, 4.0);
  EXPECT_EQ(square->corners(), (std::vector<double>{0.0, 1.0, 2.0, 3.0}));
}

// S on each side of a corner against one-sided finite differences of G (second order), with a twisting
// wire and joint offsets; G continuous across; away from knots both sides are evaluate().
TEST(CornerJoint, EachSideMatchesFiniteDifferences) {
  auto joint = two_edge_wire(0.2);
  joint->set_offsets(SE3(Eigen::AngleAxisd(0.3, Vec3(1, 2, 3).normalized()).toRotationMatrix(), Vec3(0.1, -0.2, 0.3)),
                     SE3(Eigen::AngleAxisd(-0.4, Vec3(0, 1, 1).normalized()).toRotationMatrix(), Vec3(0.05, 0, -0.1)));
  const double c = joint->corners().front();
  JointData below(1), above(1), g(1), g1(1), g2(1);
  joint->evaluate_one_sided(c, true, below, EvalLevel::Jacobian);
  joint->evaluate_one_sided(c, false, above, EvalLevel::Jacobian);
  EXPECT_TRUE(below.G.is_approx(above.G, 1e-12)) << "G is continuous at the corner";
  const double h = 1e-5;
  for (const double dir : {-1.0, 1.0}) {
    joint->evaluate(Eigen::Matrix<double, 1, 1>(c + dir * h), g1, EvalLevel::Transform);
    joint->evaluate(Eigen::Matrix<double, 1, 1>(c + dir * 2 * h), g2, EvalLevel::Transform);
    // s ≈ (4 log(G⁻¹G(c±h)) − log(G⁻¹G(c±2h))) / (±2h)
    const Twist fd = (4.0 * se3_log(above.G.inverse() * g1.G) - se3_log(above.G.inverse() * g2.G)) / (dir * 2.0 * h);
    const Twist& s = dir < 0 ? below.S.col(0) : above.S.col(0);
    EXPECT_LT((fd - s).norm(), 1e-8 * (1.0 + s.norm())) << (dir < 0 ? "left" : "right") << " side: " << fd.transpose()
                                                         << " vs " << s.transpose();
  }
  EXPECT_GT((below.S - above.S).norm(), 0.1) << "S jumps";
  // evaluate() at the corner takes the right-hand side
  joint->evaluate(Eigen::Matrix<double, 1, 1>(c), g, EvalLevel::Jacobian);
  EXPECT_TRUE(g.S.isApprox(above.S, 1e-14));
  // off the knots the sides agree
  joint->evaluate_one_sided(0.4, true, below, EvalLevel::Jacobian);
  joint->evaluate_one_sided(0.4, false, above, EvalLevel::Jacobian);
  EXPECT_TRUE(below.S.isApprox(above.S, 1e-14));
  EXPECT_TRUE(below.G.is_approx(above.G, 1e-14));
}

TEST(CornerJoint, ClosedCurveSeamTakesTheLastEdgeFromBelow) {
  const auto square = polygon_joint({Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(1, 1, 0), Vec3(0, 1, 0)}, {0, 1, 2, 3}, 4.0);
  JointData below(1), above(1);
  square->evaluate_one_sided(0.0, true, below, EvalLevel::Jacobian);
  square->evaluate_one_sided(0.0, false, above, EvalLevel::Jacobian);
  EXPECT_TRUE(below.S.col(0).isApprox((Twist() << 0, 0, 0, 0, -1, 0).finished(), 1e-12)) << below.S.transpose();
  EXPECT_TRUE(above.S.col(0).isApprox((Twist() << 0, 0, 0, 1, 0, 0).finished(), 1e-12)) << above.S.transpose();
}

// q̇ of one bead through the two-edge corner, by hand: its twist before is [0; d⁻ q̇⁻] and the impulse keeps
// the momentum along d⁺: m d⁺·d⁺ q̇⁺ = m d⁺·d⁻ q̇⁻. no gravity, so each edge is crossed at constant speed
// and every integrator is exact: the step ends at c + q̇⁺ (dt − h), h = (c − q₀)/q̇⁻.
TEST(CornerImpulse, OneBeadMatchesTheHandComputationWithEveryIntegrator) {
  const MultibodyModel model = bead_model(two_edge_wire(), 0.3, Vec3::Zero());
  const Vec3 d_before(1, 0, 0), d_after = Vec3(0.5, std::sqrt(0.75), 0) / 1.5;
  const double qd0 = 2.0, q0 = 0.93, dt = 0.1;
  const double h = (1.0 - q0) / qd0;
  const double qd_after = d_after.dot(d_before) / d_after.squaredNorm() * qd0;
  for (Integrator integrator : kIntegrators) {
    const ForceSet forces;
    Simulator sim(model, forces);
    SimulationState s;
    s.q = Eigen::VectorXd::Constant(1, q0);
    s.qd = Eigen::VectorXd::Constant(1, qd0);
    sim.step(s, dt, integrator);
    EXPECT_EQ(sim.corners_crossed(), 1) << integrator_name(integrator);
    EXPECT_NEAR(s.qd[0], qd_after, 1e-11) << integrator_name(integrator);
    EXPECT_NEAR(qd_after, 0.75 * qd0, 1e-15);
    EXPECT_NEAR(s.q[0], 1.0 + qd_after * (dt - h), 1e-11) << integrator_name(integrator);
    EXPECT_DOUBLE_EQ(s.t, dt);
    const CornerImpulseStats& e = sim.corners().last_stats();
    EXPECT_NEAR(e.kinetic_before, 0.5 * 0.3 * qd0 * qd0, 1e-12);
    EXPECT_NEAR(e.kinetic_after, 0.5 * 0.3 * (d_after * qd_after).squaredNorm(), 1e-12);
    std::printf("%-17s q̇ %.15f (hand %.15f), kinetic %.6f -> %.6f J\n", integrator_name(integrator), s.qd[0], qd_after,
                e.kinetic_before, e.kinetic_after);
  }
}

// a pendulum carrying a bead on a twisting cornered wire with offsets: the impulse keeps Σ J⁺ᵀ 𝕀 V to
// round-off, V⁻ and J⁺ taken independently by plain evaluations a hair before and after the corner.
TEST(CornerImpulse, KeepsMomentumAlongTheNewTangentAndLosesEnergy) {
  MultibodyModel model;
  BodyInertia arm;
  arm.mass = 1.2;
  arm.com = Vec3(0.1, 0.0, -0.3);
  arm.inertia_com = Vec3(0.02, 0.03, 0.01).asDiagonal();
  model.add_body("arm", -1, std::make_shared<RevoluteJoint>(Vec3(0.3, 1.0, 0.2).normalized()), arm);
  auto wire = two_edge_wire(0.25);
  wire->set_offsets(SE3(Eigen::AngleAxisd(0.5, Vec3::UnitX()).toRotationMatrix(), Vec3(0.0, 0.0, -0.6)),
                    SE3(Mat3::Identity(), Vec3(0.02, 0.01, 0.0)));
  BodyInertia bead;
  bead.mass = 0.4;
  bead.com = Vec3(0.03, -0.02, 0.01);
  bead.inertia_com = Vec3(0.004, 0.002, 0.003).asDiagonal();
  model.add_body("bead", 0, wire, bead);
  const double c = 1.0;
  Eigen::VectorXd qd(2);
  qd << 0.7, 1.9;
  // V⁻ by forward kinematics a hair before the corner; J⁺ a hair after (unit rates)
  MultibodyData data(model);
  auto twists = [&](double qc, const Eigen::VectorXd& rates) {
    forward_kinematics(model, data, 0.0, Eigen::Vector2d(0.4, qc), rates, Eigen::VectorXd(), KinematicsLevel::Velocity);
    return std::array<Twist, 2>{data.bodies[0].v, data.bodies[1].v};
  };
  auto momentum_after = [&](const std::array<Twist, 2>& v) {
    Eigen::Vector2d p;
    for (int j = 0; j < 2; ++j) {
      const auto col = twists(c + 1e-13, Eigen::Vector2d::Unit(j));
      p[j] = col[0].dot(model.body(0).J * v[0]) + col[1].dot(model.body(1).J * v[1]);
    }
    return p;
  };
  const auto v_before = twists(c - 1e-13, qd);
  const Eigen::Vector2d p_before = momentum_after(v_before);
  CornerImpulse impulse(model);
  ASSERT_EQ(impulse.coordinates().size(), 1u);
  CornerCrossing crossing;
  ASSERT_TRUE(impulse.first_crossing(0, 0.9, 1.1, crossing));
  EXPECT_EQ(crossing.q, 1.0);
  EXPECT_TRUE(crossing.upward);
  Eigen::VectorXd qd_after = qd;
  impulse.apply(data, 0.0, Eigen::Vector2d(0.4, c), qd_after, crossing);
  const Eigen::Vector2d p_after = momentum_after(twists(c + 1e-13, qd_after));
  std::printf("momentum along the new tangent: before %.15f %.15f, after %.15f %.15f (error %.1e)\n", p_before[0],
              p_before[1], p_after[0], p_after[1], (p_after - p_before).norm());
  EXPECT_LT((p_after - p_before).norm(), 1e-12 * p_before.norm());
  const CornerImpulseStats& e = impulse.last_stats();
  std::printf("kinetic energy %.12f -> %.12f J\n", e.kinetic_before, e.kinetic_after);
  EXPECT_LT(e.kinetic_after, e.kinetic_before);
  // the kinetic energies match independent sums of ½ Vᵀ𝕀V
  const auto v_after = twists(c + 1e-13, qd_after);
  auto kinetic = [&](const std::array<Twist, 2>& v) {
    return 0.5 * (v[0].dot(model.body(0).J * v[0]) + v[1].dot(model.body(1).J * v[1]));
  };
  EXPECT_NEAR(e.kinetic_before, kinetic(v_before), 1e-12);
  EXPECT_NEAR(e.kinetic_after, kinetic(v_after), 1e-12);
  // the arm changes speed too: the impulse acts through the whole tree
  EXPECT_GT(std::abs(qd_after[0] - qd[0]), 1e-3);
}

// a bead round a closed 12-gon under gravity with every integrator: corners met, none of them raises the
// kinetic energy, and each keeps cos² 30° = 3/4 of it (a point bead: V⁺ = (t⁺·V⁻) t⁺).
TEST(CornerImpulse, BeadRoundAPolygonNeverGainsEnergyAtACorner) {
  const MultibodyModel model = bead_model(regular_polygon(12), 0.1, Vec3(0, 0, -9.81));
  for (Integrator integrator : kIntegrators) {
    const ForceSet forces;
    Simulator sim(model, forces);
    SimulationState s;
    s.q = Eigen::VectorXd::Constant(1, 1.5);
    s.qd = Eigen::VectorXd::Constant(1, 6.0);
    int corners = 0;
    double worst_gain = -1e300, worst_ratio = 0.0;
    for (int k = 0; k < 400; ++k) {
      sim.step(s, 2e-3, integrator);
      if (sim.corners_crossed() > 0) {
        const CornerImpulseStats& e = sim.corners().last_stats();
        worst_gain = std::max(worst_gain, e.kinetic_after - e.kinetic_before);
        worst_ratio = std::max(worst_ratio, std::abs(e.kinetic_after / e.kinetic_before - 0.75));
        corners += sim.corners_crossed();
      }
    }
    std::printf("%-17s corners %d, largest kinetic change at one %.3e J, kept fraction off 3/4 by %.1e\n",
                integrator_name(integrator), corners, worst_gain, worst_ratio);
    EXPECT_GE(corners, 8) << integrator_name(integrator);
    EXPECT_LE(worst_gain, 1e-14) << integrator_name(integrator);
    EXPECT_LT(worst_ratio, 1e-9) << integrator_name(integrator);
  }
}

// downward and wrapped: a closed curve's corners repeat every period, in both directions.
TEST(CornerImpulse, FindsCornersOfClosedCurvesInBothDirections) {
  auto square = polygon_joint({Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(1, 1, 0), Vec3(0, 1, 0)}, {0, 1, 2, 3}, 4.0);
  const MultibodyModel model = bead_model(std::move(square), 1.0, Vec3::Zero());
  const CornerImpulse impulse(model);
  CornerCrossing c;
  ASSERT_TRUE(impulse.first_crossing(0, 9.5, 10.2, c));
  EXPECT_DOUBLE_EQ(c.q, 10.0);
  EXPECT_DOUBLE_EQ(c.knot, 2.0);
  ASSERT_TRUE(impulse.first_crossing(0, -3.5, -4.5, c));
  EXPECT_DOUBLE_EQ(c.q, -4.0);
  EXPECT_DOUBLE_EQ(c.knot, 0.0);
  EXPECT_FALSE(c.upward);
  EXPECT_FALSE(impulse.first_crossing(0, 8.0, 8.9, c)) << "a step starting on a corner has had its impulse";
  EXPECT_FALSE(impulse.first_crossing(0, 8.2, 8.9, c));
}

// smooth curves get no impulse and the same steps as before: the corner-free path is the plain step.
TEST(CornerImpulse, SmoothCurveIsSteppedAsBefore) {
  std::vector<SE3> frames;
  for (int i = 0; i < 7; ++i) frames.push_back(SE3(Mat3::Identity(), Vec3(0.2 * i, 0.0, 0.1 * std::cos(i))));
  const MultibodyModel model = bead_model(std::make_shared<SplineCurveJoint>(frames, spline::KnotVector::clamped(7, 0.0, 1.0)),
                                        0.2, Vec3(0, 0, -9.81));
  EXPECT_TRUE(CornerImpulse(model).empty());
  const ForceSet forces;
  Simulator sim(model, forces);
  SimulationState s;
  s.q = Eigen::VectorXd::Constant(1, 0.2);
  s.qd = Eigen::VectorXd::Constant(1, 1.0);
  for (int k = 0; k < 200; ++k) {
    sim.step(s, 1e-3, Integrator::RK4);
    EXPECT_EQ(sim.corners_crossed(), 0);
  }
}

// a corner with a coupler (refused before session 18): a bead on the two-edge wire and a slider along x whose
// coordinate the coupler ties to the bead's. the plastic impulse with the row held is the least change of
// kinetic energy with q̇_s = q̇_b: q̇⁺ = (m_b d⁺·d⁻ + m_s) / (m_b |d⁺|² + m_s) q̇⁻ (d: dx/dq of the edges), by hand
// 1.8 from 2.0; the tree's impulse alone would stop at 1.5 for the bead and leave the slider at 2.
TEST(CornerImpulse, HoldsACouplerThroughTheCornerWithEveryIntegrator) {
  MultibodyModel model = bead_model(two_edge_wire(), 0.3, Vec3::Zero());
  BodyInertia slider;
  slider.mass = 0.2;
  slider.inertia_com = Mat3::Identity() * 1e-3;
  model.add_body("slider", -1, std::make_shared<PrismaticJoint>(Vec3::UnitX()), slider);
  LoopSet couplers;
  CoordinateCoupler follow;
  follow.name = "slider follows bead";
  follow.dependent = 1;
  follow.independents = {0};
  follow.function = AxisFunction::linear(1.0, 0.0);
  couplers.add_coupler(model, follow);
  const Vec3 d_before(1, 0, 0), d_after = Vec3(0.5, std::sqrt(0.75), 0) / 1.5;
  const double qd0 = 2.0, q0 = 0.93, dt = 0.1, h = (1.0 - q0) / qd0;
  const double qd_after = (0.3 * d_after.dot(d_before) + 0.2) / (0.3 * d_after.squaredNorm() + 0.2) * qd0;
  EXPECT_NEAR(qd_after, 1.8, 1e-14);
  for (Integrator integrator : kIntegrators) {
    const ForceSet forces;
    Simulator sim(model, forces, SimulatorOptions{.loops = &couplers});
    EXPECT_EQ(sim.unsupported(integrator), "");
    SimulationState s;
    s.q = Eigen::Vector2d(q0, q0);
    s.qd = Eigen::Vector2d(qd0, qd0);
    const double kinetic0 = sim.measure(s).kinetic;
    sim.step(s, dt, integrator);
    EXPECT_EQ(sim.corners_crossed(), 1) << integrator_name(integrator);
    EXPECT_NEAR(s.qd[0], qd_after, 1e-9) << integrator_name(integrator);
    EXPECT_NEAR(s.qd[1], qd_after, 1e-9) << integrator_name(integrator);
    EXPECT_NEAR(s.q[0], 1.0 + qd_after * (dt - h), 1e-9) << integrator_name(integrator);
    EXPECT_NEAR(s.q[1], s.q[0], 1e-9) << integrator_name(integrator);
    EXPECT_LT(sim.measure(s).kinetic, kinetic0) << integrator_name(integrator);
  }
}

// a corner inside a series joint (the wire, then a spin about z) or a restricted joint (the same series with the
// spin fixed) gets the impulse too (stepped without it before session 18): the wire's rate drops to 3/4 as for
// the wire alone (OneBeadMatchesTheHandComputation), and the spin, whose axis the corner does not turn, keeps
// its rate.
TEST(CornerImpulse, SeriesAndRestrictedJointsGetTheImpulse) {
  const auto wire_then_spin = [] {
    return std::make_unique<SeriesJoint>(polyline_joint({Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(1.5, std::sqrt(0.75), 0)}, {0.0, 1.0, 2.5}),
                                         std::make_unique<RevoluteJoint>(Vec3::UnitZ()));
  };
  std::vector<RestrictedCoordinate> map(2);
  map[0].kind = RestrictedCoordinate::Kind::Free;
  map[0].target = 0;
  map[1].kind = RestrictedCoordinate::Kind::Fixed;
  map[1].target = 1;
  map[1].value = 0.3;
  const MultibodyModel series = bead_model(wire_then_spin(), 0.3, Vec3::Zero());
  const MultibodyModel restricted = bead_model(std::make_shared<RestrictedJoint>(wire_then_spin(), map), 0.3, Vec3::Zero());
  const double qd0 = 2.0, q0 = 0.93, dt = 0.1, h = (1.0 - q0) / qd0, qd_after = 0.75 * qd0;
  for (const MultibodyModel* model : {&series, &restricted}) {
    for (Integrator integrator : kIntegrators) {
      const ForceSet forces;
      Simulator sim(*model, forces);
      ASSERT_EQ(sim.corners().coordinates().size(), 1u);
      SimulationState s;
      s.q = Eigen::VectorXd::Constant(model->nq(), q0);
      s.qd = Eigen::VectorXd::Constant(model->nq(), qd0);
      if (model->nq() == 2) s.qd[1] = 3.0;
      sim.step(s, dt, integrator);
      const std::string what = std::string(model->nq() == 2 ? "series " : "restricted ") + integrator_name(integrator);
      EXPECT_EQ(sim.corners_crossed(), 1) << what;
      EXPECT_NEAR(s.qd[0], qd_after, 1e-9) << what;
      EXPECT_NEAR(s.q[0], 1.0 + qd_after * (dt - h), 1e-9) << what;
      if (model->nq() == 2) {
        EXPECT_NEAR(s.qd[1], 3.0, 1e-9) << what;
      }
    }
  }
}

TEST(CornerImpulse, StepsThroughCornersWithoutAllocating) {
  const MultibodyModel model = bead_model(regular_polygon(12), 0.1, Vec3(0, 0, -9.81));
  for (Integrator integrator : kIntegrators) {
    const ForceSet forces;
    Simulator sim(model, forces);
    SimulationState s;
    s.q = Eigen::VectorXd::Constant(1, 1.5);
    s.qd = Eigen::VectorXd::Constant(1, 6.0);
    sim.step(s, 2e-3, integrator);  // warm up
    int corners = 0;
    const test::AllocationScope scope;
    for (int k = 0; k < 200; ++k) {
      sim.step(s, 2e-3, integrator);
      corners += sim.corners_crossed();
    }
    EXPECT_EQ(scope.allocations(), 0u) << integrator_name(integrator);
    EXPECT_GE(corners, 4) << integrator_name(integrator);
  }
}

}  // namespace
}  // namespace js
