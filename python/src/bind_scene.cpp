// jointsmith.Scene: load a scene file, simulate it into a structured numpy array (the columns of
// `jointsmith-cli simulate`'s csv plus energy), solve inverse kinematics. simulation runs without the GIL
// and stops on Ctrl-C.
#include <cmath>
#include <sstream>

#include <pybind11/stl.h>

#include "core/dynamics/algorithms.hpp"
#include "core/dynamics/simulator.hpp"
#include "core/ik/ik.hpp"
#include "core/scene/scene_file.hpp"
#include "core/scene/simulate_skeleton.hpp"
#include "core/scene/trajectory_csv.hpp"
#include "python/src/common.hpp"

namespace js::py {

namespace {

struct PyScene {
  std::shared_ptr<const scene::Scene> scene;
  std::string path;
};

// the csv header's column names (core/scene/trajectory_csv.hpp), with "energy" after "potential".
std::vector<std::string> columns(const scene::Scene& sc) {
  std::ostringstream header;
  scene::write_trajectory_header(header, sc);
  std::vector<std::string> names;
  std::string text = header.str(), name;
  std::istringstream in(text.substr(0, text.find('\n')));
  while (std::getline(in, name, ',')) {
    names.push_back(name);
    if (name == "potential") names.push_back("energy");
  }
  return names;
}

// rows of the csv text (numbers only) into values, inserting energy = kinetic + potential.
void parse_csv_rows(const std::string& text, std::size_t potential_column, std::vector<double>& values) {
  std::istringstream in(text);
  std::string line;
  std::getline(in, line);  // header
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    std::istringstream row(line);
    std::string cell;
    std::size_t c = 0;
    double kinetic = 0.0;
    while (std::getline(row, cell, ',')) {
      const double x = std::stod(cell);
      values.push_back(x);
      if (c + 1 == potential_column) kinetic = x;
      if (c == potential_column) values.push_back(kinetic + x);
      ++c;
    }
  }
}

pb::array simulate(const PyScene& s, const pb::object& duration_arg, const pb::object& dt_arg, const pb::object& integrator_arg,
                   int every, const pb::object& solver_arg, const pb::object& projection_arg) {
  const scene::Scene& sc = *s.scene;
  scene::SceneSettings settings = sc.settings;
  if (!dt_arg.is_none()) {
    settings.dt = dt_arg.cast<double>();
    if (!(settings.dt > 0.0) || !std::isfinite(settings.dt)) throw pb::value_error("dt must be a positive number of seconds");
  }
  if (!solver_arg.is_none() && !scene::scene_solver_from_name(solver_arg.cast<std::string>(), settings.solver)) {
    throw pb::value_error("solver: expected 'reduced' or 'maximal'");
  }
  const bool maximal = settings.solver == scene::SceneSolver::Maximal;
  if (!integrator_arg.is_none()) {
    if (maximal) throw pb::value_error("integrator does not apply to the maximal solver (it has its own semi-implicit euler step)");
    if (!integrator_from_name(integrator_arg.cast<std::string>(), settings.integrator)) {
      throw pb::value_error("integrator: expected one of " + integrator_names());
    }
  }
  if (!projection_arg.is_none()) {
    if (maximal) throw pb::value_error("energy_projection applies to the reduced solver only");
    settings.energy_projection = projection_arg.cast<bool>();
  }
  const double duration = duration_arg.is_none() ? settings.duration : duration_arg.cast<double>();
  if (!(duration >= 0.0) || !std::isfinite(duration)) throw pb::value_error("duration must be ≥ 0 seconds");
  if (every < 1) throw pb::value_error("every must be ≥ 1");
  const int steps = static_cast<int>(std::llround(duration / settings.dt));
  const std::vector<std::string> names = columns(sc);
  const std::size_t width = names.size();
  std::size_t potential_column = 0;
  for (std::size_t c = 0; c < width; ++c) {
    if (names[c] == "potential") potential_column = c;
  }
  std::vector<double> values;
  values.reserve(width * static_cast<std::size_t>(std::min(steps / every + 2, 1 << 16)));
  Interrupts interrupts;
  bool finite = true;
  double t_end = 0.0;
  {
    pb::gil_scoped_release release;
    if (maximal) {
      std::ostringstream csv;
      const scene::MaximalReport r = scene::simulate_skeleton_to_csv(sc, s.path, settings, steps, csv, every);
      parse_csv_rows(csv.str(), potential_column, values);
      finite = r.run.finite;
      t_end = r.run.t_end;
    } else {
      SimulatorOptions options;
      options.loops = &sc.loops;
      options.energy_projection = settings.energy_projection;
      Simulator sim(sc.model, sc.forces, options);
      if (const std::string why = sim.unsupported(settings.integrator); !why.empty()) throw std::invalid_argument(why);
      SimulationState state = sc.initial;
      sim.apply_prescribed(state);
      // one row as simulate_to_csv writes it (core/scene/simulate.cpp)
      auto row = [&] {
        const MechanicalState m = sim.measure(state);
        values.push_back(state.t);
        for (int k = 0; k < state.q.size(); ++k) values.push_back(state.q[k]);
        for (int k = 0; k < state.qd.size(); ++k) values.push_back(state.qd[k]);
        values.push_back(m.kinetic);
        values.push_back(m.potential);
        values.push_back(m.kinetic + m.potential);
        for (int k = 0; k < 3; ++k) values.push_back(m.linear_momentum[k]);
        for (int k = 0; k < 3; ++k) values.push_back(m.angular_momentum[k]);
        if (!sim.model().prescribed().empty()) {
          sim.accelerations(state.t, state.q, state.qd);
          for (const PrescribedCoordinate& p : sim.model().prescribed()) values.push_back(sim.data().drive_tau[p.coordinate]);
        }
        if (sim.loops() != nullptr) {
          const LoopErrors e = sim.loop_errors(state);
          values.push_back(e.position);
          values.push_back(e.velocity);
        }
      };
      row();
      for (int k = 1; k <= steps; ++k) {
        sim.step(state, settings.dt, settings.integrator);
        finite = state.q.allFinite() && state.qd.allFinite();
        if (k % every == 0 || k == steps || !finite) row();
        if (!finite) break;
        if ((k & 63) == 0 && interrupts.check()) break;
      }
      t_end = state.t;
    }
  }
  interrupts.rethrow();
  if (!finite) {
    throw std::runtime_error("the simulation diverged (NaN/Inf) at t = " + std::to_string(t_end) +
                             " s; try a smaller dt" + (maximal ? std::string() : " or another integrator"));
  }
  pb::list fields;
  for (const std::string& n : names) fields.append(pb::make_tuple(n, "f8"));
  const pb::dtype dtype = pb::dtype::from_args(fields);
  const pb::ssize_t rows = static_cast<pb::ssize_t>(values.size() / width);
  pb::array out(dtype, std::vector<pb::ssize_t>{rows});
  std::memcpy(out.mutable_data(), values.data(), sizeof(double) * values.size());
  return out;
}

pb::dict ik(const PyScene& s, const std::string& body, const pb::object& point_arg, const pb::object& target_arg,
            double tolerance, int max_iterations, int restarts) {
  const scene::Scene& sc = *s.scene;
  IkTarget t;
  t.body = sc.model.find_body(body);
  if (t.body < 0) throw pb::value_error(s.path + ": no body \"" + body + "\"");
  const auto point = real_array(point_arg, "point");
  const auto target = real_array(target_arg, "target");
  if (point.ndim() != 1 || point.shape(0) != 3) throw pb::value_error("point: expected 3 numbers (x, y, z in the body frame, m)");
  if (target.ndim() != 1 || (target.shape(0) != 3 && target.shape(0) != 6)) {
    throw pb::value_error("target: expected (x, y, z) or (x, y, z, rx, ry, rz) (world, m and a rotation vector in rad)");
  }
  if (!(tolerance > 0.0) || max_iterations < 1 || restarts < 0) throw pb::value_error("tolerance > 0, max_iterations ≥ 1, restarts ≥ 0");
  t.point = Vec3(point.data()[0], point.data()[1], point.data()[2]);
  t.position = Vec3(target.data()[0], target.data()[1], target.data()[2]);
  if (target.shape(0) == 6) {
    t.goal = IkGoal::Pose;
    t.rotation = so3_exp(Vec3(target.data()[3], target.data()[4], target.data()[5]));
  }
  IkOptions options;
  options.tolerance = tolerance;
  options.max_iterations = max_iterations;
  options.restarts = restarts;
  if (!sc.loops.empty()) options.loops = &sc.loops;
  IkReport r;
  Vec3 reached;
  {
    pb::gil_scoped_release release;
    IkSolver solver(sc.model);
    r = solver.solve({t}, sc.initial.q, options);
    MultibodyData data(sc.model);
    forward_kinematics(sc.model, data, 0.0, r.q);
    reached = data.bodies[static_cast<std::size_t>(t.body)].world_T_body.act(t.point);
  }
  pb::dict out;
  out["q"] = pb::array_t<double>(r.q.size(), r.q.data());
  out["coordinates"] = sc.model.coordinate_names();
  out["reached"] = pb::array_t<double>(3, reached.data());
  out["residual"] = r.residual;
  out["converged"] = r.converged;
  out["iterations"] = r.iterations;
  out["loop_error"] = r.loop_error;
  out["message"] = r.message;
  return out;
}

}  // namespace

