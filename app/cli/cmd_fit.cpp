// jointsmith-cli fit: fits a spline joint to sample poses (paper §6; docs/fitting.md) and writes the joint
// file, a json report (--report) and a summary for people on stdout.
#include <chrono>
#include <iostream>
#include <memory>
#include <string>

#include "app/cli/commands.hpp"
#include "app/cli/fit_job.hpp"
#include "core/fit/report.hpp"
#include "core/fit/sample_io.hpp"
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
  std::string report;
  bool reorthonormalize = false;
  FitJobOptions fit;  // the fit itself: app/cli/fit_job.hpp, shared with fit-batch and the python module
};

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

void run_fit(const FitCliOptions& cli) {
  fit::SampleReadOptions read;
  read.reorthonormalize = cli.reorthonormalize;
  // refuse before fitting: neither output may replace the samples
  io::refuse_overwriting_inputs(cli.output, {cli.samples});
  if (!cli.report.empty()) io::refuse_overwriting_inputs(cli.report, {cli.samples});
  const fit::SampleSet samples = fit::read_samples(cli.samples, read);
  ProgressPrinter progress;
  FitJobOptions options = cli.fit;
  options.progress = progress.callback();
  // the job refuses samples that give a joint `check` rejects (it throws): nothing is written then
  const FitJobResult fitted = run_fit_job(samples, options);
  io::write_joint_file(*fitted.joint, cli.output);
  if (!cli.report.empty()) {
    io::write_file_atomic(cli.report, fit::report_to_json(fitted.report).dump(1) + "\n", {cli.samples});
  }
  std::cout << fit::report_summary(fitted.report) << "  wrote " << cli.output
            << (cli.report.empty() ? "" : " and " + cli.report) << "\n";
}

}  // namespace

void add_fit_command(CLI::App& app) {
  auto cli = std::make_shared<FitCliOptions>();
  CLI::App* cmd = app.add_subcommand("fit", "fit a spline joint to sample poses (paper §6, docs/fitting.md)");
  cmd->footer(kFitFooter);
  cmd->add_option("samples", cli->samples, "sample file (.csv or .json)")->required();
  cmd->add_option("-o,--output", cli->output, "joint file to write (json)")->required();
  cmd->add_option("--frames", cli->fit.frames, "control frames, or auto (cross-validation); n-dof: net size per coordinate (8 or 8x6)")->capture_default_str();
  cmd->add_option("--order", cli->fit.order, "spline order k (4: cubic)")->capture_default_str();
  cmd->add_flag("--closed", cli->fit.closed, "closed (periodic) motion");
  cmd->add_option("--smooth", cli->fit.smooth, "smoothing weight w in [0, 1), or auto (cross-validation)")->capture_default_str();
  cmd->add_option("--method", cli->fit.method, "paper (eq. 32-36) or gauss-newton (exact derivatives)")->capture_default_str();
  cmd->add_option("--length-scale", cli->fit.length_scale, "metres of translation error that weigh like 1 rad")->capture_default_str();
  cmd->add_option("--max-iterations", cli->fit.max_iterations, "iteration limit of each fit")->capture_default_str();
  cmd->add_option("--report", cli->report, "write a json report here");
  cmd->add_flag("--reorthonormalize", cli->reorthonormalize, "project rotations that are not orthonormal onto SO(3)");
  cmd->add_option("--huber", cli->fit.huber, "huber threshold (rad-equivalent) for outlier samples; 0: off")->capture_default_str();
  cmd->add_option("--cv", cli->fit.cv, "cross-validation for auto: gcv or kfold")->capture_default_str();
  cmd->callback([cli] { run_fit(*cli); });
}

}  // namespace js::cli
