// evaluation must not touch the heap: count allocations around the calls (tests/support/alloc_counter).
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "core/spline/basis.hpp"
#include "core/spline/cumulative.hpp"
#include "core/spline/tensor.hpp"
#include "tests/support/alloc_counter.hpp"

namespace js::spline {
namespace {

TEST(NoAllocation, EvaluationFunctions) {
  const auto k1 = KnotVector::clamped(12, 4, 0.0, 1.0);
  const auto k2 = KnotVector::periodic(6, 4, 0.0, 1.0);
  const auto k3 = KnotVector::uniform(5, 3, 0.0, 1.0);
  const std::vector<double> c2(static_cast<std::size_t>(12 * 6), 0.5);
  const std::vector<double> c3(static_cast<std::size_t>(12 * 6 * 5), 0.5);
  BasisValues b;
  CumulativeValues cu;
  TensorBasis<3> tb;
  SplineJet<2> j2;
  SplineJet<3> j3;
  double sink = 0.0;
  const js::test::AllocationScope scope;
  for (double q = -0.5; q < 1.5; q += 0.01) {
    evaluate_basis(k1, q, b);
    evaluate_basis(k2, q, b);
    evaluate_cumulative(k1, q, cu);
    evaluate_cumulative(k2, q, cu);
    sink += k1.find_span(q) + k2.wrap(q);
    evaluate_scalar_spline(k1, k2, c2, Eigen::Vector2d(q, q), j2);
    evaluate_tensor_basis(k1, k2, k3, Eigen::Vector3d(q, q, q), tb);
    evaluate_scalar_spline(tb, c3, j3);
    sink += b.value[0] + cu.value[0] + j2.value + j3.value;
  }
  EXPECT_EQ(scope.allocations(), 0u);
  EXPECT_TRUE(std::isfinite(sink));
}

}  // namespace
}  // namespace js::spline
