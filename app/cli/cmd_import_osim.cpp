// jointsmith-cli import-osim: samples an OpenSim CustomJoint into the fitting csv format and optionally
// refits it as one spline curve joint, reporting the difference. docs/opensim.md.
#include <algorithm>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <tuple>

#include "app/cli/commands.hpp"
#include "core/fit/coordinate_rotation.hpp"
#include "core/fit/cross_validation.hpp"
#include "core/fit/sample_io.hpp"
#include "core/interop/osim_export.hpp"
#include "core/interop/osim_file.hpp"
#include "core/interop/osim_grid.hpp"
#include "core/interop/osim_model.hpp"
#include "core/io/atomic_file.hpp"
#include "core/io/joint_file.hpp"

namespace js::cli {

namespace {

// text reports show a coordinate that turns the joint in degrees, one that slides it in metres (files keep SI)
bool osim_coordinate_turns(const interop::OsimCustomJoint& joint, int c) {
  for (std::size_t a = 0; a < 3; ++a)
    if (joint.axes[a].coordinate == c && !joint.axes[a].function.is_constant()) return true;
  return false;
}

std::string osim_q_text(double q, bool turns) { return fit::coordinate_value_text(q, turns, 6); }

std::string osim_range_text(double lo, double hi, bool turns) { return "[" + osim_q_text(lo, turns) + ", " + osim_q_text(hi, turns) + "]"; }

constexpr const char* kImportFooter = R"(Reads the CustomJoint, PinJoint or SliderJoint (OpenSim 3 or 4 model; functions Constant, LinearFunction,
PolynomialFunction, SimmSpline, NaturalCubicSpline, MultiplierFunction; parent and child offset frames),
samples parent_T_child over the coordinate's range or --range (other coordinates at their default values;
with --driven, along the independent coordinate of the CoordinateCouplerConstraint that sets it), prints
notes (coupler constraints, locked coordinates, ranges past a spline's knots) and writes the samples as csv
(docs/samples.md). With --fit, fits one cubic spline curve joint to them (frames by cross-validation unless
given) and prints its max position and angle difference from the OpenSim joint over a dense grid of the
range. docs/opensim.md.
With --coordinates A,B --grid NxM, samples an N x M grid over the declared ranges of the two coordinates
(the others at their default values) as 2-dof samples (columns q0, q1) for `jointsmith-cli fit`; any joint
type the model reader maps (a ScapulothoracicJoint, an EllipsoidJoint, a UniversalJoint ...) can be sampled so.
With --coordinates A,B,C --grid NxMxK, a 3-dof box (columns q0, q1, q2).
Example: jointsmith-cli import-osim knee.osim --joint knee_r -o knee.csv --fit knee.json
         jointsmith-cli import-osim model.osim --joint wrist --coordinates flexion,deviation --grid 21x21 -o wrist.csv)";

struct ImportCliOptions {
  std::string model;
  std::string joint;
  std::string coordinate;
  std::string output;
  int samples = 101;
  std::string fit;
  int frames = 0;
  std::string range;
  bool driven = false;
  std::string coordinates;
  std::string grid = "21x21";
};

