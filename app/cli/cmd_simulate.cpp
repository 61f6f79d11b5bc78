// jointsmith-cli simulate SCENE.json [--dt DT] [--steps N | --duration T] [--integrator euler|symplectic|rk4]
//                                    -o TRAJ.csv [--every K]
#include <cmath>
#include <fstream>
#include <iostream>
#include <memory>
#include <stdexcept>

#include "app/cli/commands.hpp"
#include "core/scene/simulate.hpp"

namespace js::cli {

namespace {

struct SimulateOptions {
  std::string scene;
  std::string output;
  double dt = 0.0;
  int steps = -1;
  double duration = -1.0;
  std::string integrator;
  int every = 1;
};

void run_simulate(const SimulateOptions& o) {
  const scene::Scene sc = scene::read_scene_file(o.scene);
  scene::SceneSettings settings = sc.settings;
  if (o.dt > 0.0) settings.dt = o.dt;
  if (!o.integrator.empty() && !integrator_from_name(o.integrator, settings.integrator)) {
    throw std::invalid_argument("unknown integrator \"" + o.integrator + "\" (known: euler, symplectic, rk4)");
  }
  const double duration = o.duration >= 0.0 ? o.duration : settings.duration;
  const int steps = o.steps >= 0 ? o.steps : static_cast<int>(std::llround(duration / settings.dt));
  std::ofstream out(o.output);
  if (!out) throw std::runtime_error(o.output + ": cannot open for writing");
  const scene::SimulationReport r = scene::simulate_to_csv(sc, settings, steps, out, o.every);
  out.close();
  if (!out) throw std::runtime_error(o.output + ": write failed");
  std::cout << o.scene << ": " << r.steps << " steps of " << settings.dt << " s (" << integrator_name(settings.integrator)
            << "), t = " << r.t_end << " s, energy " << r.energy_start << " -> " << r.energy_end << " J\n";
  if (r.singular) std::cout << "warning: a joint chart was singular on the way (Ω_i not invertible)\n";
  if (r.degenerate_motion) std::cout << "warning: a scripted motion had a degenerate derivative (‖S‖ → 0 or a flat timing curve)\n";
  if (!r.finite) throw std::runtime_error("the simulation diverged (NaN/Inf) at t = " + std::to_string(r.t_end) +
                                          " s; try a smaller --dt or another --integrator");
}

}  // namespace

void add_simulate_command(CLI::App& app) {
  auto opts = std::make_shared<SimulateOptions>();
  CLI::App* cmd = app.add_subcommand("simulate", "simulate a scene file and write its trajectory as csv");
  cmd->add_option("scene", opts->scene, "scene file (docs/scene-file.md)")->required()->check(CLI::ExistingFile);
  cmd->add_option("-o,--output", opts->output, "trajectory csv: t, q, qd, kinetic, potential, p, L")->required();
  cmd->add_option("--dt", opts->dt, "time step in s (default: the scene's settings.dt)")->check(CLI::PositiveNumber);
  auto* steps = cmd->add_option("--steps", opts->steps, "number of steps")->check(CLI::NonNegativeNumber);
  auto* duration = cmd->add_option("--duration", opts->duration, "simulated time in s (default: the scene's)")
                       ->check(CLI::NonNegativeNumber);
  steps->excludes(duration);
  cmd->add_option("--integrator", opts->integrator, "euler | symplectic | rk4 (default: the scene's)")
      ->check(CLI::IsMember({"euler", "symplectic", "rk4"}));
  cmd->add_option("--every", opts->every, "write every k-th step (default 1)")->check(CLI::PositiveNumber);
  cmd->callback([opts] { run_simulate(*opts); });
}

}  // namespace js::cli
