#include "core/spline/basis.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>
#include <utility>

namespace js::spline {

void evaluate_basis(const KnotVector& knots, double q, BasisValues& out) {
  const double x = knots.to_domain(q);
  evaluate_basis_in_span(knots, knots.find_span(x), x, out);
}

// the nurbs book, algorithm a2.3 (piegl & tiller), with at most two derivatives.
// all divisors are differences t_{i+a} - t_{i+1-b} with a, b >= 1, which are >= t_{i+1} - t_i > 0
// for a non-empty span, so there is no 0/0 even with repeated knots.
void evaluate_basis_in_span(const KnotVector& knots, int span, double q, BasisValues& out) {
  const int p = knots.degree();
  const int i = span;
  const double* t = knots.knots().data();

  // ndu[r][j] (r <= j): degree-j basis values; ndu[j][r] (j > r): knot differences.
  double ndu[kMaxOrder][kMaxOrder];
  double left[kMaxOrder];
  double right[kMaxOrder];
  ndu[0][0] = 1.0;
  for (int j = 1; j <= p; ++j) {
    left[j] = q - t[i + 1 - j];
    right[j] = t[i + j] - q;
    double saved = 0.0;
    for (int r = 0; r < j; ++r) {
      ndu[j][r] = right[r + 1] + left[j - r];
      const double temp = ndu[r][j - 1] / ndu[j][r];
      ndu[r][j] = saved + right[r + 1] * temp;
      saved = left[j - r] * temp;
    }
    ndu[j][j] = saved;
  }

  out.span = span;
  out.order = p + 1;
  out.value.fill(0.0);
  out.d1.fill(0.0);
  out.d2.fill(0.0);
  for (int r = 0; r <= p; ++r) out.value[static_cast<std::size_t>(r)] = ndu[r][p];

  const int n = std::min(2, p);  // derivatives above the degree vanish
  double a[2][3];
  for (int r = 0; r <= p; ++r) {
    int s1 = 0;
    int s2 = 1;
    a[0][0] = 1.0;
    for (int k = 1; k <= n; ++k) {
      double d = 0.0;
      const int rk = r - k;
      const int pk = p - k;
      if (r >= k) {
        a[s2][0] = a[s1][0] / ndu[pk + 1][rk];
        d = a[s2][0] * ndu[rk][pk];
      }
      const int j1 = rk >= -1 ? 1 : -rk;
      const int j2 = (r - 1 <= pk) ? k - 1 : p - r;
      for (int j = j1; j <= j2; ++j) {
        a[s2][j] = (a[s1][j] - a[s1][j - 1]) / ndu[pk + 1][rk + j];
        d += a[s2][j] * ndu[rk + j][pk];
      }
      if (r <= pk) {
        a[s2][k] = -a[s1][k - 1] / ndu[pk + 1][r];
        d += a[s2][k] * ndu[r][pk];
      }
      (k == 1 ? out.d1 : out.d2)[static_cast<std::size_t>(r)] = d;
      std::swap(s1, s2);
    }
  }
  for (int r = 0; r <= p; ++r) {
    out.d1[static_cast<std::size_t>(r)] *= p;
    out.d2[static_cast<std::size_t>(r)] *= p * (p - 1);
  }
}

std::vector<double> basis_dense(const KnotVector& knots, double q, int derivative) {
  if (derivative < 0 || derivative > 2) {
    throw std::invalid_argument("basis_dense: derivative " + std::to_string(derivative) + " not in 0..2");
  }
  BasisValues b;
  evaluate_basis(knots, q, b);
  const auto& src = derivative == 0 ? b.value : derivative == 1 ? b.d1 : b.d2;
  std::vector<double> all(static_cast<std::size_t>(knots.num_basis()), 0.0);
  for (int r = 0; r < b.order; ++r) all[static_cast<std::size_t>(b.first_index() + r)] = src[static_cast<std::size_t>(r)];
  return all;
}

}  // namespace js::spline