// --coordinates A,B --grid NxM: a 2-dof grid over the two declared ranges
void run_grid(const interop::OsimCustomJoint& joint, const ImportCliOptions& cli) {
  const std::size_t comma = cli.coordinates.find(',');
  if (comma == std::string::npos || cli.coordinates.find(',', comma + 1) != std::string::npos) {
    throw std::runtime_error("import-osim: --coordinates '" + cli.coordinates + "': expected two names, A,B");
  }
  if (!cli.fit.empty() || cli.driven || !cli.range.empty()) {
    throw std::runtime_error("import-osim: --coordinates samples a grid; --fit, --driven and --range are for one coordinate (fit the grid with jointsmith-cli fit)");
  }
  int n[2] = {0, 0};
  {
    std::istringstream in(cli.grid);
    char x = 0;
    if (!(in >> n[0] >> x >> n[1]) || x != 'x' || !(in >> std::ws).eof() || n[0] < 2 || n[1] < 2) {
      throw std::runtime_error("import-osim: --grid '" + cli.grid + "': expected NxM with N, M >= 2");
    }
  }
  int c[2];
  std::pair<double, double> r[2];
  for (int k = 0; k < 2; ++k) {
    const std::string name = k == 0 ? cli.coordinates.substr(0, comma) : cli.coordinates.substr(comma + 1);
    c[k] = joint.find_coordinate(name);
    if (c[k] < 0) {
      std::string names;
      for (const interop::OsimCoordinate& o : joint.coordinates) names += (names.empty() ? "" : ", ") + o.name;
      throw std::runtime_error("import-osim: " + cli.model + ": joint '" + joint.name + "' has no coordinate '" + name + "' (it has " + names + ")");
    }
    const interop::OsimCoordinate& o = joint.coordinates[static_cast<std::size_t>(c[k])];
    const std::string where = "import-osim: " + cli.model + ":" + std::to_string(o.line) + ": coordinate '" + o.name + "'";
    if (!o.has_range || !(o.max > o.min) || interop::osim_range_is_unbounded(o.min, o.max)) {
      throw std::runtime_error(where + " has no bounded range to sample over");
    }
    r[k] = {o.min, o.max};
  }
  if (c[0] == c[1]) throw std::runtime_error("import-osim: --coordinates names '" + joint.coordinates[static_cast<std::size_t>(c[0])].name + "' twice");
  if (joint.type != "CustomJoint") std::cout << "note: " << joint.name << " is a " << joint.type << ", read as the CustomJoint that moves the same way\n";
  for (const std::string& note : joint.notes) std::cout << "note: " << note << "\n";
  for (int k = 0; k < 2; ++k) {
    for (const std::string& note : interop::osim_range_notes(joint, c[k], r[k].first, r[k].second)) std::cout << "note: " << note << "\n";
  }
  const fit::SampleSet samples = interop::sample_osim_grid(joint, c[0], c[1], r[0], r[1], n[0], n[1], cli.output);
  fit::write_samples(samples, cli.output);
  std::cout << "sampled " << joint.name << " on a " << n[0] << "x" << n[1] << " grid: q0 = "
            << joint.coordinates[static_cast<std::size_t>(c[0])].name << " in "
            << osim_range_text(r[0].first, r[0].second, osim_coordinate_turns(joint, c[0])) << ", q1 = "
            << joint.coordinates[static_cast<std::size_t>(c[1])].name << " in "
            << osim_range_text(r[1].first, r[1].second, osim_coordinate_turns(joint, c[1]))
            << " (the others at their defaults); wrote " << cli.output << "\n";
}

