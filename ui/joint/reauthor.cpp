#include "ui/joint/reauthor.hpp"

#include <QObject>
#include <cmath>
#include <numbers>

#include "ui/document/commands.hpp"
#include "ui/document/osim_source.hpp"
#include "ui/export/osim_couplers.hpp"
#include "ui/joint/joint_model.hpp"
#include "ui/joint/joint_operations.hpp"

namespace js::ui {
namespace {

bool is_spline_kind(const QString& kind) {
  return kind == QLatin1String("spline_curve") || kind == QLatin1String("spline_surface");
}

// q as people read it: each coordinate as coordinate_text, a vector in parentheses
QString q_text(const Joint& joint, const JointVector& q) {
  QStringList parts;
  for (int i = 0; i < q.size(); ++i) parts << coordinate_text(joint, i, q[i]);
  return parts.size() == 1 ? parts[0] : QStringLiteral("(%1)").arg(parts.join(QStringLiteral(", ")));
}

// the child carried to G(q) of the joint after the change
OpResult<bool> push_model_change(Document& doc, const Joint& before, Joint after, const QString& text) {
  const Body* child = doc.data().body(before.child);
  if (!child) return {false, QObject::tr("Joint %1 has no child body").arg(before.name)};
  Body moved = *child;
  moved.pose = joint_transform(*after.model, after.q);
  if (!moved.pose.R.allFinite() || !moved.pose.p.allFinite())
    return {false, QObject::tr("%1 is not defined at its current q").arg(before.name)};
  doc.undo_stack()->push(new JointMotionCommand(&doc, before, std::move(after), *child, moved, text));
  return {true, {}};
}

}  // namespace

QString coordinate_text(const Joint& joint, int i, double value) {
  const auto k = static_cast<std::size_t>(i);
  if (k >= joint.degrees.size()) return QString::number(value, 'g', 4);
  return joint.degrees[k] ? QStringLiteral("%1°").arg(value * 180.0 / std::numbers::pi, 0, 'f', 1)
                          : QStringLiteral("%1 mm").arg(value * 1e3, 0, 'f', 1);
}

bool fits_a_candidate(const Joint& joint) { return joint.model && !is_spline_kind(joint.kind); }

QString sampling_problem(const Joint& joint, const DocumentData* d) {
  if (!joint.model) return QObject::tr("%1 has no model to sample (fit it or load a joint file)").arg(joint.name);
  const int dof = joint.model->dof();
  if (dof < 1 || dof > 2)
    return QObject::tr("%1 has %2 coordinates: a spline joint has 1 or 2, so Sample this joint samples 1- and 2-coordinate joints")
        .arg(joint.name).arg(dof);
  for (const Coordinate& c : joint.model->coordinates())
    if (!bounded_range(c))
      return QObject::tr("Coordinate %1 of %2 has no bounded range to sample over").arg(QString::fromStdString(c.name), joint.name);
  // a grid over a coordinate a coupler sets would repeat each pose (jointsmith-cli import-osim refuses it too)
  if (dof == 2 && d && d->osim && !joint.osim_joint.isEmpty())
    for (const OsimDocumentCoupler& c : d->osim->coupler_list)
      if (c.dependent_joint == joint.osim_joint && c.dependent_index >= 0 && c.dependent_index < dof)
        return QObject::tr("Coordinate %1 of %2 is set by the coupler constraint %3: a grid over both coordinates would "
                           "repeat each pose, and sampling one coordinate of a 2-coordinate joint is not in the app yet")
            .arg(QString::fromStdString(joint.model->coordinates()[static_cast<std::size_t>(c.dependent_index)].name), joint.name, c.name);
  return {};
}

OpResult<int> sample_joint(Document& doc, JointId id, int n0, int n1) {
  const Joint* j = doc.data().joint(id);
  if (!j) return {0, QObject::tr("No joint with id %1").arg(id)};
  if (const QString p = sampling_problem(*j, &doc.data()); !p.isEmpty()) return {0, p};
  const int dof = j->model->dof();
  if (dof == 1) n1 = 1;
  constexpr int kMaxSamples = 100000;
  if (n0 < 2 || (dof == 2 && n1 < 2) || static_cast<long long>(n0) * n1 > kMaxSamples)
    return {0, QObject::tr("Sample %1 at 2 or more values per coordinate, at most %2 samples in all").arg(j->name).arg(kMaxSamples)};
  const auto& cs = j->model->coordinates();
  Joint after = *j;
  after.samples.clear();
  after.candidate = nullptr;  // a fit of other samples
  for (int a = 0; a < n0; ++a) {
    for (int b = 0; b < n1; ++b) {
      Eigen::VectorXd q(dof);
      // the ends exactly on the range's bounds
      const auto at_fraction = [](const Coordinate& c, int i, int n) {
        return i == n - 1 ? c.max : c.min + (c.max - c.min) * i / (n - 1);
      };
      q[0] = at_fraction(cs[0], a, n0);
      if (dof == 2) q[1] = at_fraction(cs[1], b, n1);
      // couplers that drive the joint's own coordinates set them as the model's coupled motion would
      Eigen::VectorXd at = q;
      for (const auto& [other, value] : osim_coupled_motion(doc.data(), id, q))
        if (other == id) at = value;
      Sample s{q, joint_transform(*j->model, at)};
      if (!s.parent_T_child.R.allFinite() || !s.parent_T_child.p.allFinite())
        return {0, QObject::tr("%1 is not defined at q = %2").arg(j->name, q_text(*j, q))};
      after.samples.push_back(std::move(s));
    }
  }
  const int count = static_cast<int>(after.samples.size());
  doc.undo_stack()->push(new EditJointCommand(&doc, *j, std::move(after),
                                              QObject::tr("Sample %1 (%n sample(s))", nullptr, count).arg(j->name)));
  return {count, {}};
}

OpResult<bool> set_candidate(Document& doc, JointId id, std::shared_ptr<const JointModel> fitted, const FitRecord& fit,
                             const QString& text) {
  const Joint* j = doc.data().joint(id);
  if (!j) return {false, QObject::tr("No joint with id %1").arg(id)};
  if (!fits_a_candidate(*j)) return {false, QObject::tr("%1 is a spline joint: a fit becomes its model").arg(j->name)};
  if (!fitted || fitted->dof() != j->model->dof())
    return {false, QObject::tr("A fitted joint of %1 needs %2 coordinate(s)").arg(j->name).arg(j->model->dof())};
  Joint after = *j;
  after.candidate = std::move(fitted);
  after.last_fit = fit;
  doc.undo_stack()->push(new EditJointCommand(&doc, *j, std::move(after), text));
  return {true, {}};
}

OpResult<bool> replace_with_candidate(Document& doc, JointId id) {
  const Joint* j = doc.data().joint(id);
  if (!j) return {false, QObject::tr("No joint with id %1").arg(id)};
  if (!j->candidate) return {false, QObject::tr("%1 has no fitted candidate: sample it and press Fit first").arg(j->name)};
  if (j->model && j->candidate->dof() != j->model->dof())
    return {false, QObject::tr("The candidate has %1 coordinate(s), %2 has %3").arg(j->candidate->dof()).arg(j->name).arg(j->model->dof())};
  OpResult<Joint> after = joint_with_model(*j, j->candidate, std::nullopt, j->last_fit);
  if (!after.ok()) return {false, after.error};
  after.value.original = j->original ? j->original : j->model;
  after.value.candidate = nullptr;
  return push_model_change(doc, *j, std::move(after.value), QObject::tr("Replace %1 in the model").arg(j->name));
}

OpResult<bool> restore_original(Document& doc, JointId id) {
  const Joint* j = doc.data().joint(id);
  if (!j) return {false, QObject::tr("No joint with id %1").arg(id)};
  if (!j->original) return {false, QObject::tr("%1 was not replaced").arg(j->name)};
  // the original may be of a kind the ui does not create (an opensim CustomJoint): set it as it was
  Joint after = *j;
  after.model = j->original;
  after.original = nullptr;
  after.kind = model_kind_name(*after.model);
  // a replacement of another dof (a joint file): q and the samples' q take the original's size, and the
  // replacement cannot be its candidate
  const int dof = after.model->dof();
  after.candidate = j->model && j->model->dof() == dof ? j->model : nullptr;
  if (after.q.size() != dof) after.q = Eigen::VectorXd::Zero(dof);
  for (Sample& s : after.samples) {
    const auto old = s.q.size();
    s.q.conservativeResize(dof);
    for (auto i = old; i < dof; ++i) s.q[i] = 0.0;
  }
  after.q = clamp_to_range(after, after.q);
  return push_model_change(doc, *j, std::move(after), QObject::tr("Restore the original %1").arg(j->name));
}

Comparison joint_comparison(const Joint& joint) {
  if (joint.candidate && joint.model) return {joint.candidate, joint.model, false};
  if (joint.original && joint.model) return {joint.model, joint.original, true};
  return {};
}

std::optional<JointDifference> comparison_difference(const Joint& joint) {
  const Comparison c = joint_comparison(joint);
  if (!c.fitted || c.fitted->dof() != c.reference->dof()) return std::nullopt;
  const int dof = c.reference->dof();
  if (dof < 1 || dof > 2) return std::nullopt;
  JointVector lo(dof), hi(dof);
  for (int i = 0; i < dof; ++i) {
    const Coordinate& co = c.reference->coordinates()[static_cast<std::size_t>(i)];
    if (!bounded_range(co)) return std::nullopt;
    lo[i] = co.min;
    hi[i] = co.max;
  }
  return joint_difference(*c.fitted, *c.reference, lo, hi, dof == 1 ? 201 : 41);
}

QString comparison_text(const Joint& joint, const JointDifference& d) {
  const Comparison c = joint_comparison(joint);
  const QString what = c.replaced ? QObject::tr("Replaced; against the original %1").arg(joint.name)
                                  : QObject::tr("Fitted candidate against %1").arg(joint.name);
  // three significant digits: a good fit differs by micrometres
  return QObject::tr("%1: largest difference %2 mm at %3, %4° at %5 (%6 values over the range)")
      .arg(what)
      .arg(QString::number(d.max_position_m * 1e3, 'g', 3))
      .arg(q_text(joint, d.worst_position_q))
      .arg(QString::number(d.max_angle_rad * 180.0 / std::numbers::pi, 'g', 3))
      .arg(q_text(joint, d.worst_angle_q))
      .arg(d.points);
}

}  // namespace js::ui
