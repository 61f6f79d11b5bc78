// jointsmith-cli ik SCENE.json --body NAME [--point x,y,z] --target x,y,z[,rx,ry,rz]
// solves for the scene's coordinates (starting at its initial state) so the body point reaches the target
// position (and, with rx,ry,rz, the orientation exp([r]) as world_R_body); prints q, the point it reached
// and the residual. an unreachable target still prints the nearest configuration found. the scene's closed
// loops ("loops") are kept closed: the solution lies on them and "loop error" says how closely.
#include <iostream>
#include <memory>
#include <stdexcept>

#include "app/cli/commands.hpp"
#include "core/dynamics/algorithms.hpp"
#include "core/ik/ik.hpp"
#include "core/scene/scene_file.hpp"

namespace js::cli {

namespace {

struct IkOptionsCli {
  std::string scene;
  std::string body;
  std::vector<double> point{0.0, 0.0, 0.0};
  std::vector<double> target;
  double tolerance = 1e-10;
  int max_iterations = 200;
  int restarts = 8;
};

void run_ik(const IkOptionsCli& o) {
  const scene::Scene sc = scene::read_scene_file(o.scene);
  IkTarget t;
  t.body = sc.model.find_body(o.body);
  if (t.body < 0) throw std::invalid_argument(o.scene + ": no body \"" + o.body + "\"");
  if (o.point.size() != 3) throw std::invalid_argument("--point needs x,y,z");
  if (o.target.size() != 3 && o.target.size() != 6) throw std::invalid_argument("--target needs x,y,z or x,y,z,rx,ry,rz");
  t.point = Vec3(o.point[0], o.point[1], o.point[2]);
  t.position = Vec3(o.target[0], o.target[1], o.target[2]);
  if (o.target.size() == 6) {
    t.goal = IkGoal::Pose;
    t.rotation = so3_exp(Vec3(o.target[3], o.target[4], o.target[5]));
  }
  IkOptions options;
  options.tolerance = o.tolerance;
  options.max_iterations = o.max_iterations;
  options.restarts = o.restarts;
  if (!sc.loops.empty()) options.loops = &sc.loops;
  IkSolver solver(sc.model);
  const IkReport r = solver.solve({t}, sc.initial.q, options);
  const std::vector<std::string> names = sc.model.coordinate_names();
  std::cout.precision(12);
  for (std::size_t k = 0; k < names.size(); ++k) std::cout << names[k] << " = " << r.q[static_cast<int>(k)] << "\n";
  // where the point ended up: for an unreachable target this is the nearest point the chain reaches
  MultibodyData data(sc.model);
  forward_kinematics(sc.model, data, 0.0, r.q);
  const Vec3 x = data.bodies[static_cast<std::size_t>(t.body)].world_T_body.act(t.point);
  std::cout.precision(9);  // nanometres
  std::cout << "reached = " << x[0] << "," << x[1] << "," << x[2] << "\n";
  std::cout << "residual = " << r.residual << "\n";
  if (!sc.loops.empty()) std::cout << "loop error = " << r.loop_error << "\n";
  std::cout << r.message << "\n";
  if (!r.converged) throw std::runtime_error(r.message);
}

}  // namespace

void add_ik_command(CLI::App& app) {
  auto opts = std::make_shared<IkOptionsCli>();
  CLI::App* cmd = app.add_subcommand("ik", "inverse kinematics: move a body point of a scene to a target");
  cmd->footer(R"(example (the fig. 3 leg; its hip, knee and ankle all turn about x, so the toe moves in the
y-z plane plus the knee's 1.3-1.9 mm lateral shift: a target with x outside that slab is unreachable):
  jointsmith-cli ik resources/scenes/leg.json --body foot --point 0,-0.12,-0.08 --target 0.0015,-0.35,-0.75
prints each coordinate, the reached point and "converged in N iterations, residual ...";
an unreachable target prints the nearest configuration and exits with status 1.
a scene with closed loops (e.g. resources/scenes/four_bar.json) is solved with its loops closed and also
prints "loop error = ..." (the largest loop violation, m or rad):
  jointsmith-cli ik resources/scenes/four_bar.json --body coupler --point 0.35,0,0 --target 0.22,0.24,0
(the coupler's far end, on the rocker's 0.3 m circle about the ground pin). a mechanism with fewer freedoms
than target rows reaches only a curve or surface: a point typed near it is reported unreachable.)");
  cmd->add_option("scene", opts->scene, "scene file (docs/scene-file.md)")->required()->check(CLI::ExistingFile);
  cmd->add_option("--body", opts->body, "body whose point is moved")->required();
  cmd->add_option("--point", opts->point, "the point in the body frame, m (default 0,0,0)")->delimiter(',')->expected(3);
  cmd->add_option("--target", opts->target, "world target x,y,z (m) [,rx,ry,rz rotation vector (rad)]")
      ->required()
      ->delimiter(',');
  cmd->add_option("--tolerance", opts->tolerance, "residual tolerance (default 1e-10)")->check(CLI::PositiveNumber);
  cmd->add_option("--max-iterations", opts->max_iterations, "iteration limit (default 200)")->check(CLI::PositiveNumber);
  cmd->add_option("--restarts", opts->restarts,
                  "further starts sampled from the coordinate ranges when the solve stalls short of the tolerance "
                  "(default 8, 0: local only)")
      ->check(CLI::NonNegativeNumber);
  cmd->callback([opts] { run_ik(*opts); });
}

}  // namespace js::cli
