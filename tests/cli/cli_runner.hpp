// runs the built jointsmith-cli (JS_CLI_PATH, compiled in) from the source directory and captures its
// exit status, stdout and stderr. shared by the cli tests.
#pragma once

#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace js::test {

struct CliRun {
  int exit_code = -1;
  std::string out;
  std::string err;
};

inline std::string slurp(const std::filesystem::path& p) {
  std::ifstream in(p);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// a per-process temporary path, so parallel test programs never share files.
// the comma-separated numbers printed after `label` on one line of out ("reached = 0.1,-0.2,0.3"), for
// comparing an iterative solver's output numerically rather than by its printed digits; empty if absent.
inline std::vector<double> numbers_after(const std::string& out, const std::string& label) {
  std::vector<double> v;
  const std::size_t at = out.find(label);
  if (at == std::string::npos) return v;
  std::istringstream line(out.substr(at + label.size(), out.find('\n', at) - at - label.size()));
  std::string item;
  while (std::getline(line, item, ',')) v.push_back(std::stod(item));
  return v;
}

// the numbers of a csv's last line (a trajectory's last row)
inline std::vector<double> last_row(const std::string& text) {
  const std::size_t end = text.find_last_not_of('\n');
  const std::size_t start = text.rfind('\n', end) + 1;
  std::vector<double> row;
  std::size_t at = start;
  while (at <= end) {
    std::size_t comma = text.find(',', at);
    if (comma == std::string::npos || comma > end) comma = end + 1;
    row.push_back(std::stod(text.substr(at, comma - at)));
    at = comma + 1;
  }
  return row;
}

inline std::filesystem::path cli_temp(const std::string& name) {
  return std::filesystem::temp_directory_path() / ("js_cli_" + std::to_string(::getpid()) + "_" + name);
}

// args are passed to the shell as written: the caller quotes paths where needed.
inline CliRun cli(const std::string& args) {
  const auto out = cli_temp("stdout"), err = cli_temp("stderr");
  const std::string cmd = std::string("cd '") + JS_SOURCE_DIR + "' && '" + JS_CLI_PATH + "' " + args + " >'" +
                          out.string() + "' 2>'" + err.string() + "'";
  const int status = std::system(cmd.c_str());
  CliRun r;
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.out = slurp(out);
  r.err = slurp(err);
  std::filesystem::remove(out);
  std::filesystem::remove(err);
  return r;
}

}  // namespace js::test
