// closed loops (core/dynamics/loop_*): the rows' jacobian and bias against finite differences, the
// four-bar's closure and energy, compliance (λ = −δ/c at rest) and redundant rows.
#include <cmath>
#include <cstdio>
#include <fstream>
#include <random>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "core/dynamics/algorithms.hpp"
#include "core/dynamics/loop_solver.hpp"
#include "core/dynamics/simulator.hpp"
#include "core/scene/scene_file.hpp"
#include "tests/support/alloc_counter.hpp"
#include "tests/core/dynamics/dynamics_test_util.hpp"

namespace js {
namespace {

const std::string kScenes = std::string(JS_SOURCE_DIR) + "/resources/scenes/";

// rows of one loop at (q, q̇), with the bias when asked (kinematics at the needed level first).
struct Rows {
  Eigen::VectorXd delta, delta_dot, bias;
  Eigen::MatrixXd G;
};

Rows loop_rows(const MultibodyModel& model, MultibodyData& data, const LoopConstraint& loop, LoopData& ld,
               const Eigen::VectorXd& q, const Eigen::VectorXd& qd) {
  forward_kinematics(model, data, 0.0, q, qd, Eigen::VectorXd(), KinematicsLevel::Acceleration);
  Rows r{Eigen::VectorXd::Zero(ld.rows), Eigen::VectorXd::Zero(ld.rows), Eigen::VectorXd::Zero(ld.rows),
         Eigen::MatrixXd::Zero(ld.rows, model.nq())};
  evaluate_loop(model, data, loop, ld, true, LoopRows{r.delta, r.delta_dot, r.G, r.bias});
  return r;
}

// a random tree and a loop of a random joint kind between two of its bodies, placed so that it is closed
// at q0 (the loop joint's parent offset absorbs the relative pose).
struct ClosedLoopCase {
  MultibodyModel model;
  LoopConstraint loop;
  Eigen::VectorXd q0;
};

ClosedLoopCase closed_loop_case(int seed, int loop_kind) {
  std::mt19937 rng(static_cast<unsigned>(seed));
  ClosedLoopCase c;
  c.model = test::random_tree(5, rng, seed);
  c.q0 = test::random_vector(c.model.nq(), rng, 0.8);
  std::shared_ptr<JointModel> joint = test::random_joint(loop_kind, rng);
  MultibodyData data(c.model);
  forward_kinematics(c.model, data, 0.0, c.q0);
  std::uniform_int_distribution<int> pick(-1, 4);
  int a = pick(rng), b = pick(rng);
  while (b < 0 || b == a) b = pick(rng);
  const SE3 world_T_a = a < 0 ? c.model.world_T_root : data.bodies[static_cast<std::size_t>(a)].world_T_body;
  const SE3 a_T_b = world_T_a.inverse() * data.bodies[static_cast<std::size_t>(b)].world_T_body;
  // G(s0) = parent_T_joint · G_local(s0) · moving_T_child must equal a_T_b at s0 = 0.3 (each coordinate)
  const JointVector s0 = JointVector::Constant(joint->dof(), 0.3);
  JointData jd(joint->dof());
  joint->evaluate(s0, jd, EvalLevel::Transform);
  const SE3 local = joint->parent_T_joint().inverse() * jd.G;
  joint->set_offsets(a_T_b * local.inverse(), joint->moving_T_child());
  c.loop.name = "case" + std::to_string(seed);
  c.loop.body_a = a;
  c.loop.body_b = b;
  c.loop.joint = joint;
  return c;
}

TEST(Loops, JacobianAndBiasMatchFiniteDifferences) {
  int checked = 0, bias_checked = 0;
  for (int seed = 0; seed < 24; ++seed) {
    const int kind = seed % test::kNumJointKinds;
    ClosedLoopCase c = closed_loop_case(seed, kind);
    if (c.loop.joint->dof() >= 6) continue;
    LoopSet loops;
    loops.add(c.model, c.loop);
    LoopData ld(c.model, loops.loop(0), loops.rows(0));
    MultibodyData data(c.model);
    const int nq = c.model.nq();
    std::mt19937 rng(static_cast<unsigned>(100 + seed));
    Eigen::VectorXd qd = test::random_vector(nq, rng);
    const Rows r0 = loop_rows(c.model, data, loops.loop(0), ld, c.q0, qd);
    ASSERT_LT(r0.delta.norm(), 1e-9) << "seed " << seed << ": the case is not closed";
    // G = ∂δ/∂q on the constraint (δ = 0 there, so the basis N's own change does not enter)
    const double h = 1e-6;
    for (int k = 0; k < nq; ++k) {
      Eigen::VectorXd qp = c.q0, qm = c.q0;
      qp[k] += h;
      qm[k] -= h;
      LoopData lp = ld, lm = ld;
      const Rows rp = loop_rows(c.model, data, loops.loop(0), lp, qp, qd);
      const Rows rm = loop_rows(c.model, data, loops.loop(0), lm, qm, qd);
      // in the basis of q0: the qr complement basis may flip sign where a component of S is exactly 0
      const Eigen::VectorXd fd = ld.N * (lp.phi - lm.phi) / (2 * h);
      EXPECT_LT((fd - r0.G.col(k)).norm(), 1e-6 * (1.0 + fd.norm())) << "seed " << seed << " column " << k;
    }
    // on the constraint with G q̇ = 0: d/dt (G q̇) = G q̈ − γ0 along q(t) = q0 + t q̇ + t²/2 q̈
    const Eigen::MatrixXd pinv = r0.G.completeOrthogonalDecomposition().pseudoInverse();
    qd -= pinv * (r0.G * qd);
    const Eigen::VectorXd qdd = test::random_vector(nq, rng);
    const Rows rs = loop_rows(c.model, data, loops.loop(0), ld, c.q0, qd);
    const double dt = 1e-5;
    LoopData lp = ld, lm = ld;
    const Rows rp = loop_rows(c.model, data, loops.loop(0), lp, c.q0 + dt * qd + 0.5 * dt * dt * qdd, qd + dt * qdd);
    const Rows rm = loop_rows(c.model, data, loops.loop(0), lm, c.q0 - dt * qd + 0.5 * dt * dt * qdd, qd - dt * qdd);
    // d/dt (N V_rel) needs N(t) itself (its change is the ṡᵀ∇Sṡ term), so compare only where the basis is
    // continuous over ±dt (an equivalent basis with flipped signs is not a derivative)
    ++checked;
    if ((lp.N - ld.N).norm() > 1e-3 || (lm.N - ld.N).norm() > 1e-3) continue;
    const Eigen::VectorXd fd = (rp.delta_dot - rm.delta_dot) / (2 * dt);
    const Eigen::VectorXd analytic = rs.G * qdd - rs.bias;
    EXPECT_LT((fd - analytic).norm(), 1e-5 * (1.0 + fd.norm())) << "seed " << seed << " kind " << kind;
    ++bias_checked;
  }
  EXPECT_GE(checked, 20);
  EXPECT_GE(bias_checked, 15);
}

TEST(Loops, FourBarStaysClosedAndConservesEnergy) {
  const scene::Scene s = scene::read_scene_file(kScenes + "four_bar.json");
  ASSERT_EQ(s.loops.num_loops(), 1);
  ASSERT_EQ(s.loops.total_rows(), 2);
  SimulatorOptions options;
  options.loops = &s.loops;
  Simulator sim(s.model, s.forces, options);
  SimulationState state = s.initial;
  const LoopErrors e0 = sim.loop_errors(state);
  EXPECT_LT(e0.position, 1e-12);
  EXPECT_LT(e0.velocity, 1e-6);
  const MechanicalState m0 = sim.measure(state);
  const double energy0 = m0.kinetic + m0.potential;
  double max_position = 0.0, max_velocity = 0.0, max_drift = 0.0;
  for (int k = 0; k < 5000; ++k) {  // 5 s at 1 ms, rk4
    sim.step(state, 1e-3, Integrator::RK4);
    const LoopErrors e = sim.loop_errors(state);
    max_position = std::max(max_position, e.position);
    max_velocity = std::max(max_velocity, e.velocity);
    const MechanicalState m = sim.measure(state);
    max_drift = std::max(max_drift, std::abs(m.kinetic + m.potential - energy0));
  }
  // the crank turns fully (a crank-rocker): it has gone round several times
  EXPECT_GT(std::abs(state.q[0] - s.initial.q[0]), 4 * kPi);
  EXPECT_LT(max_position, 1e-8);
  EXPECT_LT(max_velocity, 1e-7);
  EXPECT_LT(max_drift / std::abs(m0.kinetic), 1e-6);
  std::printf("four-bar, rk4 1 ms, 5 s: max |delta| %.2e m, max |delta dot| %.2e m/s, energy drift %.2e J (%.2e of the "
              "kinetic energy)\n", max_position, max_velocity, max_drift, max_drift / m0.kinetic);
}

// the four-bar's crank against a bound: the limit impulse carries the loop's hard rows, so the stop does
// not open the loop (a limit impulse through M⁻¹ alone leaves G q̇ ≠ 0, which only baumgarte then pulls
// back), the crank never passes its bound, and the bodies stay linked at a large step too.
TEST(Loops, LimitInAClosedLoopKeepsItClosed) {
  nlohmann::json doc = nlohmann::json::parse(std::ifstream(kScenes + "four_bar.json"));
  const scene::Scene free_scene = scene::read_scene_json(doc, "four_bar.json", kScenes);
  const double q_max = free_scene.initial.q[0] + 1.0;  // the crank turns fully when free
  doc["bodies"][0]["joint"]["coordinates"][0]["max"] = q_max;
  const scene::Scene s = scene::read_scene_json(doc, "four_bar.json", kScenes);
  ASSERT_EQ(s.model.coordinate_info(0).max, q_max);
  for (const double dt : {1e-3, 2e-2}) {
    SimulatorOptions options;
    options.loops = &s.loops;
    Simulator sim(s.model, s.forces, options);
    SimulationState state = s.initial;
    int stops = 0;
    double worst_velocity_at_stop = 0.0, worst_position = 0.0, worst_q = -1e300;
    for (int k = 0; k < static_cast<int>(3.0 / dt); ++k) {
      sim.step(state, dt, Integrator::RK4);
      worst_q = std::max(worst_q, state.q[0]);
      const LoopErrors e = sim.loop_errors(state);
      worst_position = std::max(worst_position, e.position);
      if (sim.engaged_constraints() > 0) {
        ++stops;
        worst_velocity_at_stop = std::max(worst_velocity_at_stop, e.velocity);
      }
    }
    EXPECT_GT(stops, 0) << "the crank never reached its bound, dt " << dt;
    EXPECT_LE(worst_q, q_max) << "dt " << dt;
    EXPECT_LT(worst_velocity_at_stop, 1e-9) << "the stop opened the loop, dt " << dt;
    EXPECT_LT(worst_position, dt < 1e-2 ? 1e-9 : 1e-4) << "dt " << dt;
    std::printf("four-bar crank on a bound, rk4 %g s: %d stopping steps, max |delta dot| after a stop %.1e, "
                "max |delta| %.1e\n", dt, stops, worst_velocity_at_stop, worst_position);
  }
}

TEST(Loops, StepAllocatesNothing) {
  const scene::Scene s = scene::read_scene_file(kScenes + "four_bar.json");
  SimulatorOptions options;
  options.loops = &s.loops;
  Simulator sim(s.model, s.forces, options);
  SimulationState state = s.initial;
  sim.step(state, 1e-3, Integrator::RK4);  // the first solve checks the rank (allocates once)
  for (Integrator integrator : {Integrator::RK4, Integrator::SymplecticEuler, Integrator::ExplicitEuler}) {
    const long before = test::allocation_count();
    for (int k = 0; k < 10; ++k) sim.step(state, 1e-3, integrator);
    EXPECT_EQ(test::allocation_count() - before, 0) << integrator_name(integrator);
  }
  // the same with the crank on a bound: the loop re-closure and the impulse with loop rows allocate nothing
  nlohmann::json doc = nlohmann::json::parse(std::ifstream(kScenes + "four_bar.json"));
  doc["bodies"][0]["joint"]["coordinates"][0]["max"] = s.initial.q[0] + 1.0;
  const scene::Scene limited = scene::read_scene_json(doc, "four_bar.json", kScenes);
  Simulator on_stop(limited.model, limited.forces, SimulatorOptions{.loops = &limited.loops});
  state = limited.initial;
  while (on_stop.engaged_constraints() == 0 && state.t < 3.0) on_stop.step(state, 1e-3, Integrator::RK4);
  ASSERT_GT(on_stop.engaged_constraints(), 0) << "the crank never reached its bound";
  const long before = test::allocation_count();
  int engaged = 0;
  for (int k = 0; k < 50; ++k) {
    on_stop.step(state, 1e-3, Integrator::RK4);
    engaged += on_stop.engaged_constraints();
  }
  EXPECT_GT(engaged, 0);
  EXPECT_EQ(test::allocation_count() - before, 0);
}

// a 0.5 m, 1 kg rod on a z hinge at the origin, and a weld of compliance c and damping d holding its tip to
// the world where it starts.
MultibodyModel hinged_rod(const Vec3& gravity) {
  MultibodyModel model;
  model.gravity = gravity;
  model.add_body("rod", -1, std::make_shared<RevoluteJoint>(Vec3::UnitZ()),
                 BodyInertia::box(1.0, Vec3(0.5, 0.02, 0.02), Vec3(0.25, 0, 0)));
  return model;
}

LoopSet tip_weld(const MultibodyModel& model, double c, double d) {
  LoopSet loops;
  LoopConstraint weld;
  weld.name = "tip";
  weld.body_b = 0;
  auto joint = std::make_shared<FixedJoint>();
  joint->set_offsets(SE3::translation(Vec3(0.5, 0, 0)), SE3::translation(Vec3(-0.5, 0, 0)));
  weld.joint = joint;
  weld.compliance = c;
  weld.damping = d;
  loops.add(model, weld);
  return loops;
}

// a rod on a z hinge with its tip welded (compliantly) to the world where it starts, under gravity: at rest
// each row's multiplier is −δ/c (artisynth eq. 3.19).
TEST(Loops, CompliantForceIsMinusViolationOverCompliance) {
  const MultibodyModel model = hinged_rod(Vec3(0, -9.81, 0));
  for (const double c : {1e-4, 1e-5}) {
    const LoopSet loops = tip_weld(model, c, critical_damping(c, 1.0));
    SimulatorOptions options;
    options.loops = &loops;
    const ForceSet no_forces;
    Simulator sim(model, no_forces, options);
    SimulationState state{0.0, Eigen::VectorXd::Zero(1), Eigen::VectorXd::Zero(1)};
    for (int k = 0; k < 3000; ++k) sim.step(state, 1e-3, Integrator::SymplecticEuler);
    sim.accelerations(state.t, state.q, state.qd);
    const LoopSolver& solver = *sim.loops();
    ASSERT_GT(solver.delta().norm(), 1e-7) << "the weld did not give";
    EXPECT_LT(std::abs(state.qd[0]), 1e-9);
    EXPECT_LT((solver.lambda() + solver.delta() / c).norm(), 1e-6 * solver.lambda().norm()) << "c = " << c;
    // rows are measured at the weld frame (the tip): a hinge turn θ violates rz by θ and y by ℓθ, so the
    // weight's moment m g ℓ/2 = θ (1 + ℓ²)/c with ℓ = 0.5
    EXPECT_NEAR(state.q[0], -9.81 * 0.25 * c / 1.25, 1e-3 * 9.81 * c);
  }
}

// the same rod without gravity, its tip welded to the world by an undamped compliant weld and set
// swinging: the weld is a spring, so its ½‖δ‖²/c belongs to the potential, and kinetic + potential stays
// put while the kinetic energy swings through zero. what is left is the regularized solve's own damping,
// h/c per row (artisynth eq. 3.20–3.22 with d = 0), first order in the step: halving h halves the drift.
// a wrong spring energy would leave an error of the order of the swing whatever the step.
TEST(Loops, CompliantLoopEnergyIsInThePotential) {
  const MultibodyModel model = hinged_rod(Vec3::Zero());
  const LoopSet loops = tip_weld(model, 1e-2, 0.0);
  SimulatorOptions options;
  options.loops = &loops;
  const ForceSet no_forces;
  auto run = [&](double h) {
    Simulator sim(model, no_forces, options);
    SimulationState state{0.0, Eigen::VectorXd::Zero(1), Eigen::VectorXd::Constant(1, 2.0)};
    const MechanicalState m0 = sim.measure(state);
    EXPECT_LT(m0.potential, 1e-20);  // closed at the start
    double k_min = m0.kinetic, worst = 0.0;
    for (int k = 0; k < static_cast<int>(std::lround(1.0 / h)); ++k) {
      sim.step(state, h, Integrator::RK4);
      const MechanicalState m = sim.measure(state);
      k_min = std::min(k_min, m.kinetic);
      worst = std::max(worst, std::abs(m.kinetic + m.potential - m0.kinetic) / m0.kinetic);
    }
    EXPECT_LT(k_min, 0.05 * m0.kinetic) << "the rod never stopped against the weld";
    EXPECT_GT(sim.loops()->potential(), 0.0);
    return worst;
  };
  const double coarse = run(1e-4);
  const double fine = run(5e-5);
  std::printf("compliant weld, 1 s: energy drift %.2e at h = 0.1 ms, %.2e at h = 0.05 ms\n", coarse, fine);
  EXPECT_LT(coarse, 0.15);
  EXPECT_LT(fine, 0.6 * coarse);
  EXPECT_GT(fine, 0.4 * coarse);
}

TEST(Loops, RedundantRowsNeedCompliance) {
  scene::Scene s = scene::read_scene_file(kScenes + "double_spline.json");
  ASSERT_GT(s.loops.loop(0).compliance, 0.0);
  {
    SimulatorOptions options;
    options.loops = &s.loops;
    Simulator sim(s.model, s.forces, options);
    SimulationState state = s.initial;
    for (int k = 0; k < 500; ++k) sim.step(state, 1e-3, Integrator::RK4);
    EXPECT_TRUE(state.q.allFinite());
    EXPECT_LT(sim.loop_errors(state).position, 1e-9);  // the two joints agree: nothing to violate
    EXPECT_GT(std::abs(state.q[0] - s.initial.q[0]), 0.05);  // and the knee swings as without the loop
  }
  // the same loop hard: five rows of rank zero
  LoopSet hard;
  LoopConstraint loop = s.loops.loop(0);
  loop.compliance = 0.0;
  loop.damping = 0.0;
  hard.add(s.model, loop);
  SimulatorOptions options;
  options.loops = &hard;
  Simulator sim(s.model, s.forces, options);
  SimulationState state = s.initial;
  try {
    sim.step(state, 1e-3, Integrator::RK4);
    FAIL() << "a redundant hard loop was solved";
  } catch (const RedundantLoopsError& e) {
    EXPECT_NE(std::string(e.what()).find("second_knee"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("rank 0"), std::string::npos) << e.what();
  }
}

TEST(Loops, PlanarFourBarWithAllThreePointRowsIsRedundant) {
  scene::Scene s = scene::read_scene_file(kScenes + "four_bar.json");
  LoopSet loops;
  LoopConstraint pin = s.loops.loop(0);
  pin.axes = 0;  // x, y and the out-of-plane z row, which no planar motion can violate
  loops.add(s.model, pin);
  SimulatorOptions options;
  options.loops = &loops;
  Simulator sim(s.model, s.forces, options);
  SimulationState state = s.initial;
  EXPECT_THROW(sim.step(state, 1e-3, Integrator::RK4), RedundantLoopsError);
  // with compliance the same three rows are solvable and keep the loop closed to about c·λ
  loops = LoopSet();
  pin.compliance = 1e-7;
  pin.damping = critical_damping(pin.compliance, 1.3);
  loops.add(s.model, pin);
  Simulator soft(s.model, s.forces, options);
  state = s.initial;
  double worst = 0.0;
  for (int k = 0; k < 1000; ++k) {
    soft.step(state, 1e-3, Integrator::RK4);
    worst = std::max(worst, soft.loop_errors(state).position);
  }
  EXPECT_LT(worst, 1e-4);
}

TEST(Loops, BadLoopsAreRejected) {
  scene::Scene s = scene::read_scene_file(kScenes + "four_bar.json");
  LoopConstraint pin = s.loops.loop(0);
  LoopSet loops;
  pin.axes = 1u;  // rx: a point loop leaves rotation free, so this axis would resist the joint
  EXPECT_THROW(loops.add(s.model, pin), std::invalid_argument);
  pin.axes = 0;
  pin.body_a = pin.body_b;
  EXPECT_THROW(loops.add(s.model, pin), std::invalid_argument);
  pin.body_a = -1;
  pin.compliance = -1.0;
  EXPECT_THROW(loops.add(s.model, pin), std::invalid_argument);
}

}  // namespace
}  // namespace js
