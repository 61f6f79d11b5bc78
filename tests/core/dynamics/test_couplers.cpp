// coordinate couplers (core/dynamics/coordinate_coupler.hpp): the row's jacobian and bias against finite
// differences, a coupled chain that stays on its coupler and conserves energy, forward against inverse
// dynamics (M q̈ + h − τ = Gᵀλ), the scene file's "couplers" member, ik holding a coupler, and bad couplers.
#include <cmath>
#include <cstdio>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "core/dynamics/algorithms.hpp"
#include "core/dynamics/loop_solver.hpp"
#include "core/dynamics/simulator.hpp"
#include "core/ik/ik.hpp"
#include "core/io/file_error.hpp"
#include "core/joints/lower_pairs.hpp"
#include "core/scene/scene_file.hpp"
#include "tests/support/alloc_counter.hpp"

namespace js {
namespace {

// a planar chain of three 0.4 m links on z hinges, gravity along −y
MultibodyModel three_links() {
  MultibodyModel model;
  model.gravity = Vec3(0, -9.81, 0);
  int parent = -1;
  for (const char* name : {"a", "b", "c"}) {
    auto hinge = std::make_shared<RevoluteJoint>(Vec3::UnitZ());
    if (parent >= 0) hinge->set_offsets(SE3::translation(Vec3(0.4, 0, 0)), SE3());
    parent = model.add_body(name, parent, hinge, BodyInertia::box(1.0, Vec3(0.4, 0.03, 0.03), Vec3(0.2, 0, 0)));
  }
  return model;
}

// q_c = 0.5 · spline(q_a): a smooth, curved coupling
CoordinateCoupler spline_coupler() {
  CoordinateCoupler c;
  c.name = "c_from_a";
  c.dependent = 2;
  c.independents = {0};
  c.function = AxisFunction::spline(AxisFunctionKind::SimmSpline, {-2.0, -1.0, 0.0, 1.0, 2.0}, {0.8, -0.3, 0.1, 0.9, -0.2});
  c.scale = 0.5;
  return c;
}

// q_b = f(q_a, q_c), a quadratic of two inputs
CoordinateCoupler two_input_coupler() {
  CoordinateCoupler c;
  c.name = "b_from_a_c";
  c.dependent = 1;
  c.independents = {0, 2};
  // order 2 in (x, y): 1, y, y², x, x y, x² (first variable's exponent outer)
  c.function = AxisFunction::multivariate_polynomial(2, 2, {0.1, 0.4, -0.3, 0.7, 0.5, -0.2});
  c.scale = 1.3;
  return c;
}

// the spline and the two-input coupler together
LoopSet both_couplers(const MultibodyModel& model) {
  LoopSet couplers;
  couplers.add_coupler(model, spline_coupler());
  couplers.add_coupler(model, two_input_coupler());
  return couplers;
}

TEST(Couplers, RowJacobianAndBiasMatchFiniteDifferences) {
  const MultibodyModel model = three_links();
  for (const CoordinateCoupler& c : {spline_coupler(), two_input_coupler()}) {
    const Eigen::Vector3d q(0.3, -0.7, 1.1), qd(0.9, -0.4, -0.6), qdd(-0.5, 0.8, 0.3);
    Eigen::MatrixXd G(1, 3);
    CouplerRow row;
    evaluate_coupler(c, q, qd, true, row, G);
    const double h = 1e-6;
    for (int k = 0; k < 3; ++k) {
      Eigen::MatrixXd Gp(1, 3), Gm(1, 3);
      CouplerRow rp, rm;
      evaluate_coupler(c, q + h * Eigen::Vector3d::Unit(k), qd, false, rp, Gp);
      evaluate_coupler(c, q - h * Eigen::Vector3d::Unit(k), qd, false, rm, Gm);
      EXPECT_NEAR(G(0, k), (rp.delta - rm.delta) / (2 * h), 1e-7) << c.name << " column " << k;
    }
    EXPECT_NEAR(row.delta_dot, G.row(0).dot(qd), 1e-12);
    // along q(t) = q + t q̇ + ½t² q̈: d/dt δ̇ = G q̈ − γ0
    const auto delta_dot_at = [&](double t) {
      Eigen::MatrixXd Gt(1, 3);
      CouplerRow r;
      evaluate_coupler(c, q + t * qd + 0.5 * t * t * qdd, qd + t * qdd, false, r, Gt);
      return r.delta_dot;
    };
    const double ddelta = (delta_dot_at(h) - delta_dot_at(-h)) / (2 * h);
    EXPECT_NEAR(G.row(0).dot(qdd) - row.bias, ddelta, 1e-6) << c.name;
    EXPECT_GT(std::abs(row.bias), 1e-3) << c.name << ": the bias term is exercised";
  }
}

// starts on the coupler and swings under gravity for 3 s: the dependent follows the coupler, energy stays
double run_coupled_chain(const LoopSet& couplers, double dt, double* energy_drift, double* energy_scale) {
  const MultibodyModel model = three_links();
  const ForceSet no_forces;
  Simulator sim(model, no_forces, SimulatorOptions{.loops = &couplers});
  SimulationState s{0.0, Eigen::Vector3d(0.6, 0.0, 0.0), Eigen::Vector3d(0.8, 0.0, 0.0)};
  apply_couplers(couplers.couplers(), s.q, s.qd);
  EXPECT_LT(sim.loop_errors(s).position, 1e-15);
  EXPECT_LT(sim.loop_errors(s).velocity, 1e-14);
  const MechanicalState m0 = sim.measure(s);
  double worst = 0.0, drift = 0.0;
  for (int k = 0; k < static_cast<int>(std::lround(3.0 / dt)); ++k) {
    sim.step(s, dt, Integrator::RK4);
    worst = std::max(worst, sim.loop_errors(s).position);
    const MechanicalState m = sim.measure(s);
    drift = std::max(drift, std::abs(m.kinetic + m.potential - m0.kinetic - m0.potential));
  }
  *energy_drift = drift;
  *energy_scale = std::abs(m0.kinetic) + std::abs(m0.potential);
  return worst;
}

TEST(Couplers, ChainStaysOnItsCouplersAndConservesEnergy) {
  const MultibodyModel model = three_links();
  // smooth couplers (polynomials): rk4 holds them to round-off and conserves energy
  LoopSet smooth;
  CoordinateCoupler poly = spline_coupler();
  poly.function = AxisFunction::polynomial({0.3, -0.5, 0.8, 0.1});
  smooth.add_coupler(model, poly);
  smooth.add_coupler(model, two_input_coupler());
  ASSERT_EQ(smooth.total_rows(), 2);
  double drift = 0.0, scale = 0.0;
  double worst = run_coupled_chain(smooth, 1e-3, &drift, &scale);
  std::printf("polynomial couplers, rk4 1 ms, 3 s: max |delta| %.2e rad, energy drift %.2e J of %.2e J\n", worst,
              drift, scale);
  EXPECT_LT(worst, 1e-8);
  EXPECT_LT(drift, 1e-7 * scale);
  // a SimmSpline continues along its end tangents past its end knots, where f'' jumps: each crossing leaves rk4
  // a low-order error, which falls with the step and which baumgarte (α = 10/s) keeps from growing
  const LoopSet couplers = both_couplers(model);
  double previous = 0.0;
  for (double dt : {2e-3, 1e-3, 5e-4}) {
    worst = run_coupled_chain(couplers, dt, &drift, &scale);
    std::printf("spline coupler, rk4 %.1e s, 3 s: max |delta| %.2e rad, energy drift %.2e J of %.2e J\n", dt, worst,
                drift, scale);
    EXPECT_LT(worst, 1e-4);
    EXPECT_LT(drift, 1e-4 * scale);
    if (previous > 0.0) {
      EXPECT_LT(worst, previous) << "the error falls with the step";
    }
    previous = worst;
  }
  // without the couplers the same start leaves them at once
  const ForceSet no_forces;
  Simulator free_sim(model, no_forces, SimulatorOptions{});
  SimulationState s{0.0, Eigen::Vector3d(0.6, 0.0, 0.0), Eigen::Vector3d(0.8, 0.0, 0.0)};
  apply_couplers(couplers.couplers(), s.q, s.qd);
  for (int k = 0; k < 1000; ++k) free_sim.step(s, 1e-3, Integrator::RK4);
  CouplerRow row;
  Eigen::MatrixXd G(1, 3);
  evaluate_coupler(spline_coupler(), s.q, s.qd, false, row, G);
  EXPECT_GT(std::abs(row.delta), 1e-2) << "the free chain should leave the coupler";
}

TEST(Couplers, ForwardDynamicsMatchesInverseDynamicsWithTheConstraintForce) {
  const MultibodyModel model = three_links();
  const LoopSet couplers = both_couplers(model);
  const ForceSet no_forces;
  Simulator sim(model, no_forces, SimulatorOptions{.loops = &couplers});
  SimulationState s{0.0, Eigen::Vector3d(-0.4, 0.0, 0.0), Eigen::Vector3d(-0.8, 0.0, 0.0)};
  apply_couplers(couplers.couplers(), s.q, s.qd);
  sim.step(s, 1e-3, Integrator::RK4);  // the rank check, then a state on the couplers
  apply_couplers(couplers.couplers(), s.q, s.qd);
  const Eigen::VectorXd qdd = sim.accelerations(s.t, s.q, s.qd);
  const LoopSolver& solver = *sim.loops();
  // on the manifold the rows hold G q̈ = γ0 (baumgarte terms vanish)
  for (int r = 0; r < 2; ++r) {
    Eigen::MatrixXd G(1, 3);
    CouplerRow row;
    evaluate_coupler(couplers.couplers()[static_cast<std::size_t>(r)], s.q, s.qd, true, row, G);
    EXPECT_NEAR(G.row(0).dot(qdd), row.bias, 1e-9) << "row " << r;
  }
  MultibodyData data(model);
  const Eigen::VectorXd tau = rnea(model, data, s.t, s.q, s.qd, qdd);
  const Eigen::VectorXd constraint_force = solver.jacobian().transpose() * solver.lambda();
  EXPECT_LT((tau - constraint_force).norm(), 1e-9 * std::max(1.0, tau.norm()));
  EXPECT_GT(constraint_force.norm(), 1e-2) << "the couplers carry load";
}

// the implicit integrators hold the couplers inside their step (they were refused before issue 17's loops)
TEST(Couplers, ImplicitIntegratorsHoldTheCouplers) {
  const MultibodyModel model = three_links();
  const LoopSet couplers = both_couplers(model);
  const ForceSet no_forces;
  for (Integrator integrator : {Integrator::ImplicitEuler, Integrator::ImplicitMidpoint}) {
    Simulator sim(model, no_forces, SimulatorOptions{.loops = &couplers});
    EXPECT_EQ(sim.unsupported(integrator), "");
    SimulationState s{0.0, Eigen::Vector3d(0.2, 0.0, 0.0), Eigen::Vector3d(0.5, 0.0, 0.0)};
    apply_couplers(couplers.couplers(), s.q, s.qd);
    const MechanicalState m0 = sim.measure(s);
    double worst = 0.0;
    for (int k = 0; k < 200; ++k) {
      sim.step(s, 5e-3, integrator);
      ASSERT_TRUE(s.q.allFinite()) << integrator_name(integrator);
      worst = std::max(worst, sim.loop_errors(s).position);
    }
    EXPECT_LT(worst, 1e-4) << integrator_name(integrator);  // rk4 at 2 ms: 6.5e-5 (baumgarte rows)
    const MechanicalState m = sim.measure(s);
    EXPECT_LT(m.kinetic + m.potential, m0.kinetic + m0.potential + 1e-3) << integrator_name(integrator);
  }
}

TEST(Couplers, StepAllocatesNothing) {
  const MultibodyModel model = three_links();
  const LoopSet couplers = both_couplers(model);
  const ForceSet no_forces;
  Simulator sim(model, no_forces, SimulatorOptions{.loops = &couplers});
  SimulationState s{0.0, Eigen::Vector3d(0.2, 0.0, 0.0), Eigen::Vector3d(0.5, 0.0, 0.0)};
  sim.step(s, 1e-3, Integrator::RK4);
  const long before = test::allocation_count();
  for (int k = 0; k < 20; ++k) sim.step(s, 1e-3, Integrator::RK4);
  EXPECT_EQ(test::allocation_count() - before, 0);
}

TEST(Couplers, IkKeepsTheCoupler) {
  const MultibodyModel model = three_links();
  LoopSet couplers;
  couplers.add_coupler(model, spline_coupler());
  IkSolver solver(model);
  IkTarget target;
  target.body = 2;
  target.point = Vec3(0.4, 0, 0);
  target.position = Vec3(0.5, 0.6, 0.0);
  IkOptions options;
  options.loops = &couplers;
  const IkReport r = solver.solve({target}, Eigen::Vector3d::Zero(), options);
  CouplerRow row;
  Eigen::MatrixXd G(1, 3);
  evaluate_coupler(spline_coupler(), r.q, Eigen::Vector3d::Zero(), false, row, G);
  EXPECT_LT(std::abs(row.delta), 1e-8) << r.message;
  EXPECT_LT(r.residual, 1e-6) << r.message;
}

TEST(Couplers, BadCouplersAreRefusedWithTheirName) {
  const MultibodyModel model = three_links();
  const auto refused = [&](CoordinateCoupler c, const std::string& what) {
    LoopSet set;
    set.add_coupler(model, spline_coupler());
    try {
      set.add_coupler(model, std::move(c));
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find(what), std::string::npos) << e.what();
      EXPECT_NE(std::string(e.what()).find("coupler \""), std::string::npos) << e.what();
      return;
    }
    ADD_FAILURE() << "accepted: " << what;
  };
  CoordinateCoupler c = two_input_coupler();
  c.dependent = 7;
  refused(c, "out of range");
  c = two_input_coupler();
  c.independents = {0, 1};
  refused(c, "coupled to itself");
  c = two_input_coupler();
  c.independents = {0};
  refused(c, "takes 2 inputs");
  c = two_input_coupler();
  c.dependent = 2;
  c.independents = {0, 1};
  refused(c, "already coupled");
  c = two_input_coupler();
  c.scale = std::nan("");
  refused(c, "finite");
}

// the scene file's "couplers": read, the initial state put on them, simulated, and its errors located
nlohmann::json coupled_scene() {
  nlohmann::json bodies = nlohmann::json::array();
  const char* parents[3] = {nullptr, "a", "b"};
  const char* names[3] = {"a", "b", "c"};
  for (int i = 0; i < 3; ++i) {
    nlohmann::json b = {{"name", names[i]},
                        {"joint", {{"kind", "revolute"}, {"dof", 1}, {"axis", {0, 0, 1}},
                                   {"coordinates", {{{"name", "q"}}}}}},
                        {"joint_offsets", {{"parent_T_joint", {{"rotation", {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}},
                                                               {"translation", {i == 0 ? 0.0 : 0.4, 0, 0}}}}}},
                        {"mass", 1.0}, {"com", {0.2, 0, 0}}, {"inertia", {{1e-3, 0, 0}, {0, 1e-2, 0}, {0, 0, 1e-2}}}};
    if (parents[i]) b["parent"] = parents[i];
    bodies.push_back(b);
  }
  return {{"format", "jointsmith.scene"}, {"version", 1},
          {"settings", {{"gravity", {0, -9.81, 0}}, {"dt", 1e-3}, {"duration", 1.0}, {"integrator", "rk4"}}},
          {"bodies", bodies},
          {"initial_state", {{"q", {{"a.q", 0.6}}}, {"qd", {{"a.q", 1.5}}}}},
          {"couplers", {{{"name", "c_from_a"}, {"coordinate", "c.q"}, {"independents", {"a.q"}},
                         {"function", {{"type", "SimmSpline"}, {"x", {-2, -1, 0, 1, 2}}, {"y", {0.8, -0.3, 0.1, 0.9, -0.2}}}},
                         {"scale", 0.5}}}}};
}

TEST(Couplers, SceneFileCouplersAreReadAppliedAndHeld) {
  const scene::Scene sc = scene::read_scene_json(coupled_scene(), "coupled.json", "");
  ASSERT_EQ(sc.loops.couplers().size(), 1u);
  EXPECT_EQ(sc.loops.num_loops(), 0);
  const CoordinateCoupler& c = sc.loops.couplers()[0];
  EXPECT_EQ(c.dependent, 2);
  EXPECT_NEAR(sc.initial.q[2], 0.5 * c.function(0.6), 1e-15) << "the initial state is put on the coupler";
  double df = 0.0, f = 0.0;
  const double x = 0.6;
  c.function.evaluate(&x, f, &df, nullptr);
  EXPECT_NEAR(sc.initial.qd[2], 0.5 * df * 1.5, 1e-15);
  Simulator sim(sc.model, sc.forces, SimulatorOptions{.loops = &sc.loops});
  SimulationState s = sc.initial;
  for (int k = 0; k < 500; ++k) sim.step(s, 1e-3, Integrator::RK4);
  EXPECT_LT(sim.loop_errors(s).position, 1e-7);
}

TEST(Couplers, SceneFileErrorsNameTheMember) {
  const auto error_of = [](const nlohmann::json& doc) -> std::string {
    try {
      scene::read_scene_json(doc, "coupled.json", "");
    } catch (const io::FileError& e) {
      return e.what();
    }
    return "accepted";
  };
  nlohmann::json doc = coupled_scene();
  doc["couplers"][0]["coordinate"] = "c.nope";
  EXPECT_NE(error_of(doc).find("/couplers/0/coordinate"), std::string::npos) << error_of(doc);
  EXPECT_NE(error_of(doc).find("no coordinate \"c.nope\""), std::string::npos) << error_of(doc);
  doc = coupled_scene();
  doc["couplers"][0]["independents"] = {"a.q", "b.q"};
  EXPECT_NE(error_of(doc).find("takes 1 inputs but 2"), std::string::npos) << error_of(doc);
  doc = coupled_scene();
  doc["couplers"][0]["function"]["type"] = "Sine";
  EXPECT_NE(error_of(doc).find("/couplers/0/function/type"), std::string::npos) << error_of(doc);
  doc = coupled_scene();
  doc["couplers"][0]["independents"] = nlohmann::json::array();
  EXPECT_NE(error_of(doc).find("at least one independent"), std::string::npos) << error_of(doc);
  doc = coupled_scene();
  doc["couplers"][0]["bogus"] = 1;
  EXPECT_NE(error_of(doc).find("bogus"), std::string::npos) << error_of(doc);
}

}  // namespace
}  // namespace js
