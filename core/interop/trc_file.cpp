#include "core/interop/trc_file.hpp"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <sstream>
#include <unordered_set>

#include "core/io/file_error.hpp"
#include "core/io/file_read.hpp"

namespace js::interop {

namespace {

// through core's one reader: a fifo or a device such as /dev/zero would block or never end
std::string slurp(const std::string& path) {
  return io::read_file_bytes(path);
}

std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);) {
    if (!l.empty() && l.back() == '\r') l.pop_back();
    lines.push_back(l);
  }
  return lines;
}

std::string trim(const std::string& s) {
  const std::size_t a = s.find_first_not_of(" \t");
  if (a == std::string::npos) return "";
  return s.substr(a, s.find_last_not_of(" \t") - a + 1);
}

std::vector<std::string> words(const std::string& line) {
  std::istringstream in(line);
  std::vector<std::string> w;
  for (std::string x; in >> x;) w.push_back(x);
  return w;
}

// fields separated by tabs (empty fields kept); a line without tabs is split on blanks
std::vector<std::string> fields(const std::string& line) {
  if (line.find('\t') == std::string::npos) return words(line);
  std::vector<std::string> f;
  std::size_t at = 0;
  while (true) {
    const std::size_t tab = line.find('\t', at);
    f.push_back(trim(line.substr(at, tab == std::string::npos ? std::string::npos : tab - at)));
    if (tab == std::string::npos) break;
    at = tab + 1;
  }
  return f;
}

bool parse_number(const std::string& s, double& v) {
  if (s.empty()) return false;
  errno = 0;
  char* end = nullptr;
  v = std::strtod(s.c_str(), &end);
  return end == s.c_str() + s.size() && errno != ERANGE && std::isfinite(v);
}

// every kind of white space, as words() splits on: a line of a vertical tab is blank, not a row of no fields
bool blank(const std::string& line) {
  return std::all_of(line.begin(), line.end(), [](char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; });
}

}  // namespace

bool TrcData::present(int frame, int marker) const { return std::isfinite(position(frame, marker).x()); }

int TrcData::find_marker(const std::string& name) const {
  const auto it = std::find(markers.begin(), markers.end(), name);
  return it == markers.end() ? -1 : static_cast<int>(it - markers.begin());
}

TrcData read_trc(const std::string& path) { return read_trc_text(slurp(path), path); }

