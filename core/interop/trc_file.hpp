// reading motion-capture marker trajectories from a .trc file (the tab-separated text format OpenSim and most
// capture systems write):
//   line 1  PathFileType 4 (X/Y/Z) name
//   line 2  DataRate CameraRate NumFrames NumMarkers Units OrigDataRate OrigDataStartFrame OrigNumFrames
//   line 3  their values (Units: mm, cm or m)
//   line 4  Frame# Time M1 (tab)(tab) M2 …     (one name per marker, three columns each)
//   line 5  (blank) (blank) X1 Y1 Z1 X2 …
//   then    frame number, time and x y z per marker; a missing marker is empty fields (or the line ends early).
// positions are converted to metres. a malformed .trc or .mot file throws io::FileError, "file:line: problem"
// (an unreadable file: "file: problem").
#pragma once

#include <string>
#include <vector>

#include "core/io/file_error.hpp"
#include "core/lie/types.hpp"

namespace js::interop {

struct TrcData {
  std::string source;
  double data_rate = 0.0;               // frames per second (0 if not given)
  std::string units;                    // as written
  double metres_per_unit = 1e-3;
  std::vector<std::string> markers;     // names, in column order
  std::vector<int> frame_numbers;
  std::vector<double> times;            // s
  std::vector<int> lines;               // line of each frame in the file
  std::vector<Vec3> positions;          // frame-major: positions[f * markers.size() + m], metres; NaN when missing
  std::vector<std::string> notes;       // header counts that disagree with the data, and the like

  int frames() const { return static_cast<int>(times.size()); }
  const Vec3& position(int frame, int marker) const {
    return positions[static_cast<std::size_t>(frame) * markers.size() + static_cast<std::size_t>(marker)];
  }
  bool present(int frame, int marker) const;
  // index of the marker called name, −1 if none
  int find_marker(const std::string& name) const;
};

TrcData read_trc(const std::string& path);
TrcData read_trc_text(const std::string& text, const std::string& source);

// an OpenSim storage file (.mot, .sto): a header ending in "endheader", a line of column names (the first is
// time), then rows of numbers. in_degrees: the header said inDegrees=yes.
struct MotData {
  std::string source;
  std::vector<std::string> columns;
  std::vector<std::vector<double>> rows;  // each of columns.size() numbers
  std::vector<int> lines;
  bool in_degrees = false;

  int find_column(const std::string& name) const;
  // column c at time t by linear interpolation between rows (t inside the time span; false otherwise)
  bool value_at(int c, double t, double& value) const;
};

MotData read_mot(const std::string& path);
MotData read_mot_text(const std::string& text, const std::string& source);

}  // namespace js::interop
