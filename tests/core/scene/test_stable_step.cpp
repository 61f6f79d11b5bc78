// the largest-stable-step finder (core/scene/stable_step.hpp): the answer is stable and the step above it is
// not; each criterion can be the one that fails; explicit euler's step on an undamped pendulum is limited by
// its energy growth and is smaller than symplectic euler's; the reference interpolates its own samples.
#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>
#include <string>

#include "core/dynamics/simulator.hpp"
#include "core/scene/scene_file.hpp"
#include "core/scene/stable_step.hpp"

namespace js::scene {
namespace {

// a 1 m pendulum (point-like bob of 1 kg) released at 1 rad, no damping: nothing drives it, so the energy
// criterion applies.
Scene pendulum(double damping = 0.0) {
  const std::string text = R"({"format": "jointsmith.scene", "version": 1,
    "settings": {"dt": 0.001, "duration": 4.0},
    "bodies": [{"name": "bob", "joint": {"kind": "revolute", "dof": 1, "coordinates": [{"name": "a"}],
                                         "axis": [1, 0, 0]},
                "mass": 1.0, "com": [0, 0, -1.0], "inertia": [[1e-4, 0, 0], [0, 1e-4, 0], [0, 0, 1e-4]]}],
    "forces": {"joint_damping": )" + std::to_string(damping) + R"(},
    "initial_state": {"q": {"bob.a": 1.0}}})";
  return read_scene_text(text, "pendulum.json");
}

TEST(StableStep, ReferenceInterpolatesItsSamplesAndIsConverged) {
  const Scene s = pendulum();
  const ReferenceRun ref = run_reference(s, 1e-3, 1.5);
  ASSERT_TRUE(ref.finite);
  EXPECT_GE(ref.t.back(), 1.5);
  Eigen::VectorXd q;
  for (std::size_t i : {std::size_t{0}, std::size_t{17}, ref.t.size() - 2}) {
    reference_q_at(ref, ref.t[i], q);
    EXPECT_NEAR(q[0], ref.q[i][0], 1e-14);
  }
  // between samples, hermite interpolation is O(h⁴): compare with a run at half the step
  const ReferenceRun fine = run_reference(s, 5e-4, 1.5);
  reference_q_at(ref, fine.t[501], q);
  EXPECT_NEAR(q[0], fine.q[501][0], 1e-9);
  EXPECT_LT(ref.self_error, 1e-9);
  // the unbounded coordinate's scale is its excursion (it swings between ±1 rad)
  EXPECT_NEAR(ref.scale[0], 2.0, 1e-3);
  // energy scale: the kinetic energy swing, m g l (1 − cos 1); the largest energy is the start's
  EXPECT_NEAR(ref.energy_max, -9.81 * std::cos(1.0), 1e-9);
  EXPECT_NEAR(ref.energy_scale, 9.81 * (1.0 - std::cos(1.0)), 1e-4);
}

TEST(StableStep, AnswerIsStableAndTheStepAboveItIsNot) {
  const Scene s = pendulum();
  StableStepOptions o;
  o.integrator = Integrator::SymplecticEuler;
  o.duration = 4.0;
  const StableStepResult r = find_stable_step(s, o);
  ASSERT_TRUE(r.found);
  EXPECT_FALSE(r.capped);
  EXPECT_FALSE(r.driven);
  EXPECT_GT(r.unstable_dt, r.dt);
  EXPECT_LE(r.unstable_dt / r.dt - 1.0, o.relative_precision);
  EXPECT_TRUE(check_step(s, o.integrator, r.dt, 4.0, r.reference, o.criteria).stable);
  const StepTrial above = check_step(s, o.integrator, r.unstable_dt, 4.0, r.reference, o.criteria);
  EXPECT_FALSE(above.stable);
  EXPECT_FALSE(above.failure.empty());
  // every trial below the answer that was tried passed, every one above failed (doubling then bisection)
  for (const StepTrial& t : r.trials) EXPECT_EQ(t.stable, t.dt <= r.dt) << t.dt;
}

