// jointsmith-cli fit: fits a spline joint to sample poses (paper §6; docs/fitting.md) and writes the joint
// file, a json report (--report) and a summary for people on stdout.
#include <cmath>
#include <fstream>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>

#include "app/cli/commands.hpp"
#include "core/fit/cross_validation.hpp"
#include "core/fit/report.hpp"
#include "core/fit/sample_io.hpp"
#include "core/io/joint_file.hpp"

namespace js::cli {

namespace {

constexpr const char* kFitFooter = R"(Samples: CSV (header q or q0,q1,..; R00..R22 row-major; px,py,pz in metres; optional
weight; any column order, # comments) or JSON; see docs/samples.md. Without q columns q comes from
natural parameterization along the row order. Two or more q columns fit a spline surface joint.
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

void run_fit(const FitCliOptions& cli) {
  fit::SampleReadOptions read;
  read.reorthonormalize = cli.reorthonormalize;
  const fit::SampleSet samples = fit::read_samples(cli.samples, read);
  if (samples.dof != 1) {
    throw std::runtime_error("fit: " + cli.samples + " has " + std::to_string(samples.dof) +
                             " q columns; n-dof (spline surface) fitting is not available in this build yet");
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

  const fit::AutoFitResult result = fit::fit_spline_curve_auto(samples, options, automatic);
  const SplineCurveJoint joint = result.fit.joint();
  io::write_joint_file(joint, cli.output);

  std::vector<JointVector> q;
  for (double x : result.fit.q) q.push_back(JointVector::Constant(1, x));
  fit::FitReport report = fit::measure_fit(joint, samples, q, options.length_scale);
  fit::describe_curve_fit(result, options, report);
  if (!cli.report.empty()) {
    std::ofstream out(cli.report);
    out << fit::report_to_json(report).dump(1) << "\n";
    if (!out) throw std::runtime_error("fit: cannot write report " + cli.report);
  }
  std::cout << fit::report_summary(report) << "  wrote " << cli.output
            << (cli.report.empty() ? "" : " and " + cli.report) << "\n";
}

}  // namespace

void add_fit_command(CLI::App& app) {
  auto cli = std::make_shared<FitCliOptions>();
  CLI::App* cmd = app.add_subcommand("fit", "fit a spline joint to sample poses (paper §6, docs/fitting.md)");
  cmd->footer(kFitFooter);
  cmd->add_option("samples", cli->samples, "sample file (.csv or .json)")->required();
  cmd->add_option("-o,--output", cli->output, "joint file to write (json)")->required();
  cmd->add_option("--frames", cli->frames, "number of control frames, or auto (cross-validation)")->capture_default_str();
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