TrcData read_trc_text(const std::string& text, const std::string& source) {
  const std::vector<std::string> lines = split_lines(text);
  TrcData d;
  d.source = source;
  // a line of the file, the whole line (column 0); most problems are the format's syntax
  const auto fail = [&](int line, const std::string& problem, io::ErrorKind kind = io::ErrorKind::Syntax) -> void {
    throw io::FileError(source, line, 0, problem, kind);
  };
  if (lines.size() < 5) fail(static_cast<int>(lines.size()), "too short for a .trc file (5 header lines expected)");
  if (words(lines[0]).empty() || words(lines[0])[0] != "PathFileType") fail(1, "not a .trc file (the first line should start with PathFileType)");
  // header keys and values
  const std::vector<std::string> keys = words(lines[1]), values = words(lines[2]);
  if (values.size() < keys.size()) fail(3, std::to_string(keys.size()) + " header keys on line 2 but " + std::to_string(values.size()) + " values");
  int declared_frames = -1, declared_markers = -1;
  bool has_units = false;
  for (std::size_t k = 0; k < keys.size(); ++k) {
    double v = 0.0;
    if (keys[k] == "Units") {
      d.units = values[k];
      has_units = true;
      if (d.units == "mm") {
        d.metres_per_unit = 1e-3;
      } else if (d.units == "cm") {
        d.metres_per_unit = 1e-2;
      } else if (d.units == "m") {
        d.metres_per_unit = 1.0;
      } else {
        fail(3, "units '" + d.units + "' (expected mm, cm or m)", io::ErrorKind::InvalidValue);
      }
    } else if (keys[k] == "DataRate" || keys[k] == "NumFrames" || keys[k] == "NumMarkers") {
      if (!parse_number(values[k], v) || v < 0) fail(3, keys[k] + " '" + values[k] + "' is not a number ≥ 0", io::ErrorKind::InvalidValue);
      // the counts become ints: a larger or fractional count is no count (and the cast would be undefined)
      if (keys[k] != "DataRate" && (v > std::numeric_limits<int>::max() || v != std::floor(v)))
        fail(3, keys[k] + " '" + values[k] + "' is not a whole number from 0 to " + std::to_string(std::numeric_limits<int>::max()), io::ErrorKind::InvalidValue);
      if (keys[k] == "DataRate") d.data_rate = v;
      if (keys[k] == "NumFrames") declared_frames = static_cast<int>(v);
      if (keys[k] == "NumMarkers") declared_markers = static_cast<int>(v);
    }
  }
  if (!has_units) fail(2, "no Units in the header", io::ErrorKind::MissingField);
  // marker names: line 4 after Frame# and Time
  const std::vector<std::string> names = fields(lines[3]);
  if (names.size() < 2 || names[0] != "Frame#") fail(4, "expected 'Frame#', 'Time' and the marker names");
  // a set, not find_marker: a line of many thousand names would be quadratic
  std::unordered_set<std::string> seen;
  for (std::size_t k = 2; k < names.size(); ++k) {
    if (names[k].empty()) continue;
    if (!seen.insert(names[k]).second) fail(4, "marker '" + names[k] + "' named twice", io::ErrorKind::InvalidValue);
    d.markers.push_back(names[k]);
  }
  if (d.markers.empty()) fail(4, "no marker names", io::ErrorKind::MissingField);
  if (declared_markers >= 0 && declared_markers != static_cast<int>(d.markers.size())) {
    d.notes.push_back("the header says " + std::to_string(declared_markers) + " markers, line 4 names " + std::to_string(d.markers.size()));
  }
  const std::size_t m = d.markers.size();
  const double nan = std::numeric_limits<double>::quiet_NaN();
  for (std::size_t i = 5; i < lines.size(); ++i) {
    const int line = static_cast<int>(i) + 1;
    if (blank(lines[i])) continue;
    const std::vector<std::string> f = fields(lines[i]);
    double frame = 0.0, time = 0.0;
    if (!parse_number(f[0], frame)) fail(line, "frame number '" + f[0] + "' is not a number", io::ErrorKind::WrongType);
    if (std::abs(frame) > std::numeric_limits<int>::max())
      fail(line, "frame number '" + f[0] + "' is beyond ±" + std::to_string(std::numeric_limits<int>::max()), io::ErrorKind::InvalidValue);
    if (f.size() < 2 || !parse_number(f[1], time)) fail(line, "time '" + (f.size() < 2 ? std::string() : f[1]) + "' is not a number", io::ErrorKind::WrongType);
    if (!d.times.empty() && !(time > d.times.back())) fail(line, "time " + f[1] + " does not increase", io::ErrorKind::InvalidValue);
    for (std::size_t k = 2 + 3 * m; k < f.size(); ++k) {
      if (!f[k].empty()) fail(line, "more fields than 2 + 3 × " + std::to_string(m) + " markers (field " + std::to_string(k + 1) + ": '" + f[k] + "')", io::ErrorKind::CountMismatch);
    }
    d.frame_numbers.push_back(static_cast<int>(frame));
    d.times.push_back(time);
    d.lines.push_back(line);
    for (std::size_t k = 0; k < m; ++k) {
      Vec3 p(nan, nan, nan);
      int empty = 0;
      for (int c = 0; c < 3; ++c) {
        const std::size_t at = 2 + 3 * k + static_cast<std::size_t>(c);
        if (at >= f.size() || f[at].empty()) {
          ++empty;
          continue;
        }
        double v = 0.0;
        if (!parse_number(f[at], v)) fail(line, "marker '" + d.markers[k] + "' " + "XYZ"[c] + ": '" + f[at] + "' is not a number", io::ErrorKind::WrongType);
        p[c] = v * d.metres_per_unit;
      }
      if (empty == 1 || empty == 2) fail(line, "marker '" + d.markers[k] + "' has " + std::to_string(3 - empty) + " of its 3 coordinates", io::ErrorKind::CountMismatch);
      if (empty) p = Vec3(nan, nan, nan);
      d.positions.push_back(p);
    }
  }
  if (d.times.empty()) fail(static_cast<int>(lines.size()), "no data rows", io::ErrorKind::MissingField);
  if (declared_frames >= 0 && declared_frames != d.frames()) {
    d.notes.push_back("the header says " + std::to_string(declared_frames) + " frames, the file has " + std::to_string(d.frames()));
  }
  return d;
}

