#include "app/cli/fit_batch.hpp"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>

#include "core/fit/report.hpp"
#include "core/fit/sample_io.hpp"
#include "core/io/atomic_file.hpp"
#include "core/io/file_error.hpp"
#include "core/io/joint_file.hpp"
#include "core/io/json_text.hpp"

namespace js::cli {

namespace fs = std::filesystem;

namespace {

std::string trim(const std::string& s) {
  const auto b = s.find_first_not_of(" \t\r");
  const auto e = s.find_last_not_of(" \t\r");
  return b == std::string::npos ? std::string() : s.substr(b, e - b + 1);
}

// one csv line split at commas; a field may be "quoted" (with "" for a quote inside).
std::vector<std::string> split_csv(const std::string& line) {
  std::vector<std::string> out;
  std::string field;
  bool quoted = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quoted) {
      if (c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
        field += '"';
        ++i;
      } else if (c == '"') {
        quoted = false;
      } else {
        field += c;
      }
    } else if (c == '"') {
      quoted = true;
    } else if (c == ',') {
      out.push_back(trim(field));
      field.clear();
    } else {
      field += c;
    }
  }
  out.push_back(trim(field));
  return out;
}

std::string quote(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"') out += '"';
    out += (c == '\n' || c == '\r') ? ' ' : c;
  }
  return out + "\"";
}

std::string number(double x) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.17g", x);
  return buf;
}

const std::set<std::string> kColumns{"samples", "output", "frames", "smooth", "order", "closed", "method",
                                     "length_scale", "huber", "max_iterations", "cv", "reorthonormalize"};

// a manifest line: its problems are io::FileErrors, "manifest.csv:3: problem"
struct Line {
  const std::string& path;
  int number;

  [[noreturn]] void fail(io::ErrorKind kind, const std::string& problem) const {
    throw io::FileError(path, number, 0, problem, kind);
  }
};

bool parse_bool(const std::string& v, const Line& at, const std::string& column) {
  if (v == "1" || v == "true" || v == "yes") return true;
  if (v == "0" || v == "false" || v == "no") return false;
  at.fail(io::ErrorKind::WrongType, column + " '" + v + "' is not true/false (1/0, yes/no)");
}

double parse_double(const std::string& v, const Line& at, const std::string& column) {
  std::size_t used = 0;
  double x = 0.0;
  try {
    x = std::stod(v, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used != v.size() || !std::isfinite(x)) at.fail(io::ErrorKind::WrongType, column + " '" + v + "' is not a finite number");
  return x;
}

int parse_int(const std::string& v, const Line& at, const std::string& column) {
  const double x = parse_double(v, at, column);
  if (x != std::floor(x) || std::abs(x) > 1e9) at.fail(io::ErrorKind::WrongType, column + " '" + v + "' is not an integer");
  return static_cast<int>(x);
}

fs::path state_file(const std::string& dir, const std::string& output) {
  return fs::path(dir) / ".fit-batch" / (output + ".csv");
}

}  // namespace

std::vector<ManifestRow> read_manifest(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw io::FileError(io::ErrorKind::Io, io::Location{.source = path}, "cannot open the manifest");
  const fs::path base = fs::path(path).parent_path();
  std::vector<std::string> header;
  std::vector<ManifestRow> rows;
  std::set<std::string> outputs;
  std::string line;
  int number_of_line = 0;
  while (std::getline(in, line)) {
    ++number_of_line;
    const std::string t = trim(line);
    if (t.empty() || t[0] == '#') continue;
    const std::vector<std::string> fields = split_csv(t);
    const Line at{path, number_of_line};
    if (header.empty()) {
      header = fields;
      std::set<std::string> seen;
      for (const std::string& h : header) {
        if (!kColumns.count(h)) {
          at.fail(io::ErrorKind::UnknownField, "unknown column '" + h +
                                                   "' (known: samples, output, frames, smooth, order, closed, method, "
                                                   "length_scale, huber, max_iterations, cv, reorthonormalize)");
        }
        if (!seen.insert(h).second) at.fail(io::ErrorKind::InvalidValue, "column '" + h + "' appears twice");
      }
      if (!seen.count("samples") || !seen.count("output")) {
        at.fail(io::ErrorKind::MissingField, "the header needs the columns samples and output");
      }
      continue;
    }
    if (fields.size() != header.size()) {
      at.fail(io::ErrorKind::CountMismatch,
              std::to_string(fields.size()) + " fields for the header's " + std::to_string(header.size()) + " columns");
    }
    ManifestRow r;
    r.row = static_cast<int>(rows.size()) + 1;
    r.line = number_of_line;
    for (std::size_t c = 0; c < header.size(); ++c) {
      const std::string& h = header[c];
      const std::string& v = fields[c];
      if (h == "samples") r.samples = v;
      if (h == "output") r.output = v;
      if (v.empty()) continue;  // the fit command's default
      if (h == "frames") r.options.frames = v;
      if (h == "smooth") r.options.smooth = v;
      if (h == "order") r.options.order = parse_int(v, at, h);
      if (h == "closed") r.options.closed = parse_bool(v, at, h);
      if (h == "method") r.options.method = v;
      if (h == "length_scale") r.options.length_scale = parse_double(v, at, h);
      if (h == "huber") r.options.huber = parse_double(v, at, h);
      if (h == "max_iterations") r.options.max_iterations = parse_int(v, at, h);
      if (h == "cv") r.options.cv = v;
      if (h == "reorthonormalize") r.reorthonormalize = parse_bool(v, at, h);
    }
    if (r.samples.empty()) at.fail(io::ErrorKind::MissingField, "empty samples");
    if (r.output.empty() || r.output.find_first_of("/\\") != std::string::npos || r.output == "." || r.output == ".." ||
        r.output == "summary") {
      at.fail(io::ErrorKind::InvalidValue, "output '" + r.output + "' must be a plain file name (no folders, not 'summary')");
    }
    if (!outputs.insert(r.output).second) at.fail(io::ErrorKind::InvalidValue, "output '" + r.output + "' appears twice");
    const fs::path s(r.samples);
    r.samples_path = s.is_absolute() ? s.string() : (base / s).string();
    rows.push_back(std::move(r));
  }
  if (rows.empty()) throw io::FileError(io::ErrorKind::MissingField, io::Location{.source = path}, "the manifest has no rows");
  return rows;
}

