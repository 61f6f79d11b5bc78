// shared helpers for the spline tests: reference cox-de boor recursion and sample knot vectors.
#pragma once

#include <cmath>
#include <numbers>
#include <random>
#include <string>
#include <vector>

#include "core/lie/types.hpp"
#include "core/spline/basis.hpp"
#include "core/spline/knots.hpp"

namespace js::spline::test {

// textbook recursion with 0/0 = 0 on the raw knots; right-open supports, valid for q < q_max.
inline double naive_basis(const std::vector<double>& t, int i, int k, double q) {
  const auto at = [&](int j) { return t[static_cast<std::size_t>(j)]; };
  if (k == 1) return (at(i) <= q && q < at(i + 1)) ? 1.0 : 0.0;
  double b = 0.0;
  const double d0 = at(i + k - 1) - at(i);
  if (d0 > 0.0) b += (q - at(i)) / d0 * naive_basis(t, i, k - 1, q);
  const double d1 = at(i + k) - at(i + 1);
  if (d1 > 0.0) b += (at(i + k) - q) / d1 * naive_basis(t, i + 1, k - 1, q);
  return b;
}

struct NamedKnots {
  std::string name;
  KnotVector knots;
};

// a spread of open/periodic, uniform/non-uniform vectors of several orders.
inline std::vector<NamedKnots> sample_knots() {
  std::vector<NamedKnots> s;
  s.push_back({"clamped_cubic_6", KnotVector::clamped(6, 4, 0.0, 1.0)});
  s.push_back({"clamped_cubic_from_params",
               KnotVector::clamped_from_parameters({0.0, 0.1, 0.45, 0.5, 1.2, 1.3, 2.0, 2.7}, 4)});
  s.push_back({"uniform_quadratic_7", KnotVector::uniform(7, 3, -1.0, 2.0)});
  s.push_back({"periodic_cubic_5", KnotVector::periodic(5, 4, 0.0, 2.0 * kPi)});
  s.push_back({"periodic_cubic_from_params",
               KnotVector::periodic_from_parameters({0.0, 0.3, 0.4, 1.1, 1.5, 2.4}, 3.0, 4)});
  // order 5 with a double interior knot: still c2.
  s.push_back({"open_order5_double_knot",
               KnotVector(7, 5, {0.0, 0.0, 0.0, 0.0, 0.0, 0.3, 0.3, 1.0, 1.0, 1.0, 1.0, 1.0}, false)});
  s.push_back({"open_cubic_nonuniform_unclamped",
               KnotVector(6, 4, {-0.7, -0.4, -0.35, 0.0, 0.1, 0.45, 1.0, 1.05, 1.6, 2.2}, false)});
  s.push_back({"clamped_linear_4", KnotVector::clamped(4, 2, 0.0, 3.0)});
  s.push_back({"clamped_order8_10", KnotVector::clamped(10, 8, 0.0, 1.0)});
  s.push_back({"periodic_order6_3", KnotVector::periodic(3, 6, -1.0, 1.0)});
  return s;
}

// distinct knot values strictly inside the domain (all of one period for periodic vectors).
inline std::vector<double> interior_knots(const KnotVector& kv) {
  std::vector<double> out;
  for (double t : kv.knots()) {
    const bool inside = kv.periodic() ? (t >= kv.q_min() && t < kv.q_max()) : (t > kv.q_min() && t < kv.q_max());
    if (inside && (out.empty() || out.back() != t)) out.push_back(t);
  }
  return out;
}

// dense values of the polynomial piece of `span` at q (derivative 0, 1, 2), size num_basis.
inline std::vector<double> piece_dense(const KnotVector& kv, int span, double q, int derivative) {
  BasisValues b;
  evaluate_basis_in_span(kv, span, q, b);
  const auto& src = derivative == 0 ? b.value : derivative == 1 ? b.d1 : b.d2;
  std::vector<double> all(static_cast<std::size_t>(kv.num_basis()), 0.0);
  for (int r = 0; r < b.order; ++r) all[static_cast<std::size_t>(b.first_index() + r)] = src[static_cast<std::size_t>(r)];
  return all;
}

// spline curve value (derivative 0..2) for control values c (size num_control).
inline double curve(const KnotVector& kv, const std::vector<double>& c, double q, int derivative) {
  const auto b = basis_dense(kv, q, derivative);
  double f = 0.0;
  for (int i = 0; i < kv.num_basis(); ++i) f += c[static_cast<std::size_t>(kv.control_index(i))] * b[static_cast<std::size_t>(i)];
  return f;
}

inline double max_abs(const std::vector<double>& v) {
  double m = 0.0;
  for (double x : v) m = std::max(m, std::abs(x));
  return m;
}

}  // namespace js::spline::test