// --coordinates for a joint type only the whole-model reader maps (a ScapulothoracicJoint, an EllipsoidJoint …),
// and for three coordinates of any joint (--grid NxMxK)
void run_model_grid(const ImportCliOptions& cli) {
  std::vector<std::string> names;
  {
    std::istringstream in(cli.coordinates);
    for (std::string w; std::getline(in, w, ',');) names.push_back(w);
  }
  if (names.size() < 2 || names.size() > 3 || std::any_of(names.begin(), names.end(), [](const std::string& n) { return n.empty(); })) {
    throw std::runtime_error("import-osim: --coordinates '" + cli.coordinates + "': expected two or three names, A,B[,C]");
  }
  if (!cli.fit.empty() || cli.driven || !cli.range.empty()) {
    throw std::runtime_error("import-osim: --coordinates samples a grid; --fit, --driven and --range are for one coordinate (fit the grid with jointsmith-cli fit)");
  }
  std::vector<int> n;
  {
    std::istringstream in(cli.grid);
    std::string part;
    bool ok = true;
    while (std::getline(in, part, 'x')) {
      std::istringstream p(part);
      int v = 0;
      ok = ok && (p >> v) && (p >> std::ws).eof() && v >= 2;
      n.push_back(v);
    }
    if (!ok || n.size() != names.size()) {
      throw std::runtime_error("import-osim: --grid '" + cli.grid + "': expected " + (names.size() == 2 ? "NxM" : "NxMxK") + " (one size per coordinate, each >= 2)");
    }
  }
  const interop::OsimModel model = interop::read_osim_model(cli.model);
  std::vector<std::pair<double, double>> r;
  for (const std::string& name : names) {
    const int c = model.find_coordinate(name);
    if (c < 0 || model.coordinates[static_cast<std::size_t>(c)].joint != cli.joint) {
      std::string own;
      for (const interop::OsimModelCoordinate& o : model.coordinates) {
        if (o.joint == cli.joint) own += (own.empty() ? "" : ", ") + o.name;
      }
      throw std::runtime_error("import-osim: " + cli.model + ": joint '" + cli.joint + "' has no coordinate '" + name + "' (it has " + own + ")");
    }
    const interop::OsimModelCoordinate& o = model.coordinates[static_cast<std::size_t>(c)];
    if (!o.has_range || !(o.max > o.min) || interop::osim_range_is_unbounded(o.min, o.max)) {
      throw std::runtime_error("import-osim: " + cli.model + ":" + std::to_string(o.line) + ": coordinate '" + o.name + "' has no bounded range to sample over");
    }
    r.emplace_back(o.min, o.max);
  }
  fit::SampleSet samples;
  try {
    samples = interop::sample_osim_model_box(model, cli.joint, names, r, n, cli.output);
  } catch (const std::invalid_argument& e) {
    throw std::runtime_error(std::string("import-osim: ") + e.what());
  }
  fit::write_samples(samples, cli.output);
  std::string others;
  for (const interop::OsimModelCoordinate& o : model.coordinates) {
    if (o.joint == cli.joint && std::find(names.begin(), names.end(), o.name) == names.end()) {
      std::ostringstream v;
      v << o.name << " = " << osim_q_text(o.default_value, o.motion != interop::OsimMotion::Translational);
      for (const interop::OsimCoupler& c : model.couplers) {
        if (c.dependent == o.name) v.str(o.name + " set by coupler '" + c.name + "'");
      }
      others += (others.empty() ? "" : ", ") + v.str();
    }
  }
  std::cout << "sampled " << cli.joint << " on a " << cli.grid << " grid:";
  for (std::size_t k = 0; k < names.size(); ++k) {
    bool turns = true;
    for (const interop::OsimModelCoordinate& o : model.coordinates)
      if (o.name == names[k]) turns = o.motion != interop::OsimMotion::Translational;
    std::cout << (k ? "," : "") << " q" << k << " = " << names[k] << " in " << osim_range_text(r[k].first, r[k].second, turns);
  }
  std::cout << (others.empty() ? "" : " (others: " + others + ")") << "; wrote " << cli.output << "\n";
}

// the index of the coordinate to sample: --coordinate, or the joint's only one
int choose_coordinate(const interop::OsimCustomJoint& joint, const ImportCliOptions& cli) {
  if (!cli.coordinate.empty()) {
    const int c = joint.find_coordinate(cli.coordinate);
    if (c < 0) throw std::runtime_error("import-osim: " + cli.model + ": joint '" + joint.name + "' has no coordinate '" + cli.coordinate + "'");
    return c;
  }
  if (joint.coordinates.size() > 1) {
    std::string names;
    for (const interop::OsimCoordinate& k : joint.coordinates) names += (names.empty() ? "" : ", ") + k.name;
    throw std::runtime_error("import-osim: " + cli.model + ": joint '" + joint.name + "' has " +
                             std::to_string(joint.coordinates.size()) + " coordinates (" + names +
                             "); choose the one to sample with --coordinate (the others stay at their default values)");
  }
  return 0;
}