std::string summary_header() {
  return "row,samples,output,status,error,dof,frames,smoothing,rms_translation_m,max_translation_m,rms_rotation_rad,"
         "max_rotation_rad,iterations,seconds";
}

std::string summary_line(const BatchResult& r) {
  std::ostringstream out;
  out << r.row << ',' << quote(r.samples) << ',' << quote(r.output) << ',' << r.status << ',' << quote(r.error) << ','
      << r.dof << ',' << r.frames << ',' << number(r.smoothing) << ',' << number(r.rms_translation_m) << ','
      << number(r.max_translation_m) << ',' << number(r.rms_rotation_rad) << ',' << number(r.max_rotation_rad) << ','
      << r.iterations << ',' << number(r.seconds);
  return out.str();
}

std::string run_manifest_row(const ManifestRow& row, const std::string& dir) {
  BatchResult r;
  r.row = row.row;
  r.samples = row.samples;
  r.output = row.output;
  const auto start = std::chrono::steady_clock::now();
  try {
    // as the fit command: refuse before fitting when an output would replace the samples
    const std::string joint_path = (fs::path(dir) / (row.output + ".json")).string();
    const std::string report_path = (fs::path(dir) / (row.output + ".report.json")).string();
    io::refuse_overwriting_inputs(joint_path, {row.samples_path});
    io::refuse_overwriting_inputs(report_path, {row.samples_path});
    fit::SampleReadOptions read;
    read.reorthonormalize = row.reorthonormalize;
    const fit::SampleSet samples = fit::read_samples(row.samples_path, read);
    const FitJobResult fitted = run_fit_job(samples, row.options);  // refuses what `fit` refuses
    const fit::FitReport& report = fitted.report;
    io::write_joint_file(*fitted.joint, joint_path);
    io::write_text_file_atomic(report_path, fit::report_to_json(report).dump(1) + "\n");
    r.status = "ok";
    r.dof = report.dof;
    r.frames = report.frames;
    r.smoothing = report.smoothing_weight;
    r.rms_translation_m = report.rms_translation_m;
    r.max_translation_m = report.max_translation_m;
    r.rms_rotation_rad = report.rms_rotation_rad;
    r.max_rotation_rad = report.max_rotation_rad;
    r.iterations = report.iterations;
  } catch (const std::exception& e) {
    r.status = "failed";
    r.error = e.what();
  }
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::string line = summary_line(r);
  try {
    fs::create_directories(state_file(dir, row.output).parent_path());
    io::write_text_file_atomic(state_file(dir, row.output).string(), line + "\n");
  } catch (const std::exception&) {
    // the summary line is still returned; only restarting loses this row
  }
  return line;
}

std::string finished_row(const ManifestRow& row, const std::string& dir) {
  std::ifstream in(state_file(dir, row.output));
  std::string line;
  if (!in || !std::getline(in, line)) return "";
  const std::vector<std::string> fields = split_csv(line);
  // the same row of the same samples, fitted, and its joint still there
  if (fields.size() < 4 || fields[1] != row.samples || fields[3] != "ok") return "";
  if (!fs::exists(fs::path(dir) / (row.output + ".json"))) return "";
  // the row number follows the manifest (rows may have been added or moved)
  return std::to_string(row.row) + line.substr(line.find(','));
}

void write_summary(const std::string& dir, const std::vector<std::string>& lines_in_row_order) {
  std::string text = summary_header() + "\n";
  for (const std::string& l : lines_in_row_order) text += l + "\n";
  io::write_text_file_atomic((fs::path(dir) / "summary.csv").string(), text);
}

}  // namespace js::cli
