// the cumulative basis (eq. 22–23) of every span as precomputed polynomials, for hot evaluation.
// in span j the k−1 non-constant B̃_l are polynomials of degree k−1 in u = (q − t_j)/(t_{j+1} − t_j);
// computing their coefficients once (cox–de boor on polynomials) turns each evaluation into a span
// lookup and k−1 horner sweeps, instead of the triangular basis recursion of evaluate_cumulative.
#pragma once

#include <vector>

#include "core/spline/cumulative.hpp"
#include "core/spline/knots.hpp"

namespace js::spline {

class CumulativePolynomials {
 public:
  // knots: any valid knot vector (open or periodic, order 2..kMaxOrder). allocates once, here.
  explicit CumulativePolynomials(const KnotVector& knots);

  // the same values as evaluate_cumulative(knots, q, out) (to rounding): q mapped by to_domain,
  // one-sided values at the open ends. allocation-free.
  void evaluate(double q, CumulativeValues& out) const;
  // the left limit at q (mapped by to_domain): the span that ends at q, where evaluate() takes the span that
  // starts there. differs from evaluate() only at a knot, where a knot of multiplicity k − 1 leaves the
  // curve C⁰ and its derivatives jump (a corner). a periodic curve's left limit at q_min is its value
  // at q_max; an open curve's at q_min is its first span's start. allocation-free.
  void evaluate_left(double q, CumulativeValues& out) const;

  const KnotVector& knots() const { return knots_; }

 private:
  // span j at u = (x − t_j) / (t_{j+1} − t_j) into out.
  void evaluate_span_at(int j, double x, CumulativeValues& out) const;

  KnotVector knots_;
  int order_ = 0;
  int first_span_ = 0;  // k − 1
  // per span s = j − (k−1): 1/(t_{j+1} − t_j) (0 for an empty span, never looked up) at inv_width_[s],
  // and coefficients c_{r,e} of B̃_{j−k+2+r}(u) = Σ_e c_{r,e} u^e at coef_[(s·(k−1) + r)·k + e]
  std::vector<double> inv_width_;
  std::vector<double> coef_;
};

}  // namespace js::spline
