#include "core/motion/timing_curve.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

namespace js {

namespace {

// fritsch–carlson tangents at unit parameter spacing: the harmonic mean of the neighbouring slopes
// where they agree in sign, zero at extrema, one-sided at the ends (zero when at_rest_ends), then
// limited to α² + β² ≤ 9.
std::vector<double> monotone_tangents(const std::vector<double>& y, bool at_rest_ends) {
  const std::size_t n = y.size();
  std::vector<double> delta(n - 1), m(n, 0.0);
  for (std::size_t k = 0; k + 1 < n; ++k) delta[k] = y[k + 1] - y[k];
  m[0] = at_rest_ends ? 0.0 : delta[0];
  m[n - 1] = at_rest_ends ? 0.0 : delta[n - 2];
  for (std::size_t k = 1; k + 1 < n; ++k) {
    if (delta[k - 1] * delta[k] > 0.0) m[k] = 2.0 * delta[k - 1] * delta[k] / (delta[k - 1] + delta[k]);
  }
  for (std::size_t k = 0; k + 1 < n; ++k) {
    if (delta[k] == 0.0) {
      m[k] = m[k + 1] = 0.0;
      continue;
    }
    const double a = m[k] / delta[k], b = m[k + 1] / delta[k];
    const double r = a * a + b * b;
    if (r > 9.0) {
      const double tau = 3.0 / std::sqrt(r);
      m[k] = tau * a * delta[k];
      m[k + 1] = tau * b * delta[k];
    }
  }
  return m;
}

// cubic hermite on u ∈ [0, 1] with values y0, y1 and tangents m0, m1: value, first and second derivative.
void hermite(double u, double y0, double y1, double m0, double m1, double& y, double& yu, double& yuu) {
  const double u2 = u * u, u3 = u2 * u;
  y = (2 * u3 - 3 * u2 + 1) * y0 + (u3 - 2 * u2 + u) * m0 + (-2 * u3 + 3 * u2) * y1 + (u3 - u2) * m1;
  yu = (6 * u2 - 6 * u) * y0 + (3 * u2 - 4 * u + 1) * m0 + (-6 * u2 + 6 * u) * y1 + (3 * u2 - 2 * u) * m1;
  yuu = (12 * u - 6) * y0 + (6 * u - 4) * m0 + (-12 * u + 6) * y1 + (6 * u - 2) * m1;
}

// c2: ṡ at the keys (zero at the ends: at rest), fritsch–butland's weighted harmonic mean of the
// neighbouring slopes where they agree in sign, zero at extrema and beside a held piece; then each piece's
// tangents are limited to σ(m₀ + m₁)·h ≤ 2|Δs|, which with the bounds on s̈ below keeps the piece monotone.
std::vector<double> c2_rates(const std::vector<double>& t, const std::vector<double>& s) {
  const std::size_t n = t.size();
  std::vector<double> m(n, 0.0);
  for (std::size_t k = 1; k + 1 < n; ++k) {
    const double h0 = t[k] - t[k - 1], h1 = t[k + 1] - t[k];
    const double d0 = (s[k] - s[k - 1]) / h0, d1 = (s[k + 1] - s[k]) / h1;
    if (d0 * d1 > 0.0) {
      const double w0 = 2 * h1 + h0, w1 = h1 + 2 * h0;
      m[k] = (w0 + w1) / (w0 / d0 + w1 / d1);
    }
  }
  for (std::size_t k = 0; k + 1 < n; ++k) {
    const double h = t[k + 1] - t[k], ds = s[k + 1] - s[k];
    const double r = ds == 0.0 ? 0.0 : (m[k] + m[k + 1]) * h / ds;
    if (ds == 0.0) m[k] = m[k + 1] = 0.0;
    else if (r > 2.0) {
      m[k] *= 2.0 / r;
      m[k + 1] *= 2.0 / r;
    }
  }
  return m;
}

// c2: s̈ at the keys. the estimate is the mean of the two neighbouring cubic hermites' second derivatives
// (zero at the ends: at rest), clamped into the bounds that make every bernstein coefficient of the piece's
// ṡ share the sign σ of its Δs (u = (t − t_k)/h, primes in u):
//   σ s₀'' ∈ [−4σ s₀', 2|Δs|],   σ s₁'' ∈ [−2|Δs|, 4σ s₁']
// each bound holds 0, so a key between two pieces always has an admissible value.
constexpr double kInf = std::numeric_limits<double>::infinity();

std::vector<double> c2_accelerations(const std::vector<double>& t, const std::vector<double>& s, const std::vector<double>& m) {
  const std::size_t n = t.size();
  std::vector<double> a(n, 0.0), lo(n, -kInf), hi(n, kInf);
  for (std::size_t k = 1; k + 1 < n; ++k) {
    const double h0 = t[k] - t[k - 1], h1 = t[k + 1] - t[k];
    const double d0 = (s[k] - s[k - 1]) / h0, d1 = (s[k + 1] - s[k]) / h1;
    const double left = (2 * m[k - 1] + 4 * m[k] - 6 * d0) / h0, right = (6 * d1 - 4 * m[k] - 2 * m[k + 1]) / h1;
    a[k] = 0.5 * (left + right);
  }
  for (std::size_t k = 0; k + 1 < n; ++k) {
    const double h = t[k + 1] - t[k], ds = s[k + 1] - s[k];
    const double sigma = ds >= 0.0 ? 1.0 : -1.0, h2 = h * h;
    // in σ-scaled u-units, then back to signed t-units
    const double lo0 = -4 * sigma * m[k] * h / h2, hi0 = 2 * std::abs(ds) / h2;
    const double lo1 = -2 * std::abs(ds) / h2, hi1 = 4 * sigma * m[k + 1] * h / h2;
    auto bound = [&](std::size_t i, double l, double u) {
      lo[i] = std::max(lo[i], sigma > 0 ? l : -u);
      hi[i] = std::min(hi[i], sigma > 0 ? u : -l);
    };
    bound(k, lo0, hi0);
    bound(k + 1, lo1, hi1);
  }
  for (std::size_t k = 1; k + 1 < n; ++k) a[k] = std::clamp(a[k], lo[k], hi[k]);
  return a;
}

// quintic hermite on u ∈ [0, 1] in bernstein form with values y0, y1, first derivatives m0, m1 and second
// derivatives a0, a1 (all in u): value, first and second derivative.
void quintic(double u, double y0, double y1, double m0, double m1, double a0, double a1, double& y, double& yu, double& yuu) {
  const double b[6] = {y0, y0 + m0 / 5, y0 + 2 * m0 / 5 + a0 / 20, y1 - 2 * m1 / 5 + a1 / 20, y1 - m1 / 5, y1};
  const double v = 1.0 - u;
  const double b5[6] = {v * v * v * v * v, 5 * u * v * v * v * v, 10 * u * u * v * v * v, 10 * u * u * u * v * v, 5 * u * u * u * u * v, u * u * u * u * u};
  const double b4[5] = {v * v * v * v, 4 * u * v * v * v, 6 * u * u * v * v, 4 * u * u * u * v, u * u * u * u};
  const double b3[4] = {v * v * v, 3 * u * v * v, 3 * u * u * v, u * u * u};
  // relative to y0, so a held piece (all b equal) is exactly y0
  y = yu = yuu = 0.0;
  for (int i = 1; i < 6; ++i) y += (b[i] - y0) * b5[i];
  y += y0;
  for (int i = 0; i < 5; ++i) yu += 5 * (b[i + 1] - b[i]) * b4[i];
  for (int i = 0; i < 4; ++i) yuu += 20 * (b[i + 2] - 2 * b[i + 1] + b[i]) * b3[i];
}

}  // namespace

TimingCurve::TimingCurve(std::vector<TimingKey> keys, TimingContinuity continuity)
    : keys_(std::move(keys)), continuity_(continuity) {
  if (keys_.size() < 2) throw std::invalid_argument("timing curve: needs at least 2 keys, got " + std::to_string(keys_.size()));
  for (std::size_t k = 0; k < keys_.size(); ++k) {
    if (!std::isfinite(keys_[k].t) || !std::isfinite(keys_[k].s)) {
      throw std::invalid_argument("timing curve: key " + std::to_string(k) + " is not finite");
    }
    if (k > 0 && !(keys_[k].t > keys_[k - 1].t)) {
      throw std::invalid_argument("timing curve: key " + std::to_string(k) + " has t = " + std::to_string(keys_[k].t) +
                                  ", not after key " + std::to_string(k - 1) + " (t = " + std::to_string(keys_[k - 1].t) +
                                  "): times must increase");
    }
  }
  std::vector<double> t(keys_.size()), s(keys_.size());
  for (std::size_t k = 0; k < keys_.size(); ++k) {
    t[k] = keys_[k].t;
    s[k] = keys_[k].s;
  }
  if (continuity_ == TimingContinuity::c2) {
    sd_ = c2_rates(t, s);
    sdd_ = c2_accelerations(t, s, sd_);
    return;
  }
  // t(v) needs t_v > 0 at the ends too; s(v) starts and ends at rest so that ṡ is continuous where the
  // curve meets the rest before the first key and after the last
  dt_ = monotone_tangents(t, false);
  ds_ = monotone_tangents(s, true);
}

TimingCurve::Point TimingCurve::at(double v) const {
  const int last = static_cast<int>(keys_.size()) - 2;
  const int k = std::clamp(static_cast<int>(std::floor(v)), 0, last);
  const double u = v - k;
  const auto i = static_cast<std::size_t>(k);
  Point p{};
  if (continuity_ == TimingContinuity::c2) {
    const double h = keys_[i + 1].t - keys_[i].t;
    p.t = keys_[i].t + u * h;
    p.t_v = h;
    p.t_vv = 0.0;
    quintic(u, keys_[i].s, keys_[i + 1].s, sd_[i] * h, sd_[i + 1] * h, sdd_[i] * h * h, sdd_[i + 1] * h * h, p.s, p.s_v, p.s_vv);
    return p;
  }
  hermite(u, keys_[i].t, keys_[i + 1].t, dt_[i], dt_[i + 1], p.t, p.t_v, p.t_vv);
  hermite(u, keys_[i].s, keys_[i + 1].s, ds_[i], ds_[i + 1], p.s, p.s_v, p.s_vv);
  return p;
}

TimingSample TimingCurve::sample(double t) const {
  TimingSample out;
  if (t <= t_begin() || t >= t_end()) {
    out.s = t <= t_begin() ? keys_.front().s : keys_.back().s;
    out.v = t <= t_begin() ? 0.0 : static_cast<double>(keys_.size() - 1);
    return out;
  }
  // the key interval holding t, then v inside it: t(v) is monotone there, so newton safeguarded by the
  // shrinking bracket [lo, hi] always converges
  const auto it = std::upper_bound(keys_.begin(), keys_.end(), t, [](double x, const TimingKey& key) { return x < key.t; });
  const int k = static_cast<int>(it - keys_.begin()) - 1;
  const auto i = static_cast<std::size_t>(k);
  if (continuity_ == TimingContinuity::c2) {
    // t(v) is linear on the piece: no inversion, no flat spot
    const double h = keys_[i + 1].t - keys_[i].t;
    out.v = k + (t - keys_[i].t) / h;
    const Point p = at(out.v);
    out.s = p.s;
    out.s_dot = p.s_v / h;
    out.s_ddot = p.s_vv / (h * h);
    return out;
  }
  double lo = k, hi = k + 1.0;
  double v = k + (t - keys_[i].t) / (keys_[i + 1].t - keys_[i].t);
  Point p = at(v);
  for (int iter = 0; iter < 100; ++iter) {
    const double f = p.t - t;
    if (std::abs(f) <= 1e-14 * (1.0 + std::abs(t))) break;
    if (f > 0.0) {
      hi = v;
    } else {
      lo = v;
    }
    if (hi - lo <= 1e-15 * (1.0 + hi)) break;
    const double newton = p.t_v > 0.0 ? v - f / p.t_v : lo - 1.0;
    v = (newton > lo && newton < hi) ? newton : 0.5 * (lo + hi);
    p = at(v);
  }
  out.v = v;
  out.s = p.s;
  // eq. 17–18; a flat spot of t(v) (t_v → 0) would blow up both, so it is reported instead
  const double scale = (keys_[i + 1].t - keys_[i].t);
  if (!(p.t_v > 1e-9 * scale)) {
    out.degenerate = true;
    return out;
  }
  out.s_dot = p.s_v / p.t_v;
  out.s_ddot = (p.s_vv * p.t_v - p.s_v * p.t_vv) / (p.t_v * p.t_v * p.t_v);
  return out;
}

}  // namespace js
