#include "ui/joint/reauthor.hpp"

#include <QObject>
#include <algorithm>
#include <cmath>
#include <numbers>
#include <optional>
#include <stdexcept>

#include "core/interop/osim_model.hpp"
#include "core/joints/restricted_joint.hpp"
#include "ui/document/commands.hpp"
#include "ui/document/osim_source.hpp"
#include "ui/document/coordinate_units.hpp"
#include "ui/document/joint_model.hpp"
#include "ui/joint/joint_operations.hpp"

namespace js::ui {
namespace {

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
  push_swap(doc, JointMotion{before, *child}, JointMotion{std::move(after), std::move(moved)}, text);
  return {true, {}};
}

}  // namespace

QString coordinate_text(const Joint& joint, int i, double value) {
  const auto k = static_cast<std::size_t>(i);
  if (k >= joint.degrees.size()) return QString::number(value, 'g', 4);
  return joint.degrees[k] ? QStringLiteral("%1°").arg(value * 180.0 / kPi, 0, 'f', 1)
                          : QStringLiteral("%1 mm").arg(value * 1e3, 0, 'f', 1);
}

bool fits_a_candidate(const Joint& joint) { return joint.model && !is_spline_kind(joint.kind); }

std::vector<SamplingCoordinate> sampling_coordinates(const Joint& joint, const DocumentData* d) {
  std::vector<SamplingCoordinate> out;
  if (!joint.model) return out;
  const auto* restricted = dynamic_cast<const RestrictedJoint*>(joint.model.get());
  const JointModel& base = restricted ? restricted->inner() : *joint.model;
  // defaults and units from the opensim model, read again only where they are needed: a joint of more than two
  // coordinates, or one seen through some of them
  std::optional<interop::OsimModel> osim;
  if ((restricted || base.dof() > 2) && d && d->osim && !d->osim->text.empty() && !joint.osim_joint.isEmpty()) {
    try {
      osim = interop::read_osim_model_text(d->osim->text, d->osim->path.toStdString());
    } catch (const std::exception&) {
      osim.reset();  // the text was read once already; without it the held values are 0
    }
  }
  // the joint's element in the file: a coordinate renamed in the app is found there by its place
  const interop::OsimModelJoint* element = nullptr;
  if (osim)
    for (const interop::OsimModelJoint& mj : osim->joints)
      if (mj.name == joint.osim_joint.toStdString()) element = &mj;
  for (int k = 0; k < base.dof(); ++k) {
    SamplingCoordinate s;
    s.coordinate = base.coordinates()[static_cast<std::size_t>(k)];
    // by place first: after renames, another coordinate of the model may carry this one's document name
    int c = -1;
    if (element && static_cast<int>(element->coordinates.size()) == base.dof())
      c = osim->find_coordinate(element->coordinates[static_cast<std::size_t>(k)]);
    if (c < 0 && osim) c = osim->find_coordinate(s.coordinate.name);
    if (c >= 0) {
      const interop::OsimModelCoordinate& oc = osim->coordinates[static_cast<std::size_t>(c)];
      s.held = oc.default_value;
      s.degrees = oc.motion != interop::OsimMotion::Translational;
    } else {
      s.held = s.coordinate.has_range() ? std::clamp(0.0, s.coordinate.min, s.coordinate.max) : 0.0;
      const int f = restricted ? restricted->free_index_of(k) : k;
      s.degrees = f >= 0 && static_cast<std::size_t>(f) < joint.degrees.size() && joint.degrees[static_cast<std::size_t>(f)];
    }
    out.push_back(std::move(s));
  }
  if (d && d->osim && !joint.osim_joint.isEmpty())
    for (const OsimDocumentCoupler& c : d->osim->coupler_list)
      if (c.dependent_joint == joint.osim_joint && c.dependent_index >= 0 && c.dependent_index < base.dof())
        out[static_cast<std::size_t>(c.dependent_index)].coupler = c.name;
  return out;
}

