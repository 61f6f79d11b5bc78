#include "core/fit/curve_fit.hpp"

#include <algorithm>
#include <chrono>
#include <stdexcept>

#include "core/fit/curve_fitter.hpp"
#include "core/fit/initial_guess.hpp"

namespace js::fit {

const char* fit_method_name(FitMethod method) {
  return method == FitMethod::Paper ? "paper" : "gauss-newton";
}

bool fit_method_from_name(const std::string& name, FitMethod& method) {
  if (name == "paper") {
    method = FitMethod::Paper;
  } else if (name == "gauss-newton" || name == "gn" || name == "exact") {
    method = FitMethod::GaussNewton;
  } else {
    return false;
  }
  return true;
}

namespace {

// schoenberg–whitney: an open curve without smoothing is determined only when the frames can be matched to
// distinct sample parameters x_0 < x_1 < … with B_j(x_j) > 0 (greedy, on the sorted distinct q). returns
// the first frame without a sample of its own, or −1.
int frame_without_sample(std::vector<double> q, const spline::KnotVector& knots) {
  std::sort(q.begin(), q.end());
  q.erase(std::unique(q.begin(), q.end()), q.end());
  const int m = knots.num_control(), k = knots.order();
  std::size_t next = 0;
  for (int j = 0; j < m; ++j) {
    const double lo = knots.knot(j), hi = knots.knot(j + k);
    while (next < q.size()) {
      const double x = q[next];
      const bool inside = (x > lo && x < hi) || (j == 0 && x == lo) || (j == m - 1 && x == hi);
      if (inside) break;
      if (x >= hi) return j;  // every later x is past this frame's support
      ++next;
    }
    if (next == q.size()) return j;
    ++next;
  }
  return -1;
}

}  // namespace

PreparedCurve prepare_curve_fit(const SampleSet& samples, const CurveFitOptions& options) {
  if (samples.dof != 1) {
    throw std::invalid_argument("fit_spline_curve: the samples have " + std::to_string(samples.dof) +
                                " coordinates; a spline curve joint has 1");
  }
  if (!(options.length_scale > 0.0)) throw std::invalid_argument("fit: length scale must be positive");
  if (!(options.smoothing >= 0.0 && options.smoothing < 1.0)) {
    throw std::invalid_argument("fit: smoothing weight must be in [0, 1)");
  }
  const bool closed = options.knots ? options.knots->periodic() : options.closed;
  const int frames = options.knots ? options.knots->num_control() : options.num_frames;
  const int order = options.knots ? options.knots->order() : options.order;
  if (!options.knots && (order < 2 || order > spline::kMaxOrder)) {
    throw std::invalid_argument("fit: order " + std::to_string(order) + " not in 2.." + std::to_string(spline::kMaxOrder));
  }
  if (!options.knots && frames < (closed ? 2 : order)) {
    throw std::invalid_argument("fit: " + std::to_string(frames) + " control frames, an open curve of order " +
                                std::to_string(order) + " needs at least " + std::to_string(order));
  }
  // with smoothing the extra frames are tied down by the smoothness term (§6.3), otherwise each frame
  // needs data
  const int needed = options.smoothing > 0.0 ? std::max(order, 2) : std::max(frames, 2);
  require_samples(samples, needed,
                  "a fit with " + std::to_string(frames) + " control frames of order " + std::to_string(order));

  std::vector<double> q = sample_parameters(samples, options.length_scale, closed);
  double q_end = 0.0;
  if (closed) {
    q_end = q.back();
    q.pop_back();
  }
  const double q_min = *std::min_element(q.begin(), q.end());
  if (!closed) q_end = *std::max_element(q.begin(), q.end());
  if (!samples.has_q && !(q_end > q_min)) {
    throw SampleError(SampleErrorKind::TooFewSamples, samples.source, samples.samples.back().line, 0,
                      "all " + std::to_string(samples.size()) +
                          " samples are the same pose: there is no motion to fit a joint to");
  }
  spline::KnotVector knots = options.knots ? *options.knots : place_knots(frames, order, closed, q_min, q_end);
  std::vector<SE3> initial =
      options.initial_frames ? *options.initial_frames : initial_frames(samples, q, knots, options.length_scale);
  if (!closed && !(options.smoothing > 0.0)) {
    // a frame whose basis covers no sample of its own is not determined by the data: the fit would
    // write whatever its start was (a range covered by one sample)
    const int j = frame_without_sample(q, knots);
    if (j >= 0) {
      const double lo = knots.knot(j), hi = knots.knot(j + knots.order());
      throw SampleError(SampleErrorKind::TooFewSamples, samples.source, samples.samples.back().line, 0,
                        "control frame " + std::to_string(j) + " of " + std::to_string(knots.num_control()) +
                            " has no sample of its own in q = " + std::to_string(lo) + " .. " + std::to_string(hi) +
                            " (too few samples there): use fewer frames, or smoothing");
    }
  }
  if (static_cast<int>(initial.size()) != knots.num_control()) {
    throw std::invalid_argument("fit: " + std::to_string(initial.size()) + " initial frames for " +
                                std::to_string(knots.num_control()) + " control frames");
  }
  return PreparedCurve{std::move(q), std::move(knots), std::move(initial)};
}

CurveFitResult fit_spline_curve(const SampleSet& samples, const CurveFitOptions& options) {
  const auto start = std::chrono::steady_clock::now();
  PreparedCurve prepared = prepare_curve_fit(samples, options);
  CurveFitter fitter(samples, std::move(prepared.q), std::move(prepared.knots), options);
  CurveFitResult result = fitter.run(std::move(prepared.frames));
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

}  // namespace js::fit