// the variable of the sampled path (the coordinate, or with a drive its independent coordinate) with the range
// to sample: --range, or the declared one when bounded
interop::OsimCoordinate path_variable(const interop::OsimCustomJoint& joint, int c, const interop::OsimCoupling* drive,
                                      const ImportCliOptions& cli) {
  interop::OsimCoordinate v = drive ? drive->independent : joint.coordinates[static_cast<std::size_t>(c)];
  if (!cli.range.empty()) {
    std::tie(v.min, v.max) = parse_range(cli.range, "import-osim");
    return v;
  }
  const std::string where = "import-osim: " + cli.model + (v.line > 0 ? ":" + std::to_string(v.line) : std::string()) + ": coordinate '" + v.name + "'";
  if (drive && !drive->independent_found) throw std::runtime_error(where + " is not declared in the model; give --range MIN,MAX");
  if (!v.has_range) throw std::runtime_error(where + " has no <range>; give --range MIN,MAX");
  if (!(v.max > v.min)) throw std::runtime_error(where + " has an empty range");
  if (interop::osim_range_is_unbounded(v.min, v.max)) {
    std::ostringstream msg;
    msg << where << " has range [" << v.min << ", " << v.max << "], OpenSim's mark of an unbounded coordinate; give --range MIN,MAX"
        << (drive || !joint.coupling_of(c) ? "" : " (or --driven, to sample it through the constraint that sets it)");
    throw std::runtime_error(msg.str());
  }
  return v;
}

void run_import(const ImportCliOptions& cli) {
  io::refuse_overwriting_inputs(cli.output, {cli.model});
  if (!cli.fit.empty()) io::refuse_overwriting_inputs(cli.fit, {cli.model, cli.output});
  if (std::count(cli.coordinates.begin(), cli.coordinates.end(), ',') == 2) {
    run_model_grid(cli);
    return;
  }
  interop::OsimCustomJoint joint;
  try {
    joint = interop::read_osim_joint(cli.model, cli.joint);
  } catch (const interop::OsimError& e) {
    // a joint that is there but not a CustomJoint, PinJoint or SliderJoint: the whole-model reader samples a grid
    if (cli.coordinates.empty() || cli.joint.empty() || e.kind() != interop::OsimErrorKind::MissingJoint || e.line() == 0) throw;
    run_model_grid(cli);
    return;
  }
  if (!cli.coordinates.empty()) {
    run_grid(joint, cli);
    return;
  }
  const int c = choose_coordinate(joint, cli);
  const interop::OsimCoordinate& coord = joint.coordinates[static_cast<std::size_t>(c)];
  const interop::OsimCoupling* drive = cli.driven ? joint.coupling_of(c) : nullptr;
  if (cli.driven && !drive) {
    throw std::runtime_error("import-osim: " + cli.model + ": --driven: no CoordinateCouplerConstraint of one independent coordinate sets '" +
                             coord.name + "'");
  }
  const interop::OsimCoordinate v = path_variable(joint, c, drive, cli);
  if (cli.samples < 4) throw std::runtime_error("import-osim: --samples must be at least 4");
  // the values the joint's own coordinate takes along the path, for the notes on its range
  double lo = v.min, hi = v.max;
  if (drive) {
    lo = hi = drive->dependent_value(v.min);
    for (int k = 1; k <= 1000; ++k) {
      const double d = drive->dependent_value(v.min + (v.max - v.min) * k / 1000);
      lo = std::min(lo, d);
      hi = std::max(hi, d);
    }
  }
  if (joint.type != "CustomJoint") std::cout << "note: " << joint.name << " is a " << joint.type << ", read as the CustomJoint that moves the same way\n";
  for (const std::string& n : joint.notes) std::cout << "note: " << n << "\n";
  for (const std::string& n : interop::osim_range_notes(joint, c, lo, hi)) std::cout << "note: " << n << "\n";
  const fit::SampleSet samples = interop::sample_osim_path(joint, c, drive, v.min, v.max, cli.samples, cli.output);
  fit::write_samples(samples, cli.output);
  // the path variable's unit: this joint's coordinate's, or with a drive the independent coordinate's (in the model)
  bool v_turns = osim_coordinate_turns(joint, c);
  if (drive) {
    const int own = joint.find_coordinate(v.name);
    v_turns = own >= 0 ? osim_coordinate_turns(joint, own) : true;
    if (own < 0)
      for (const interop::OsimModelCoordinate& o : interop::read_osim_model(cli.model).coordinates)
        if (o.name == v.name) v_turns = o.motion != interop::OsimMotion::Translational;
  }
  std::cout << "sampled " << joint.name << " at " << samples.size() << " values of " << v.name << " in "
            << osim_range_text(v.min, v.max, v_turns);
  if (drive)
    std::cout << ", " << coord.name << " = " << drive->scale << " · f(" << v.name << ") in "
              << osim_range_text(lo, hi, osim_coordinate_turns(joint, c)) << " (" << drive->constraint << ")";
  std::cout << "; wrote " << cli.output << "\n";
  if (cli.fit.empty()) return;

  fit::CurveFitOptions options;
  fit::AutoFitOptions automatic;
  automatic.auto_frames = cli.frames == 0;
  automatic.auto_smoothing = false;  // the samples are exact: no smoothing
  if (cli.frames) options.num_frames = cli.frames;
  const fit::AutoFitResult result = fit::fit_spline_curve_auto(samples, options, automatic);
  SplineCurveJoint fitted = result.fit.joint(v.name);
  fitted.coordinates()[0].min = v.min;
  fitted.coordinates()[0].max = v.max;
  io::write_joint_file(fitted, cli.fit);
  const interop::OsimFidelity d =
      interop::measure_osim_fidelity(fitted, joint, c, v.min, v.max, std::max(2001, 20 * cli.samples), drive);
  std::cout << "refit as a spline curve joint with " << result.fit.frames.size() << " control frames; difference from the "
            << "OpenSim joint over " << d.points << " points: max position " << d.max_position_error_m * 1e3
            << " mm (q = " << osim_q_text(d.worst_position_q, v_turns) << "), max angle " << d.max_angle_error_rad * 57.29577951308232
            << " deg (q = " << osim_q_text(d.worst_angle_q, v_turns) << "); wrote " << cli.fit << "\n";
}

}  // namespace

