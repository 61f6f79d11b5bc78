// one fit as `jointsmith-cli fit` runs it (1-dof curve with cross-validated frames/smoothing, or the n-dof
// surface fit), without touching files: the one fit path of `fit`, `fit-batch` and the python module, so
// all three give the same joint and report, and refuse the same samples, on the same inputs and options.
#pragma once

#include <atomic>
#include <memory>
#include <string>

#include "core/fit/report.hpp"
#include "core/fit/samples.hpp"
#include "core/joints/joint.hpp"

namespace js::cli {

// the fit command's options (defaults as its flags).
struct FitJobOptions {
  std::string frames = "auto";  // integer ≥ 2, "auto"; n-dof: "8" or "8x6"
  int order = 4;
  bool closed = false;
  std::string smooth = "auto";  // w in [0, 1) or "auto"
  std::string method = "gauss-newton";
  double length_scale = 0.05;
  int max_iterations = 100;
  double huber = 0.0;
  std::string cv = "gcv";
  fit::ProgressCallback progress;          // after every iteration, on the fitting thread
  const std::atomic<bool>* cancel = nullptr;
};

struct FitJobResult {
  std::unique_ptr<JointModel> joint;
  fit::FitReport report;
};

// fits samples (1-dof: curve, n-dof: surface); throws std::runtime_error with the fit command's messages on
// bad options or a dof outside 1..3, SampleError on unusable samples, and SampleError(Degenerate) when the
// fitted joint fails `check` (S vanishes somewhere: the samples do not determine a usable joint). a joint
// it returns is one `check` accepts.
FitJobResult run_fit_job(const fit::SampleSet& samples, const FitJobOptions& options);

// "auto" or a finite number; otherwise throws "fit: FLAG 'TEXT' is not a number or 'auto'".
double parse_fit_number(const std::string& text, const char* flag);

}  // namespace js::cli
