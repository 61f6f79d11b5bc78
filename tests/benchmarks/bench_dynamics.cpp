// forward dynamics (aba, appendix A) per call: the paper's knee (1-dof spline), the 8-chain of spline joints
// ("SIGGRAPH Joint 1": 6 ms and 49 ms per step in 2008), and chains of 64 and 512 to show O(n).
// also rnea and crba on the same chains for comparison, and a simulation step with coordinate couplers against the
// same chain free. run from a Release build.
#include <benchmark/benchmark.h>

#include "core/dynamics/algorithms.hpp"
#include "core/dynamics/examples.hpp"
#include "core/dynamics/simulator.hpp"
#include "core/ik/ik.hpp"
#include "core/motion/scripted_motion.hpp"
#include "core/scene/scene_file.hpp"

namespace {

using namespace js;

struct Case {
  MultibodyModel model;
  MultibodyData data;
  Eigen::VectorXd q, qd, tau;
  explicit Case(MultibodyModel m)
      : model(std::move(m)),
        data(model),
        q(Eigen::VectorXd::LinSpaced(model.nq(), 0.3, 1.9)),
        qd(Eigen::VectorXd::LinSpaced(model.nq(), -0.5, 0.7)),
        tau(Eigen::VectorXd::LinSpaced(model.nq(), 0.1, -0.2)) {}
};

void BM_AbaKnee(benchmark::State& state) {
  Case c(example_knee());
  for (auto _ : state) {
    benchmark::DoNotOptimize(aba(c.model, c.data, 0.0, c.q, c.qd, c.tau).data());
    benchmark::ClobberMemory();
  }
}
BENCHMARK(BM_AbaKnee);

void BM_AbaSplineChain(benchmark::State& state) {
  Case c(example_spline_chain(static_cast<int>(state.range(0))));
  for (auto _ : state) {
    benchmark::DoNotOptimize(aba(c.model, c.data, 0.0, c.q, c.qd, c.tau).data());
    benchmark::ClobberMemory();
  }
  state.SetComplexityN(state.range(0));
}
BENCHMARK(BM_AbaSplineChain)->Arg(8)->Arg(64)->Arg(512)->Complexity(benchmark::oN);

void BM_RneaSplineChain(benchmark::State& state) {
  Case c(example_spline_chain(static_cast<int>(state.range(0))));
  for (auto _ : state) {
    benchmark::DoNotOptimize(rnea(c.model, c.data, 0.0, c.q, c.qd, c.tau).data());
    benchmark::ClobberMemory();
  }
}
BENCHMARK(BM_RneaSplineChain)->Arg(8)->Arg(64);

void BM_CrbaSplineChain(benchmark::State& state) {
  Case c(example_spline_chain(static_cast<int>(state.range(0))));
  for (auto _ : state) {
    benchmark::DoNotOptimize(crba(c.model, c.data, 0.0, c.q).data());
    benchmark::ClobberMemory();
  }
}
BENCHMARK(BM_CrbaSplineChain)->Arg(8)->Arg(64);

// the joint evaluation alone (G, S, ∇S of the knee), to see what the recursion adds.
void BM_KneeJointEvaluate(benchmark::State& state) {
  auto joint = example_knee_joint();
  JointData d(1);
  Eigen::VectorXd q(1);
  q << 1.1;
  for (auto _ : state) {
    joint->evaluate(q, d, EvalLevel::Hessian);
    benchmark::DoNotOptimize(d.dS.data());
    benchmark::ClobberMemory();
  }
}
BENCHMARK(BM_KneeJointEvaluate);

}  // namespace

namespace {

// the fig. 3 leg's toe at its pose for q = (0.5, 1.5, 0.2): a reachable target.
std::vector<IkTarget> leg_toe_target(const MultibodyModel& leg) {
  MultibodyData d(leg);
  forward_kinematics(leg, d, 0.0, Eigen::Vector3d(0.5, 1.5, 0.2));
  IkTarget t;
  t.body = 2;
  t.point = Vec3(0.0, -0.12, -0.08);
  t.position = d.bodies[2].world_T_body.act(t.point);
  return {t};
}

// damped least-squares ik of the fig. 3 leg: the toe to a reachable target from a fixed start.
void BM_IkLeg(benchmark::State& state) {
  const MultibodyModel leg = example_leg();
  IkSolver solver(leg);
  const std::vector<IkTarget> targets = leg_toe_target(leg);
  const Eigen::VectorXd q0 = Eigen::VectorXd::Constant(3, 0.3);
  int iterations = 0;
  for (auto _ : state) {
    const IkReport r = solver.solve(targets, q0);
    iterations = r.iterations;
    benchmark::DoNotOptimize(r.q.data());
  }
  state.counters["iterations"] = iterations;
}
BENCHMARK(BM_IkLeg);

// the same target from a far start (the ranges' opposite ends), where the local descent stalls and the
// solver restarts from range samples (IkOptions::restarts = 8, as the cli).
void BM_IkLegFarStart(benchmark::State& state) {
  const MultibodyModel leg = example_leg();
  IkSolver solver(leg);
  const std::vector<IkTarget> targets = leg_toe_target(leg);
  Eigen::VectorXd q0(3);
  for (int k = 0; k < 3; ++k) q0[k] = leg.coordinate_info(k).min + 0.03 * (leg.coordinate_info(k).max - leg.coordinate_info(k).min);
  IkOptions options;
  options.restarts = 8;
  int iterations = 0, starts = 0;
  for (auto _ : state) {
    const IkReport r = solver.solve(targets, q0, options);
    iterations = r.iterations;
    starts = r.starts;
    benchmark::DoNotOptimize(r.q.data());
  }
  state.counters["iterations"] = iterations;
  state.counters["starts"] = starts;
}
BENCHMARK(BM_IkLegFarStart);

// ik with a closed loop (IkOptions::loops): the four-bar's coupler point (0.175, 0.06, 0) from the scene's
// start (crank π/2) to where it is with the crank at 1.2 rad; every iterate is projected onto the loop.
void BM_IkFourBar(benchmark::State& state) {
  const scene::Scene sc = scene::read_scene_file(JS_SOURCE_DIR "/resources/scenes/four_bar.json");
  IkSolver solver(sc.model);
  IkTarget t;
  t.body = sc.model.find_body("coupler");
  t.point = Vec3(0.175, 0.06, 0.0);
  // the closed four-bar at crank 1.2 rad (circle intersection on the scene's branch)
  Eigen::VectorXd goal(3);
  goal << 1.2, -0.6009663838185825, -1.918161995634315;
  MultibodyData d(sc.model);
  forward_kinematics(sc.model, d, 0.0, goal);
  t.position = d.bodies[1].world_T_body.act(t.point);
  IkOptions options;
  options.loops = &sc.loops;
  int iterations = 0;
  double loop_error = 0.0;
  for (auto _ : state) {
    const IkReport r = solver.solve({t}, sc.initial.q, options);
    iterations = r.iterations;
    loop_error = r.loop_error;
    benchmark::DoNotOptimize(r.q.data());
  }
  state.counters["iterations"] = iterations;
  state.counters["loop_error"] = loop_error;
}
BENCHMARK(BM_IkFourBar);

}  // namespace