int MotData::find_column(const std::string& name) const {
  const auto it = std::find(columns.begin(), columns.end(), name);
  return it == columns.end() ? -1 : static_cast<int>(it - columns.begin());
}

bool MotData::value_at(int c, double t, double& value) const {
  if (rows.empty() || t < rows.front()[0] || t > rows.back()[0]) return false;
  const auto it = std::lower_bound(rows.begin(), rows.end(), t, [](const std::vector<double>& r, double x) { return r[0] < x; });
  if (it == rows.begin()) {
    value = (*it)[static_cast<std::size_t>(c)];
    return true;
  }
  const std::vector<double>& b = *it;
  const std::vector<double>& a = *(it - 1);
  const double s = (t - a[0]) / (b[0] - a[0]);
  value = a[static_cast<std::size_t>(c)] + s * (b[static_cast<std::size_t>(c)] - a[static_cast<std::size_t>(c)]);
  return true;
}

MotData read_mot(const std::string& path) { return read_mot_text(slurp(path), path); }

MotData read_mot_text(const std::string& text, const std::string& source) {
  const std::vector<std::string> lines = split_lines(text);
  MotData d;
  d.source = source;
  std::size_t i = 0;
  for (; i < lines.size() && trim(lines[i]) != "endheader"; ++i) {
    const std::string l = trim(lines[i]);
    if (l.rfind("inDegrees", 0) == 0) d.in_degrees = l.find("yes") != std::string::npos;
  }
  if (i == lines.size()) throw io::FileError(source, 0, 0, "no 'endheader' line (not an OpenSim storage file)");
  ++i;
  while (i < lines.size() && blank(lines[i])) ++i;
  if (i == lines.size()) throw io::FileError(source, static_cast<int>(i), 0, "no column names after endheader", io::ErrorKind::MissingField);
  d.columns = fields(lines[i]);
  for (std::string& c : d.columns) c = trim(c);
  if (d.columns.empty() || d.columns[0] != "time") throw io::FileError(source, static_cast<int>(i) + 1, 0, "the first column should be 'time'", io::ErrorKind::InvalidValue);
  for (++i; i < lines.size(); ++i) {
    const int line = static_cast<int>(i) + 1;
    if (blank(lines[i])) continue;
    const std::vector<std::string> w = words(lines[i]);
    if (w.size() != d.columns.size()) {
      throw io::FileError(source, line, 0, std::to_string(w.size()) + " numbers for " + std::to_string(d.columns.size()) + " columns", io::ErrorKind::CountMismatch);
    }
    std::vector<double> row(w.size());
    for (std::size_t k = 0; k < w.size(); ++k) {
      if (!parse_number(w[k], row[k])) throw io::FileError(source, line, 0, "column '" + d.columns[k] + "': '" + w[k] + "' is not a number", io::ErrorKind::WrongType);
    }
    if (!d.rows.empty() && !(row[0] > d.rows.back()[0])) throw io::FileError(source, line, 0, "time " + w[0] + " does not increase", io::ErrorKind::InvalidValue);
    d.rows.push_back(std::move(row));
    d.lines.push_back(line);
  }
  if (d.rows.empty()) throw io::FileError(source, static_cast<int>(lines.size()), 0, "no data rows", io::ErrorKind::MissingField);
  return d;
}

}  // namespace js::interop
