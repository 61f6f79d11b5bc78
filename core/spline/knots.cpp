#include "core/spline/knots.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <stdexcept>
#include <string>

namespace js::spline {
namespace {

[[noreturn]] void fail(const std::string& what) { throw std::invalid_argument("KnotVector: " + what); }

std::string num(double v) {
  std::ostringstream s;
  s.precision(10);
  s << v;
  return s.str();
}

void check_order(int order) {
  if (order < 2 || order > kMaxOrder) {
    fail("order " + std::to_string(order) + " out of range [2, " + std::to_string(kMaxOrder) + "]");
  }
}

void check_range(double q_min, double q_max) {
  if (!std::isfinite(q_min) || !std::isfinite(q_max) || !(q_min < q_max)) {
    fail("domain [" + num(q_min) + ", " + num(q_max) + "] is empty or not finite");
  }
}

void check_params(const std::vector<double>& params) {
  for (std::size_t i = 0; i < params.size(); ++i) {
    if (!std::isfinite(params[i])) fail("parameter " + std::to_string(i) + " is not finite");
    if (i > 0 && params[i] < params[i - 1]) {
      fail("parameters not non-decreasing at index " + std::to_string(i) + " (" + num(params[i]) +
           " < " + num(params[i - 1]) + ")");
    }
  }
}

}  // namespace

KnotVector::KnotVector(int num_control, int order, std::vector<double> knots, bool periodic)
    : order_(order),
      num_control_(num_control),
      num_basis_(periodic ? num_control + order - 1 : num_control),
      periodic_(periodic),
      knots_(std::move(knots)) {
  validate();
}

void KnotVector::validate() const {
  check_order(order_);
  const int k = order_;
  const int n = num_control_;
  if (periodic_ ? n < 2 : n < k) {
    fail(std::to_string(n) + " control points too few for " + (periodic_ ? "a periodic" : "an open") +
         " curve of order " + std::to_string(k) + " (need at least " + std::to_string(periodic_ ? 2 : k) +
         ")");
  }
  const auto expected = static_cast<std::size_t>(num_basis_ + k);
  if (knots_.size() != expected) {
    fail("knot count " + std::to_string(knots_.size()) + " inconsistent with " + std::to_string(n) +
         (periodic_ ? " periodic" : "") + " control points and order " + std::to_string(k) + " (expected " +
         std::to_string(expected) + ")");
  }
  for (std::size_t i = 0; i < knots_.size(); ++i) {
    if (!std::isfinite(knots_[i])) fail("knot " + std::to_string(i) + " is not finite");
    if (i > 0 && knots_[i] < knots_[i - 1]) {
      fail("knots not non-decreasing at index " + std::to_string(i) + " (" + num(knots_[i]) + " < " +
           num(knots_[i - 1]) + ")");
    }
  }
  const double lo = q_min();
  const double hi = q_max();
  if (!(lo < hi)) fail("empty domain [t" + std::to_string(k - 1) + ", t" + std::to_string(num_basis_) + "] = [" +
                       num(lo) + ", " + num(hi) + "]");

  if (periodic_) {
    // every knot must repeat one period later, otherwise the wrapped basis is not periodic.
    const double period = hi - lo;
    const double tol = 1e-10 * std::max({1.0, std::abs(lo), std::abs(hi)});
    for (std::size_t i = 0; i + static_cast<std::size_t>(n) < knots_.size(); ++i) {
      const double d = knots_[i + static_cast<std::size_t>(n)] - knots_[i];
      if (std::abs(d - period) > tol) {
        fail("periodic knots must satisfy t[i+" + std::to_string(n) + "] = t[i] + period: t[" +
             std::to_string(i + static_cast<std::size_t>(n)) + "] - t[" + std::to_string(i) + "] = " + num(d) +
             ", period t[" + std::to_string(num_basis_) + "] - t[" + std::to_string(k - 1) + "] = " + num(period));
      }
    }
  } else {
    // an empty end span would leave the first/last control point without influence.
    if (!(knots_[static_cast<std::size_t>(k - 1)] < knots_[static_cast<std::size_t>(k)])) {
      fail("first domain span [t" + std::to_string(k - 1) + ", t" + std::to_string(k) + "] is empty (" + num(lo) +
           "): knot " + num(lo) + " repeated more than order " + std::to_string(k) + " times");
    }
    if (!(knots_[static_cast<std::size_t>(num_basis_ - 1)] < hi)) {
      fail("last domain span [t" + std::to_string(num_basis_ - 1) + ", t" + std::to_string(num_basis_) +
           "] is empty (" + num(hi) + "): knot " + num(hi) + " repeated more than order " + std::to_string(k) +
           " times");
    }
  }

  // interior multiplicity m gives c^(k-1-m); m >= k breaks the curve apart.
  // periodic: every knot is interior (the domain start is glued to its end).
  for (std::size_t i = 0; i < knots_.size();) {
    std::size_t j = i;
    while (j + 1 < knots_.size() && knots_[j + 1] == knots_[i]) ++j;
    const int mult = static_cast<int>(j - i + 1);
    const bool interior = periodic_ || (knots_[i] > lo && knots_[i] < hi);
    if (interior && mult >= k) {
      fail("interior knot " + num(knots_[i]) + " at indices " + std::to_string(i) + ".." + std::to_string(j) +
           " has multiplicity " + std::to_string(mult) + " > order-1 = " + std::to_string(k - 1) +
           ": the curve would be discontinuous there (c2 needs multiplicity <= " + std::to_string(k - 3) + ")");
    }
    i = j + 1;
  }
}

KnotVector KnotVector::clamped(int num_control, int order, double q_min, double q_max) {
  check_order(order);
  check_range(q_min, q_max);
  if (num_control < order) {
    fail(std::to_string(num_control) + " control points too few for a clamped curve of order " +
         std::to_string(order));
  }
  std::vector<double> t(static_cast<std::size_t>(num_control + order));
  const int segments = num_control - order + 1;
  for (int i = 0; i < num_control + order; ++i) {
    // index i - k + 1 counts knots from the domain start; clamp it to [0, segments].
    const int s = std::clamp(i - order + 1, 0, segments);
    t[static_cast<std::size_t>(i)] =
        s == segments ? q_max : q_min + (q_max - q_min) * static_cast<double>(s) / segments;
  }
  return KnotVector(num_control, order, std::move(t), false);
}

KnotVector KnotVector::clamped_from_parameters(const std::vector<double>& params, int order) {
  check_order(order);
  check_params(params);
  const int n = static_cast<int>(params.size());
  if (n < order) {
    fail(std::to_string(n) + " parameters too few for a clamped curve of order " + std::to_string(order));
  }
  check_range(params.front(), params.back());
  std::vector<double> t(static_cast<std::size_t>(n + order));
  for (int m = 0; m < n + order; ++m) {
    if (m < order) {
      t[static_cast<std::size_t>(m)] = params.front();
    } else if (m >= n) {
      t[static_cast<std::size_t>(m)] = params.back();
    } else {
      // de boor's averaging: mean of the k-1 parameters p_{m-k+1} .. p_{m-1}.
      double sum = 0.0;
      for (int i = m - order + 1; i <= m - 1; ++i) sum += params[static_cast<std::size_t>(i)];
      t[static_cast<std::size_t>(m)] = sum / (order - 1);
    }
  }
  return KnotVector(n, order, std::move(t), false);
}

KnotVector KnotVector::uniform(int num_control, int order, double q_min, double q_max) {
  check_order(order);
  check_range(q_min, q_max);
  if (num_control < order) {
    fail(std::to_string(num_control) + " control points too few for a uniform curve of order " +
         std::to_string(order));
  }
  const int segments = num_control - order + 1;
  const double h = (q_max - q_min) / segments;
  std::vector<double> t(static_cast<std::size_t>(num_control + order));
  for (int i = 0; i < num_control + order; ++i) {
    const int s = i - order + 1;
    // exact ends so that q_min()/q_max() equal the requested domain.
    t[static_cast<std::size_t>(i)] = s == segments ? q_max : q_min + h * s;
  }
  return KnotVector(num_control, order, std::move(t), false);
}

KnotVector KnotVector::periodic(int num_control, int order, double q_min, double q_max) {
  check_order(order);
  check_range(q_min, q_max);
  if (num_control < 2) fail("a periodic curve needs at least 2 control points");
  const double period = q_max - q_min;
  const double h = period / num_control;
  const int count = num_control + 2 * order - 1;
  std::vector<double> t(static_cast<std::size_t>(count));
  for (int i = 0; i < count; ++i) {
    // write t_i as (whole periods) + (offset inside one period) so t_{i+N} - t_i is exact.
    const int s = i - order + 1;
    const int wraps = s >= 0 ? s / num_control : -((-s + num_control - 1) / num_control);
    const int r = s - wraps * num_control;
    t[static_cast<std::size_t>(i)] = q_min + (h * r + period * wraps);
  }
  return KnotVector(num_control, order, std::move(t), true);
}

KnotVector KnotVector::periodic_from_parameters(const std::vector<double>& params, double period_end, int order) {
  check_order(order);
  check_params(params);
  const int n = static_cast<int>(params.size());
  if (n < 2) fail("a periodic curve needs at least 2 parameters");
  if (!std::isfinite(period_end) || !(period_end > params.back())) {
    fail("period end " + num(period_end) + " must be greater than the last parameter " + num(params.back()));
  }
  const double period = period_end - params.front();
  // params extended periodically to any integer index: p_{i+N} = p_i + period.
  auto p = [&](int i) {
    const int wraps = i >= 0 ? i / n : -((-i + n - 1) / n);
    return params[static_cast<std::size_t>(i - wraps * n)] + period * wraps;
  };
  const int count = n + 2 * order - 1;
  std::vector<double> t(static_cast<std::size_t>(count));
  for (int m = 0; m < count; ++m) {
    // the same averaging as the clamped case, so greville(i) ≈ params[i].
    double sum = 0.0;
    for (int i = m - order + 1; i <= m - 1; ++i) sum += p(i);
    t[static_cast<std::size_t>(m)] = sum / (order - 1);
  }
  // averaging is only periodic up to rounding: rebuild the later knots from the first period.
  for (int m = n; m < count; ++m) {
    t[static_cast<std::size_t>(m)] = t[static_cast<std::size_t>(m - n)] + period;
  }
  return KnotVector(n, order, std::move(t), true);
}

double KnotVector::greville(int i) const {
  double sum = 0.0;
  for (int r = 1; r < order_; ++r) sum += knots_[static_cast<std::size_t>(i + r)];
  return sum / (order_ - 1);
}

int KnotVector::continuity() const {
  const double lo = q_min();
  const double hi = q_max();
  int worst = 0;
  for (std::size_t i = 0; i < knots_.size();) {
    std::size_t j = i;
    while (j + 1 < knots_.size() && knots_[j + 1] == knots_[i]) ++j;
    const bool interior = periodic_ || (knots_[i] > lo && knots_[i] < hi);
    if (interior) worst = std::max(worst, static_cast<int>(j - i + 1));
    i = j + 1;
  }
  return order_ - 1 - worst;
}

double KnotVector::clamp(double q) const { return std::clamp(q, q_min(), q_max()); }

double KnotVector::wrap(double q) const {
  if (!periodic_) throw std::logic_error("KnotVector::wrap: the curve is not periodic (use clamp)");
  const double lo = q_min();
  const double p = period();
  double w = q - p * std::floor((q - lo) / p);
  // rounding can leave w one ulp outside [lo, lo + p).
  if (w >= lo + p) w -= p;
  if (w < lo) w = lo;
  if (w >= lo + p) w = lo;
  return w;
}

}  // namespace js::spline
