// jointsmith-cli import-osim: samples an OpenSim CustomJoint into the fitting csv format and optionally
// refits it as one spline curve joint, reporting the difference. docs/opensim.md.
#include <algorithm>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <tuple>

#include "app/cli/commands.hpp"
#include "core/fit/cross_validation.hpp"
#include "core/fit/sample_io.hpp"
#include "core/interop/osim_export.hpp"
#include "core/interop/osim_file.hpp"
#include "core/io/atomic_file.hpp"
#include "core/io/joint_file.hpp"

namespace js::cli {

namespace {

constexpr const char* kImportFooter = R"(Reads the CustomJoint, PinJoint or SliderJoint (OpenSim 3 or 4 model; functions Constant, LinearFunction,
PolynomialFunction, SimmSpline, NaturalCubicSpline, MultiplierFunction; parent and child offset frames),
samples parent_T_child over the coordinate's range or --range (other coordinates at their default values;
with --driven, along the independent coordinate of the CoordinateCouplerConstraint that sets it), prints
notes (coupler constraints, locked coordinates, ranges past a spline's knots) and writes the samples as csv
(docs/samples.md). With --fit, fits one cubic spline curve joint to them (frames by cross-validation unless
given) and prints its max position and angle difference from the OpenSim joint over a dense grid of the
range. docs/opensim.md.
Example: jointsmith-cli import-osim knee.osim --joint knee_r -o knee.csv --fit knee.json)";

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
};

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
  const interop::OsimCustomJoint joint = interop::read_osim_joint(cli.model, cli.joint);
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
  std::cout << "sampled " << joint.name << " at " << samples.size() << " values of " << v.name << " in [" << v.min << ", "
            << v.max << "]";
  if (drive) std::cout << ", " << coord.name << " = " << drive->scale << " · f(" << v.name << ") in [" << lo << ", " << hi << "] (" << drive->constraint << ")";
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
            << " mm (q = " << d.worst_position_q << "), max angle " << d.max_angle_error_rad * 57.29577951308232
            << " deg (q = " << d.worst_angle_q << "); wrote " << cli.fit << "\n";
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
  cmd->add_option("--samples", cli->samples, "number of evenly spaced samples over the range")->capture_default_str();
  cmd->add_option("--fit", cli->fit, "also fit a spline curve joint and write it here (json)");
  cmd->add_option("--frames", cli->frames, "control frames of the fit (0: cross-validation)")->capture_default_str();
  cmd->callback([cli] { run_import(*cli); });
}

}  // namespace js::cli
