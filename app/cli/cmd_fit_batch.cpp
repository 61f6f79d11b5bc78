// jointsmith-cli fit-batch MANIFEST.csv -o DIR [-j N]: fits every row of a cohort manifest on N threads
// (app/cli/fit_batch.hpp has the manifest's columns), one progress line, DIR/summary.csv at the end. rows
// already fitted by an earlier run are skipped; a failed row is recorded and the others go on.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <thread>
#include <vector>

#include "app/cli/commands.hpp"
#include "app/cli/fit_batch.hpp"

namespace js::cli {

namespace {

constexpr const char* kFitBatchFooter = R"(Manifest: csv with a header; one row per joint:
  samples    sample file (.csv/.json), relative to the manifest's folder   (required)
  output     name of the fit: DIR/OUTPUT.json and DIR/OUTPUT.report.json  (required, unique)
  frames, smooth, order, closed, method, length_scale, huber, max_iterations, cv, reorthonormalize
             the fit command's options; an empty cell takes its default
Writes DIR/summary.csv (row, samples, output, status, error, dof, frames, smoothing, rms/max translation (m)
and rotation (rad), iterations, seconds). A failed row is recorded (status failed, the error) and the rest
complete; the exit status is 1 when any row failed. Run again to finish: rows already fitted are skipped.
The same manifest runs on a Dask cluster with python3 -m jointsmith.cohort (docs/python.md).
Example: jointsmith-cli fit-batch cohort.csv -o fits -j 2)";

struct FitBatchOptions {
  std::string manifest;
  std::string output;
  int jobs = 0;
};

void run_fit_batch(const FitBatchOptions& o) {
  const std::vector<ManifestRow> rows = read_manifest(o.manifest);
  std::filesystem::create_directories(o.output);
  std::vector<std::string> lines(rows.size());
  std::vector<std::size_t> todo;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    lines[i] = finished_row(rows[i], o.output);
    if (lines[i].empty()) todo.push_back(i);
  }
  const std::size_t skipped = rows.size() - todo.size();
  const int jobs = std::max(1, std::min<int>(o.jobs > 0 ? o.jobs : static_cast<int>(std::thread::hardware_concurrency()),
                                             static_cast<int>(std::max<std::size_t>(todo.size(), 1))));
  std::atomic<std::size_t> next{0};
  std::atomic<int> failed{0};
  std::mutex print;
  std::size_t done = 0;
  const auto start = std::chrono::steady_clock::now();
  auto progress = [&] {
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::fprintf(stderr, "\rfit-batch: %zu/%zu fitted, %d failed, %zu skipped, %.1f s", done, todo.size(), failed.load(),
                 skipped, s);
    std::fflush(stderr);
  };
  progress();
  auto worker = [&] {
    for (std::size_t k = next++; k < todo.size(); k = next++) {
      const std::size_t i = todo[k];
      const std::string line = run_manifest_row(rows[i], o.output);
      if (line.find(",failed,") != std::string::npos) ++failed;
      std::lock_guard<std::mutex> lock(print);
      lines[i] = line;
      ++done;
      progress();
    }
  };
  std::vector<std::thread> threads;
  for (int t = 1; t < jobs; ++t) threads.emplace_back(worker);
  worker();
  for (std::thread& t : threads) t.join();
  std::fputc('\n', stderr);
  write_summary(o.output, lines);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::cout << o.manifest << ": " << rows.size() << " rows, " << todo.size() - static_cast<std::size_t>(failed.load())
            << " fitted, " << failed.load() << " failed, " << skipped << " skipped (done before) in " << seconds << " s on "
            << jobs << " thread" << (jobs == 1 ? "" : "s") << "; wrote " << o.output << "/summary.csv\n";
  if (failed.load() > 0) {
    std::cout.flush();
    throw std::runtime_error(std::to_string(failed.load()) + " row" + (failed.load() == 1 ? "" : "s") +
                             " failed (see the status and error columns of " + o.output + "/summary.csv)");
  }
}

}  // namespace

void add_fit_batch_command(CLI::App& app) {
  auto opts = std::make_shared<FitBatchOptions>();
  CLI::App* cmd = app.add_subcommand("fit-batch", "fit every joint of a cohort manifest in parallel (docs/python.md)");
  cmd->footer(kFitBatchFooter);
  cmd->add_option("manifest", opts->manifest, "manifest csv: samples, output and fit options per row")->required();
  cmd->add_option("-o,--output", opts->output, "folder for the joint files, reports and summary.csv")->required();
  cmd->add_option("-j,--jobs", opts->jobs, "threads (default: the number of cores)")->check(CLI::NonNegativeNumber);
  cmd->callback([opts] { run_fit_batch(*opts); });
}

}  // namespace js::cli