namespace {

// one scripted-motion sample of the knee (core/motion): timing curve root search, q(s) by safeguarded
// newton on the quadrature, and q̇, q̈ from eq. 12–13 and 17–18.
// the timing curve is c2 (quintic pieces, the default) or c1 (the paper's cubic V(v) with its root search).
void BM_ScriptedKneeSample(benchmark::State& state) {
  ArcLengthMetric metric;
  metric.length_scale = 0.05;
  auto arc = std::make_shared<JointArcLength>(example_knee_joint(), 0.1, 2.2, metric);
  const double L = arc->length();
  const auto kind = state.range(0) == 2 ? TimingContinuity::c2 : TimingContinuity::c1;
  const ScriptedMotion motion(arc, TimingCurve({{0.0, 0.0}, {0.5, 0.2 * L}, {1.2, 0.9 * L}, {2.0, L}}, kind));
  double t = 0.0;
  for (auto _ : state) {
    t = t > 1.9 ? 0.013 : t + 0.0371;
    const MotionSample s = motion.sample(t);
    benchmark::DoNotOptimize(s.qdd);
  }
}
BENCHMARK(BM_ScriptedKneeSample)->ArgName("continuity")->Arg(1)->Arg(2);

// the timing curve alone, c1 (newton on t(v)) against c2 (a quintic piece evaluated where t falls)
void BM_TimingCurveSample(benchmark::State& state) {
  const auto kind = state.range(0) == 2 ? TimingContinuity::c2 : TimingContinuity::c1;
  const TimingCurve curve({{0.0, 0.0}, {0.4, 0.3}, {1.0, 1.5}, {1.3, 1.5}, {2.0, 0.5}, {2.2, 0.1}}, kind);
  double t = 0.0;
  for (auto _ : state) {
    t = t > 2.1 ? 0.013 : t + 0.0371;
    const TimingSample s = curve.sample(t);
    benchmark::DoNotOptimize(s.s_ddot);
  }
}
BENCHMARK(BM_TimingCurveSample)->ArgName("continuity")->Arg(1)->Arg(2);

}  // namespace

namespace {

// one rk4 step of the 8-chain of spline joints with two coordinate couplers (q_7 from q_0 by a SimmSpline,
// q_5 from q_2 and q_3 by a quadratic), against the same chain free: the couplers' cost is two rows of the
// loop solver (crba, a cholesky and a 2×2 solve per stage)
void chain_step(benchmark::State& state, bool coupled) {
  const MultibodyModel model = example_spline_chain(8);
  LoopSet couplers;
  if (coupled) {
    CoordinateCoupler a;
    a.name = "a";
    a.dependent = 7;
    a.independents = {0};
    a.function = AxisFunction::spline(AxisFunctionKind::SimmSpline, {-1.0, 0.0, 1.0, 2.0}, {0.2, -0.1, 0.4, 0.3});
    couplers.add_coupler(model, a);
    CoordinateCoupler b;
    b.name = "b";
    b.dependent = 5;
    b.independents = {2, 3};
    b.function = AxisFunction::multivariate_polynomial(2, 2, {0.1, 0.4, -0.3, 0.7, 0.5, -0.2});
    couplers.add_coupler(model, b);
  }
  const ForceSet forces;
  Simulator sim(model, forces, SimulatorOptions{.loops = coupled ? &couplers : nullptr});
  SimulationState s{0.0, Eigen::VectorXd::LinSpaced(model.nq(), 0.3, 0.9), Eigen::VectorXd::Zero(model.nq())};
  apply_couplers(couplers.couplers(), s.q, s.qd);
  const SimulationState start = s;
  int k = 0;
  for (auto _ : state) {
    if (++k % 2000 == 0) s = start;  // stays in the functions' range
    sim.step(s, 1e-3, Integrator::RK4);
    benchmark::DoNotOptimize(s.q.data());
  }
}
void BM_StepSplineChainFree(benchmark::State& state) { chain_step(state, false); }
BENCHMARK(BM_StepSplineChainFree);
void BM_StepSplineChainCoupled(benchmark::State& state) { chain_step(state, true); }
BENCHMARK(BM_StepSplineChainCoupled);

}  // namespace
