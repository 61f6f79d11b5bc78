// jointsmith.osim: export_joint / import_joint, the cli's `export --format osim` and `import-osim`
// (app/cli/cmd_export.cpp, cmd_import_osim.cpp) with the same checks and messages, returning dicts.
#include <algorithm>
#include <sstream>

#include <pybind11/stl.h>

#include "core/fit/cross_validation.hpp"
#include "core/fit/sample_io.hpp"
#include "core/interop/osim_export.hpp"
#include "core/interop/osim_file.hpp"
#include "core/io/joint_file.hpp"
#include "python/src/common.hpp"
#include "python/src/joint_handle.hpp"

namespace js::py {

namespace {

std::pair<double, double> range_of(const pb::object& range, const char* command) {
  const auto r = real_array(range, "range");
  if (r.ndim() != 1 || r.shape(0) != 2 || !(r.data()[1] > r.data()[0])) {
    throw pb::value_error(std::string(command) + ": range: expected (min, max) with min < max");
  }
  return {r.data()[0], r.data()[1]};
}

pb::dict fidelity_dict(const interop::OsimFidelity& f) {
  pb::dict d;
  d["max_position_error_m"] = f.max_position_error_m;
  d["max_angle_error_rad"] = f.max_angle_error_rad;
  d["worst_position_q"] = f.worst_position_q;
  d["worst_angle_q"] = f.worst_angle_q;
  d["points"] = f.points;
  d["knots"] = f.knots;
  d["within_tolerance"] = f.within_tolerance;
  d["min_gimbal_margin"] = f.min_gimbal_margin;
  return d;
}

const JointModel& joint_of(const pb::handle& joint, std::unique_ptr<JointModel>& holder, std::string& name) {
  if (pb::isinstance<Joint>(joint)) {
    const Joint& j = joint.cast<const Joint&>();
    name = j.source.empty() ? "<joint>" : j.source;
    return *j.model;
  }
  name = pb::str(joint).cast<std::string>();
  holder = io::read_joint_file(name);
  return *holder;
}

pb::dict export_joint(const pb::object& joint, const std::string& output, double tolerance, double angle_tolerance,
                      const std::string& spline, const pb::object& range, const std::string& name, const std::string& parent,
                      const std::string& child) {
  std::unique_ptr<JointModel> holder;
  std::string input;
  const JointModel& model = joint_of(joint, holder, input);
  interop::OsimExportOptions options;
  options.position_tolerance = tolerance;
  options.angle_tolerance = angle_tolerance;
  if (spline == "natural") {
    options.spline_kind = interop::OsimFunctionKind::NaturalCubicSpline;
  } else if (spline != "simm") {
    throw pb::value_error("export: spline '" + spline + "': expected simm or natural");
  }
  if (!range.is_none()) options.range = range_of(range, "export");
  options.joint_name = name.empty() ? model.coordinates()[0].name + "_joint" : name;
  options.parent_body = parent;
  options.child_body = child;
  interop::OsimExport out;
  std::string report;
  {
    pb::gil_scoped_release release;
    try {
      out = interop::export_osim(model, options);
    } catch (const std::invalid_argument& e) {
      throw std::invalid_argument("export: " + input + ": " + e.what());
    }
    report = interop::fidelity_summary(out.fidelity, options);
    interop::write_osim_joint(out.joint, output, "exported by jointsmith (python) from " + input + "; " + report);
  }
  pb::dict d = fidelity_dict(out.fidelity);
  d["summary"] = report;
  d["output"] = output;
  if (!out.fidelity.within_tolerance) {
    throw std::runtime_error("export: the tolerance was not met with " + std::to_string(out.fidelity.knots) +
                             " knots (the file is written; loosen tolerance or check the joint)");
  }
  return d;
}

pb::dict import_joint(const std::string& model, const std::string& joint_name, const std::string& coordinate,
                      const pb::object& output, int samples, const pb::object& range, bool driven, const pb::object& fit_path,
                      int frames) {
  const std::string where_model = "import-osim: " + model;
  const interop::OsimCustomJoint joint = interop::read_osim_joint(model, joint_name);
  int c = 0;
  if (!coordinate.empty()) {
    c = joint.find_coordinate(coordinate);
    if (c < 0) throw pb::value_error(where_model + ": joint '" + joint.name + "' has no coordinate '" + coordinate + "'");
  } else if (joint.coordinates.size() > 1) {
    std::string names;
    for (const interop::OsimCoordinate& k : joint.coordinates) names += (names.empty() ? "" : ", ") + k.name;
    throw pb::value_error(where_model + ": joint '" + joint.name + "' has " + std::to_string(joint.coordinates.size()) +
                          " coordinates (" + names + "); choose the one to sample with coordinate=");
  }
  const interop::OsimCoordinate& coord = joint.coordinates[static_cast<std::size_t>(c)];
  const interop::OsimCoupling* drive = driven ? joint.coupling_of(c) : nullptr;
  if (driven && !drive) {
    throw pb::value_error(where_model + ": driven: no CoordinateCouplerConstraint of one independent coordinate sets '" + coord.name + "'");
  }
  interop::OsimCoordinate v = drive ? drive->independent : coord;
  if (!range.is_none()) {
    std::tie(v.min, v.max) = range_of(range, "import-osim");
  } else {
    const std::string at = where_model + (v.line > 0 ? ":" + std::to_string(v.line) : std::string()) + ": coordinate '" + v.name + "'";
    if (drive && !drive->independent_found) throw pb::value_error(at + " is not declared in the model; give range=(min, max)");
    if (!v.has_range) throw pb::value_error(at + " has no <range>; give range=(min, max)");
    if (!(v.max > v.min)) throw pb::value_error(at + " has an empty range");
    if (interop::osim_range_is_unbounded(v.min, v.max)) {
      throw pb::value_error(at + " has OpenSim's mark of an unbounded range; give range=(min, max)");
    }
  }
  if (samples < 4) throw pb::value_error("import-osim: samples must be at least 4");
  double lo = v.min, hi = v.max;
  if (drive) {
    lo = hi = drive->dependent_value(v.min);
    for (int k = 1; k <= 1000; ++k) {
      const double d = drive->dependent_value(v.min + (v.max - v.min) * k / 1000);
      lo = std::min(lo, d);
      hi = std::max(hi, d);
    }
  }
  std::vector<std::string> notes;
  if (joint.type != "CustomJoint") notes.push_back(joint.name + " is a " + joint.type + ", read as the CustomJoint that moves the same way");
  for (const std::string& n : joint.notes) notes.push_back(n);
  for (const std::string& n : interop::osim_range_notes(joint, c, lo, hi)) notes.push_back(n);
  const std::string source = output.is_none() ? model : output.cast<std::string>();
  const fit::SampleSet set = interop::sample_osim_path(joint, c, drive, v.min, v.max, samples, source);
  if (!output.is_none()) fit::write_samples(set, output.cast<std::string>());
  const pb::ssize_t N = set.size();
  pb::array_t<double> q(N), R(std::vector<pb::ssize_t>{N, 3, 3}), p(std::vector<pb::ssize_t>{N, 3});
  for (pb::ssize_t k = 0; k < N; ++k) {
    const fit::Sample& x = set.samples[static_cast<std::size_t>(k)];
    q.mutable_data()[k] = x.q[0];
    const Mat4 T = x.parent_T_child.matrix();
    for (int r = 0; r < 3; ++r) {
      for (int col = 0; col < 3; ++col) R.mutable_data()[9 * k + 3 * r + col] = T(r, col);
      p.mutable_data()[3 * k + r] = T(r, 3);
    }
  }
  pb::dict out;
  out["joint_name"] = joint.name;
  out["coordinate"] = v.name;
  out["range"] = pb::make_tuple(v.min, v.max);
  out["notes"] = notes;
  out["q"] = q;
  out["R"] = R;
  out["p"] = p;
  out["joint"] = pb::none();
  out["fidelity"] = pb::none();
  if (fit_path.is_none() && frames == 0) return out;
  // the refit as one cubic spline curve joint (exact samples: no smoothing)
  fit::CurveFitOptions options;
  fit::AutoFitOptions automatic;
  automatic.auto_frames = frames == 0;
  automatic.auto_smoothing = false;
  if (frames) options.num_frames = frames;
  std::shared_ptr<SplineCurveJoint> fitted;
  interop::OsimFidelity d;
  const std::string fit_file = fit_path.is_none() ? std::string() : fit_path.cast<std::string>();
  {
    pb::gil_scoped_release release;
    const fit::AutoFitResult result = fit::fit_spline_curve_auto(set, options, automatic);
    fitted = std::make_shared<SplineCurveJoint>(result.fit.joint(v.name));
    fitted->coordinates()[0].min = v.min;
    fitted->coordinates()[0].max = v.max;
    if (!fit_file.empty()) io::write_joint_file(*fitted, fit_file);
    d = interop::measure_osim_fidelity(*fitted, joint, c, v.min, v.max, std::max(2001, 20 * samples), drive);
  }
  out["joint"] = Joint{fitted, fit_file};
  out["fidelity"] = fidelity_dict(d);
  return out;
}

}  // namespace

void register_osim(pb::module_& m) {
  pb::module_ osim = m.def_submodule("osim", "OpenSim exchange: CustomJoint export and import (docs/opensim.md)");
  osim.def("export_joint", &export_joint, pb::arg("joint"), pb::arg("output"), pb::kw_only(), pb::arg("tolerance") = 1e-5,
           pb::arg("angle_tolerance") = 1e-4, pb::arg("spline") = "simm", pb::arg("range") = pb::none(), pb::arg("name") = "",
           pb::arg("parent") = "parent", pb::arg("child") = "child",
           R"(writes a 1-dof joint (a Joint or a joint file path) as an OpenSim CustomJoint to output, like
`jointsmith-cli export JOINT --format osim -o OUTPUT`: knots are added until OpenSim's joint stays within
tolerance (m, child origin) and angle_tolerance (rad). Returns the fidelity report as a dict (max errors,
where, knots, summary). Raises jointsmith.Error when the tolerance is not met (the file is written).)");
  osim.def("import_joint", &import_joint, pb::arg("model"), pb::kw_only(), pb::arg("joint") = "", pb::arg("coordinate") = "",
           pb::arg("output") = pb::none(), pb::arg("samples") = 101, pb::arg("range") = pb::none(), pb::arg("driven") = false,
           pb::arg("fit") = pb::none(), pb::arg("frames") = 0,
           R"(samples an OpenSim CustomJoint (PinJoint, SliderJoint) like `jointsmith-cli import-osim`: the joint
called `joint` (or the model's only one), coordinate `coordinate` over its range or `range`, `samples`
evenly spaced values (driven=True: along the CoordinateCouplerConstraint that sets it). output: also write
the samples (.csv/.json). fit: a path to write the refitted spline curve joint (frames: control frames, 0 =
cross-validation; giving frames without fit refits in memory). Returns a dict: joint_name, coordinate,
range, notes, q, R, p, and joint (the refit Joint or None) with its fidelity against OpenSim's.)");
}

}  // namespace js::py