void register_scene(pb::module_& m) {
  pb::class_<PyScene>(m, "Scene", "a multibody scene (docs/scene-file.md): bodies, joints, forces, initial state, settings")
      .def_static(
          "load",
          [](const std::string& path) {
            std::shared_ptr<scene::Scene> sc;
            {
              pb::gil_scoped_release release;
              sc = std::make_shared<scene::Scene>(scene::read_scene_file(path));
            }
            return PyScene{sc, path};
          },
          pb::arg("path"), "reads a scene file; joint files it names are found relative to it")
      .def_property_readonly("coordinates", [](const PyScene& s) { return s.scene->model.coordinate_names(); },
                             "the scene's coordinate names (body.coordinate) in q order")
      .def_property_readonly("bodies",
                             [](const PyScene& s) {
                               std::vector<std::string> names;
                               for (const auto& b : s.scene->model.bodies()) names.push_back(b.name);
                               return names;
                             },
                             "body names")
      .def_property_readonly("initial_q", [](const PyScene& s) {
        return pb::array_t<double>(s.scene->initial.q.size(), s.scene->initial.q.data());
      }, "q at t = 0")
      .def_property_readonly("dt", [](const PyScene& s) { return s.scene->settings.dt; }, "the scene's time step (s)")
      .def_property_readonly("duration", [](const PyScene& s) { return s.scene->settings.duration; }, "the scene's duration (s)")
      .def("simulate", &simulate, pb::arg("duration") = pb::none(), pb::arg("dt") = pb::none(),
           pb::arg("integrator") = pb::none(), pb::kw_only(), pb::arg("every") = 1, pb::arg("solver") = pb::none(),
           pb::arg("energy_projection") = pb::none(),
           R"(simulates from the initial state for `duration` s (default: the scene's) with steps of dt (default:
the scene's) and integrator 'euler' | 'symplectic' | 'rk4' | 'implicit_euler' | 'implicit_midpoint' (default: the scene's), keeping every k-th step.
energy_projection=True holds the energy's balance after every step, for large steps (default: the scene's
settings.energy_projection; docs/dynamics.md).

