// knot vectors for b-splines of order k (degree k-1), open or periodic (closed).
//
// convention (the standard one, e.g. the nurbs book / de boor):
//   knots t_0 .. t_{nb+k-1}, nb = number of basis functions,
//   B_{i,k} is supported on [t_i, t_{i+k}), the parameter domain is [t_{k-1}, t_{nb}].
//   open:     nb = num_control, basis i drives control point i.
//   periodic: nb = num_control + k - 1, basis i drives control point i mod num_control,
//             knots satisfy t_{i+N} = t_i + period, domain [t_{k-1}, t_{k-1} + period).
// the paper's knot q̆_j (lee & terzopoulos 2008, eq. 22-24) is our t_j with the same index;
// see docs/splines.md.
#pragma once

#include <algorithm>
#include <vector>

namespace js::spline {

// largest supported order (degree 7); evaluation uses fixed arrays of this size.
inline constexpr int kMaxOrder = 8;
// default order: cubic, the lowest order that gives the c2 joints the paper requires.
inline constexpr int kCubic = 4;

class KnotVector {
 public:
  // explicit knots. num_control: control points (open: >= order, periodic: >= 2);
  // order: 2..kMaxOrder; knots: nb + order values (open: num_control + order,
  // periodic: num_control + 2*order - 1), non-decreasing.
  // throws std::invalid_argument naming the first problem found: wrong count, non-finite or
  // decreasing knots, an empty first/last domain span (a control point without influence),
  // an interior knot repeated >= order times (the curve would be discontinuous), or knots
  // that are not periodically extended (periodic only).
  KnotVector(int num_control, int order, std::vector<double> knots, bool periodic = false);

  // open, clamped, uniform interior knots: the first and last knot are repeated `order` times
  // so the curve starts at the first and ends at the last control point.
  // num_control >= order, q_min < q_max: the domain.
  static KnotVector clamped(int num_control, int order, double q_min, double q_max);
  static KnotVector clamped(int num_control, double q_min, double q_max) {
    return clamped(num_control, kCubic, q_min, q_max);
  }

  // open, clamped, interior knots by de boor's averaging (nurbs book eq. 9.8):
  // t_m = (p_{m-k+1} + ... + p_{m-1}) / (k-1). params: one non-decreasing value per control
  // point (size = num_control >= order), e.g. from the paper's natural parameterization
  // (§6.1); domain [params.front(), params.back()].
  static KnotVector clamped_from_parameters(const std::vector<double>& params, int order = kCubic);

  // open, unclamped, uniform: t_i = q_min + (i - k + 1) h, h = (q_max - q_min) / (num_control - k + 1).
  // the curve does not reach the first/last control point. domain [q_min, q_max].
  static KnotVector uniform(int num_control, int order, double q_min, double q_max);

  // closed, uniform: period q_max - q_min, h = period / num_control, domain [q_min, q_max).
  // control i has its peak at greville(i) = q_min + (i + 1 - k/2) h (for a cubic: q_min + (i-1) h).
  static KnotVector periodic(int num_control, int order, double q_min, double q_max);

  // closed, non-uniform. params: parameter of each control point (size num_control >= 2,
  // strictly increasing), period_end > params.back(): the parameter at which the curve comes
  // back to control 0, so period = period_end - params.front(). knots by de boor's averaging
  // of the periodically extended params, so greville(i) ≈ params[i] as in the open case.
  // the domain then starts at t_{k-1} (for a cubic ≈ params[1]), not at params.front();
  // that is harmless as the curve is periodic and evaluation wraps q into the domain.
  static KnotVector periodic_from_parameters(const std::vector<double>& params, double period_end,
                                             int order = kCubic);

  int order() const { return order_; }
  int degree() const { return order_ - 1; }
  int num_control() const { return num_control_; }
  // number of basis functions nb (open: num_control, periodic: num_control + order - 1).
  int num_basis() const { return num_basis_; }
  bool periodic() const { return periodic_; }
  // all nb + order knots.
  const std::vector<double>& knots() const { return knots_; }
  double knot(int i) const { return knots_[static_cast<std::size_t>(i)]; }
  // domain [q_min, q_max] = [t_{k-1}, t_{nb}] (periodic: q_max excluded, it is q_min again).
  double q_min() const { return knots_[static_cast<std::size_t>(order_ - 1)]; }
  double q_max() const { return knots_[static_cast<std::size_t>(num_basis_)]; }
  // q_max - q_min (the period of a periodic curve).
  double period() const { return q_max() - q_min(); }

  // control point driven by basis function i in [0, nb): i for open, i mod num_control for periodic.
  int control_index(int i) const { return periodic_ ? i % num_control_ : i; }

  // greville abscissa of basis i: (t_{i+1} + ... + t_{i+k-1}) / (k-1), where control i has
  // most influence. i in [0, nb).
  double greville(int i) const;

  // lowest continuity order inside the domain: k - 1 - (largest interior knot multiplicity).
  // the paper needs >= 2 (c2). without interior knots this returns k - 1 (the curve is a
  // single polynomial then).
  int continuity() const;

  // q clamped to [q_min, q_max].
  double clamp(double q) const;
  // periodic only: q mapped into [q_min, q_max) by whole periods. throws std::logic_error for
  // open curves.
  double wrap(double q) const;
  // what evaluation uses: wrap(q) for periodic, clamp(q) for open. q already inside [q_min, q_max) is
  // returned at once (inline: every spline joint evaluation comes through here).
  double to_domain(double q) const {
    if (q >= q_min() && q < q_max()) return q;
    return periodic_ ? wrap(q) : clamp(q);
  }

  // the span j with t_j <= q < t_{j+1}, j in [k-1, nb-1], for q first mapped by to_domain().
  // repeated knots give the last j with t_j <= q, so the span is never empty.
  // open curves: q >= q_max gives the last span nb-1 (evaluated as its left limit),
  // q < q_min gives the first span. periodic: q is wrapped, so q_max gives span k-1.
  int find_span(double q) const { return find_span_in_domain(to_domain(q)); }
  // find_span for x already mapped by to_domain() (x == to_domain(x)).
  int find_span_in_domain(double x) const {
    if (x >= q_max()) return num_basis_ - 1;  // open curve at its end: last span, validated non-empty
    // last j in [k-1, nb-1] with t_j <= x: the first knot > x among t_k .. t_{nb-1}, minus one
    const auto first = knots_.begin() + order_;
    const auto last = knots_.begin() + num_basis_;
    return static_cast<int>(std::upper_bound(first, last, x) - knots_.begin()) - 1;
  }

 private:
  void validate() const;

  int order_;
  int num_control_;
  int num_basis_;
  bool periodic_;
  std::vector<double> knots_;
};

}  // namespace js::spline
