// jointsmith-cli export: a joint as an OpenSim CustomJoint (.osim, with a fidelity report) or a scene's
// motion as glTF 2.0 (.glb). docs/opensim.md and docs/gltf.md.
#include <cmath>
#include <filesystem>
#include <iostream>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "app/cli/commands.hpp"
#include "core/interop/gltf_export.hpp"
#include "core/interop/gltf_keys.hpp"
#include "core/interop/osim_export.hpp"
#include "core/interop/osim_file.hpp"
#include "core/interop/osim_model_export.hpp"
#include "core/interop/osim_replace.hpp"
#include "core/io/atomic_file.hpp"
#include "core/io/file_read.hpp"
#include "core/io/joint_file.hpp"
#include "core/io/json_text.hpp"
#include "core/scene/scene_file.hpp"

namespace js::cli {

namespace {

constexpr const char* kExportFooter = R"(--format osim (INPUT a joint file, 1-dof): writes an OpenSim 4 model fragment holding one
CustomJoint: rotation1..3 about coordinate axes (body-fixed sequence, order chosen away from gimbal lock),
translation1..3 along x, y, z of the parent offset frame, each a spline of the coordinate with knots added
until the joint OpenSim evaluates stays within --tolerance (m, child origin) and --angle-tolerance (rad)
of ours. Prints the fidelity report (max errors over a dense grid of the range). docs/opensim.md.
--format gltf (INPUT a scene file): writes a .glb with one node per body (its mesh, or a box of its
inertia) and a LINEAR translation + rotation animation: a simulation of --duration s from the scene's
initial state (every step a candidate frame), or with --sweep BODY.COORD that coordinate swept over its
range (--fps candidate frames per second); the keys are thinned (greedily) to few whose linear interpolation
keeps every node within --key-tolerance (m and rad) at every candidate frame. The file is y-up: a z-up
scene (gravity along z; --up z|y|auto says which the scene is) is turned by a y_up node; --z-up keeps the
scene's axes unchanged.
docs/gltf.md.
--format osim with a scene file (an app's Export Scene File, resources/scenes/*.json): writes a whole OpenSim 4
model: ground, a Body per body (mass, centre of mass, inertia, its mesh: .vtp/.stl/.obj by path relative to
the output, .vtk or an inline mesh written to Geometry/BODY.obj), a WeldJoint per fixed joint and a CustomJoint
per other joint (SimmSplines for 1 dof, MultivariatePolynomialFunctions for 2-3 dof, each read back and checked
against --tolerance / --angle-tolerance); then the model is read back and every body's pose compared with the
scene's. Loops, couplers, forces and a moving root are not exported (a note says so).
With --into MODEL.osim --replace JOINT: writes the whole model with that joint replaced by a CustomJoint of
the same name (frames, sockets and coordinates kept; SimmSplines of the fitted joint over the coordinate's
range in the model, or --range), every byte outside the joint's element unchanged except mesh paths, which
are rewritten to resolve from the new file's folder (or --copy-meshes copies them to its Geometry/, or
--keep-mesh-paths). The saved model is read back and its joint compared with the fitted one (the report).
The save is atomic: a failed save leaves an existing file intact.
A 2- or 3-dof joint (a spline surface fit) goes --into a model only: each TransformAxis becomes a
MultivariatePolynomialFunction (OpenSim >= 4.4) of the coordinates, fitted by least squares over the model
coordinates' ranges, the degree raised until --tolerance / --angle-tolerance (defaults 0.1 mm and 0.05 deg
here) are met over a 101x101 grid (31^3 for 3 dof), or refused (nothing written) with what --max-degree
reaches and where. --coordinates A,B names the model coordinates the fitted q0, q1 drive when the model
joint has others (a ScapulothoracicJoint's four); the others are removed from the joint, with a note, and so
are the CoordinateCouplerConstraints that set them. A 1-dof joint into a joint of several coordinates (leg39's
knee_r: the flexion and two tibia translations coupled to it) drives the coordinate of its own name, or the one
--coordinates NAME gives; the others and their couplers are removed likewise.
Examples: jointsmith-cli export resources/joints/knee.json --format osim -o knee.osim
          jointsmith-cli export resources/scenes/leg.json --format osim -o leg_model.osim
          jointsmith-cli export knee_fit.json --format osim --into leg.osim --replace knee_r -o leg_new.osim
          jointsmith-cli export scap_fit.json --format osim --into arm.osim --replace scapulothoracic_r \
              --coordinates scapula_abduction,scapula_elevation -o arm_new.osim
          jointsmith-cli export resources/scenes/leg.json --format gltf --duration 2 -o leg.glb)";

struct ExportCliOptions {
  std::string input;
  std::string format;
  std::string output;
  double tolerance = 1e-5;
  double angle_tolerance = 1e-4;
  std::string spline = "simm";
  std::string range;
  std::string name;
  std::string parent = "parent";
  std::string child = "child";
  double duration = -1.0;
  double fps = 240.0;
  std::string sweep;
  double key_tolerance = 1e-4;
  bool z_up = false;
  std::string up = "auto";
  std::string into;
  std::string replace;
  bool copy_meshes = false;
  bool keep_mesh_paths = false;
  bool tolerance_given = false, angle_tolerance_given = false;
  std::string coordinates;
  int max_degree = 10;
};

void export_osim_into(const ExportCliOptions& cli, const JointModel& joint, const interop::OsimExportOptions& fit) {
  if (cli.replace.empty()) throw std::runtime_error("export: --into needs --replace JOINT (the joint of the model to replace)");
  io::refuse_overwriting_inputs(cli.output, {cli.input, cli.into});
  if (cli.copy_meshes && cli.keep_mesh_paths) throw std::runtime_error("export: --copy-meshes and --keep-mesh-paths exclude each other");
  // core's one reader: size-capped, regular files only, io::FileError naming the model when it cannot
  const std::string text = io::read_file_bytes(cli.into);
  interop::OsimReplaceOptions options;
  options.fit = fit;
  if (joint.dof() > 1) {
    if (!cli.range.empty()) throw std::runtime_error("export: --range is for 1-dof joints; a " + std::to_string(joint.dof()) + "-dof joint holds over the model coordinates' ranges");
    if (cli.tolerance_given) options.polynomial.position_tolerance = cli.tolerance;
    if (cli.angle_tolerance_given) options.polynomial.angle_tolerance = cli.angle_tolerance;
    options.polynomial.max_degree = cli.max_degree;
    options.coordinates = split_list(cli.coordinates);
  } else if (!cli.coordinates.empty()) {
    options.coordinates = split_list(cli.coordinates);
    if (options.coordinates.size() != 1) throw std::runtime_error("export: a 1-dof joint drives one model coordinate; --coordinates names " + std::to_string(options.coordinates.size()));
  }
  if (!cli.range.empty()) options.range = parse_range(cli.range, "export");
  options.output_path = cli.output;
  options.meshes = cli.copy_meshes ? interop::OsimMeshPaths::Copy
                   : cli.keep_mesh_paths ? interop::OsimMeshPaths::Keep
                                         : interop::OsimMeshPaths::Rewrite;
  interop::OsimReplaceResult result;
  try {
    result = interop::replace_osim_joint(text, cli.into, cli.replace, joint, options);
  } catch (const std::invalid_argument& e) {
    throw std::runtime_error("export: " + cli.input + ": " + e.what());
  }
  std::cout << "replaced " << cli.replace << " in " << cli.into << " by the joint of " << cli.input << "\n"
            << interop::replace_summary(result, options);
  if (!result.fidelity.within_tolerance) {
    throw std::runtime_error("export: the tolerance was not met with " +
                             (joint.dof() > 1 ? "polynomials of degree " + std::to_string(result.fidelity.degree)
                                              : std::to_string(result.fidelity.knots) + " knots") +
                             "; nothing written (loosen --tolerance or check the joint)");
  }
  interop::save_osim_model(result, cli.output);
  std::cout << "  wrote " << cli.output << "\n";
}



// a scene file to a whole model: bodies, meshes, every joint (osim_model_export.hpp)
void export_osim_model_of_scene(const ExportCliOptions& cli, const nlohmann::json& scene) {
  for (const auto* flag : {&cli.into, &cli.replace, &cli.range, &cli.coordinates, &cli.name})
    if (!flag->empty()) throw std::runtime_error("export: " + cli.input + " is a scene: its whole model is written; --into, --replace, --range, --coordinates and --name are for joint files");
  interop::OsimModelExportOptions options;
  options.model_name = std::filesystem::path(cli.input).stem().string();
  options.output_path = cli.output;
  options.fit.position_tolerance = cli.tolerance;
  options.fit.angle_tolerance = cli.angle_tolerance;
  if (cli.spline == "natural") options.fit.spline_kind = interop::OsimFunctionKind::NaturalCubicSpline;
  if (cli.tolerance_given) options.polynomial.position_tolerance = cli.tolerance;
  if (cli.angle_tolerance_given) options.polynomial.angle_tolerance = cli.angle_tolerance;
  options.polynomial.max_degree = cli.max_degree;
  interop::OsimModelExport model;
  try {
    model = interop::export_osim_model(scene, cli.input, std::filesystem::path(cli.input).parent_path().string(), options);
  } catch (const std::invalid_argument& e) {
    throw std::runtime_error("export: " + cli.input + ": " + e.what());
  }
  std::cout << "OpenSim model of " << cli.input << ": " << interop::osim_model_summary(model);
  interop::save_osim_model_export(model, cli.output);
  std::cout << "  wrote " << cli.output << "\n";
}

void export_osim(const ExportCliOptions& cli) {
  io::refuse_overwriting_inputs(cli.output, {cli.input});
  if (cli.spline != "simm" && cli.spline != "natural") throw std::runtime_error("export: --spline '" + cli.spline + "': expected simm or natural");
  // a scene file ("format": "jointsmith.scene") is a whole model; anything else is read as a joint file
  const nlohmann::json doc = io::parse_json_text(io::read_file_bytes(cli.input), cli.input);
  if (doc.is_object() && doc.value("format", std::string()) == scene::kSceneFileFormat) return export_osim_model_of_scene(cli, doc);
  const std::unique_ptr<JointModel> joint = io::read_joint_file(cli.input);
  if (joint->dof() == 0) {
    throw std::runtime_error("export: " + cli.input + ": a 0-dof (fixed) joint has no motion to export; in OpenSim it is a WeldJoint");
  }
  interop::OsimExportOptions options;
  options.position_tolerance = cli.tolerance;
  options.angle_tolerance = cli.angle_tolerance;
  if (cli.spline == "natural") options.spline_kind = interop::OsimFunctionKind::NaturalCubicSpline;
  if (!cli.into.empty() || !cli.replace.empty()) {
    if (cli.into.empty()) throw std::runtime_error("export: --replace needs --into MODEL.osim");
    export_osim_into(cli, *joint, options);
    return;
  }
  if (joint->dof() != 1) {
    // a fragment has no coordinate ranges of a model to fit the polynomials over, and OpenSim cannot open it
    throw std::runtime_error("export: " + cli.input + ": a " + std::to_string(joint->dof()) +
                             "-dof joint is exported into a model: --into MODEL.osim --replace JOINT [--coordinates A,B] (its "
                             "MultivariatePolynomialFunctions are fitted over that model's coordinate ranges); a joint fragment "
                             "holds only 1-dof joints (SimmSplines)");
  }
  if (!cli.range.empty()) options.range = parse_range(cli.range, "export");
  options.joint_name = cli.name.empty() ? joint->coordinates()[0].name + "_joint" : cli.name;
  options.parent_body = cli.parent;
  options.child_body = cli.child;
  interop::OsimExport out;
  try {
    out = interop::export_osim(*joint, options);
  } catch (const std::invalid_argument& e) {
    throw std::runtime_error("export: " + cli.input + ": " + e.what());
  }
  const std::string report = interop::fidelity_summary(out.fidelity, options);
  interop::write_osim_joint(out.joint, cli.output, "exported by jointsmith-cli from " + cli.input + "; " + report);
  std::cout << report << "  wrote " << cli.output << "\n";
  if (!out.fidelity.within_tolerance) {
    throw std::runtime_error("export: the tolerance was not met with " + std::to_string(out.fidelity.knots) +
                             " knots (the file is written; loosen --tolerance or check the joint)");
  }
}

void export_gltf(const ExportCliOptions& cli) {
  io::refuse_overwriting_inputs(cli.output, {cli.input});
  const scene::Scene scene = scene::read_scene_file(cli.input);
  const double duration = cli.duration >= 0.0 ? cli.duration : scene.settings.duration;
  if (!(duration > 0.0)) throw std::runtime_error("export: --duration must be > 0");
  if (!(cli.fps > 0.0)) throw std::runtime_error("export: --fps must be > 0");
  interop::SceneMotion motion;
  if (!cli.sweep.empty()) {
    const int frames = std::max(2, static_cast<int>(std::ceil(duration * cli.fps)) + 1);
    try {
      motion = interop::sweep_motion(scene, cli.sweep, duration, frames);
    } catch (const std::invalid_argument& e) {
      throw std::runtime_error("export: --sweep: " + std::string(e.what()));
    }
  } else {
    motion = interop::simulated_motion(scene, duration, 1);
  }
  if (!(cli.key_tolerance >= 0.0)) throw std::runtime_error("export: --key-tolerance must be ≥ 0");
  const std::vector<std::size_t> keys = interop::linear_keys(motion, {cli.key_tolerance, cli.key_tolerance});
  const interop::KeyError error = interop::linear_key_error(motion, keys);
  interop::GltfOptions options;
  // the scene's up: auto follows gravity, as the app shows the scene (and as it exports it)
  const bool scene_z_up = cli.up == "auto" ? interop::world_is_z_up(scene.model.gravity) : cli.up == "z";
  options.y_up = scene_z_up && !cli.z_up;
  const bool file_y_up = options.y_up || !scene_z_up;
  interop::write_glb(cli.output, scene.model, interop::scene_body_meshes(cli.input, scene),
                     interop::select_frames(motion, keys), cli.sweep.empty() ? "simulation" : "sweep " + cli.sweep,
                     options);
  std::cout << "wrote " << cli.output << ": " << scene.model.num_bodies() << " bodies, " << keys.size() << " keys of "
            << motion.times.size() << " frames over " << motion.times.back() - motion.times.front()
            << " s; linear interpolation within " << error.position << " m and " << error.angle
            << " rad of every frame (local node transforms)" << (file_y_up ? "; y-up" : "; z-up")
            << (options.y_up ? " (turned from the scene's z-up)" : "") << "\n";
}

}  // namespace

