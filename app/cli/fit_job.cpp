#include "app/cli/fit_job.hpp"

#include <algorithm>
#include <cmath>
#include <set>
#include <stdexcept>
#include <vector>

#include "core/fit/cross_validation.hpp"
#include "core/fit/samples.hpp"
#include "core/fit/surface_fit.hpp"

namespace js::cli {

double parse_fit_number(const std::string& text, const char* flag) {
  std::size_t used = 0;
  double v = 0.0;
  try {
    v = std::stod(text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used != text.size() || !std::isfinite(v)) {
    throw std::runtime_error(std::string("fit: ") + flag + " '" + text + "' is not a number or 'auto'");
  }
  return v;
}

namespace {

// --frames for n-dof: "auto", one size for every axis ("8") or one per axis ("8x6"; 'x' or '×').
std::vector<int> parse_net(const std::string& text, const fit::SampleSet& samples, int order) {
  std::vector<int> net;
  if (text == "auto") {
    // about one control value per two distinct q values along each axis, at most 8, at least the order
    for (int a = 0; a < samples.dof; ++a) {
      std::set<double> distinct;
      for (const fit::Sample& s : samples.samples) distinct.insert(s.q[a]);
      net.push_back(std::max(order, std::min(8, static_cast<int>(distinct.size()) / 2)));
    }
    return net;
  }
  std::string rest = text;
  for (std::size_t at = rest.find("×"); at != std::string::npos; at = rest.find("×")) rest.replace(at, std::string("×").size(), "x");
  std::size_t begin = 0;
  while (true) {
    const std::size_t end = rest.find('x', begin);
    const std::string part = rest.substr(begin, end == std::string::npos ? std::string::npos : end - begin);
    const double f = parse_fit_number(part, "--frames");
    if (f != std::floor(f) || f < 2) throw std::runtime_error("fit: --frames '" + text + "': sizes must be integers ≥ 2");
    net.push_back(static_cast<int>(f));
    if (end == std::string::npos) break;
    begin = end + 1;
  }
  if (net.size() != 1 && static_cast<int>(net.size()) != samples.dof) {
    throw std::runtime_error("fit: --frames '" + text + "' gives " + std::to_string(net.size()) + " sizes for " +
                             std::to_string(samples.dof) + " q columns");
  }
  return net;
}

// what `jointsmith-cli check` would say of the fitted joint: a joint it rejects is not handed out (so not
// written by fit or fit-batch, not returned by jointsmith.fit)
void refuse_unusable(const fit::SampleSet& samples, const fit::FitReport& report) {
  if (report.check_problem.empty()) return;
  throw fit::SampleError(fit::SampleErrorKind::Degenerate, samples.source, 0, 0,
                         "the samples do not determine a usable joint: the fitted joint fails `check`: " +
                             report.check_problem +
                             " (identical or collinear poses, or part of the range covered by a single sample?)");
}

FitJobResult surface_fit(const fit::SampleSet& samples, const FitJobOptions& o) {
  if (o.method != "gauss-newton" && o.method != "gn" && o.method != "exact") {
    throw std::runtime_error("fit: --method '" + o.method + "': n-dof fits use gauss-newton (the paper's iteration is 1-dof)");
  }
  if (o.closed) throw std::runtime_error("fit: --closed is for 1-dof curves; n-dof fits use open axes");
  if (o.huber > 0.0) throw std::runtime_error("fit: --huber is not available for n-dof fits");
  fit::SurfaceFitOptions options;
  options.order = o.order;
  options.net = parse_net(o.frames, samples, o.order);
  options.length_scale = o.length_scale;
  options.max_iterations = o.max_iterations;
  options.progress = o.progress;
  options.cancel = o.cancel;
  // n-dof smoothing is not cross-validated: auto means none (the net is chosen coarser than the samples)
  options.smoothing = o.smooth == "auto" ? 0.0 : parse_fit_number(o.smooth, "--smooth");
  const fit::SurfaceFitResult result = fit::fit_spline_surface(samples, options);
  FitJobResult out;
  const SplineSurfaceJoint joint = result.joint();
  std::vector<JointVector> q;
  q.reserve(samples.samples.size());
  for (const fit::Sample& s : samples.samples) q.push_back(s.q);
  out.report = fit::measure_fit(joint, samples, q, options.length_scale);
  refuse_unusable(samples, out.report);
  const fit::FitReport start = fit::measure_fit(result.coordinatewise_joint(), samples, q, options.length_scale);
  fit::describe_surface_fit(result, options, start, out.report);
  out.joint = joint.clone();
  return out;
}

FitJobResult curve_fit(const fit::SampleSet& samples, const FitJobOptions& o) {
  fit::CurveFitOptions options;
  options.order = o.order;
  options.closed = o.closed;
  options.length_scale = o.length_scale;
  options.max_iterations = o.max_iterations;
  options.huber_delta = o.huber;
  options.progress = o.progress;
  options.cancel = o.cancel;
  if (!fit::fit_method_from_name(o.method, options.method)) {
    throw std::runtime_error("fit: --method '" + o.method + "': expected paper or gauss-newton");
  }
  fit::AutoFitOptions automatic;
  automatic.auto_frames = o.frames == "auto";
  automatic.auto_smoothing = o.smooth == "auto";
  if (!automatic.auto_frames) {
    const double f = parse_fit_number(o.frames, "--frames");
    if (f != std::floor(f) || f < 2) throw std::runtime_error("fit: --frames '" + o.frames + "' must be an integer ≥ 2");
    options.num_frames = static_cast<int>(f);
  }
  if (!automatic.auto_smoothing) options.smoothing = parse_fit_number(o.smooth, "--smooth");
  if (o.cv == "kfold") {
    automatic.method = fit::CrossValidation::KFold;
  } else if (o.cv != "gcv") {
    throw std::runtime_error("fit: --cv '" + o.cv + "': expected gcv or kfold");
  }
  const fit::AutoFitResult result = fit::fit_spline_curve_auto(samples, options, automatic);
  FitJobResult out;
  const SplineCurveJoint joint = result.fit.joint();
  std::vector<JointVector> q;
  q.reserve(result.fit.q.size());
  for (double x : result.fit.q) q.push_back(JointVector::Constant(1, x));
  q.resize(samples.samples.size(), JointVector::Zero(1));  // closed fits carry one more q (the period end)
  out.report = fit::measure_fit(joint, samples, q, options.length_scale);
  refuse_unusable(samples, out.report);
  fit::describe_curve_fit(result, options, out.report);
  out.joint = joint.clone();
  return out;
}

}  // namespace

FitJobResult run_fit_job(const fit::SampleSet& samples, const FitJobOptions& options) {
  if (samples.dof < 1 || samples.dof > 3) {
    throw std::runtime_error("fit: " + samples.source + " has " + std::to_string(samples.dof) +
                             " coordinates; n-dof fitting supports 1 to 3");
  }
  return samples.dof != 1 ? surface_fit(samples, options) : curve_fit(samples, options);
}

}  // namespace js::cli
