// basis and cumulative-basis evaluation for a cubic with 12 controls (the spline joint's inner loop).
#include <benchmark/benchmark.h>

#include <Eigen/Core>
#include <vector>

#include "core/spline/basis.hpp"
#include "core/spline/cumulative.hpp"
#include "core/spline/knots.hpp"
#include "core/spline/tensor.hpp"

namespace {

using namespace js::spline;

// parameters spread over the domain so that span search does real work.
std::vector<double> sample_q(const KnotVector& kv) {
  std::vector<double> q(257);
  for (std::size_t i = 0; i < q.size(); ++i) {
    q[i] = kv.q_min() + (kv.q_max() - kv.q_min()) * static_cast<double>((i * 97) % q.size()) / q.size();
  }
  return q;
}

void BM_EvaluateBasisClamped(benchmark::State& state) {
  const auto kv = KnotVector::clamped(12, 4, 0.0, 1.0);
  const auto q = sample_q(kv);
  BasisValues b;
  std::size_t i = 0;
  for (auto _ : state) {
    evaluate_basis(kv, q[i++ % q.size()], b);
    benchmark::DoNotOptimize(b);
  }
}
BENCHMARK(BM_EvaluateBasisClamped);

void BM_EvaluateBasisPeriodic(benchmark::State& state) {
  const auto kv = KnotVector::periodic(12, 4, 0.0, 1.0);
  const auto q = sample_q(kv);
  BasisValues b;
  std::size_t i = 0;
  for (auto _ : state) {
    evaluate_basis(kv, 3.0 * q[i++ % q.size()] - 1.0, b);  // includes wrapping
    benchmark::DoNotOptimize(b);
  }
}
BENCHMARK(BM_EvaluateBasisPeriodic);

void BM_EvaluateCumulativeClamped(benchmark::State& state) {
  const auto kv = KnotVector::clamped(12, 4, 0.0, 1.0);
  const auto q = sample_q(kv);
  CumulativeValues c;
  std::size_t i = 0;
  for (auto _ : state) {
    evaluate_cumulative(kv, q[i++ % q.size()], c);
    benchmark::DoNotOptimize(c);
  }
}
BENCHMARK(BM_EvaluateCumulativeClamped);

void BM_EvaluateCumulativePeriodic(benchmark::State& state) {
  const auto kv = KnotVector::periodic(12, 4, 0.0, 1.0);
  const auto q = sample_q(kv);
  CumulativeValues c;
  std::size_t i = 0;
  for (auto _ : state) {
    evaluate_cumulative(kv, q[i++ % q.size()], c);
    benchmark::DoNotOptimize(c);
  }
}
BENCHMARK(BM_EvaluateCumulativePeriodic);

// one phi_j of a 2-dof spline joint: two 12-control cubic axes.
void BM_ScalarSpline2D(benchmark::State& state) {
  const auto k0 = KnotVector::clamped(12, 4, 0.0, 1.0);
  const auto k1 = KnotVector::periodic(12, 4, 0.0, 1.0);
  const auto q = sample_q(k0);
  std::vector<double> coeffs(144);
  for (std::size_t i = 0; i < coeffs.size(); ++i) coeffs[i] = 0.01 * static_cast<double>(i % 17);
  SplineJet<2> jet;
  std::size_t i = 0;
  for (auto _ : state) {
    const double x = q[i++ % q.size()];
    evaluate_scalar_spline(k0, k1, coeffs, Eigen::Vector2d(x, 1.0 - x), jet);
    benchmark::DoNotOptimize(jet);
  }
}
BENCHMARK(BM_ScalarSpline2D);

}  // namespace
