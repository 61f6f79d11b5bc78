#include "ui/panels/joint_summary.hpp"

#include <QObject>
#include <QStringList>
#include <algorithm>
#include <cmath>
#include <numbers>

#include "core/joints/spline_checks.hpp"
#include "core/joints/spline_curve_joint.hpp"
#include "core/joints/spline_surface_joint.hpp"
#include "ui/document/coordinate_units.hpp"
#include "ui/joint/fold_check.hpp"
#include "ui/document/joint_model.hpp"

namespace js::ui {
namespace {

QString kind_in_words(const QString& kind) {
  if (kind == QLatin1String("spline_curve")) return QObject::tr("spline curve (a path fitted to samples)");
  if (kind == QLatin1String("spline_surface")) return QObject::tr("spline surface (a 2-dof motion fitted to samples)");
  if (kind == QLatin1String("revolute")) return QObject::tr("revolute (hinge)");
  if (kind == QLatin1String("prismatic")) return QObject::tr("prismatic (slider)");
  if (kind == QLatin1String("spherical")) return QObject::tr("spherical (ball)");
  if (kind == QLatin1String("custom_axes")) return QObject::tr("OpenSim custom joint (six function-driven axes)");
  if (kind == QLatin1String("series")) return QObject::tr("two joints in series");
  QString words = kind;
  return words.replace(QLatin1Char('_'), QLatin1Char(' '));
}

QString summary_q_text(const Joint& joint, const Eigen::VectorXd& q) {
  QStringList parts;
  for (int i = 0; i < q.size(); ++i) parts << QStringLiteral("%1 = %2").arg(coordinate_name(joint, i), coordinate_value_text(joint, i, q[i]));
  return parts.join(QStringLiteral(", "));
}

}  // namespace

ModelChecks check_model(const JointModel& model, double length_scale) {
  ModelChecks out;
  const int dof = model.dof();
  if (dof < 1) return out;
  for (const Coordinate& c : model.coordinates())
    if (!c.has_range()) return out;  // an open range cannot be searched
  // a fine grid for a path, coarser for a surface (the grid has per_axis^min(dof, 3) points)
  const int per_axis = dof == 1 ? 400 : dof == 2 ? 60 : 16;
  const JacobianNormReport r = check_jacobian_norm(model, per_axis, length_scale);
  out.valid = true;
  out.min_speed = r.min_norm;
  out.where = r.where;
  if (dof == 1) {
    out.fold = check_fold(model, length_scale);
  }
  return out;
}

std::vector<SummaryRow> joint_summary(const Joint& joint, const ModelChecks& checks, double length_scale) {
  std::vector<SummaryRow> rows;
  const int dof = joint_q_size(joint);
  rows.push_back({QObject::tr("Kind"), kind_in_words(joint_kind_text(joint.kind)),
                  QObject::tr("What kind of joint this is: a spline fitted to captured poses, or a classic joint")});
  rows.push_back({QObject::tr("Degrees of freedom"), QObject::tr("%n coordinate(s)", nullptr, dof),
                  QObject::tr("How many numbers set the child's pose relative to the parent")});
  if (const auto* curve = dynamic_cast<const SplineCurveJoint*>(joint.model.get())) {
    rows.push_back({QObject::tr("Spline"),
                    QObject::tr("order %1%2, %n control frame(s)", nullptr, static_cast<int>(curve->control_frames().size()))
                        .arg(curve->order())
                        .arg(curve->order() == 4 ? QObject::tr(" (cubic)") : QString()),
                    QObject::tr("The fitted spline: its order (4 = cubic, smooth up to the second derivative) and how many "
                                "control frames, the poses the path is drawn towards, it has")});
    rows.push_back({QObject::tr("Closed"),
                    curve->closed() ? QObject::tr("yes: the path returns to its start and q wraps around") : QObject::tr("no"),
                    QObject::tr("A closed path is a loop (a periodic motion); an open one has two ends")});
  } else if (const auto* surface = dynamic_cast<const SplineSurfaceJoint*>(joint.model.get())) {
    QStringList counts;
    for (const auto& k : surface->knots()) counts << QString::number(k.num_control());
    rows.push_back({QObject::tr("Spline"),
                    QObject::tr("order %1, %2 control values").arg(surface->knots().front().order()).arg(counts.join(QStringLiteral(" × "))),
                    QObject::tr("The fitted spline surface: its order (4 = cubic) and its control values per coordinate")});
  }
  for (int i = 0; i < dof; ++i) {
    QString value = coordinate_range_text(joint, i);
    if (i < joint.q.size()) value += QObject::tr(" · now %1").arg(coordinate_value_text(joint, i, joint.q[i]));
    rows.push_back({coordinate_name(joint, i), value,
                    QObject::tr("The range of %1 in its unit (%2) and where the joint is now; a simulation stops the joint at "
                                "its ends. Edit name, unit, range and default under Coordinates.")
                        .arg(coordinate_name(joint, i), unit_name(coordinate_unit(joint, i)))});
  }
  if (joint.model && dof > 0) {
    const RangePolicy policy = joint.model->range_policy();
    const QString past = policy == RangePolicy::Clamp  ? QObject::tr("stops at the ends (clamp)")
                         : policy == RangePolicy::Wrap ? QObject::tr("wraps around into the range")
                         : policy == RangePolicy::Extrapolate
                             ? QObject::tr("continues with the end's twist (extrapolate)")
                             : QObject::tr("continues its own motion (extrapolate)");
    rows.push_back({QObject::tr("Past the range"), past,
                    QObject::tr("What the joint does when a coordinate goes past its range (a pose, a slider, a step "
                                "that overshoots a limit). Choose under Coordinates ▸ Past the range.")});
  }
  const QString speed_tip =
      QObject::tr("How fast the child moves per unit of the coordinate (rotation in rad, translation over the fit's length "
                  "scale of %1 mm). Near 0 somewhere, the joint stalls there: a dead stop a spline joint must not have "
                  "(paper §5).").arg(length_scale * 1e3, 0, 'g', 3);
  if (!joint.model)
    rows.push_back({QObject::tr("Smallest speed ‖S‖"), QObject::tr("no model yet"), speed_tip});
  else if (!checks.valid)
    rows.push_back({QObject::tr("Smallest speed ‖S‖"), QObject::tr("not checked: the range is open"), speed_tip});
  else
    rows.push_back({QObject::tr("Smallest speed ‖S‖"),
                    QObject::tr("%1 at %2").arg(checks.min_speed, 0, 'g', 3).arg(summary_q_text(joint, checks.where)), speed_tip});
  if (joint.model && checks.valid && dof == 1)
    rows.push_back({QObject::tr("Path"), checks.fold.folds ? fold_message(checks.fold, joint) : QObject::tr("does not fold back"),
                    QObject::tr("Whether the path turns back on itself inside the range (typically a sample captured out "
                                "of order or outside the range)")});
  const QString error_tip = QObject::tr("Distance and angle from each captured sample to the joint at the sample's q: how "
                                        "well the joint reproduces what was captured. The samples table lists them per sample.");
  const std::vector<PoseError> errors = sample_errors(joint);
  const QString error_label = joint.candidate ? QObject::tr("Fit error (candidate)") : QObject::tr("Fit error");
  if (errors.empty()) {
    rows.push_back({error_label, joint.model ? QObject::tr("no samples") : QObject::tr("not fitted yet"), error_tip});
  } else {
    double t2 = 0.0, r2 = 0.0, tmax = 0.0, rmax = 0.0;
    for (const PoseError& e : errors) {
      t2 += e.translation * e.translation;
      r2 += e.rotation * e.rotation;
      tmax = std::max(tmax, e.translation);
      rmax = std::max(rmax, e.rotation);
    }
    const double n = static_cast<double>(errors.size());
    const double deg = 180.0 / kPi;
    QString value = QObject::tr("rms %1 mm, max %2 mm · rms %3°, max %4° over %n sample(s)", nullptr, static_cast<int>(errors.size()))
                        .arg(std::sqrt(t2 / n) * 1e3, 0, 'f', 2).arg(tmax * 1e3, 0, 'f', 2)
                        .arg(std::sqrt(r2 / n) * deg, 0, 'f', 2).arg(rmax * deg, 0, 'f', 2);
    if (!joint.last_fit.empty() && !joint.candidate)
      value += QObject::tr(" (fitted here in %n iteration(s))", nullptr, static_cast<int>(joint.last_fit.history.size()) - 1);
    rows.push_back({error_label, value, error_tip});
  }
  return rows;
}

QString joint_summary_text(const std::vector<SummaryRow>& rows) {
  QStringList lines;
  for (const SummaryRow& r : rows) lines << QStringLiteral("%1: %2").arg(r.label, r.value);
  return lines.join(QLatin1Char('\n'));
}

}  // namespace js::ui
