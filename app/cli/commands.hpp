// subcommands of jointsmith-cli. each add_*_command registers its options and a callback on app; a
// callback reports bad input by throwing (std::exception), which main turns into one line on stderr.
#pragma once

#include <CLI/CLI.hpp>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace js::cli {

// thrown by a command that ran but found what its exit status must report (check: a requirement failed);
// main returns `code` after the stack has unwound (std::exit in a callback skips destructors and flushes).
struct ExitCode {
  int code = 0;
};

// "a, b,,c" → {"a", "b", "c"}: a comma-separated option's names, trimmed, empty ones dropped
inline std::vector<std::string> split_list(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string w; std::getline(in, w, ',');) {
    w.erase(0, w.find_first_not_of(' '));
    w.erase(w.find_last_not_of(' ') + 1);
    if (!w.empty()) out.push_back(w);
  }
  return out;
}

// eval JOINT.json --q Q [--q Q …]: transform, jacobian and hessian as json (cmd_eval.cpp)
void add_eval_command(CLI::App& app);
// check JOINT.json: C2 across knots and min |S| over the range (cmd_check.cpp)
void add_check_command(CLI::App& app);
// simulate SCENE.json ... -o TRAJ.csv (cmd_simulate.cpp)
void add_simulate_command(CLI::App& app);
// ik SCENE.json --body NAME [--point x,y,z] --target x,y,z[,rx,ry,rz] (cmd_ik.cpp)
void add_ik_command(CLI::App& app);
// stable-step SCENE.json [--integrator euler|symplectic|rk4|all] [--duration T] [--max-dt D] (cmd_stable_step.cpp)
void add_stable_step_command(CLI::App& app);

// fit SAMPLES -o JOINT.json [--frames N|auto] [--smooth W|auto] … (cmd_fit.cpp)
void add_fit_command(CLI::App& app);
// fit-batch MANIFEST.csv -o DIR [-j N]: a cohort of fits on N threads (cmd_fit_batch.cpp)
void add_fit_batch_command(CLI::App& app);

// export JOINT.json --format osim -o FILE.osim | export SCENE.json --format gltf -o FILE.glb (cmd_export.cpp)
void add_export_command(CLI::App& app);
// import-osim MODEL.osim --joint NAME -o SAMPLES.csv [--fit JOINT.json] (cmd_import_osim.cpp)
void add_import_osim_command(CLI::App& app);
// info MODEL.osim: bodies, joints and their core joints, coordinates, couplers, meshes, problems (cmd_info.cpp)
void add_info_command(CLI::App& app);
// import-trc FILE.trc --parent-markers A,B,C --child-markers D,E,F [--mot FILE.mot --coordinate NAME] -o SAMPLES.csv (cmd_import_trc.cpp)
void add_import_trc_command(CLI::App& app);

// "MIN,MAX" (finite, MIN < MAX) as a pair; otherwise throws naming command and the text (cmd_export.cpp)
std::pair<double, double> parse_range(const std::string& text, const std::string& command);

}  // namespace js::cli
