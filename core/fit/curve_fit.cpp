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
  spline::KnotVector knots = options.knots ? *options.knots : place_knots(frames, order, closed, q_min, q_end);
  std::vector<SE3> initial =
      options.initial_frames ? *options.initial_frames : initial_frames(samples, q, knots, options.length_scale);
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
