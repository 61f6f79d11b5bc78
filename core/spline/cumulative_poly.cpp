#include "core/spline/cumulative_poly.hpp"

#include <algorithm>
#include <array>

#include "core/lie/hot_path.hpp"

namespace js::spline {

namespace {

// a polynomial in u of degree < kMaxOrder, coefficient e of u^e.
using Poly = std::array<double, kMaxOrder>;

// p · (alpha + beta u), truncated to kMaxOrder coefficients (degrees never exceed k − 1 here).
Poly times_linear(const Poly& p, double alpha, double beta) {
  Poly out{};
  for (int e = 0; e < kMaxOrder; ++e) {
    const auto i = static_cast<std::size_t>(e);
    out[i] += alpha * p[i];
    if (e + 1 < kMaxOrder) out[i + 1] += beta * p[i];
  }
  return out;
}

}  // namespace

CumulativePolynomials::CumulativePolynomials(const KnotVector& knots)
    : knots_(knots), order_(knots.order()), first_span_(knots.order() - 1) {
  const int k = order_;
  const int spans = knots_.num_basis() - first_span_;
  inv_width_.assign(static_cast<std::size_t>(spans), 0.0);
  coef_.assign(static_cast<std::size_t>(spans * (k - 1) * k), 0.0);
  for (int s = 0; s < spans; ++s) {
    const int j = first_span_ + s;
    const double tj = knots_.knot(j);
    const double h = knots_.knot(j + 1) - tj;
    if (!(h > 0.0)) continue;  // empty span: find_span never returns it
    inv_width_[static_cast<std::size_t>(s)] = 1.0 / h;
    // cox–de boor in u, q = t_j + h u: B_{i,1} = [i = j]; B_{i,r} = (q − t_i)/(t_{i+r−1} − t_i) B_{i,r−1}
    // + (t_{i+r} − q)/(t_{i+r} − t_{i+1}) B_{i+1,r−1}; b[m] holds B_{j−k+1+m}, m = 0..k−1
    std::array<Poly, kMaxOrder + 1> b{};
    b[static_cast<std::size_t>(k - 1)][0] = 1.0;
    for (int r = 2; r <= k; ++r) {
      for (int m = k - r; m <= k - 1; ++m) {
        const int i = j - k + 1 + m;
        Poly next{};
        const double left = knots_.knot(i + r - 1) - knots_.knot(i);
        if (left > 0.0) next = times_linear(b[static_cast<std::size_t>(m)], (tj - knots_.knot(i)) / left, h / left);
        const double right = knots_.knot(i + r) - knots_.knot(i + 1);
        if (right > 0.0 && m + 1 <= k - 1) {
          const Poly add =
              times_linear(b[static_cast<std::size_t>(m + 1)], (knots_.knot(i + r) - tj) / right, -h / right);
          for (int e = 0; e < kMaxOrder; ++e) next[static_cast<std::size_t>(e)] += add[static_cast<std::size_t>(e)];
        }
        b[static_cast<std::size_t>(m)] = next;
      }
    }
    // suffix sums (eq. 22): entry r is B̃_{j−k+2+r} = Σ_{m > r} B_{j−k+1+m}
    Poly sum{};
    for (int r = k - 2; r >= 0; --r) {
      for (int e = 0; e < k; ++e) sum[static_cast<std::size_t>(e)] += b[static_cast<std::size_t>(r + 1)][static_cast<std::size_t>(e)];
      for (int e = 0; e < k; ++e) {
        coef_[static_cast<std::size_t>(((s * (k - 1)) + r) * k + e)] = sum[static_cast<std::size_t>(e)];
      }
    }
  }
}

namespace {

// horner sweeps for p, p′ and p″ of the k − 1 polynomials of one span; K > 0 fixes the order at compile
// time (the cubic hot path unrolls), K = 0 reads it from k.
template <int K>
void evaluate_span(const double* c, int k, double u, double w, CumulativeValues& out) {
  const int order = K > 0 ? K : k;
  for (int r = 0; r < order - 1; ++r, c += order) {
    double v = c[order - 1];
    double d1 = 0.0;
    double d2 = 0.0;
    for (int e = order - 2; e >= 0; --e) {
      d2 = d2 * u + 2.0 * d1;
      d1 = d1 * u + v;
      v = v * u + c[e];
    }
    out.value[static_cast<std::size_t>(r)] = v;
    out.d1[static_cast<std::size_t>(r)] = d1 * w;
    out.d2[static_cast<std::size_t>(r)] = d2 * w * w;
  }
  for (int r = order - 1; r < kMaxOrder; ++r) {
    out.value[static_cast<std::size_t>(r)] = 0.0;
    out.d1[static_cast<std::size_t>(r)] = 0.0;
    out.d2[static_cast<std::size_t>(r)] = 0.0;
  }
}

}  // namespace

JS_HOT_PATH void CumulativePolynomials::evaluate_span_at(int j, double x, CumulativeValues& out) const {
  const int k = order_;
  const int s = j - first_span_;
  const double w = inv_width_[static_cast<std::size_t>(s)];
  const double u = (x - knots_.knot(j)) * w;
  out.span = j;
  out.order = k;
  const double* c = coef_.data() + static_cast<std::size_t>(s * (k - 1) * k);
  if (k == kCubic) {
    evaluate_span<kCubic>(c, k, u, w, out);
  } else {
    evaluate_span<0>(c, k, u, w, out);
  }
}

JS_HOT_PATH void CumulativePolynomials::evaluate(double q, CumulativeValues& out) const {
  const double x = knots_.to_domain(q);
  evaluate_span_at(knots_.find_span_in_domain(x), x, out);
}

void CumulativePolynomials::evaluate_left(double q, CumulativeValues& out) const {
  double x = knots_.to_domain(q);
  // a periodic curve's left limit at its seam is the end of its last span
  if (knots_.periodic() && x <= knots_.q_min()) x = knots_.q_max();
  // the last non-empty span with t_j < x (the first span when none is)
  const auto first = knots_.knots().begin() + order_;
  const auto last = knots_.knots().begin() + knots_.num_basis();
  const int j = std::max(first_span_, static_cast<int>(std::lower_bound(first, last, x) - knots_.knots().begin()) - 1);
  evaluate_span_at(j, x, out);
}

}  // namespace js::spline
