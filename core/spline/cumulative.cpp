#include "core/spline/cumulative.hpp"

#include <stdexcept>
#include <string>

namespace js::spline {

void cumulative_from_basis(const BasisValues& basis, CumulativeValues& out) {
  const int k = basis.order;
  out.span = basis.span;
  out.order = k;
  out.value.fill(0.0);
  out.d1.fill(0.0);
  out.d2.fill(0.0);
  // suffix sums: entry r is B̃_{j-k+2+r} = sum of basis entries r+1 .. k-1.
  double v = 0.0;
  double d1 = 0.0;
  double d2 = 0.0;
  for (int r = k - 2; r >= 0; --r) {
    const auto s = static_cast<std::size_t>(r + 1);
    v += basis.value[s];
    d1 += basis.d1[s];
    d2 += basis.d2[s];
    out.value[static_cast<std::size_t>(r)] = v;
    out.d1[static_cast<std::size_t>(r)] = d1;
    out.d2[static_cast<std::size_t>(r)] = d2;
  }
}

void evaluate_cumulative(const KnotVector& knots, double q, CumulativeValues& out) {
  BasisValues basis;
  evaluate_basis(knots, q, basis);
  cumulative_from_basis(basis, out);
}

std::vector<double> cumulative_dense(const KnotVector& knots, double q, int derivative) {
  if (derivative < 0 || derivative > 2) {
    throw std::invalid_argument("cumulative_dense: derivative " + std::to_string(derivative) + " not in 0..2");
  }
  CumulativeValues c;
  evaluate_cumulative(knots, q, c);
  std::vector<double> all(static_cast<std::size_t>(knots.num_basis()), 0.0);
  // constant 1 up to the base index (its derivatives are zero).
  if (derivative == 0) {
    for (int l = 0; l <= c.base_index(); ++l) all[static_cast<std::size_t>(l)] = 1.0;
  }
  const auto& src = derivative == 0 ? c.value : derivative == 1 ? c.d1 : c.d2;
  for (int r = 0; r < c.count(); ++r) all[static_cast<std::size_t>(c.first_index() + r)] = src[static_cast<std::size_t>(r)];
  return all;
}

}  // namespace js::spline
