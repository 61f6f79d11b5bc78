#include "ui/joint/fit_job.hpp"

#include <QObject>
#include <exception>
#include <stdexcept>

#include "core/fit/cross_validation.hpp"
#include "core/fit/surface_fit.hpp"
#include "ui/document/joint_model.hpp"
#include "ui/joint/reauthor.hpp"

namespace js::ui {

fit::CurveFitOptions curve_fit_options(const FitSettings& s) {
  fit::CurveFitOptions o;
  o.order = s.order;
  o.num_frames = s.frames;
  o.closed = s.closed;
  o.method = s.method;
  o.length_scale = s.length_scale;
  o.smoothing = s.smoothing;
  return o;
}

fit::SampleSet joint_sample_set(const Joint& joint) {
  fit::SampleSet set;
  set.dof = joint_q_size(joint);
  set.has_q = true;
  set.source = joint.name.toStdString();
  for (std::size_t k = 0; k < joint.samples.size(); ++k) {
    fit::Sample s;
    s.q = joint.samples[k].q;
    s.parent_T_child = joint.samples[k].parent_T_child;
    s.line = static_cast<int>(k) + 1;
    set.samples.push_back(s);
  }
  return set;
}

namespace {

// the n-dof fit (core/fit/surface_fit.hpp): `frames` control values per axis; smoothing is not
// cross-validated for surfaces, so "automatic" means none (as in jointsmith-cli fit)
FitOutcome run_surface_fit(const Joint& joint, const FitSettings& settings, const fit::ProgressCallback& progress,
                           const std::atomic<bool>* cancel) {
  FitOutcome out;
  try {
    const fit::SampleSet samples = joint_sample_set(joint);
    fit::SurfaceFitOptions options;
    options.order = settings.order;
    options.net = {settings.frames};
    options.length_scale = settings.length_scale;
    options.smoothing = settings.auto_smoothing ? 0.0 : settings.smoothing;
    options.progress = progress;
    options.cancel = cancel;
    const fit::SurfaceFitResult result = fit::fit_spline_surface(samples, options);
    out.cancelled = result.cancelled;
    if (out.cancelled) {
      out.error = QObject::tr("Fit of %1 stopped; the joint is unchanged").arg(joint.name);
      return out;
    }
    auto model = std::make_shared<const SplineSurfaceJoint>(result.joint());
    std::vector<JointVector> q;
    for (const fit::Sample& s : samples.samples) q.push_back(s.q);
    out.report = fit::measure_fit(*model, samples, q, options.length_scale);
    const fit::FitReport start = fit::measure_fit(result.coordinatewise_joint(), samples, q, options.length_scale);
    fit::describe_surface_fit(result, options, start, out.report);
    out.model = std::move(model);
  } catch (const std::exception& e) {
    out.error = QObject::tr("Fit of %1 failed: %2").arg(joint.name, QString::fromUtf8(e.what()));
  }
  return out;
}

}  // namespace

FitRecord fit_record(const fit::FitReport& report) {
  // cross-validation ran one fit per point of its score curve plus the final one
  const double fits = 1.0 + static_cast<double>(report.smoothing_curve.size());
  return FitRecord{report.objective_history, report.seconds / fits, report.smoothing_weight};
}

namespace {

// the fitted spline's coordinates as the joint has them: a joint with a model of the same dof keeps its names (a
// refit, a re-authored joint's candidate), and what the user set in the coordinate editor (Joint::user_coordinates:
// names, bounds) wins. a closed curve's range stays its period.
void name_coordinates(FitOutcome& out, const Joint& joint) {
  if (!out.model) return;
  const int dof = out.model->dof();
  std::unique_ptr<JointModel> named = out.model->clone();
  for (int i = 0; i < dof; ++i) {
    const auto k = static_cast<std::size_t>(i);
    Coordinate& c = named->coordinates()[k];
    if (joint.model && joint.model->dof() == dof) c.name = joint.model->coordinates()[k].name;
    if (k >= joint.user_coordinates.size()) continue;
    const Coordinate& user = joint.user_coordinates[k];
    if (!user.name.empty()) c.name = user.name;
    if (named->range_policy() == RangePolicy::Wrap) continue;
    const double lo = user.has_lower_limit() ? user.min : c.min, hi = user.has_upper_limit() ? user.max : c.max;
    if (lo < hi) {
      c.min = lo;
      c.max = hi;
    }
  }
  // the user's out-of-range choice stays with the joint where the new spline allows it
  if (joint.model && !joint.model->out_of_range_is_own()) {
    const OutOfRange chosen = joint.model->out_of_range();
    try {
      named->set_out_of_range(chosen);
    } catch (const std::invalid_argument& e) {
      out.note = QObject::tr("the fitted joint cannot %1 past its range (%2), so it keeps its own policy")
                     .arg(QString::fromLatin1(out_of_range_name(chosen)), QString::fromStdString(e.what()));
    }
  }
  out.model = std::move(named);
}

FitOutcome run_fit_of_kind(const Joint& joint, const FitSettings& settings, const fit::ProgressCallback& progress,
                           const std::atomic<bool>* cancel);

}  // namespace

FitOutcome run_fit(const Joint& joint, const FitSettings& settings, const fit::ProgressCallback& progress,
                   const std::atomic<bool>* cancel) {
  if (!fits_a_candidate(joint)) {
    FitOutcome out = run_fit_of_kind(joint, settings, progress, cancel);
    name_coordinates(out, joint);
    return out;
  }
  // a joint with a model of its own (an opensim joint, a lower pair) is fitted as the spline of its dof
  FitOutcome out;
  const int dof = joint.model->dof();
  if (dof != 1 && dof != 2) {
    out.error = QObject::tr("%1 has %2 coordinates: Fit makes spline joints of 1 or 2").arg(joint.name).arg(dof);
    return out;
  }
  Joint as_spline = joint;
  as_spline.kind = dof == 1 ? JointKind::SplineCurve : JointKind::SplineSurface;
  as_spline.model = nullptr;
  out = run_fit_of_kind(as_spline, settings, progress, cancel);
  name_coordinates(out, joint);
  return out;
}

namespace {

FitOutcome run_fit_of_kind(const Joint& joint, const FitSettings& settings, const fit::ProgressCallback& progress,
                           const std::atomic<bool>* cancel) {
  FitOutcome out;
  if (joint.kind == JointKind::SplineSurface) return run_surface_fit(joint, settings, progress, cancel);
  if (joint.kind != JointKind::SplineCurve) {
    out.error = QObject::tr("%1 is a %2 joint: Fit makes spline joints; change its kind to spline_curve first")
                    .arg(joint.name, joint_kind_text(joint.kind));
    return out;
  }
  try {
    const fit::SampleSet samples = joint_sample_set(joint);
    fit::CurveFitOptions options = curve_fit_options(settings);
    options.progress = progress;
    options.cancel = cancel;
    fit::AutoFitOptions automatic;
    automatic.auto_smoothing = settings.auto_smoothing;
    const fit::AutoFitResult result = fit::fit_spline_curve_auto(samples, options, automatic);
    out.cancelled = result.fit.cancelled;
    if (out.cancelled) {
      out.error = QObject::tr("Fit of %1 stopped; the joint is unchanged").arg(joint.name);
      return out;
    }
    auto model = std::make_shared<const SplineCurveJoint>(result.fit.joint());
    std::vector<JointVector> q;
    for (double x : result.fit.q) q.push_back(JointVector::Constant(1, x));
    q.resize(samples.samples.size());  // closed fits report one extra parameter (the period end)
    out.report = fit::measure_fit(*model, samples, q, options.length_scale);
    fit::describe_curve_fit(result, options, out.report);
    out.model = std::move(model);
  } catch (const std::exception& e) {
    out.error = QObject::tr("Fit of %1 failed: %2").arg(joint.name, QString::fromUtf8(e.what()));
  }
  return out;
}

}  // namespace

}  // namespace js::ui
