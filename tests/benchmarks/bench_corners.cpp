// the cost of a sharp corner (core/dynamics/corner_impulse.hpp): one rk4 / implicit midpoint step of a bead
// that crosses a corner of a 12-gon inside the step (the crossing search and the impulse) against the same
// step on the same wire away from corners (the baseline), and the impulse alone.
#include <benchmark/benchmark.h>

#include <cmath>

#include "core/dynamics/simulator.hpp"

namespace {

using namespace js;

// a regular 12-gon of circumradius 0.3 m in the x-z plane (flat bottom edge), every vertex a triple knot;
// q is the arc length, vertex i at i · edge.
MultibodyModel polygon_bead() {
  constexpr int n = 12;
  const double edge = 2.0 * 0.3 * std::sin(kPi / n);
  std::vector<Vec3> points;
  for (int i = 0; i < n; ++i) {
    const double a = -kPi / 2 + kPi / n + 2.0 * kPi * i / n;
    points.emplace_back(0.3 * std::cos(a), 0.0, 0.3 * std::sin(a));
  }
  std::vector<SE3> frames;
  for (int i = 0; i < n; ++i) {
    const Vec3& b = points[static_cast<std::size_t>((i + 1) % n)];
    for (int m = 0; m < 3; ++m) frames.emplace_back(Mat3::Identity(), points[static_cast<std::size_t>(i)] + (b - points[static_cast<std::size_t>(i)]) * (m / 3.0));
  }
  std::vector<double> knots{-edge};
  for (int i = 1; i < 3 * n + 7; ++i) knots.push_back(((i - 1) / 3) * edge);
  MultibodyModel model;
  BodyInertia bead;
  bead.mass = 0.1;
  model.add_body("bead", -1, std::make_shared<SplineCurveJoint>(frames, spline::KnotVector(3 * n, 4, knots, true)), bead);
  return model;
}

// arg 0: integrator (2 rk4, 4 implicit midpoint); arg 1: 1 = the step crosses a corner, 0 = it does not
void BM_CornerStep(benchmark::State& state) {
  const MultibodyModel model = polygon_bead();
  const ForceSet forces;
  Simulator sim(model, forces);
  const auto integrator = static_cast<Integrator>(state.range(0));
  const double edge = 2.0 * 0.3 * std::sin(kPi / 12);
  // 2 m/s along the second edge: 1 ms before its end vertex, or mid-edge
  SimulationState start;
  start.q = Eigen::VectorXd::Constant(1, state.range(1) != 0 ? 2.0 * edge - 0.0013 : 1.5 * edge);
  start.qd = Eigen::VectorXd::Constant(1, 2.0);
  SimulationState s = start;
  int corners = 0;
  for (auto _ : state) {
    s.t = start.t;
    s.q = start.q;
    s.qd = start.qd;
    sim.step(s, 2e-3, integrator);
    corners += sim.corners_crossed();
    benchmark::DoNotOptimize(s.qd.data());
  }
  state.counters["corners_per_step"] = static_cast<double>(corners) / static_cast<double>(state.iterations());
}
BENCHMARK(BM_CornerStep)->ArgsProduct({{2, 4}, {0, 1}})->Unit(benchmark::kMicrosecond);

// the impulse alone at the corner (kinematics, two momentum sweeps, crba, a cholesky solve)
void BM_CornerImpulse(benchmark::State& state) {
  const MultibodyModel model = polygon_bead();
  CornerImpulse impulse(model);
  MultibodyData data(model);
  const double edge = 2.0 * 0.3 * std::sin(kPi / 12);
  CornerCrossing crossing;
  impulse.first_crossing(0, 2.0 * edge - 0.001, 2.0 * edge + 0.001, crossing);
  const Eigen::VectorXd q = Eigen::VectorXd::Constant(1, crossing.q);
  Eigen::VectorXd qd(1);
  for (auto _ : state) {
    qd[0] = 2.0;
    impulse.apply(data, 0.0, q, qd, crossing);
    benchmark::DoNotOptimize(qd.data());
  }
}
BENCHMARK(BM_CornerImpulse)->Unit(benchmark::kMicrosecond);

}  // namespace
