// jointsmith-cli simulate SCENE.json [--dt DT] [--steps N | --duration T] [--integrator NAME]
//                                    [--solver reduced|maximal [--stabilization A]] [--compare] -o TRAJ.csv
//                                    [--every K] [--reactions]
#include <cmath>
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>
#include <stdexcept>

#include "app/cli/commands.hpp"
#include "core/io/atomic_file.hpp"
#include "core/scene/simulate.hpp"
#include "core/scene/simulate_skeleton.hpp"

namespace js::cli {

namespace {

// a run's step count is an int; past this a --duration is a typo (or needs a larger --dt)
constexpr double kMaxSteps = 1e9;

struct SimulateOptions {
  std::string scene;
  std::string output;
  double dt = 0.0;
  int steps = -1;
  double duration = -1.0;
  std::string integrator;
  int every = 1;
  std::string solver;          // "" = the scene's settings.solver
  double stabilization = -1.0;  // < 0 = the scene's settings.stabilization
  bool compare = false;
  bool reactions = false;  // each joint's constraint wrench, six columns per body
  bool energy_projection = false;  // on even when the scene's settings leave it off
};

void print_comparison(const SimulateOptions& o, const scene::Scene& sc, const scene::SceneSettings& settings, int steps) {
  const scene::SolverComparison c = scene::compare_solvers(sc, o.scene, settings, steps);
  std::cout << o.scene << ": reduced (" << integrator_name(settings.integrator) << ") vs maximal (hakenberg, stabilization "
            << settings.stabilization << " 1/s), "
            << c.steps << " steps of " << settings.dt << " s\n"
            << "  max |q difference| = " << c.q_difference << " rad, max |qd difference| = " << c.qd_difference
            << " rad/s, max |energy difference| = " << c.energy_difference << " J (of " << c.energy_scale << " J)\n"
            << "  drift over the run:  reduced |dp| = " << c.reduced_linear_drift << ", |dL| = " << c.reduced_angular_drift
            << ", |dE| = " << c.reduced_energy_drift << "\n"
            << "                       maximal |dp| = " << c.maximal_linear_drift << ", |dL| = " << c.maximal_angular_drift
            << ", |dE| = " << c.maximal_energy_drift << ", joint separation " << c.position_error << " m\n"
            << "  time in steps: reduced " << c.reduced_seconds << " s, maximal " << c.maximal_seconds << " s\n";
  if (!c.finite) throw std::runtime_error("a solver diverged (NaN/Inf); try a smaller --dt");
}

void run_simulate(const SimulateOptions& o) {
  if (!o.output.empty()) io::refuse_overwriting_inputs(o.output, {o.scene});
  const scene::Scene sc = scene::read_scene_file(o.scene);
  // the command line overrides the scene's settings
  scene::SceneSettings settings = sc.settings;
  if (o.dt > 0.0) settings.dt = o.dt;
  if (!o.solver.empty()) scene::scene_solver_from_name(o.solver, settings.solver);  // checked by the option
  if (o.stabilization >= 0.0) settings.stabilization = o.stabilization;
  if (o.energy_projection) settings.energy_projection = true;
  const bool maximal = settings.solver == scene::SceneSolver::Maximal;
  if (maximal && !o.compare && !o.integrator.empty()) {
    throw std::invalid_argument("--integrator does not apply to --solver maximal (the skeleton has its own step, "
                                "a semi-implicit euler); leave it out, or add --compare to pick the reduced one's");
  }
  if (!maximal && !o.compare && o.stabilization >= 0.0) {
    throw std::invalid_argument("--stabilization applies to --solver maximal (or --compare) only");
  }
  if (maximal && !o.compare && o.energy_projection) {
    throw std::invalid_argument("--energy-projection applies to the reduced solver only (or --compare)");
  }
  if (maximal && o.reactions) {
    throw std::invalid_argument("--reactions needs the reduced solver (the maximal one does not compute joint wrenches)");
  }
  if (o.output.empty() && !o.compare) throw std::invalid_argument("--output is required (unless --compare)");
  if (!o.integrator.empty() && !integrator_from_name(o.integrator, settings.integrator)) {
    throw std::invalid_argument("unknown integrator \"" + o.integrator + "\" (known: " + integrator_names() + ")");
  }
  const double duration = o.duration >= 0.0 ? o.duration : settings.duration;
  const double step_count = std::round(duration / settings.dt);
  if (o.steps < 0 && !(step_count <= kMaxSteps)) {
    std::ostringstream text;
    text << "--duration " << duration << " s at dt " << settings.dt << " s is " << step_count << " steps, more than the "
         << kMaxSteps << " a run may take; shorten it or raise --dt";
    throw std::invalid_argument(text.str());
  }
  const int steps = o.steps >= 0 ? o.steps : static_cast<int>(step_count);
  if (o.compare) print_comparison(o, sc, settings, steps);
  if (o.output.empty()) return;
  // the trajectory is written only once the run succeeded, atomically: a refused or diverging run leaves an
  // existing output untouched
  std::ostringstream out;
  scene::SimulationReport r;
  std::string method = integrator_name(settings.integrator);
  if (maximal) {
    const scene::MaximalReport m = scene::simulate_skeleton_to_csv(sc, o.scene, settings, steps, out, o.every);
    r = m.run;
    std::ostringstream text;
    text << "maximal coordinates, stabilization " << settings.stabilization << " 1/s, rank " << m.rank
         << ", largest joint separation " << m.position_error << " m";
    method = text.str();
  } else {
    r = scene::simulate_to_csv(sc, settings, steps, out, o.every, o.reactions);
  }
  if (!r.finite) {
    std::ostringstream text;
    text << "the simulation diverged at step " << r.steps << ", t = " << r.t_end << " s (" << r.divergence
         << "); nothing written; try a smaller --dt" << (maximal ? " or some --stabilization" : " or another --integrator");
    throw std::runtime_error(text.str());
  }
  io::write_file_atomic(o.output, out.str(), {o.scene});
  std::cout << o.scene << ": " << r.steps << " steps of " << settings.dt << " s (" << method
            << "), t = " << r.t_end << " s, energy " << r.energy_start << " -> " << r.energy_end << " J\n";
  if (!maximal && settings.integrator == Integrator::ImplicitMidpoint && r.steps > 0) {
    const SimulatorOptions defaults;
    std::cout << "newton: " << static_cast<double>(r.newton_iterations) / r.steps << " iterations per step on average, "
              << r.newton_most << " at most, largest final correction " << r.newton_worst << " (tolerance "
              << defaults.newton_tolerance << ", cap " << defaults.newton_max_iterations << ")\n";
    if (r.newton_halved > 0) {
      std::cout << "newton: " << r.newton_halved << " of " << r.steps << " steps were solved in halves (" << r.newton_solves
                << " solves in all) where the whole step did not converge\n";
    }
    if (r.newton_unconverged > 0) {
      std::cout << "warning: newton stopped at its cap above the tolerance in " << r.newton_unconverged
                << " steps; try a smaller --dt\n";
    }
  }
  if (r.singular) std::cout << "warning: a joint chart was singular on the way (Ω_i not invertible)\n";
  if (r.degenerate_motion) std::cout << "warning: a scripted motion had a degenerate derivative (‖S‖ → 0 or a flat timing curve)\n";
}

}  // namespace

void add_simulate_command(CLI::App& app) {
  auto opts = std::make_shared<SimulateOptions>();
  CLI::App* cmd = app.add_subcommand("simulate", "simulate a scene file and write its trajectory as csv");
  cmd->add_option("scene", opts->scene, "scene file (docs/scene-file.md)")->required()->check(CLI::ExistingFile);
  cmd->add_option("-o,--output", opts->output, "trajectory csv: t, q, qd, kinetic, potential, p, L (required unless --compare)");
  cmd->add_option("--dt", opts->dt, "time step in s (default: the scene's settings.dt)")->check(CLI::PositiveNumber);
  auto* steps = cmd->add_option("--steps", opts->steps, "number of steps")->check(CLI::NonNegativeNumber);
  auto* duration = cmd->add_option("--duration", opts->duration, "simulated time in s (default: the scene's)")
                       ->check(CLI::NonNegativeNumber);
  steps->excludes(duration);
  std::vector<std::string> names;
  for (Integrator i : kIntegrators) names.emplace_back(integrator_name(i));
  cmd->add_option("--integrator", opts->integrator,
                  "euler | symplectic | rk4 | implicit_euler | implicit_midpoint (default: the scene's)")
      ->check(CLI::IsMember(names));
  cmd->add_option("--solver", opts->solver,
                  "reduced (articulated-body, every joint kind) | maximal (hakenberg skeleton: revolute and spherical "
                  "joints only; docs/scene-file.md) (default: the scene's settings.solver, else reduced)")
      ->check(CLI::IsMember({"reduced", "maximal"}));
  cmd->add_option("--stabilization", opts->stabilization,
                  "maximal solver: baumgarte rate in 1/s holding the joints together (default: the scene's "
                  "settings.stabilization, else 0, the paper's scheme)")
      ->check(CLI::NonNegativeNumber);
  cmd->add_flag("--compare", opts->compare,
                "run the scene with both solvers and print how far apart they are, their momentum and energy drift "
                "and their time");
  cmd->add_option("--every", opts->every, "write every k-th step (default 1)")->check(CLI::PositiveNumber);
  cmd->add_flag("--reactions", opts->reactions,
                "add each joint's reaction (constraint) wrench in its C frame: six columns per body, "
                "reaction:<body>:mx,my,mz in N m and reaction:<body>:fx,fy,fz in N (docs/dynamics.md)");
  cmd->add_flag("--energy-projection", opts->energy_projection,
                "after every step, scale the rates so the energy (the jacobi integral on a driven root) follows its "
                "balance: for large steps (settings.energy_projection, docs/dynamics.md)");
  cmd->callback([opts] { run_simulate(*opts); });
}

}  // namespace js::cli
