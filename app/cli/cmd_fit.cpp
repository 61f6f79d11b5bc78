// jointsmith-cli fit: fits a spline joint to sample poses (paper §6; docs/fitting.md) and writes the joint
// file, a json report (--report) and a summary for people on stdout.
#include <algorithm>
#include <chrono>
#include <iostream>
#include <memory>
#include <string>

#include "app/cli/commands.hpp"
#include "app/cli/fit_job.hpp"
#include "core/fit/baseline.hpp"
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
--baseline also fits the best fixed hinge (angle free per sample, the fit's metric) and the best ball joint
(SCoRE centre) to the same samples and prints their child-origin errors beside the spline's (report: "baselines").
Example: jointsmith-cli fit resources/samples/knee.csv -o knee.json --report knee-report.json)";

struct FitCliOptions {
  std::string samples;
  std::string output;
  std::string report;
  bool reorthonormalize = false;
  bool baseline = false;
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

// the best hinge and ball joint for the same samples (core/fit/baseline.hpp), beside the spline's errors: lines
// for people and a "baselines" object for the report
std::string add_baselines(fit::SampleSet samples, const fit::FitReport& report, double length_scale,
                          nlohmann::ordered_json& json) {
  // samples without q take the q the fit gave them, so every line names the same q
  for (std::size_t k = 0; k < samples.samples.size() && k < report.per_sample.size(); ++k)
    samples.samples[k].q = report.per_sample[k].q;
  std::vector<double> t, r;
  for (const fit::SampleResidual& e : report.per_sample) {
    t.push_back(e.translation);
    r.push_back(e.rotation);
  }
  auto to_json = [&](const fit::BaselineErrors& e) {
    nlohmann::ordered_json j;
    j["rms_translation_m"] = e.rms_translation_m;
    j["max_translation_m"] = e.max_translation_m;
    j["max_translation_index"] = e.worst_translation;
    j["rms_rotation_rad"] = e.rms_rotation_rad;
    j["max_rotation_rad"] = e.max_rotation_rad;
    j["max_rotation_index"] = e.worst_rotation;
    return j;
  };
  auto vec = [](const Vec3& v) { return std::vector<double>{v.x(), v.y(), v.z()}; };
  std::string text = "  baselines (child origin error, the same samples):\n";
  // q in degrees when every coordinate turns the child (a knee's flexion), else as stored
  const bool degrees = !report.rotational.empty() &&
                       std::all_of(report.rotational.begin(), report.rotational.end(), [](bool turns) { return turns; });
  text += "    " + fit::baseline_line("spline", fit::summarize_errors(t, r), samples, degrees) + "\n";
  try {
    const fit::HingeFit h = fit::fit_hinge(samples, length_scale);
    text += "    " + fit::baseline_line("hinge ", h.errors, samples, degrees) + "\n";
    nlohmann::ordered_json j = to_json(h.errors);
    j["axis_in_parent"] = vec(h.axis_in_parent());
    j["point_in_parent"] = vec(h.point_in_parent());
    j["axis_in_child"] = vec(h.axis_T_child.R.transpose().col(2));
    j["iterations"] = h.iterations;
    json["hinge"] = j;
  } catch (const fit::SampleError& e) {
    text += std::string("    hinge : ") + e.what() + "\n";
    json["hinge"] = {{"error", e.what()}};
  }
  const fit::BallFit b = fit::fit_ball(samples);
  text += "    " + fit::baseline_line("ball  ", b.errors, samples, degrees) +
          (b.determined ? "" : " (centre free along the one axis the samples rotate about)") + "\n";
  nlohmann::ordered_json j = to_json(b.errors);
  j["centre_in_parent"] = vec(b.centre_in_parent);
  j["centre_in_child"] = vec(b.centre_in_child);
  j["determined"] = b.determined;
  json["ball"] = j;
  return text;
}

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
  nlohmann::ordered_json json = fit::report_to_json(fitted.report);
  std::string baselines;
  if (cli.baseline) baselines = add_baselines(samples, fitted.report, fitted.report.length_scale, json["baselines"]);
  if (!cli.report.empty()) io::write_file_atomic(cli.report, json.dump(1) + "\n", {cli.samples});
  std::cout << fit::report_summary(fitted.report) << baselines << "  wrote " << cli.output
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
  cmd->add_flag("--baseline", cli->baseline, "also fit the best fixed hinge and ball joint and print their errors beside the spline's (report: \"baselines\")");
  cmd->add_flag("--reorthonormalize", cli->reorthonormalize, "project rotations that are not orthonormal onto SO(3)");
  cmd->add_option("--huber", cli->fit.huber, "huber threshold (rad-equivalent) for outlier samples; 0: off")->capture_default_str();
  cmd->add_option("--cv", cli->fit.cv, "cross-validation for auto: gcv or kfold")->capture_default_str();
  cmd->callback([cli] { run_fit(*cli); });
}

}  // namespace js::cli
