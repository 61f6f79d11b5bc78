// fitting speed (issue 3; issue 19: a million samples, 1-dof and 2-dof, in seconds — the whole `fit`
// the command line runs, automatic search included): 1-dof 200 samples / 12 frames ≤ 2 ms; 10,000 samples / 200 frames ≤ 200 ms;
// a table over samples × frames showing linear cost; both methods. 2-dof: 21×21 samples, 8×8 net ≤ 100 ms. run from a release build, read medians:
//   bench_fit --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
#include <benchmark/benchmark.h>

#include "core/fit/baseline.hpp"
#include "core/fit/cross_validation.hpp"
#include "core/fit/curve_fit.hpp"
#include "core/fit/surface_fit.hpp"
#include "tests/core/fit/motions.hpp"

namespace {

using namespace js;
using namespace js::fit;

// the knee with 1 mm / 0.5° noise: a fit that does not end at zero residual
const SampleSet& knee_samples(int n) {
  static std::map<int, SampleSet> cache;
  auto it = cache.find(n);
  if (it == cache.end()) it = cache.emplace(n, motions::sample_motion(motions::knee, n, 0.0, 2.1, 1e-3, 0.0087, 7)).first;
  return it->second;
}

void fit_knee(benchmark::State& state, FitMethod method) {
  const int n = static_cast<int>(state.range(0));
  const int frames = static_cast<int>(state.range(1));
  const SampleSet& samples = knee_samples(n);
  CurveFitOptions options;
  options.num_frames = frames;
  options.method = method;
  options.max_iterations = 50;
  options.step_tolerance = 1e-9;
  int iterations = 0;
  for (auto _ : state) {
    const CurveFitResult r = fit_spline_curve(samples, options);
    iterations = r.iterations;
    benchmark::DoNotOptimize(r.frames.data());
  }
  state.counters["iterations"] = iterations;
  state.counters["samples"] = n;
  state.counters["frames"] = frames;
}

void BM_FitGaussNewton(benchmark::State& state) { fit_knee(state, FitMethod::GaussNewton); }
void BM_FitPaper(benchmark::State& state) { fit_knee(state, FitMethod::Paper); }

void table(benchmark::internal::Benchmark* b) {
  b->Args({200, 12});
  b->Args({10000, 200});
  // linearity: samples at fixed frames, frames at fixed samples
  for (int n : {1000, 2000, 4000, 8000}) b->Args({n, 50});
  for (int m : {25, 50, 100, 200, 400}) b->Args({8000, m});
  b->Unit(benchmark::kMillisecond);
}

// the body sliding on an ellipsoid, 0.5 mm / 0.5° noise, on an n×n grid; a bicubic m×m net (the whole fit:
// coordinate-wise start and gauss–newton refinement)
void BM_FitSurface(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  const int m = static_cast<int>(state.range(1));
  const SampleSet samples = motions::sample_grid(motions::ellipsoid, n, n, -0.6, 0.6, -0.9, 0.9, 0.5e-3, 0.0087, 3);
  SurfaceFitOptions options;
  options.net = {m};
  int iterations = 0;
  for (auto _ : state) {
    const SurfaceFitResult r = fit_spline_surface(samples, options);
    iterations = r.iterations;
    benchmark::DoNotOptimize(r.coefficients[0].data());
  }
  state.counters["iterations"] = iterations;
  state.counters["samples"] = n * n;
  state.counters["net"] = m;
}
BENCHMARK(BM_FitSurface)->Args({21, 8})->Args({41, 8})->Args({21, 10})->Unit(benchmark::kMillisecond);

// issue 19: the command line's default 1-dof fit (frames and smoothing chosen by gcv on a subsample, the
// final fit on every sample) of n noisy knee samples
void BM_FitAutoMillion(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  const SampleSet& samples = knee_samples(n);
  CurveFitOptions options;
  AutoFitOptions automatic;
  automatic.auto_frames = true;
  int frames = 0;
  for (auto _ : state) {
    const AutoFitResult r = fit_spline_curve_auto(samples, options, automatic);
    frames = r.frames;
    benchmark::DoNotOptimize(r.fit.frames.data());
  }
  state.counters["samples"] = n;
  state.counters["frames"] = frames;
}
BENCHMARK(BM_FitAutoMillion)->Arg(10000)->Arg(100000)->Arg(1000000)->Unit(benchmark::kMillisecond)->Iterations(1);

// issue 19: a 2-dof fit of n×n samples (10⁶ at n = 1000) on the command line's automatic 8×8 net; the
// coordinate-wise start was quadratic in the samples (10⁵ took 13 s)
void BM_FitSurfaceMillion(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  const SampleSet samples = motions::sample_grid(motions::ellipsoid, n, n, -0.6, 0.6, -0.9, 0.9, 0.5e-3, 0.0087, 3);
  SurfaceFitOptions options;
  options.net = {8};
  int iterations = 0;
  for (auto _ : state) {
    const SurfaceFitResult r = fit_spline_surface(samples, options);
    iterations = r.iterations;
    benchmark::DoNotOptimize(r.coefficients[0].data());
  }
  state.counters["iterations"] = iterations;
  state.counters["samples"] = n * n;
}
BENCHMARK(BM_FitSurfaceMillion)->Arg(100)->Arg(316)->Arg(1000)->Unit(benchmark::kMillisecond)->Iterations(1);

BENCHMARK(BM_FitGaussNewton)->Apply(table);
BENCHMARK(BM_FitPaper)->Apply(table);

// the fit dock's baselines (core/fit/baseline.hpp) on the same noisy knee, refitted whenever the samples
// change: the best hinge (levenberg–marquardt, θ per sample eliminated) and the ball (score, closed form).
// compare with BM_FitGaussNewton/200/12 of the same run.
void BM_FitHinge(benchmark::State& state) {
  const SampleSet& samples = knee_samples(static_cast<int>(state.range(0)));
  int iterations = 0;
  for (auto _ : state) {
    const HingeFit h = fit_hinge(samples, 0.05);
    iterations = h.iterations;
    benchmark::DoNotOptimize(h.errors.rms_translation_m);
  }
  state.counters["iterations"] = iterations;
}
void BM_FitBall(benchmark::State& state) {
  const SampleSet& samples = knee_samples(static_cast<int>(state.range(0)));
  for (auto _ : state) benchmark::DoNotOptimize(fit_ball(samples).errors.rms_translation_m);
}
BENCHMARK(BM_FitHinge)->Arg(200)->Arg(1000)->Arg(10000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_FitBall)->Arg(200)->Arg(1000)->Arg(10000)->Unit(benchmark::kMillisecond);

}  // namespace
