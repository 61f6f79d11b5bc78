// no-slip (rolling) contact (core/dynamics/rolling_contact.*, paper §8): the rows and their bias against finite
// differences, a ball rolling down an incline at 5/7 of the sliding acceleration, a ball rolling in a cylinder
// at the rolling period, slip at round-off, energy kept, and what is refused.
#include <cmath>
#include <random>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "core/dynamics/algorithms.hpp"
#include "core/dynamics/loop_solver.hpp"
#include "core/dynamics/simulator.hpp"
#include "core/io/file_error.hpp"
#include "core/scene/scene_file.hpp"
#include "tests/core/dynamics/dynamics_test_util.hpp"
#include "tests/support/alloc_counter.hpp"

namespace js {
namespace rolling_test {  // named: the test programs are unity builds

struct Rows {
  Eigen::VectorXd delta_dot, bias;
  Eigen::MatrixXd G;
};

Rows rolling_rows(const MultibodyModel& model, MultibodyData& data, const RollingContact& c, RollingData& rd,
                  const Eigen::VectorXd& q, const Eigen::VectorXd& qd) {
  forward_kinematics(model, data, 0.0, q, qd, Eigen::VectorXd(), KinematicsLevel::Acceleration);
  Rows r;
  r.delta_dot = Eigen::VectorXd::Zero(rd.rows);
  r.bias = Eigen::VectorXd::Zero(rd.rows);
  r.G = Eigen::MatrixXd::Zero(rd.rows, model.nq());
  evaluate_rolling(model, data, c, rd, true, RollingRows{r.delta_dot, r.G, r.bias});
  return r;
}

TEST(Rolling, RowsAndBiasMatchFiniteDifferences) {
  for (int seed = 0; seed < 24; ++seed) {
    std::mt19937 rng(static_cast<unsigned>(seed));
    const MultibodyModel model = test::random_tree(5, rng, seed);
    const int nq = model.nq();
    std::uniform_int_distribution<int> pick(-1, 4);
    RollingContact c;
    c.name = "case" + std::to_string(seed);
    c.body_a = pick(rng);
    do c.body_b = pick(rng);
    while (c.body_b < 0 || c.body_b == c.body_a);
    c.frame_body = pick(rng);
    c.frame_T_contact = test::random_transform(rng);
    c.axes = 63u;  // every row, so the whole relative twist is checked
    check_rolling(model, c);
    RollingData rd(model, c);
    MultibodyData data(model);
    const Eigen::VectorXd q = test::random_vector(nq, rng, 0.8);
    const Eigen::VectorXd qd = test::random_vector(nq, rng);
    const Eigen::VectorXd qdd = test::random_vector(nq, rng);
    const Rows r0 = rolling_rows(model, data, c, rd, q, qd);
    EXPECT_LT((r0.G * qd - r0.delta_dot).norm(), 1e-12 * (1.0 + r0.delta_dot.norm())) << "seed " << seed;
    // d/dt δ̇ = G q̈ − bias along q(t) = q + t q̇ + t²/2 q̈ (kinematics at zero q̈ leave the bias as γ0)
    const double h = 1e-5;
    const Rows rp = rolling_rows(model, data, c, rd, q + h * qd + 0.5 * h * h * qdd, qd + h * qdd);
    const Rows rm = rolling_rows(model, data, c, rd, q - h * qd + 0.5 * h * h * qdd, qd - h * qdd);
    const Eigen::VectorXd fd = (rp.delta_dot - rm.delta_dot) / (2 * h);
    const Eigen::VectorXd analytic = r0.G * qdd - r0.bias;
    EXPECT_LT((fd - analytic).norm(), 1e-6 * (1.0 + fd.norm())) << "seed " << seed << ": fd " << fd.transpose()
                                                                << " analytic " << analytic.transpose();
  }
}

// a ball of radius r on a light carriage that a 2-dof spline surface joint carries over a plane tilted by
// theta about y (φ_x = u, φ_y = v exactly: linear B-splines; the carriage's origin r above the plane), the
// ball on a ball joint at the carriage's origin; contact frame r below it. gravity −z.
struct Incline {
  MultibodyModel model;
  LoopSet loops;
  double m = 0.5, mc = 0.01, r = 0.05, theta = 20.0 * M_PI / 180.0;
};

std::unique_ptr<Incline> incline(unsigned axes = RollingContact{}.axes, bool rolling = true) {
  auto in = std::make_unique<Incline>();
  const auto lin = spline::KnotVector::clamped(2, 2, -2.0, 2.0);
  std::array<std::vector<double>, 6> coefficients;
  coefficients[0] = {-2.0, -2.0, 2.0, 2.0};  // φ_x = u (row-major: v fastest)
  coefficients[1] = {-2.0, 2.0, -2.0, 2.0};  // φ_y = v
  coefficients[2] = {in->r, in->r, in->r, in->r};
  for (int j = 3; j < 6; ++j) coefficients[static_cast<std::size_t>(j)] = {0.0, 0.0, 0.0, 0.0};
  const SE3 H{Eigen::AngleAxisd(in->theta, Vec3::UnitY()).toRotationMatrix(), Vec3::Zero()};
  in->model.gravity = Vec3(0, 0, -9.81);
  const int carriage = in->model.add_body(
      "carriage", -1, std::make_shared<SplineSurfaceJoint>(H, std::vector{lin, lin}, coefficients),
      BodyInertia::box(in->mc, Vec3(0.01, 0.01, 0.01)));
  const int ball = in->model.add_body("ball", carriage, std::make_shared<SphericalJoint>("yxz"),
                                      BodyInertia::sphere(in->m, in->r));
  if (rolling) {
    RollingContact c;
    c.name = "no slip";
    c.body_b = ball;
    c.frame_body = carriage;
    c.frame_T_contact = SE3::translation(Vec3(0, 0, -in->r));
    c.axes = axes;
    in->loops.add_rolling(in->model, c);
  }
  return in;
}

TEST(Rolling, BallRollsDownAnInclineAtTheRollingAcceleration) {
  for (const bool rolling : {true, false}) {
    const auto in = incline(RollingContact{}.axes, rolling);
    const ForceSet forces;
    Simulator sim(in->model, forces, SimulatorOptions{.loops = &in->loops});
    SimulationState s{0.0, Eigen::VectorXd::Zero(in->model.nq()), Eigen::VectorXd::Zero(in->model.nq())};
    double slip = 0.0;
    for (int k = 0; k < 500; ++k) {
      sim.step(s, 1e-3, Integrator::RK4);
      if (rolling) slip = std::max(slip, sim.loop_errors(s).velocity);
    }
    // down the slope is +u: Lagrange with the carriage translating along and the ball turning at u̇ / r
    const double m = in->m + in->mc, ib = 0.4 * in->m * in->r * in->r;
    const double expected = rolling ? m * 9.81 * std::sin(in->theta) / (m + ib / (in->r * in->r))
                                    : 9.81 * std::sin(in->theta);
    const double measured = 2.0 * s.q[0] / (s.t * s.t);
    EXPECT_NEAR(measured, expected, 1e-9 * expected) << (rolling ? "rolling" : "sliding");
    EXPECT_NEAR(s.q[1], 0.0, 1e-12);
    if (rolling) {
      EXPECT_LT(slip, 1e-12);
      // the ball turns about the carriage's y axis at u̇ / r: the chart's first angle
      EXPECT_NEAR(s.qd[2], s.qd[0] / in->r, 1e-9 * std::abs(s.qd[0] / in->r));
      EXPECT_NEAR(measured / (9.81 * std::sin(in->theta)), 5.0 / 7.0, 0.01) << "a solid ball: 5/7 of sliding";
    } else {
      EXPECT_NEAR(s.qd[2], 0.0, 1e-12) << "a frictionless ball does not turn";
    }
  }
}

// a ball of radius r rolling inside a horizontal cylinder of radius R = L + r: a carriage on a y hinge at the
// axis holds the ball's centre L below it (exact geometry, no spline), contact r further out.
struct Cylinder {
  MultibodyModel model;
  LoopSet loops;
  double m = 0.4, mc = 0.02, r = 0.04, L = 0.3;
  Mat3 carriage_inertia = Mat3::Identity() * 1e-4;
};

std::unique_ptr<Cylinder> cylinder(bool rolling) {
  auto cy = std::make_unique<Cylinder>();
  cy->model.gravity = Vec3(0, 0, -9.81);
  auto hinge = std::make_shared<RevoluteJoint>(Vec3::UnitY());
  hinge->set_offsets(SE3(), SE3::translation(Vec3(0, 0, -cy->L)));
  BodyInertia carriage;
  carriage.mass = cy->mc;
  carriage.inertia_com = cy->carriage_inertia;
  const int c = cy->model.add_body("carriage", -1, hinge, carriage);
  const int ball = cy->model.add_body("ball", c, std::make_shared<SphericalJoint>("yxz"), BodyInertia::sphere(cy->m, cy->r));
  if (rolling) {
    RollingContact contact;
    contact.name = "no slip";
    contact.body_b = ball;
    contact.frame_body = c;
    contact.frame_T_contact = SE3::translation(Vec3(0, 0, -cy->r));
    cy->loops.add_rolling(cy->model, contact);
  }
  return cy;
}

// the angular frequency of small oscillations, from the times the swing angle crosses zero (linear
// interpolation inside the step).
double measured_frequency(const Cylinder& cy, double amplitude) {
  const ForceSet forces;
  Simulator sim(cy.model, forces, SimulatorOptions{.loops = &cy.loops});
  SimulationState s{0.0, Eigen::VectorXd::Zero(cy.model.nq()), Eigen::VectorXd::Zero(cy.model.nq())};
  s.q[0] = amplitude;
  std::vector<double> crossings;
  while (crossings.size() < 5 && s.t < 20.0) {
    const double q0 = s.q[0], t0 = s.t;
    sim.step(s, 1e-3, Integrator::RK4);
    if ((q0 > 0.0) != (s.q[0] > 0.0)) crossings.push_back(t0 + (s.t - t0) * q0 / (q0 - s.q[0]));
  }
  EXPECT_EQ(crossings.size(), 5u);
  return M_PI * 4.0 / (crossings.back() - crossings.front());  // four half periods
}

TEST(Rolling, BallInACylinderSwingsAtTheRollingFrequency) {
  for (const bool rolling : {true, false}) {
    const auto cy = cylinder(rolling);
    const double m = cy->m + cy->mc, ib = 0.4 * cy->m * cy->r * cy->r;
    // Lagrange: the ball's spin is L φ̇ / r when it rolls, 0 when it slides
    const double inertia = m * cy->L * cy->L + cy->carriage_inertia(1, 1) + (rolling ? ib * cy->L * cy->L / (cy->r * cy->r) : 0.0);
    const double expected = std::sqrt(m * 9.81 * cy->L / inertia);
    // amplitude 1e-3 rad: the pendulum's own amplitude correction is ~ a²/16 = 6e-8
    EXPECT_NEAR(measured_frequency(*cy, 1e-3), expected, 1e-6 * expected) << (rolling ? "rolling" : "sliding");
  }
}

// a spline bowl from the demo scene: 3 s of rk4 at 1 ms with the ball released off-centre and sideways.
TEST(Rolling, BowlKeepsSlipAtRoundOffAndEnergy) {
  const scene::Scene sc = scene::read_scene_file(std::string(JS_SOURCE_DIR) + "/resources/demos/rolling.json");
  ASSERT_EQ(sc.loops.rolling().size(), 1u);
  Simulator sim(sc.model, sc.forces, SimulatorOptions{.loops = &sc.loops});
  // the file gives the carriage a speed and the ball no spin: the reader took the slip out at release
  EXPECT_LT(sim.loop_errors(sc.initial).velocity, 1e-12);
  EXPECT_GT(sc.initial.qd.norm(), 0.1);
  SimulationState s = sc.initial;
  const MechanicalState m0 = sim.measure(s);
  const double e0 = m0.kinetic + m0.potential;
  double slip = 0.0, drift = 0.0, swing = 0.0;
  for (int k = 0; k < 3000; ++k) {
    sim.step(s, 1e-3, Integrator::RK4);
    slip = std::max(slip, sim.loop_errors(s).velocity);
    const MechanicalState m = sim.measure(s);
    drift = std::max(drift, std::abs(m.kinetic + m.potential - e0));
    swing = std::max(swing, m.kinetic);
    ASSERT_FALSE(sim.data().singular) << "the ball joint's chart at t = " << s.t;
  }
  EXPECT_LT(slip, 1e-9) << "the contact point's relative velocity, m/s";
  EXPECT_LT(drift, 1e-6 * swing) << "no-slip forces do no work";
  EXPECT_GT(swing, 1e-3) << "the ball moved";
}

TEST(Rolling, RedundantNormalRowIsRefusedByName) {
  // on a plane the normal slip is zero whatever q̇: a third row is redundant
  const auto in = incline((1u << 3) | (1u << 4) | (1u << 5));
  const ForceSet forces;
  Simulator sim(in->model, forces, SimulatorOptions{.loops = &in->loops});
  SimulationState s{0.0, Eigen::VectorXd::Zero(in->model.nq()), Eigen::VectorXd::Zero(in->model.nq())};
  try {
    sim.step(s, 1e-3, Integrator::RK4);
    FAIL() << "redundant rows were accepted";
  } catch (const RedundantLoopsError& e) {
    EXPECT_NE(std::string(e.what()).find("rolling contact \"no slip\""), std::string::npos) << e.what();
  }
}

// the implicit integrators hold the contact inside their step: down the incline at 5/7 of sliding, within
// their first-order (euler) or second-order (midpoint) error at 5 ms, the slip at round-off.
TEST(Rolling, ImplicitIntegratorsRollTheBall) {
  const auto in = incline();
  const ForceSet forces;
  for (Integrator integrator : {Integrator::ImplicitEuler, Integrator::ImplicitMidpoint}) {
    Simulator sim(in->model, forces, SimulatorOptions{.loops = &in->loops});
    EXPECT_EQ(sim.unsupported(integrator), "");
    SimulationState s{0.0, Eigen::VectorXd::Zero(in->model.nq()), Eigen::VectorXd::Zero(in->model.nq())};
    double slip = 0.0;
    for (int k = 0; k < 100; ++k) {
      sim.step(s, 5e-3, integrator);
      slip = std::max(slip, sim.loop_errors(s).velocity);
    }
    const double m = in->m + in->mc, ib = 0.4 * in->m * in->r * in->r;
    const double expected = m * 9.81 * std::sin(in->theta) / (m + ib / (in->r * in->r));
    const double measured = 2.0 * s.q[0] / (s.t * s.t);
    // euler's position sums the velocities at the step ends: a (1 + 1/n) after n steps; midpoint is exact
    const double tolerance = integrator == Integrator::ImplicitEuler ? 0.015 : 1e-9;
    EXPECT_NEAR(measured, expected, tolerance * expected) << integrator_name(integrator);
    EXPECT_LT(slip, 1e-12) << integrator_name(integrator);
  }
}

TEST(Rolling, StepAllocatesNothing) {
  const auto in = incline();
  const ForceSet forces;
  Simulator sim(in->model, forces, SimulatorOptions{.loops = &in->loops});
  SimulationState s{0.0, Eigen::VectorXd::Zero(in->model.nq()), Eigen::VectorXd::Zero(in->model.nq())};
  sim.step(s, 1e-3, Integrator::RK4);  // the first solve checks the rank (allocates once)
  for (Integrator integrator : {Integrator::RK4, Integrator::SymplecticEuler, Integrator::ExplicitEuler}) {
    const long before = test::allocation_count();
    for (int k = 0; k < 10; ++k) sim.step(s, 1e-3, integrator);
    EXPECT_EQ(test::allocation_count() - before, 0) << integrator_name(integrator);
  }
}

TEST(Rolling, BadContactsAreRejected) {
  const auto in = incline();
  const auto message = [&](RollingContact c) {
    try {
      check_rolling(in->model, c);
    } catch (const std::invalid_argument& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  RollingContact good;
  good.name = "c";
  good.body_b = 1;
  EXPECT_EQ(message(good), "accepted");
  RollingContact c = good;
  c.body_b = 2;
  EXPECT_NE(message(c).find("out of range"), std::string::npos);
  c = good;
  c.body_a = 1;
  EXPECT_NE(message(c).find("same body"), std::string::npos);
  c = good;
  c.axes = 0;
  EXPECT_NE(message(c).find("no rows"), std::string::npos);
  c = good;
  c.stabilization = std::nan("");
  EXPECT_NE(message(c).find("stabilization"), std::string::npos);
  c = good;
  c.frame_T_contact.R(0, 0) = 2.0;
  EXPECT_NE(message(c).find("not a rigid transform"), std::string::npos);
}

nlohmann::json bowl_scene() {
  return nlohmann::json::parse(R"({
    "format": "jointsmith.scene", "version": 1,
    "bodies": [
      {"name": "carriage", "parent": null, "joint": {"kind": "planar", "dof": 3,
        "coordinates": [{"name": "x"}, {"name": "y"}, {"name": "angle"}], "normal": [0, 0, 1]}, "mass": 0.01},
      {"name": "ball", "parent": "carriage", "joint": {"kind": "spherical", "dof": 3,
        "coordinates": [{"name": "a"}, {"name": "b"}, {"name": "c"}], "order": "yxz"}, "mass": 0.5}
    ],
    "loops": [{"name": "no slip", "kind": "rolling", "body_b": "ball", "contact_body": "carriage",
               "contact_frame": {"rotation": [[1, 0, 0], [0, 1, 0], [0, 0, 1]], "translation": [0, 0, -0.05]}, "stabilization": 5}]
  })");
}

TEST(Rolling, SceneFileReadsItAndNamesMistakes) {
  const scene::Scene sc = scene::read_scene_json(bowl_scene(), "bowl.json", ".");
  ASSERT_EQ(sc.loops.rolling().size(), 1u);
  const RollingContact& c = sc.loops.rolling()[0];
  EXPECT_EQ(c.name, "no slip");
  EXPECT_EQ(c.body_a, -1);
  EXPECT_EQ(c.body_b, 1);
  EXPECT_EQ(c.frame_body, 0);
  EXPECT_DOUBLE_EQ(c.frame_T_contact.p.z(), -0.05);
  EXPECT_EQ(c.axes, RollingContact{}.axes);
  EXPECT_DOUBLE_EQ(c.stabilization, 5.0);
  const auto error = [](nlohmann::json doc) {
    try {
      scene::read_scene_json(doc, "bowl.json", ".");
    } catch (const io::FileError& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  nlohmann::json doc = bowl_scene();
  doc["loops"][0]["contact_body"] = "wheel";
  EXPECT_NE(error(doc).find("/loops/0/contact_body"), std::string::npos) << error(doc);
  doc = bowl_scene();
  doc["loops"][0]["compliance"] = 1e-3;
  EXPECT_NE(error(doc).find("compliance"), std::string::npos) << error(doc);
  doc = bowl_scene();
  doc["loops"][0]["axes"] = nlohmann::json::array({"x", "w"});
  EXPECT_NE(error(doc).find("unknown axis \"w\""), std::string::npos) << error(doc);
  doc = bowl_scene();
  doc["loops"][0]["body_b"] = "carriage";
  doc["loops"][0]["body_a"] = "carriage";
  EXPECT_NE(error(doc).find("same body"), std::string::npos) << error(doc);
}

}  // namespace rolling_test
}  // namespace js
