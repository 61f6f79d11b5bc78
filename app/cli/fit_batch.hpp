// a cohort of fits from one manifest (docs/python.md, "Cohorts"): the rows, one fit per row writing its joint
// and report into the output folder, and the summary csv. shared by `jointsmith-cli fit-batch` (threads)
// and `python3 -m jointsmith.cohort` (dask workers) so both read the same manifest and write the same files.
//
// manifest csv: a header naming the columns, then one row per joint; '#' lines and blank lines are comments.
//   samples   sample file (.csv or .json), relative to the manifest's folder      required
//   output    name of the fit: writes OUTPUT.json and OUTPUT.report.json        required (unique)
//   frames, smooth, order, closed, method, length_scale, huber, max_iterations, cv, reorthonormalize
//             the fit command's options (empty cell: its default)                 optional
#pragma once

#include <string>
#include <vector>

#include "app/cli/fit_job.hpp"

namespace js::cli {

struct ManifestRow {
  int row = 0;   // 1-based index among the manifest's data rows
  int line = 0;  // line in the manifest file
  std::string samples;  // as written in the manifest
  std::string samples_path;  // resolved against the manifest's folder
  std::string output;
  FitJobOptions options;
  bool reorthonormalize = false;
};

// reads and checks the whole manifest (columns, numbers, duplicate outputs); throws io::FileError naming
// "MANIFEST:LINE: what is wrong".
std::vector<ManifestRow> read_manifest(const std::string& path);

// the summary of one row.
struct BatchResult {
  int row = 0;
  std::string samples;
  std::string output;
  std::string status;  // "ok" or "failed"
  std::string error;   // the failure's message (one line)
  int dof = 0;
  int frames = 0;
  double smoothing = 0.0;
  double rms_translation_m = 0.0, max_translation_m = 0.0;
  double rms_rotation_rad = 0.0, max_rotation_rad = 0.0;
  int iterations = 0;
  double seconds = 0.0;
};

// fits one row and writes DIR/OUTPUT.json, DIR/OUTPUT.report.json and last its summary line to
// DIR/.fit-batch/OUTPUT.csv (each written to a temporary name and renamed, so a killed run never leaves a
// half file and a row counts as done only when all three are there). never throws: a failure is a result
// with status failed (its summary line is kept too, and the row is tried again by the next run).
// returns the row's summary line.
std::string run_manifest_row(const ManifestRow& row, const std::string& dir);

// the summary csv's header and one of its lines (numbers with 17 significant digits, the error quoted).
std::string summary_header();
std::string summary_line(const BatchResult& r);

// the summary line of a row already fitted in DIR (status ok, joint file present), or "" when it must run.
std::string finished_row(const ManifestRow& row, const std::string& dir);

// DIR/summary.csv: the header then the lines in manifest row order (written atomically).
void write_summary(const std::string& dir, const std::vector<std::string>& lines_in_row_order);

}  // namespace js::cli
