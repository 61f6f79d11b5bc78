// jointsmith-cli stable-step SCENE.json [--integrator NAME|all] [--duration T] [--max-dt D] …
// the largest fixed step at which the scene stays stable for its duration (core/scene/stable_step.hpp).
#include <cstdio>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "app/cli/commands.hpp"
#include "core/scene/simulate.hpp"
#include "core/scene/stable_step.hpp"

namespace js::cli {

namespace {

struct StableStepCliOptions {
  std::string scene;
  std::string integrator = "euler";
  double duration = -1.0, start_dt = -1.0, max_dt = -1.0, reference_dt = -1.0;
  double precision = 0.02;
  scene::StabilityCriteria criteria;
  bool verbose = false;
  bool energy_projection = false;
};

void print_trial(const scene::StepTrial& t) {
  std::printf("  dt = %-12.6g %s  steps %-7d trajectory %-10.3g energy %-10.3g %s", t.dt,
              t.stable ? "stable  " : "UNSTABLE", t.steps, t.trajectory_error, t.energy_rise, t.failure.c_str());
  if (t.halved > 0) std::printf("%s(newton solved %d steps in halves)", t.failure.empty() ? "" : " ", t.halved);
  std::printf("\n");
}

// implicit midpoint's work at a trial: the steps it halved, its solves and newton iterations per step (a
// halved step is several solves: its "step" is not the step the dynamics was evaluated at)
std::string newton_work(const scene::StepTrial& t) {
  if (t.iterations == 0 || t.steps == 0) return {};
  char text[160];
  std::snprintf(text, sizeof text, "; newton: %d of %d steps halved, %.3g solves and %.3g iterations a step", t.halved,
                t.steps, static_cast<double>(t.solves) / t.steps, static_cast<double>(t.iterations) / t.steps);
  return text;
}

void run_stable_step(const StableStepCliOptions& o) {
  scene::Scene sc = scene::read_scene_file(o.scene);
  if (o.energy_projection) sc.settings.energy_projection = true;
  std::vector<Integrator> integrators;
  if (o.integrator == "all") {
    integrators.assign(std::begin(kIntegrators), std::end(kIntegrators));
  } else {
    Integrator i{};
    if (!integrator_from_name(o.integrator, i)) {
      throw std::invalid_argument("unknown integrator \"" + o.integrator + "\" (known: " + integrator_names() + ", all)");
    }
    integrators = {i};
  }
  bool any = false;
  for (Integrator integrator : integrators) {
    scene::StableStepOptions opts;
    opts.integrator = integrator;
    opts.duration = o.duration;
    opts.start_dt = o.start_dt;
    opts.max_dt = o.max_dt;
    opts.reference_dt = o.reference_dt;
    opts.relative_precision = o.precision;
    opts.criteria = o.criteria;
    const char* name = integrator_name(integrator);
    const std::string refused = scene::refusal(sc, integrator);
    if (!refused.empty()) {
      // one integrator refused (a corner with loops): say why, measure the others
      if (o.integrator != "all") throw std::invalid_argument(refused);
      std::printf("%s: refused: %s\n", name, refused.c_str());
      continue;
    }
    const scene::StableStepResult r = scene::find_stable_step(sc, opts);
    if (!any) {
      std::printf("%s: %s scene; reference rk4 dt = %g s (self error %.2g of scale), largest energy %.6g J, "
                  "energy scale %.4g J\n", o.scene.c_str(), r.driven ? "driven" : "undriven", r.reference.dt,
                  r.reference.self_error, r.reference.energy_max, r.reference.energy_scale);
    }
    any = true;
    if (o.verbose) {
      std::printf("%s trials:\n", name);
      for (const scene::StepTrial& t : r.trials) print_trial(t);
    }
    if (!r.found) {
      std::printf("%s: no stable step down to the reference step %g s; first failure: %s\n", name, r.reference.dt,
                  r.trials.front().failure.c_str());
      continue;
    }
    std::string work;
    for (const scene::StepTrial& t : r.trials) {
      if (t.dt == r.dt && t.stable) work = newton_work(t);
    }
    if (r.capped) {
      std::printf("%s: largest stable step >= %.6g s (the --max-dt cap, stable%s)\n", name, r.dt, work.c_str());
      continue;
    }
    std::string why;
    for (const scene::StepTrial& t : r.trials) {
      if (t.dt == r.unstable_dt) why = t.failure;
    }
    std::printf("%s: largest stable step %.6g s (unstable at %.6g s: %s%s)\n", name, r.dt, r.unstable_dt, why.c_str(),
                work.c_str());
  }
}

}  // namespace

void add_stable_step_command(CLI::App& app) {
  auto o = std::make_shared<StableStepCliOptions>();
  CLI::App* cmd = app.add_subcommand(
      "stable-step",
      "the largest fixed time step at which a scene stays stable for its duration: doubling from the scene's "
      "dt, then bisection. a step is stable when q, qd stay finite, coordinates stay inside their ranges, the "
      "total energy never exceeds the largest energy of a small-step rk4 reference by more than "
      "--energy-tolerance of the reference's energy swing, and, for the first --horizon seconds, every "
      "coordinate stays within --trajectory-tolerance of its scale from that reference (docs/demos.md)");
  cmd->add_option("scene", o->scene, "scene file (docs/scene-file.md)")->required()->check(CLI::ExistingFile);
  std::vector<std::string> names{"all"};
  for (Integrator i : kIntegrators) names.emplace_back(integrator_name(i));
  cmd->add_option("--integrator", o->integrator,
                  "euler | symplectic | rk4 | implicit_euler | implicit_midpoint | all (default euler, the paper's)")
      ->check(CLI::IsMember(names));
  cmd->add_option("--duration", o->duration, "simulated time in s (default: the scene's)")->check(CLI::PositiveNumber);
  cmd->add_option("--max-dt", o->max_dt, "largest step tried in s (default: duration / 4)")->check(CLI::PositiveNumber);
  cmd->add_option("--start-dt", o->start_dt, "first step tried in s (default: the scene's dt)")
      ->check(CLI::PositiveNumber);
  cmd->add_option("--reference-dt", o->reference_dt, "rk4 reference step in s (default: min(dt, 1 ms) / 4)")
      ->check(CLI::PositiveNumber);
  cmd->add_option("--trajectory-tolerance", o->criteria.trajectory_tolerance,
                  "max |q - q_ref| as a fraction of each coordinate's range (or excursion); 0 = off (default 0.05)");
  cmd->add_option("--horizon", o->criteria.trajectory_horizon,
                  "time (s) over which the trajectory is compared with the reference (default 1)")
      ->check(CLI::PositiveNumber);
  cmd->add_option("--energy-tolerance", o->criteria.energy_tolerance,
                  "max energy above the reference's largest, as a fraction of its energy swing; 0 = off (default 0.05)");
  cmd->add_option("--precision", o->precision, "bisection stops at this relative bracket width (default 0.02)")
      ->check(CLI::PositiveNumber);
  cmd->add_flag("-v,--verbose", o->verbose, "print every step tried and why it failed");
  cmd->add_flag("--energy-projection", o->energy_projection,
                "hold the energy balance after every step (settings.energy_projection, docs/dynamics.md)");
  cmd->callback([o] { run_stable_step(*o); });
}

}  // namespace js::cli
