// the maximal-coordinate skeleton solver (core/dynamics/skeleton.hpp, after hakenberg): one step of a
// hanging chain of n links, hinges or spherical joints, the first link hinged to a fixed ground body.
// the solve is dense (a 6n × 6n complete orthogonal decomposition), so the step grows like n³. and one step
// of each solver on the scenes made for both (resources/scenes/hinge_skeleton.json, ball_skeleton.json):
// the reduced simulator's rk4 step against the skeleton's step on the same mechanism.
#include <benchmark/benchmark.h>

#include <string>
#include <vector>

#include "core/dynamics/skeleton.hpp"
#include "core/scene/skeleton_scene.hpp"

namespace js {
namespace {

struct Chain {
  SkeletonModel model;
  std::vector<SkeletonBodyState> state;
};

// n rods of 0.2 m along −z below a fixed ground body, each 1 kg, joined at their ends; hinges turn about
// x, spherical joints leave all three rotations free. a small initial swing so the velocity terms matter.
Chain chain(int n, bool hinges) {
  Chain c;
  c.model.gravity = Vec3(0, 0, -9.81);
  SkeletonBody ground;
  ground.fixed = true;
  c.model.add_body(ground);
  c.state.emplace_back();
  const double length = 0.2;
  for (int i = 0; i < n; ++i) {
    SkeletonBody rod;
    rod.mass = 1.0;
    rod.inertia = Vec3(1.0 / 12 * length * length, 1.0 / 12 * length * length, 1e-4).asDiagonal();
    const int b = c.model.add_body(rod);
    SkeletonBodyState s;
    s.p = Vec3(0, 0, -length * (i + 0.5));
    s.w = Vec3(0.3, hinges ? 0.0 : 0.2, 0.0);
    c.state.push_back(s);
    const Vec3 top(0, 0, 0.5 * length), bottom(0, 0, -0.5 * length);
    const Vec3 anchor_parent = i == 0 ? Vec3::Zero() : bottom;
    if (hinges) {
      c.model.add_hinge(b - 1, b, anchor_parent, top, Vec3::UnitX(), Vec3::UnitX());
    } else {
      c.model.add_spherical(b - 1, b, anchor_parent, top);
    }
  }
  // velocities consistent with the joints: each link turns about its top with ω, so v = ω × (p − top)
  for (int i = 1; i <= n; ++i) {
    SkeletonBodyState& s = c.state[static_cast<std::size_t>(i)];
    const SkeletonBodyState& parent = c.state[static_cast<std::size_t>(i - 1)];
    const Vec3 top_velocity = i == 1 ? Vec3::Zero() : Vec3(parent.v + parent.w.cross(Vec3(0, 0, -0.5 * length)));
    s.v = top_velocity + s.w.cross(Vec3(0, 0, -0.5 * length));
  }
  return c;
}

void BM_SkeletonStep(benchmark::State& state, bool hinges) {
  Chain c = chain(static_cast<int>(state.range(0)), hinges);
  SkeletonSolver solver(c.model);
  for (auto _ : state) {
    solver.step(c.state, 1e-4);
    benchmark::DoNotOptimize(c.state.data());
  }
  state.counters["rank"] = solver.last_rank();
}

void BM_SkeletonHingeChain(benchmark::State& state) { BM_SkeletonStep(state, true); }
void BM_SkeletonBallChain(benchmark::State& state) { BM_SkeletonStep(state, false); }
BENCHMARK(BM_SkeletonHingeChain)->Arg(8)->Arg(64)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_SkeletonBallChain)->Arg(8)->Arg(64)->Unit(benchmark::kMicrosecond);

scene::Scene shipped_scene(const char* name) {
  return scene::read_scene_file(std::string(JS_SOURCE_DIR) + "/resources/scenes/" + name);
}

void BM_SceneReducedStep(benchmark::State& state, const char* name) {
  const scene::Scene sc = shipped_scene(name);
  Simulator sim(sc.model, sc.forces);
  SimulationState s = sc.initial;
  for (auto _ : state) {
    sim.step(s, 1e-4, Integrator::RK4);
    benchmark::DoNotOptimize(s.q.data());
  }
}

void BM_SceneMaximalStep(benchmark::State& state, const char* name) {
  const scene::Scene sc = shipped_scene(name);
  scene::SkeletonScene skeleton = scene::skeleton_from_scene(sc, name);
  std::vector<SkeletonBodyState> s = scene::skeleton_state(sc, sc.initial);
  SkeletonSolver solver(skeleton.model);
  double t = 0.0;
  for (auto _ : state) {
    scene::set_skeleton_motors(skeleton, t);
    solver.step(s, 1e-4);
    t += 1e-4;
    benchmark::DoNotOptimize(s.data());
  }
}

BENCHMARK_CAPTURE(BM_SceneReducedStep, hinge_skeleton, "hinge_skeleton.json")->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_SceneMaximalStep, hinge_skeleton, "hinge_skeleton.json")->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_SceneReducedStep, ball_skeleton, "ball_skeleton.json")->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_SceneMaximalStep, ball_skeleton, "ball_skeleton.json")->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace js
