// jointsmith-cli fit: fits a spline joint to sample poses (paper §6; docs/fitting.md) and writes the joint
// file, a json report (--report) and a summary for people on stdout.
#include <cmath>
#include <fstream>
#include <iostream>
#include <memory>
#include <algorithm>
#include <chrono>
#include <vector>
#include <stdexcept>
#include <string>

#include "app/cli/commands.hpp"
#include "core/fit/cross_validation.hpp"
#include "core/fit/report.hpp"
#include "core/fit/sample_io.hpp"
#include "core/fit/surface_fit.hpp"
#include "core/io/atomic_file.hpp"
#include "core/io/joint_file.hpp"

namespace js::cli {

namespace {

constexpr const char* kFitFooter = R"(Samples: CSV (header q or q0,q1,..; R00..R22 row-major; px,py,pz in metres; optional
weight; any column order, # comments) or JSON; see docs/samples.md. Without q columns q comes from
natural parameterization along the row order. Two or more q columns (q0,q1[,q2]) fit a spline surface joint (paper eq. 25):
--frames is then the net size per coordinate (8, or 8x6), auto = min(8, distinct q values / 2) per axis;
--smooth auto means no smoothing for n-dof (give a weight to smooth noisy samples); gauss-newton only.
Defaults (no flags) suit a knee: cubic, frames and smoothing chosen by generalized cross-validation,
exact Gauss-Newton, length scale 0.05 m (1 rad of rotation error weighs like 5 cm of translation).
Report (--report): rms/max translation (m) and rotation (rad), per-sample errors, iterations,
objective history, seconds, smoothing weight and its score curve, frames, min |S|.
Example: jointsmith-cli fit resources/samples/knee.csv -o knee.json --report knee-report.json)";

struct FitCliOptions {
  std::string samples;
  std::string output;
  std::string frames = "auto";
  int order = 4;
  bool closed = false;
  std::string smooth = "auto";
  std::string method = "gauss-newton";
  double length_scale = 0.05;
  int max_iterations = 100;
  std::string report;
  bool reorthonormalize = false;
  double huber = 0.0;
  std::string cv = "gcv";
};

double parse_number(const std::string& text, const char* flag) {
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

// progress on stderr for fits that run longer than a couple of seconds (a million samples): every two
// seconds, the fit (the automatic search runs many) and its iteration
class ProgressPrinter {
 public:
  fit::ProgressCallback callback() {
    return [this](const fit::FitProgress& p) {
      if (p.iteration == 1) ++fits_;
      const double t = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
      if (t >= next_) {
        next_ = t + 2.0;
        std::cerr << "fit: " << static_cast<int>(t) << " s, fit " << fits_ << ", iteration " << p.iteration
                  << ", objective " << p.objective << std::endl;
      }
      return true;
    };
  }

 private:
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
  double next_ = 2.0;
  int fits_ = 0;
};

// what `jointsmith-cli check` would say of the fitted joint: a joint it rejects is not written
void refuse_unusable(const fit::FitReport& report, const std::string& output) {
  if (report.check_problem.empty()) return;
  throw std::runtime_error("fit: not writing " + output + ": the fitted joint fails `check`: " + report.check_problem +
                           ". The samples do not determine a usable joint (identical or collinear poses, or part of "
                           "the range covered by a single sample?)");
}

// the json report (--report) and the summary for people on stdout
void write_report(const FitCliOptions& cli, const fit::FitReport& report) {
  if (!cli.report.empty()) {
    io::write_file_atomic(cli.report, fit::report_to_json(report).dump(1) + "\n", {cli.samples});
  }
  std::cout << fit::report_summary(report) << "  wrote " << cli.output
            << (cli.report.empty() ? "" : " and " + cli.report) << "\n";
}

// --frames for n-dof: "auto", one size for every axis ("8") or one per axis ("8x6"; 'x' or '×').
std::vector<int> parse_net(const std::string& text, const fit::SampleSet& samples, int order) {
  std::vector<int> net;
  if (text == "auto") {
    // about one control value per two distinct q values along each axis, at most 8, at least the order
    for (int a = 0; a < samples.dof; ++a) {
      std::vector<double> distinct;
      distinct.reserve(samples.samples.size());
      for (const fit::Sample& s : samples.samples) distinct.push_back(s.q[a]);
      std::sort(distinct.begin(), distinct.end());
      distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
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
    const double f = parse_number(part, "--frames");
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

// n-dof samples (two or more q columns): a spline surface joint (core/fit/surface_fit.hpp)
void run_surface_fit(const FitCliOptions& cli, const fit::SampleSet& samples) {
  if (cli.method != "gauss-newton" && cli.method != "gn" && cli.method != "exact") {
    throw std::runtime_error("fit: --method '" + cli.method + "': n-dof fits use gauss-newton (the paper's iteration is 1-dof)");
  }
  if (cli.closed) throw std::runtime_error("fit: --closed is for 1-dof curves; n-dof fits use open axes");
  if (cli.huber > 0.0) throw std::runtime_error("fit: --huber is not available for n-dof fits");
  fit::SurfaceFitOptions options;
  options.order = cli.order;
  options.net = parse_net(cli.frames, samples, cli.order);
  options.length_scale = cli.length_scale;
  options.max_iterations = cli.max_iterations;
  // n-dof smoothing is not cross-validated: auto means none (the net is chosen coarser than the samples)
  options.smoothing = cli.smooth == "auto" ? 0.0 : parse_number(cli.smooth, "--smooth");
  ProgressPrinter progress;
  options.progress = progress.callback();
  const fit::SurfaceFitResult result = fit::fit_spline_surface(samples, options);
  const SplineSurfaceJoint joint = result.joint();
  std::vector<JointVector> q;
  q.reserve(samples.samples.size());
  for (const fit::Sample& s : samples.samples) q.push_back(s.q);
  fit::FitReport report = fit::measure_fit(joint, samples, q, options.length_scale);
  refuse_unusable(report, cli.output);
  io::write_joint_file(joint, cli.output);
  const fit::FitReport start = fit::measure_fit(result.coordinatewise_joint(), samples, q, options.length_scale);
  fit::describe_surface_fit(result, options, start, report);
  write_report(cli, report);
}

void run_fit(const FitCliOptions& cli) {
  fit::SampleReadOptions read;
  read.reorthonormalize = cli.reorthonormalize;
  // refuse before fitting: neither output may replace the samples
  io::refuse_overwriting_inputs(cli.output, {cli.samples});
  if (!cli.report.empty()) io::refuse_overwriting_inputs(cli.report, {cli.samples});
  const fit::SampleSet samples = fit::read_samples(cli.samples, read);
  if (samples.dof < 1 || samples.dof > 3) {
    throw std::runtime_error("fit: " + cli.samples + " has " + std::to_string(samples.dof) +
                             " coordinates; n-dof fitting supports 1 to 3");
  }
  if (samples.dof != 1) {
    run_surface_fit(cli, samples);
    return;
  }
  fit::CurveFitOptions options;
  options.order = cli.order;
  options.closed = cli.closed;
  options.length_scale = cli.length_scale;
  options.max_iterations = cli.max_iterations;
  options.huber_delta = cli.huber;
  if (!fit::fit_method_from_name(cli.method, options.method)) {
    throw std::runtime_error("fit: --method '" + cli.method + "': expected paper or gauss-newton");
  }
  fit::AutoFitOptions automatic;
  automatic.auto_frames = cli.frames == "auto";
  automatic.auto_smoothing = cli.smooth == "auto";
  if (!automatic.auto_frames) {
    const double f = parse_number(cli.frames, "--frames");
    if (f != std::floor(f) || f < 2) throw std::runtime_error("fit: --frames '" + cli.frames + "' must be an integer ≥ 2");
    options.num_frames = static_cast<int>(f);
  }
  if (!automatic.auto_smoothing) options.smoothing = parse_number(cli.smooth, "--smooth");
  if (cli.cv == "kfold") {
    automatic.method = fit::CrossValidation::KFold;
  } else if (cli.cv != "gcv") {
    throw std::runtime_error("fit: --cv '" + cli.cv + "': expected gcv or kfold");
  }

  ProgressPrinter progress;
  options.progress = progress.callback();
  const fit::AutoFitResult result = fit::fit_spline_curve_auto(samples, options, automatic);
  const SplineCurveJoint joint = result.fit.joint();

  std::vector<JointVector> q;
  q.reserve(result.fit.q.size());
  for (double x : result.fit.q) q.push_back(JointVector::Constant(1, x));
  q.resize(samples.samples.size(), JointVector::Zero(1));  // closed fits carry one more q (the period end)
  fit::FitReport report = fit::measure_fit(joint, samples, q, options.length_scale);
  refuse_unusable(report, cli.output);
  io::write_joint_file(joint, cli.output);
  fit::describe_curve_fit(result, options, report);
  write_report(cli, report);
}

}  // namespace

void add_fit_command(CLI::App& app) {
  auto cli = std::make_shared<FitCliOptions>();
  CLI::App* cmd = app.add_subcommand("fit", "fit a spline joint to sample poses (paper §6, docs/fitting.md)");
  cmd->footer(kFitFooter);
  cmd->add_option("samples", cli->samples, "sample file (.csv or .json)")->required();
  cmd->add_option("-o,--output", cli->output, "joint file to write (json)")->required();
  cmd->add_option("--frames", cli->frames, "control frames, or auto (cross-validation); n-dof: net size per coordinate (8 or 8x6)")->capture_default_str();
  cmd->add_option("--order", cli->order, "spline order k (4: cubic)")->capture_default_str();
  cmd->add_flag("--closed", cli->closed, "closed (periodic) motion");
  cmd->add_option("--smooth", cli->smooth, "smoothing weight w in [0, 1), or auto (cross-validation)")->capture_default_str();
  cmd->add_option("--method", cli->method, "paper (eq. 32-36) or gauss-newton (exact derivatives)")->capture_default_str();
  cmd->add_option("--length-scale", cli->length_scale, "metres of translation error that weigh like 1 rad")->capture_default_str();
  cmd->add_option("--max-iterations", cli->max_iterations, "iteration limit of each fit")->capture_default_str();
  cmd->add_option("--report", cli->report, "write a json report here");
  cmd->add_flag("--reorthonormalize", cli->reorthonormalize, "project rotations that are not orthonormal onto SO(3)");
  cmd->add_option("--huber", cli->huber, "huber threshold (rad-equivalent) for outlier samples; 0: off")->capture_default_str();
  cmd->add_option("--cv", cli->cv, "cross-validation for auto: gcv or kfold")->capture_default_str();
  cmd->callback([cli] { run_fit(*cli); });
}

}  // namespace js::cli
