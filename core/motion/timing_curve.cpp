#include "core/motion/timing_curve.hpp"

#include <algorithm>
#include <cmath>
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

}  // namespace

TimingCurve::TimingCurve(std::vector<TimingKey> keys) : keys_(std::move(keys)) {
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