Returns a structured array, one row per kept step, with the columns of `jointsmith-cli simulate`'s csv:
t, q:<coordinate>…, qd:<coordinate>…, kinetic, potential, energy (their sum), px, py, pz, Lx, Ly, Lz, then
drive:<coordinate> torques of scripted coordinates and loop errors. traj['t'], traj['q:knee.flexion'];
traj.dtype.names lists them. The GIL is released; Ctrl-C raises KeyboardInterrupt.)")
      .def("ik", &ik, pb::arg("body"), pb::arg("point"), pb::arg("target"),
           pb::kw_only(), pb::arg("tolerance") = 1e-10, pb::arg("max_iterations") = 200, pb::arg("restarts") = 8,
           R"(inverse kinematics as `jointsmith-cli ik`: moves `point` (body frame, m) of `body` to `target`
(world x, y, z, or x, y, z, rx, ry, rz with a rotation vector for the body's orientation) from the initial
state. Returns a dict: q, coordinates, reached, residual, converged, iterations, loop_error, message.
An unreachable target returns the nearest configuration with converged False.)")
      .def("__repr__", [](const PyScene& s) {
        return "<jointsmith.Scene " + s.path + ": " + std::to_string(s.scene->model.num_bodies()) + " bodies, " +
               std::to_string(s.scene->model.nq()) + " coordinates>";
      });
}

}  // namespace js::py
