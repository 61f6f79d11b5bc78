#include "ui/document/timeline.hpp"

#include <QObject>
#include <algorithm>
#include <cmath>
#include <limits>
#include <set>
#include <stdexcept>

#include "core/motion/arc_length.hpp"
#include "core/motion/timing_curve.hpp"
#include "ui/document/commands.hpp"
#include "ui/document/coordinate_units.hpp"
#include "ui/document/joint_model.hpp"

namespace js::ui {
namespace {

// keys closer in time than this are one key
constexpr double kSameTime = 1e-6;

template <class T>
OpResult<T> fail(const QString& msg) {
  return OpResult<T>{T{}, msg};
}

const Joint* find_joint(const Document& doc, JointId id, QString& error) {
  const Joint* j = doc.data().joint(id);
  if (!j) error = QObject::tr("No joint with id %1").arg(id);
  return j;
}

// the index of the key at time t (within kSameTime), or −1
int key_at(const std::vector<TimelineKey>& keys, double t, int skip = -1) {
  for (std::size_t i = 0; i < keys.size(); ++i)
    if (static_cast<int>(i) != skip && std::abs(keys[i].t - t) <= kSameTime) return static_cast<int>(i);
  return -1;
}

// inserts key in time order; returns its index
int insert_sorted(std::vector<TimelineKey>& keys, const TimelineKey& key) {
  const auto at = std::upper_bound(keys.begin(), keys.end(), key.t, [](double t, const TimelineKey& k) { return t < k.t; });
  const auto index = at - keys.begin();
  keys.insert(at, key);
  return static_cast<int>(index);
}

QString key_problem(const TimelineKey& key) {
  if (!std::isfinite(key.t) || key.t < 0.0) return QObject::tr("A key's time must be 0 s or later");
  if (!std::isfinite(key.value)) return QObject::tr("A key's value must be a finite number");
  return {};
}

void push_timeline(Document& doc, const Joint& before, JointTimeline timeline, const QString& text) {
  Joint after = before;
  after.timeline = std::move(timeline);
  push_swap(doc, before, std::move(after), text);
}

}  // namespace

std::shared_ptr<const JointArcLength> timeline_arc_length(const Joint& j, QString* error) {
  auto fail_with = [error](const QString& m) {
    if (error) *error = m;
    return std::shared_ptr<const JointArcLength>();
  };
  if (!j.model) return fail_with(QObject::tr("%1 has no joint model yet: fit it or load a joint file").arg(j.name));
  if (j.model->dof() != 1)
    return fail_with(QObject::tr("Arc length keys need a 1-dof joint; %1 has %2 coordinates").arg(j.name).arg(j.model->dof()));
  double lo = 0.0, hi = 0.0;
  coordinate_range(j, 0, lo, hi);
  try {
    return std::make_shared<const JointArcLength>(j.model, lo, hi);
  } catch (const std::exception& e) {
    return fail_with(QObject::tr("No arc length along %1: %2").arg(j.name, QString::fromUtf8(e.what())));
  }
}

std::optional<TimelineCurve> TimelineCurve::make(const Joint& j, QString* error) {
  auto fail_with = [error](const QString& m) {
    if (error) *error = m;
    return std::optional<TimelineCurve>();
  };
  const JointTimeline& tl = j.timeline;
  if (tl.keys.empty()) return fail_with(QObject::tr("%1 has no timeline keys").arg(j.name));
  if (tl.coordinate < 0 || tl.coordinate >= joint_q_size(j))
    return fail_with(QObject::tr("%1 has no coordinate %2").arg(j.name).arg(tl.coordinate));
  TimelineCurve c;
  c.mode_ = tl.mode;
  c.coordinate_ = tl.coordinate;
  c.t_begin_ = tl.keys.front().t;
  c.t_end_ = tl.keys.back().t;
  if (tl.mode == TimelineMode::arc_length) {
    QString why;
    c.arc_ = timeline_arc_length(j, &why);
    if (!c.arc_) return fail_with(why);
    const double length = c.arc_->length();
    for (std::size_t k = 0; k < tl.keys.size(); ++k)
      if (tl.keys[k].value < -1e-12 * length || tl.keys[k].value > length * (1.0 + 1e-12))
        return fail_with(QObject::tr("Key %1 of %2: s = %3 is outside the path's [0, %4]")
                             .arg(k + 1)
                             .arg(j.name)
                             .arg(tl.keys[k].value, 0, 'g', 6)
                             .arg(length, 0, 'g', 6));
  }
  if (tl.keys.size() == 1) {
    c.held_ = tl.keys.front().value;
    return c;
  }
  std::vector<TimingKey> keys;
  for (const TimelineKey& k : tl.keys) keys.push_back({k.t, k.value});
  try {
    c.timing_ = std::make_shared<const TimingCurve>(std::move(keys), tl.continuity);
  } catch (const std::invalid_argument& e) {
    return fail_with(QObject::tr("%1's timeline: %2").arg(j.name, QString::fromUtf8(e.what())));
  }
  return c;
}

TimelinePoint TimelineCurve::at(double t) const {
  TimelinePoint p;
  if (timing_) {
    const TimingSample s = timing_->sample(t);
    p.value = s.s;
    p.rate = s.s_dot;
    p.acceleration = s.s_ddot;
    p.degenerate = s.degenerate;
  } else {
    p.value = held_;
  }
  if (!arc_) {
    p.q = p.value;
    p.qd = p.rate;
    p.qdd = p.acceleration;
    return p;
  }
  p.q = arc_->q_of_s(std::clamp(p.value, 0.0, arc_->length()));
  // q̇ and q̈ by the chain rule through q(s) (eq. 12–13), as core's ScriptedMotion::sample: at rest nothing is divided
  const bool at_rest = p.rate == 0.0 && p.acceleration == 0.0 && !p.degenerate;
  if (at_rest) return p;
  const ArcLengthDerivatives d = arc_->derivatives(p.q);
  p.degenerate = p.degenerate || d.degenerate;
  if (p.degenerate) return p;  // q̇ and q̈ stay 0
  p.qd = d.dq_ds * p.rate;
  p.qdd = d.d2q_ds2 * p.rate * p.rate + d.dq_ds * p.acceleration;
  return p;
}

Eigen::VectorXd timeline_q(const Joint& j, const TimelineCurve& curve, double t) {
  Eigen::VectorXd q = j.q;
  if (curve.coordinate() < q.size()) q[curve.coordinate()] = curve.at(t).q;
  return q;
}

OpResult<double> timeline_value_now(const Joint& j) {
  const int k = j.timeline.coordinate;
  if (k < 0 || k >= j.q.size()) return fail<double>(QObject::tr("%1 has no coordinate %2").arg(j.name).arg(k));
  if (j.timeline.mode == TimelineMode::q) return {j.q[k], {}};
  QString why;
  const auto arc = timeline_arc_length(j, &why);
  if (!arc) return fail<double>(why);
  return {arc->s_of_q(j.q[k]), {}};
}

double timeline_unit_factor(const Joint& j) {
  return j.timeline.mode == TimelineMode::arc_length ? 1.0 : unit_factor(coordinate_unit(j, j.timeline.coordinate));
}

TimelineKeyBounds timeline_key_bounds(const Joint& j, int index, double margin) {
  constexpr double inf = std::numeric_limits<double>::infinity();
  TimelineKeyBounds b{0.0, inf, -inf, inf};
  const auto& keys = j.timeline.keys;
  const auto n = static_cast<int>(keys.size());
  if (index > 0 && index <= n) b.t_lo = keys[static_cast<std::size_t>(index - 1)].t + margin;
  if (index >= 0 && index + 1 < n) b.t_hi = keys[static_cast<std::size_t>(index + 1)].t - margin;
  if (j.timeline.mode == TimelineMode::arc_length) {
    // TimelineCurve::make refuses an s off the path
    if (const auto arc = timeline_arc_length(j)) b.value_lo = 0.0, b.value_hi = arc->length();
    return b;
  }
  // a wrapping model takes any q onto its range, so no bound is a limit
  if (j.model && j.model->range_policy() == RangePolicy::Wrap) return b;
  if (const auto lo = coordinate_min(j, j.timeline.coordinate)) b.value_lo = *lo;
  if (const auto hi = coordinate_max(j, j.timeline.coordinate)) b.value_hi = *hi;
  return b;
}

double timeline_duration(const DocumentData& d) {
  double end = 0.0;
  for (const Joint& j : d.joints)
    if (!j.timeline.keys.empty()) end = std::max(end, j.timeline.keys.back().t);
  return end;
}

OpResult<int> add_timeline_key(Document& doc, JointId id, double t, double value) {
  QString error;
  const Joint* j = find_joint(doc, id, error);
  if (!j) return fail<int>(error);
  const TimelineKey key{t, value};
  if (QString why = key_problem(key); !why.isEmpty()) return fail<int>(why);
  JointTimeline tl = j->timeline;
  int index = key_at(tl.keys, t);
  if (index >= 0) {
    tl.keys[static_cast<std::size_t>(index)].value = value;
  } else {
    index = insert_sorted(tl.keys, key);
  }
  push_timeline(doc, *j, std::move(tl), QObject::tr("Add Key"));
  return {index, {}};
}

OpResult<int> set_timeline_key(Document& doc, JointId id, int index, const TimelineKey& key) {
  QString error;
  const Joint* j = find_joint(doc, id, error);
  if (!j) return fail<int>(error);
  JointTimeline tl = j->timeline;
  if (index < 0 || index >= static_cast<int>(tl.keys.size())) return fail<int>(QObject::tr("No key %1").arg(index + 1));
  if (QString why = key_problem(key); !why.isEmpty()) return fail<int>(why);
  if (key_at(tl.keys, key.t, index) >= 0)
    return fail<int>(QObject::tr("There is a key at %1 s already").arg(key.t, 0, 'g', 6));
  if (tl.keys[static_cast<std::size_t>(index)] == key) return {index, {}};
  tl.keys.erase(tl.keys.begin() + index);
  const int at = insert_sorted(tl.keys, key);
  push_timeline(doc, *j, std::move(tl), QObject::tr("Move Key"));
  return {at, {}};
}

OpResult<bool> remove_timeline_keys(Document& doc, JointId id, std::vector<int> indices) {
  QString error;
  const Joint* j = find_joint(doc, id, error);
  if (!j) return fail<bool>(error);
  JointTimeline tl = j->timeline;
  const std::set<int> gone(indices.begin(), indices.end());
  if (gone.empty()) return fail<bool>(QObject::tr("No key selected"));
  for (int i : gone)
    if (i < 0 || i >= static_cast<int>(tl.keys.size())) return fail<bool>(QObject::tr("No key %1").arg(i + 1));
  for (auto it = gone.rbegin(); it != gone.rend(); ++it) tl.keys.erase(tl.keys.begin() + *it);
  push_timeline(doc, *j, std::move(tl), gone.size() == 1 ? QObject::tr("Delete Key") : QObject::tr("Delete Keys"));
  return {true, {}};
}

OpResult<bool> set_timeline_mode(Document& doc, JointId id, TimelineMode mode, int coordinate) {
  QString error;
  const Joint* j = find_joint(doc, id, error);
  if (!j) return fail<bool>(error);
  JointTimeline tl = j->timeline;
  if (mode == TimelineMode::arc_length) coordinate = 0;
  if (coordinate < 0 || coordinate >= joint_q_size(*j))
    return fail<bool>(QObject::tr("%1 has no coordinate %2").arg(j->name).arg(coordinate + 1));
  if (tl.mode == mode && tl.coordinate == coordinate) return {false, {}};
  if (mode == tl.mode && !tl.keys.empty())
    return fail<bool>(QObject::tr("Delete the keys before keying another coordinate"));
  if (mode != tl.mode && !tl.keys.empty()) {
    // every key keeps its pose: q ↔ s along the path
    QString why;
    const auto arc = timeline_arc_length(*j, &why);
    if (!arc) return fail<bool>(why);
    if (mode == TimelineMode::arc_length && tl.coordinate != 0)
      return fail<bool>(QObject::tr("Arc length keys drive the first coordinate"));
    for (TimelineKey& k : tl.keys)
      k.value = mode == TimelineMode::arc_length ? arc->s_of_q(k.value) : arc->q_of_s(std::clamp(k.value, 0.0, arc->length()));
  } else if (mode == TimelineMode::arc_length) {
    QString why;
    if (!timeline_arc_length(*j, &why)) return fail<bool>(why);
  }
  tl.mode = mode;
  tl.coordinate = coordinate;
  push_timeline(doc, *j, std::move(tl), mode == TimelineMode::arc_length ? QObject::tr("Key Arc Length") : QObject::tr("Key q"));
  return {true, {}};
}

OpResult<bool> set_timeline_continuity(Document& doc, JointId id, TimingContinuity continuity) {
  QString error;
  const Joint* j = find_joint(doc, id, error);
  if (!j) return fail<bool>(error);
  if (j->timeline.continuity == continuity) return {false, {}};
  JointTimeline tl = j->timeline;
  tl.continuity = continuity;
  push_timeline(doc, *j, std::move(tl),
                continuity == TimingContinuity::c1 ? QObject::tr("Timing C1") : QObject::tr("Timing C2"));
  return {true, {}};
}

}  // namespace js::ui
