#include "core/fit/initial_guess.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>
#include <string>

namespace js::fit {

std::vector<double> sample_parameters(const SampleSet& set, double length_scale, bool closed) {
  const int n = set.size();
  std::vector<double> q(static_cast<std::size_t>(n), 0.0);
  if (n == 0) return q;
  if (set.has_q) {
    for (int k = 0; k < n; ++k) q[static_cast<std::size_t>(k)] = set.samples[static_cast<std::size_t>(k)].q[0];
    if (closed) {
      const auto [lo, hi] = std::minmax_element(q.begin(), q.end());
      const double spacing = n > 1 ? (*hi - *lo) / (n - 1) : 1.0;
      q.push_back(*hi + spacing);
    }
    return q;
  }
  // natural parameterization (§6.1): arc length under the fitting metric along the row order
  auto distance = [&](int a, int b) {
    const SE3& ga = set.samples[static_cast<std::size_t>(a)].parent_T_child;
    const SE3& gb = set.samples[static_cast<std::size_t>(b)].parent_T_child;
    return twist_norm(se3_log(ga.inverse() * gb), length_scale);
  };
  for (int k = 1; k < n; ++k) q[static_cast<std::size_t>(k)] = q[static_cast<std::size_t>(k - 1)] + distance(k - 1, k);
  if (closed) q.push_back(q.back() + distance(n - 1, 0));
  return q;
}

spline::KnotVector place_knots(int num_frames, int order, bool closed, double q_min, double q_end) {
  if (!(q_end > q_min)) {
    throw std::invalid_argument("the samples span no range of q (" + std::to_string(q_min) + " .. " +
                                std::to_string(q_end) + ")");
  }
  return closed ? spline::KnotVector::periodic(num_frames, order, q_min, q_end)
                : spline::KnotVector::clamped(num_frames, order, q_min, q_end);
}

SE3 se3_weighted_mean(const std::vector<SE3>& poses, const std::vector<double>& weights, const SE3& start,
                      int iterations) {
  SE3 mean = start;
  const double total = std::accumulate(weights.begin(), weights.end(), 0.0);
  if (!(total > 0.0)) return mean;
  for (int it = 0; it < iterations; ++it) {
    Twist step = Twist::Zero();
    const SE3 inv = mean.inverse();
    for (std::size_t i = 0; i < poses.size(); ++i) step += weights[i] * se3_log(inv * poses[i]);
    mean *= se3_exp(step / total);
  }
  return mean;
}

std::vector<SE3> initial_frames(const SampleSet& set, const std::vector<double>& q, const spline::KnotVector& knots,
                                double /*length_scale*/) {
  const int n = set.size();
  const bool closed = knots.periodic();
  const double period = knots.period();
  // samples in q order
  std::vector<int> order(static_cast<std::size_t>(n));
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(),
                   [&](int a, int b) { return q[static_cast<std::size_t>(a)] < q[static_cast<std::size_t>(b)]; });
  auto q_of = [&](int sorted) { return q[static_cast<std::size_t>(order[static_cast<std::size_t>(sorted)])]; };
  auto pose_of = [&](int sorted) -> const SE3& {
    return set.samples[static_cast<std::size_t>(order[static_cast<std::size_t>(sorted)])].parent_T_child;
  };
  const double q_lo = knots.q_min();
  // position of t relative to the samples, as a cyclic distance for closed curves
  auto offset = [&](double from, double to) {
    double d = to - from;
    if (closed) d -= period * std::round(d / period);
    return d;
  };
  const int spans = closed ? knots.num_control() : knots.num_control() - knots.order() + 1;
  const double half_width = (knots.q_max() - q_lo) / std::max(1, spans);

  std::vector<SE3> frames;
  frames.reserve(static_cast<std::size_t>(knots.num_control()));
  for (int i = 0; i < knots.num_control(); ++i) {
    double t = knots.greville(i);
    if (closed) t = knots.wrap(t);
    // geodesic interpolation between the samples around t
    const auto it = std::upper_bound(order.begin(), order.end(), t,
                                     [&](double value, int k) { return value < q[static_cast<std::size_t>(k)]; });
    int b = static_cast<int>(it - order.begin());  // first sorted sample with q > t
    int a = b - 1;
    SE3 guess;
    if (closed) {
      a = (a + n) % n;
      b = b % n;
      const double span = offset(q_of(a), q_of(b)) <= 0.0 ? offset(q_of(a), q_of(b)) + period : offset(q_of(a), q_of(b));
      const double s = span > 0.0 ? std::clamp(offset(q_of(a), t) / span, 0.0, 1.0) : 0.0;
      guess = pose_of(a) * se3_exp(s * se3_log(pose_of(a).inverse() * pose_of(b)));
    } else if (a < 0) {
      guess = pose_of(0);
    } else if (b >= n) {
      guess = pose_of(n - 1);
    } else {
      const double span = q_of(b) - q_of(a);
      const double s = span > 0.0 ? (t - q_of(a)) / span : 0.0;
      guess = pose_of(a) * se3_exp(s * se3_log(pose_of(a).inverse() * pose_of(b)));
    }
    // tent-weighted karcher mean of the samples within one knot span: averages noise out
    std::vector<SE3> near;
    std::vector<double> weights;
    for (int k = 0; k < n; ++k) {
      const double d = std::abs(offset(t, q[static_cast<std::size_t>(k)]));
      if (d >= half_width) continue;
      near.push_back(set.samples[static_cast<std::size_t>(k)].parent_T_child);
      weights.push_back((1.0 - d / half_width) * set.samples[static_cast<std::size_t>(k)].weight);
    }
    frames.push_back(near.size() >= 3 ? se3_weighted_mean(near, weights, guess, 2) : guess);
  }
  return frames;
}

}  // namespace js::fit
