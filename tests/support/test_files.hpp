// what tests that read and write files share (one definition, so test programs can be unity builds): the shared
// data folder, a whole file as text, a fresh temporary folder per process and name, and degrees in radians.
#pragma once

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "core/lie/types.hpp"

namespace js::test {

inline constexpr double kDeg = kPi / 180.0;  // one degree in radians

// ../shared/data/opensim beside the project (tests that need it skip when it is absent)
inline std::filesystem::path shared_models() {
  return std::filesystem::path(JS_SOURCE_DIR) / ".." / "shared" / "data" / "opensim";
}

// the file's bytes; empty when it cannot be read
inline std::string slurp(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// an empty folder under the system's temporary folder, named after the process and `name`
inline std::filesystem::path temp_dir(const std::string& name) {
  const std::filesystem::path d = std::filesystem::temp_directory_path() / ("js_test_" + std::to_string(::getpid()) + "_" + name);
  std::filesystem::remove_all(d);
  std::filesystem::create_directories(d);
  return d;
}

}  // namespace js::test
