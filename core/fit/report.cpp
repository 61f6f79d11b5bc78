#include "core/fit/report.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <sstream>

#include <Eigen/SVD>

#include "core/fit/coordinate_rotation.hpp"
#include "core/joints/spline_checks.hpp"

namespace js::fit {

FitReport measure_fit(const JointModel& joint, const SampleSet& samples, const std::vector<JointVector>& q,
                      double length_scale) {
  FitReport r;
  r.samples_file = samples.source;
  r.dof = joint.dof();
  r.length_scale = length_scale;
  r.rotational = rotating_coordinates(joint);
  JointData d(joint.dof());
  double sum_t = 0.0, sum_r = 0.0;
  for (int k = 0; k < samples.size(); ++k) {
    const Sample& s = samples.samples[static_cast<std::size_t>(k)];
    joint.evaluate(q[static_cast<std::size_t>(k)], d, EvalLevel::Transform);
    SampleResidual e;
    e.index = k;
    e.line = s.line;
    e.q = q[static_cast<std::size_t>(k)];
    e.translation = (d.G.p - s.parent_T_child.p).norm();
    e.rotation = so3_log(d.G.R.transpose() * s.parent_T_child.R).norm();
    sum_t += e.translation * e.translation;
    sum_r += e.rotation * e.rotation;
    r.max_translation_m = std::max(r.max_translation_m, e.translation);
    r.max_rotation_rad = std::max(r.max_rotation_rad, e.rotation);
    r.per_sample.push_back(e);
  }
  const double n = std::max(1, samples.size());
  r.rms_translation_m = std::sqrt(sum_t / n);
  r.rms_rotation_rad = std::sqrt(sum_r / n);
  // |W S| over a grid of the range (§5 requirement 2: S must not vanish)
  const int dof = joint.dof();
  const int per_axis = dof == 1 ? 2001 : dof == 2 ? 61 : 17;
  const auto& coords = joint.coordinates();
  JointVector x(dof);
  double smallest = std::numeric_limits<double>::infinity();
  std::vector<int> idx(static_cast<std::size_t>(dof), 0);
  while (true) {
    for (int a = 0; a < dof; ++a) {
      const auto& c = coords[static_cast<std::size_t>(a)];
      x[a] = c.min + (c.max - c.min) * idx[static_cast<std::size_t>(a)] / (per_axis - 1.0);
    }
    joint.evaluate(x, d, EvalLevel::Jacobian);
    Eigen::Matrix<double, 6, Eigen::Dynamic, 0, 6, kMaxJointDof> WS = d.S;
    WS.bottomRows<3>() /= length_scale;
    const double value = dof == 1 ? WS.col(0).norm() : Eigen::JacobiSVD<Eigen::MatrixXd>(WS).singularValues().minCoeff();
    smallest = std::min(smallest, value);
    int a = 0;
    while (a < dof && ++idx[static_cast<std::size_t>(a)] == per_axis) idx[static_cast<std::size_t>(a++)] = 0;
    if (a == dof) break;
  }
  r.min_jacobian_norm = smallest;
  if (dof == 1) {
    // the grid misses a stop at a knot: the minimum per knot span (the same search as `check`)
    r.min_jacobian_norm = std::min(smallest, find_dead_stop(joint, length_scale).min_norm);
  }
  // the verdict of `jointsmith-cli check` (its default length scale), so app, report and cli agree
  const JointCheck verdict = check_joint(joint);
  r.dead_stop = verdict.dead.dead;
  r.check_problem = verdict.problem(joint);
  return r;
}

void describe_curve_fit(const AutoFitResult& fit, const CurveFitOptions& options, FitReport& report) {
  report.method = fit_method_name(options.method);
  report.order = fit.fit.knots.order();
  report.closed = fit.fit.knots.periodic();
  report.frames = fit.fit.knots.num_control();
  report.length_scale = options.length_scale;
  report.smoothing_weight = fit.smoothing;
  report.iterations = fit.fit.iterations;
  report.converged = fit.fit.converged;
  report.stalled = fit.fit.stalled;
  report.cancelled = fit.fit.cancelled;
  report.seconds = fit.fit.seconds;
  report.objective_history = fit.fit.objective_history;
  report.smoothing_curve = fit.smoothing_curve.size() > 1 ? fit.smoothing_curve : std::vector<ScorePoint>{};
  report.frames_curve = fit.frames_curve;
  report.frames_at_edge = fit.frames_at_edge;
  report.frames_limit = fit.frames_limit;
  report.search_samples = fit.frames_curve.empty() && report.smoothing_curve.empty() ? 0 : fit.search_samples;
}

void describe_surface_fit(const SurfaceFitResult& fit, const SurfaceFitOptions& options, const FitReport& start,
                          FitReport& report) {
  report.method = fit_method_name(FitMethod::GaussNewton);
  report.order = fit.knots.front().order();
  report.closed = false;
  report.net.clear();
  report.frames = 1;
  for (const auto& kv : fit.knots) {
    report.net.push_back(kv.num_control());
    report.frames *= kv.num_control();
  }
  report.length_scale = options.length_scale;
  report.smoothing_weight = options.smoothing;
  report.iterations = fit.iterations;
  report.converged = fit.converged;
  report.stalled = fit.stalled;
  report.cancelled = fit.cancelled;
  report.seconds = fit.seconds;
  report.objective_history = fit.objective_history;
  report.smoothing_curve.clear();
  report.frames_curve.clear();
  report.coordinatewise_rms_translation_m = start.rms_translation_m;
  report.coordinatewise_rms_rotation_rad = start.rms_rotation_rad;
}

namespace {
nlohmann::ordered_json curve_json(const std::vector<ScorePoint>& curve) {
  nlohmann::ordered_json a = nlohmann::ordered_json::array();
  for (const ScorePoint& p : curve) {
    a.push_back({{"value", p.value}, {"score", p.score}, {"effective_parameters", p.effective_parameters},
                 {"rms", p.rms}});
  }
  return a;
}
}  // namespace

nlohmann::ordered_json report_to_json(const FitReport& r) {
  nlohmann::ordered_json j;
  j["samples"] = r.samples_file;
  j["method"] = r.method;
  j["dof"] = r.dof;
  j["order"] = r.order;
  j["closed"] = r.closed;
  j["frames"] = r.frames;
  if (!r.net.empty()) j["net"] = r.net;
  j["length_scale"] = r.length_scale;
  j["smoothing_weight"] = r.smoothing_weight;
  j["rms_translation_m"] = r.rms_translation_m;
  j["max_translation_m"] = r.max_translation_m;
  j["rms_rotation_rad"] = r.rms_rotation_rad;
  j["max_rotation_rad"] = r.max_rotation_rad;
  j["min_jacobian_norm"] = r.min_jacobian_norm;
  j["dead_stop"] = r.dead_stop;
  j["check"] = r.check_problem.empty() ? "passed" : r.check_problem;
  j["iterations"] = r.iterations;
  j["converged"] = r.converged;
  j["stalled"] = r.stalled;
  j["cancelled"] = r.cancelled;
  j["seconds"] = r.seconds;
  j["objective_history"] = r.objective_history;
  if (r.coordinatewise_rms_translation_m >= 0.0) {
    j["coordinatewise_rms_translation_m"] = r.coordinatewise_rms_translation_m;
    j["coordinatewise_rms_rotation_rad"] = r.coordinatewise_rms_rotation_rad;
  }
  j["smoothing_curve"] = curve_json(r.smoothing_curve);
  j["frames_curve"] = curve_json(r.frames_curve);
  j["frames_at_edge"] = r.frames_at_edge;
  if (r.frames_limit > 0) j["frames_limit"] = r.frames_limit;
  if (r.search_samples > 0) j["search_samples"] = r.search_samples;
  nlohmann::ordered_json per = nlohmann::ordered_json::array();
  for (const SampleResidual& e : r.per_sample) {
    std::vector<double> q(e.q.data(), e.q.data() + e.q.size());
    per.push_back({{"index", e.index}, {"line", e.line}, {"q", q}, {"translation_m", e.translation},
                   {"rotation_rad", e.rotation}});
  }
  j["per_sample"] = per;
  return j;
}

std::string report_summary(const FitReport& r, int worst) {
  constexpr double kDeg = 180.0 / kPi;
  std::ostringstream s;
  s.setf(std::ios::fixed);
  s.precision(3);
  s << "fitted " << (r.dof == 1 ? "spline curve joint" : "spline surface joint (" + std::to_string(r.dof) + " dof)")
    << " to " << r.per_sample.size() << " samples of " << r.samples_file << "\n";
  s << "  " << r.frames << (r.dof == 1 ? " control frames" : " control values");
  for (std::size_t a = 0; a < r.net.size(); ++a) s << (a == 0 ? " (" : "×") << r.net[a] << (a + 1 == r.net.size() ? " net)" : "");
  s << ", order " << r.order
    << (r.closed ? ", closed" : "") << ", method " << r.method << ", smoothing w = ";
  s.unsetf(std::ios::fixed);
  s << r.smoothing_weight;
  s.setf(std::ios::fixed);
  s << (r.smoothing_curve.empty() ? "" : " (chosen by cross-validation)") << "\n";
  if (r.frames_at_edge) {
    s << "  note: " << r.frames << " frames is the edge of the search (the score still fell at " << r.frames_limit
      << ", the most these samples support); more samples, or --frames, may fit closer\n";
  }
  if (r.search_samples > 0 && r.search_samples < static_cast<int>(r.per_sample.size())) {
    s << "  note: frames and smoothing were chosen on an even subsample of " << r.search_samples << " of the "
      << r.per_sample.size() << " samples; the final fit uses them all\n";
  }
  s << "  translation error: rms " << r.rms_translation_m * 1e3 << " mm, max " << r.max_translation_m * 1e3 << " mm\n";
  s << "  rotation error:    rms " << r.rms_rotation_rad * kDeg << " deg, max " << r.max_rotation_rad * kDeg << " deg\n";
  if (r.coordinatewise_rms_translation_m >= 0.0) {
    s << "  coordinate-wise start: rms " << r.coordinatewise_rms_translation_m * 1e3 << " mm, "
      << r.coordinatewise_rms_rotation_rad * kDeg << " deg (improved by the SE(3) refinement)\n";
  }
  // worst samples by the metric (rotation + translation / ℓ)
  std::vector<const SampleResidual*> order;
  for (const SampleResidual& e : r.per_sample) order.push_back(&e);
  const double l = r.length_scale > 0.0 ? r.length_scale : 1.0;
  std::sort(order.begin(), order.end(), [l](const SampleResidual* a, const SampleResidual* b) {
    return std::hypot(a->rotation, a->translation / l) > std::hypot(b->rotation, b->translation / l);
  });
  const int shown = std::min<int>(worst, static_cast<int>(order.size()));
  if (shown > 0) s << "  worst samples:\n";
  for (int i = 0; i < shown; ++i) {
    const SampleResidual& e = *order[static_cast<std::size_t>(i)];
    s << "    " << (e.line > 0 ? "line " + std::to_string(e.line) : "sample " + std::to_string(e.index)) << " (q =";
    for (int a = 0; a < e.q.size(); ++a) {
      const bool degrees = static_cast<std::size_t>(a) < r.rotational.size() && r.rotational[static_cast<std::size_t>(a)];
      s << " " << (degrees ? e.q[a] * kDeg : e.q[a]) << (degrees ? "°" : "");
    }
    s << "): " << e.translation * 1e3 << " mm, " << e.rotation * kDeg << " deg\n";
  }
  s << "  " << r.iterations << " iterations"
    << (r.converged ? " (converged)"
        : r.stalled ? " (stalled: no step lowered the objective, damping reached 1e10)"
        : r.cancelled ? " (cancelled)"
                      : " (iteration limit reached)")
    << ", " << r.seconds * 1e3 << " ms; min |S| = " << r.min_jacobian_norm << "\n";
  if (!r.check_problem.empty()) s << "  check fails: " << r.check_problem << "\n";
  return s.str();
}

}  // namespace js::fit