void add_import_osim_command(CLI::App& app) {
  auto cli = std::make_shared<ImportCliOptions>();
  CLI::App* cmd = app.add_subcommand("import-osim", "sample an OpenSim CustomJoint (and refit it as a spline joint)");
  cmd->footer(kImportFooter);
  cmd->add_option("model", cli->model, "OpenSim model file (.osim)")->required();
  cmd->add_option("--joint", cli->joint, "CustomJoint name (may be left out when the model has one)");
  cmd->add_option("--coordinate", cli->coordinate, "coordinate to sample (needed when the joint has several)");
  cmd->add_option("-o,--output", cli->output, "samples to write (.csv, or .json)")->required();
  cmd->add_option("--range", cli->range, "MIN,MAX range of the coordinate to sample (default: its <range>)");
  cmd->add_flag("--driven", cli->driven,
                "sample through the CoordinateCouplerConstraint that sets the coordinate: along its independent coordinate");
  cmd->add_option("--coordinates", cli->coordinates, "A,B[,C]: sample a grid over these two (or three) coordinates");
  cmd->add_option("--grid", cli->grid, "NxM (NxMxK for three): grid size with --coordinates")->capture_default_str();
  cmd->add_option("--samples", cli->samples, "number of evenly spaced samples over the range")->capture_default_str();
  cmd->add_option("--fit", cli->fit, "also fit a spline curve joint and write it here (json)");
  cmd->add_option("--frames", cli->frames, "control frames of the fit (0: cross-validation)")->capture_default_str();
  cmd->callback([cli] { run_import(*cli); });
}

}  // namespace js::cli
