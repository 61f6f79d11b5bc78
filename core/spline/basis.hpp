// b-spline basis functions and their first two derivatives at one parameter value.
#pragma once

#include <array>
#include <vector>

#include "core/spline/knots.hpp"

namespace js::spline {

// the k = order non-zero basis functions at q and their derivatives w.r.t. q.
// value[r], d1[r], d2[r] belong to basis function span - order + 1 + r, r in [0, order);
// entries r >= order are unused (left zero).
struct BasisValues {
  int span = 0;   // j with t_j <= q < t_{j+1}
  int order = 0;  // k
  std::array<double, kMaxOrder> value{};
  std::array<double, kMaxOrder> d1{};
  std::array<double, kMaxOrder> d2{};

  // index of the basis function stored at r = 0.
  int first_index() const { return span - order + 1; }
};

// basis functions at q (first mapped into the domain by knots.to_domain: clamped for open
// curves, wrapped for periodic ones). outside an open domain the values and derivatives are
// those at the nearest end (one-sided derivatives, not zero). allocation-free.
void evaluate_basis(const KnotVector& knots, double q, BasisValues& out);

// the polynomial pieces of span `span` (in [order-1, num_basis-1], not empty) at q, without
// any clamping or wrapping: q outside [t_span, t_{span+1}) extrapolates that piece. used for
// one-sided limits at knots. allocation-free.
void evaluate_basis_in_span(const KnotVector& knots, int span, double q, BasisValues& out);

// for tests and tools: all num_basis values (derivative 0), first (1) or second (2)
// derivatives at q, zeros outside the support. size num_basis.
std::vector<double> basis_dense(const KnotVector& knots, double q, int derivative = 0);

}  // namespace js::spline