QString sampling_problem(const Joint& joint, const DocumentData* d, const std::vector<int>& coordinates) {
  if (!joint.model) return QObject::tr("%1 has no model to sample (fit it or load a joint file)").arg(joint.name);
  const std::vector<SamplingCoordinate> cs = sampling_coordinates(joint, d);
  std::vector<int> chosen = coordinates;
  if (chosen.empty()) {
    if (cs.size() > 2)
      return QObject::tr("%1 has %2 coordinates: choose 1 or 2 of them to sample (a spline joint has 1 or 2; the others are "
                         "held at their defaults or follow their couplers)").arg(joint.name).arg(cs.size());
    for (int i = 0; i < static_cast<int>(cs.size()); ++i) chosen.push_back(i);
  }
  if (chosen.empty() || chosen.size() > 2) return QObject::tr("Choose 1 or 2 coordinates of %1 to sample: a spline joint has 1 or 2").arg(joint.name);
  for (std::size_t a = 0; a < chosen.size(); ++a) {
    const int i = chosen[a];
    if (i < 0 || i >= static_cast<int>(cs.size()) || (a == 1 && chosen[0] == i))
      return QObject::tr("Choose different coordinates of %1 (it has %2)").arg(joint.name).arg(cs.size());
    const SamplingCoordinate& c = cs[static_cast<std::size_t>(i)];
    const QString name = QString::fromStdString(c.coordinate.name);
    if (!c.coordinate.has_range()) return QObject::tr("Coordinate %1 of %2 has no bounded range to sample over").arg(name, joint.name);
    // a coordinate a coupler sets would repeat each pose (jointsmith-cli import-osim refuses it too)
    if (!c.coupler.isEmpty())
      return QObject::tr("Coordinate %1 of %2 is set by the coupler constraint %3 from other coordinates: sample the "
                         "coordinate it follows instead").arg(name, joint.name, c.coupler);
  }
  return {};
}

namespace {

// the joint's model as read seen through `chosen` (indices into cs): itself when all are chosen in order, else a
// restricted joint whose other coordinates are held or follow the couplers of d that set them from this joint's
OpResult<std::shared_ptr<const JointModel>> model_through(const Joint& j, const DocumentData& d, const std::vector<SamplingCoordinate>& cs,
                                                          const std::vector<int>& chosen) {
  const auto* restricted = dynamic_cast<const RestrictedJoint*>(j.model.get());
  const JointModel& base = restricted ? restricted->inner() : *j.model;
  bool all = static_cast<int>(chosen.size()) == base.dof();
  for (std::size_t a = 0; a < chosen.size() && all; ++a) all = chosen[a] == static_cast<int>(a);
  if (all) return {restricted ? std::shared_ptr<const JointModel>(base.clone()) : j.model, {}};
  std::vector<RestrictedCoordinate> map;
  std::vector<bool> set(cs.size(), false);
  for (std::size_t a = 0; a < chosen.size(); ++a) {
    RestrictedCoordinate r;
    r.kind = RestrictedCoordinate::Kind::Free;
    r.target = chosen[a];
    r.free_index = static_cast<int>(a);
    map.push_back(r);
    set[static_cast<std::size_t>(chosen[a])] = true;
  }
  // couplers that set a coordinate of this joint from this joint's coordinates, in the model's order
  std::vector<RestrictedCoordinate> coupled;
  if (d.osim)
    for (const OsimDocumentCoupler& c : d.osim->coupler_list) {
      if (c.dependent_joint != j.osim_joint || c.dependent_index < 0 || c.dependent_index >= base.dof() || set[static_cast<std::size_t>(c.dependent_index)]) continue;
      RestrictedCoordinate r;
      r.kind = RestrictedCoordinate::Kind::Coupled;
      r.target = c.dependent_index;
      r.function = c.function;
      r.scale = c.scale;
      bool own = true;
      for (const auto& [joint, index] : c.independents) {
        own = own && joint == j.osim_joint && index >= 0 && index < base.dof();
        r.inputs.push_back(index);
      }
      if (!own) continue;  // driven from another joint: held at its default like the rest
      coupled.push_back(std::move(r));
      set[static_cast<std::size_t>(c.dependent_index)] = true;
    }
  for (std::size_t k = 0; k < cs.size(); ++k) {
    const bool is_coupled = std::any_of(coupled.begin(), coupled.end(), [&](const RestrictedCoordinate& r) { return r.target == static_cast<int>(k); });
    if (is_coupled || std::find(chosen.begin(), chosen.end(), static_cast<int>(k)) != chosen.end()) continue;
    RestrictedCoordinate r;
    r.target = static_cast<int>(k);
    r.value = cs[k].held;
    map.push_back(r);
  }
  for (RestrictedCoordinate& r : coupled) map.push_back(std::move(r));
  try {
    return {std::make_shared<const RestrictedJoint>(base.clone(), std::move(map)), {}};
  } catch (const std::invalid_argument& e) {
    return {nullptr, QObject::tr("%1 cannot be seen through the chosen coordinates: %2").arg(j.name, QString::fromUtf8(e.what()))};
  }
}

// the model as read's coordinates at the joint's q
JointVector base_coordinates(const Joint& j) {
  JointVector q;
  if (const auto* r = dynamic_cast<const RestrictedJoint*>(j.model.get()); r && j.q.size() == r->dof()) {
    r->inner_q(j.q, q);
  } else {
    q = j.q;
  }
  return q;
}

}  // namespace