TEST(StableStep, ExplicitEulerGainsEnergyAndStopsBelowSymplectic) {
  const Scene s = pendulum();
  StableStepOptions o;
  o.criteria.trajectory_tolerance = 0.0;  // energy alone
  o.integrator = Integrator::ExplicitEuler;
  const StableStepResult euler = find_stable_step(s, o);
  o.integrator = Integrator::SymplecticEuler;
  const StableStepResult symplectic = find_stable_step(s, o);
  ASSERT_TRUE(euler.found);
  ASSERT_TRUE(symplectic.found);
  EXPECT_LT(euler.dt, symplectic.dt);
  const StepTrial above = check_step(s, Integrator::ExplicitEuler, euler.unstable_dt, 4.0, euler.reference, o.criteria);
  EXPECT_NE(above.failure.find("energy exceeds"), std::string::npos) << above.failure;
  EXPECT_GT(above.energy_rise, o.criteria.energy_tolerance);
}

TEST(StableStep, TrajectoryCriterionBindsWhenTheEnergyIsNotChecked) {
  const Scene s = pendulum();
  StableStepOptions o;
  o.criteria.energy_tolerance = 0.0;
  o.integrator = Integrator::RK4;
  const StableStepResult r = find_stable_step(s, o);
  ASSERT_TRUE(r.found);
  const StepTrial above = check_step(s, o.integrator, r.unstable_dt, 4.0, r.reference, o.criteria);
  EXPECT_NE(above.failure.find("from the reference"), std::string::npos) << above.failure;
  // a looser tolerance allows a larger step
  o.criteria.trajectory_tolerance = 0.2;
  EXPECT_GT(find_stable_step(s, o).dt, r.dt);
  // and so does a shorter horizon
  o.criteria.trajectory_tolerance = 0.05;
  o.criteria.trajectory_horizon = 0.25;
  EXPECT_GT(find_stable_step(s, o).dt, r.dt);
}

TEST(StableStep, CapIsReportedWhenTheLargestStepTriedIsStable) {
  const Scene s = pendulum(0.5);
  StableStepOptions o;
  o.integrator = Integrator::RK4;
  o.max_dt = 0.004;
  const StableStepResult r = find_stable_step(s, o);
  EXPECT_TRUE(r.found);
  EXPECT_TRUE(r.capped);
  EXPECT_DOUBLE_EQ(r.dt, 0.004);
}

TEST(StableStep, BadInputThrows) {
  const Scene s = pendulum();
  StableStepOptions o;
  o.duration = 0.0;
  EXPECT_THROW(find_stable_step(s, o), std::invalid_argument);
}

}  // namespace
}  // namespace js::scene

namespace js::scene {
namespace {

// regression: the reference and the trials ran the scene without its loops (an open chain for the
// four-bar); both now close them, as simulate does
TEST(StableStep, LoopScenesAreSteppedWithTheirLoops) {
  const Scene sc = read_scene_file(std::string(JS_SOURCE_DIR) + "/resources/scenes/four_bar.json");
  ASSERT_FALSE(sc.loops.empty());
  const ReferenceRun ref = run_reference(sc, 1e-3, 0.5);
  ASSERT_TRUE(ref.finite);
  Simulator closed(sc.model, sc.forces, SimulatorOptions{.loops = &sc.loops});
  Simulator open(sc.model, sc.forces);
  SimulationState a = sc.initial, b = sc.initial;
  const std::size_t steps = ref.t.size() - 1;
  for (std::size_t k = 0; k < steps; ++k) {
    closed.step(a, 1e-3, Integrator::RK4);
    open.step(b, 1e-3, Integrator::RK4);
  }
  EXPECT_LT((ref.q.back() - a.q).cwiseAbs().maxCoeff(), 1e-12);
  EXPECT_GT((ref.q.back() - b.q).cwiseAbs().maxCoeff(), 1e-3);
  StabilityCriteria criteria;
  const StepTrial trial = check_step(sc, Integrator::RK4, 1e-3, 0.5, ref, criteria);
  EXPECT_TRUE(trial.stable) << trial.failure;
  EXPECT_LT(trial.trajectory_error, 1e-9);
}

}  // namespace
}  // namespace js::scene
