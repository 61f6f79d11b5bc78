// per-call cost of the core/lie hot paths: se3/so3 exp and log, and Ad⁻¹ applied to a twist.
#include <benchmark/benchmark.h>

#include <random>
#include <vector>

#include "core/lie/se3.hpp"

namespace {

using js::SE3;
using js::Twist;
using js::Vec3;

// a ring of inputs so the branch predictor cannot learn a single value.
constexpr std::size_t kRing = 64;

std::vector<Twist> random_twists() {
  std::mt19937_64 rng(7);
  std::uniform_real_distribution<double> u(-1.5, 1.5);
  std::vector<Twist> out(kRing);
  for (Twist& g : out) g << u(rng), u(rng), u(rng), u(rng), u(rng), u(rng);
  return out;
}

void se3_exp(benchmark::State& state) {
  const auto g = random_twists();
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(js::se3_exp(g[i++ % kRing]));
  }
}
BENCHMARK(se3_exp);

void se3_log(benchmark::State& state) {
  std::vector<SE3> T;
  for (const Twist& g : random_twists()) T.push_back(js::se3_exp(g));
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(js::se3_log(T[i++ % kRing]));
  }
}
BENCHMARK(se3_log);

void so3_exp(benchmark::State& state) {
  const auto g = random_twists();
  std::size_t i = 0;
  for (auto _ : state) {
    const Vec3 w = g[i++ % kRing].head<3>();
    benchmark::DoNotOptimize(js::so3_exp(w));
  }
}
BENCHMARK(so3_exp);

void so3_log(benchmark::State& state) {
  std::vector<js::Mat3> R;
  for (const Twist& g : random_twists()) R.push_back(js::so3_exp(g.head<3>()));
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(js::so3_log(R[i++ % kRing]));
  }
}
BENCHMARK(so3_log);

void Ad_inv_apply(benchmark::State& state) {
  const auto g = random_twists();
  std::vector<SE3> T;
  for (const Twist& x : g) T.push_back(js::se3_exp(x));
  std::size_t i = 0;
  for (auto _ : state) {
    const std::size_t k = i++ % kRing;
    benchmark::DoNotOptimize(js::Ad_inv_apply(T[k], g[(k + 1) % kRing]));
  }
}
BENCHMARK(Ad_inv_apply);

}  // namespace