OpResult<int> sample_joint(Document& doc, JointId id, int n0, int n1, const std::vector<int>& coordinates) {
  const Joint* j = doc.data().joint(id);
  if (!j) return {0, QObject::tr("No joint with id %1").arg(id)};
  if (const QString p = sampling_problem(*j, &doc.data(), coordinates); !p.isEmpty()) return {0, p};
  const std::vector<SamplingCoordinate> cs = sampling_coordinates(*j, &doc.data());
  std::vector<int> chosen = coordinates;
  if (chosen.empty())
    for (int i = 0; i < static_cast<int>(cs.size()); ++i) chosen.push_back(i);
  const int dof = static_cast<int>(chosen.size());
  if (dof == 1) n1 = 1;
  constexpr int kMaxSamples = 100000;
  if (n0 < 2 || (dof == 2 && n1 < 2) || static_cast<long long>(n0) * n1 > kMaxSamples)
    return {0, QObject::tr("Sample %1 at 2 or more values per coordinate, at most %2 samples in all").arg(j->name).arg(kMaxSamples)};
  auto through = model_through(*j, doc.data(), cs, chosen);
  if (!through.ok()) return {0, through.error};
  const std::shared_ptr<const JointModel> model = std::move(through.value);
  Joint after = *j;
  after.samples.clear();
  after.candidate = nullptr;  // a fit of other samples
  if (model != j->model) {
    // q and its units follow the chosen coordinates
    const JointVector at = base_coordinates(*j);
    after.model = model;
    after.kind = model->kind();
    // so do the per-coordinate settings (units, defaults, the user's names and ranges), from the coordinate each
    // new one was in the joint's current model
    const auto* restricted = dynamic_cast<const RestrictedJoint*>(j->model.get());
    after.q = Eigen::VectorXd(dof);
    after.default_q = Eigen::VectorXd(dof);
    after.degrees.clear();
    after.millimetres.clear();
    after.user_coordinates.clear();
    for (int a = 0; a < dof; ++a) {
      const auto k = static_cast<std::size_t>(chosen[static_cast<std::size_t>(a)]);
      const int f = restricted ? restricted->free_index_of(static_cast<int>(k)) : static_cast<int>(k);
      const auto was = static_cast<std::size_t>(std::max(f, 0));
      after.q[a] = static_cast<Eigen::Index>(k) < at.size() ? at[static_cast<Eigen::Index>(k)] : cs[k].held;
      after.default_q[a] = cs[k].held;
      after.degrees.push_back(cs[k].degrees);
      after.millimetres.push_back(f >= 0 && was < j->millimetres.size() && j->millimetres[was]);
      after.user_coordinates.push_back(f >= 0 && was < j->user_coordinates.size() ? j->user_coordinates[was] : Coordinate{});
    }
    if (std::none_of(after.millimetres.begin(), after.millimetres.end(), [](bool b) { return b; })) after.millimetres.clear();
    if (std::all_of(after.user_coordinates.begin(), after.user_coordinates.end(), [](const Coordinate& c) { return c.name.empty() && !c.has_range(); }))
      after.user_coordinates.clear();
    after.q = clamp_to_range(after, after.q);
  }
  const auto& range = model->coordinates();
  for (int a = 0; a < n0; ++a) {
    for (int b = 0; b < n1; ++b) {
      Eigen::VectorXd q(dof);
      // the ends exactly on the range's bounds
      const auto at_fraction = [](const Coordinate& c, int i, int n) {
        return i == n - 1 ? c.max : c.min + (c.max - c.min) * i / (n - 1);
      };
      q[0] = at_fraction(range[0], a, n0);
      if (dof == 2) q[1] = at_fraction(range[1], b, n1);
      Sample s{q, joint_transform(*model, q)};
      if (!s.parent_T_child.R.allFinite() || !s.parent_T_child.p.allFinite())
        return {0, QObject::tr("%1 is not defined at q = %2").arg(j->name, q_text(after, q))};
      after.samples.push_back(std::move(s));
    }
  }
  const int count = static_cast<int>(after.samples.size());
  const QString text = QObject::tr("Sample %1 (%n sample(s))", nullptr, count).arg(j->name);
  if (model != j->model) {
    const OpResult<bool> pushed = push_model_change(doc, *j, std::move(after), text);
    if (!pushed.ok()) return {0, pushed.error};
  } else {
    push_swap(doc, *j, std::move(after), text);
  }
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
  push_swap(doc, *j, std::move(after), text);
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
  after.kind = after.model->kind();
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
  // per-coordinate settings of another dof do not carry over
  if (!j->model || dof != j->model->dof()) clear_coordinate_settings(after);
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
    if (!co.has_range()) return std::nullopt;
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
      .arg(QString::number(d.max_angle_rad * 180.0 / kPi, 'g', 3))
      .arg(q_text(joint, d.worst_angle_q))
      .arg(d.points);
}

}  // namespace js::ui