void add_export_command(CLI::App& app) {
  auto cli = std::make_shared<ExportCliOptions>();
  CLI::App* cmd = app.add_subcommand("export", "export a joint or a scene's whole model to OpenSim (.osim), or a scene's motion to glTF (.glb)");
  cmd->footer(kExportFooter);
  cmd->add_option("input", cli->input, "joint file (--format osim: a CustomJoint) or scene file (--format gltf, or osim: the whole model)")->required();
  cmd->add_option("--format", cli->format, "osim or gltf")->required()->check(CLI::IsMember({"osim", "gltf"}));
  cmd->add_option("-o,--output", cli->output, "file to write")->required();
  cmd->add_option("--tolerance", cli->tolerance, "osim: largest position error of the child origin (m; 2-3 dof: default 1e-4)")
      ->capture_default_str()
      ->each([cli](const std::string&) { cli->tolerance_given = true; });
  cmd->add_option("--angle-tolerance", cli->angle_tolerance, "osim: largest rotation error (rad; 2-3 dof: default 0.05 deg)")
      ->capture_default_str()
      ->each([cli](const std::string&) { cli->angle_tolerance_given = true; });
  cmd->add_option("--coordinates", cli->coordinates, "osim --into: A[,B[,C]] the model coordinates the fitted joint drives");
  cmd->add_option("--max-degree", cli->max_degree, "osim --into, 2-3 dof: highest polynomial degree tried")->capture_default_str()->check(CLI::Range(1, 20));
  cmd->add_option("--spline", cli->spline, "osim: simm (SimmSpline) or natural (NaturalCubicSpline)")->capture_default_str();
  cmd->add_option("--range", cli->range, "osim: MIN,MAX coordinate range to export (default: the joint's)");
  cmd->add_option("--name", cli->name, "osim: CustomJoint name (default: COORDINATE_joint)");
  cmd->add_option("--parent", cli->parent, "osim: parent body name")->capture_default_str();
  cmd->add_option("--child", cli->child, "osim: child body name")->capture_default_str();
  cmd->add_option("--into", cli->into, "osim: a whole model to write with --replace JOINT replaced");
  cmd->add_option("--replace", cli->replace, "osim --into: the model's joint to replace (same name, frames, coordinates)");
  cmd->add_flag("--copy-meshes", cli->copy_meshes, "osim --into: copy the model's meshes to Geometry/ beside the output");
  cmd->add_flag("--keep-mesh-paths", cli->keep_mesh_paths, "osim --into: leave mesh paths as written");
  cmd->add_option("--duration", cli->duration, "gltf: seconds of motion (default: the scene's settings.duration)");
  cmd->add_option("--fps", cli->fps, "gltf --sweep: frames per second sampled before thinning")->capture_default_str();
  cmd->add_option("--key-tolerance", cli->key_tolerance,
                  "gltf: largest error of LINEAR interpolation between the kept keys, m and rad per node")
      ->capture_default_str();
  cmd->add_option("--up", cli->up, "gltf: the scene's up axis: auto (z when gravity points along z), z or y; a z-up scene is turned y-up")
      ->capture_default_str()
      ->check(CLI::IsMember({"auto", "z", "y"}));
  cmd->add_flag("--z-up", cli->z_up, "gltf: write the scene's axes unchanged (no y_up node)");
  cmd->add_option("--sweep", cli->sweep, "gltf: sweep BODY.COORD over its range instead of simulating");
  cmd->callback([cli] {
    if (cli->format == "osim") {
      export_osim(*cli);
    } else {
      export_gltf(*cli);
    }
  });
}

std::pair<double, double> parse_range(const std::string& text, const std::string& command) {
  std::istringstream in(text);
  double a = 0.0, b = 0.0;
  char comma = 0;
  if (!(in >> a >> comma >> b) || comma != ',' || !(in >> std::ws).eof() || !std::isfinite(a) || !std::isfinite(b) || !(b > a)) {
    throw std::runtime_error(command + ": --range '" + text + "': expected MIN,MAX with MIN < MAX");
  }
  return {a, b};
}

}  // namespace js::cli

