// a joint's timeline (Joint::timeline, document_data.hpp): the keyed timing the animator sets in the timeline dock,
// evaluated with core/motion (a TimingCurve through the keys; in arc_length mode the joint's arc length inverted,
// q(t) = q(s(t)) as a scene file's scripted motion), and the edits of it, each one undo step. docs/app.md, "Timeline".
#pragma once

#include <QString>
#include <memory>
#include <optional>
#include <vector>

#include "ui/document/operations.hpp"

namespace js {
class JointArcLength;
class TimingCurve;
}  // namespace js

namespace js::ui {

// the timeline evaluated at one time
struct TimelinePoint {
  double value = 0.0;        // q (q mode) or s (arc_length mode)
  double rate = 0.0;         // its first time derivative: q̇ or ṡ
  double acceleration = 0.0; // its second: q̈ or s̈
  double q = 0.0;            // the keyed coordinate (rad or m): value in q mode, q(s) in arc_length mode
  double qd = 0.0;           // its rate q̇: rate in q mode, dq/ds·ṡ in arc_length mode (as core's ScriptedMotion)
  double qdd = 0.0;          // its acceleration q̈: d²q/ds²·ṡ² + dq/ds·s̈ in arc_length mode
  // core flagged the sample (docs/motion.md): the timing curve's (rate and acceleration are 0) or, in arc_length
  // mode, the path's where the joint stands still (q̇ and q̈ are 0); nothing was divided
  bool degenerate = false;
};

// a joint's timeline made ready to sample: the timing curve through its keys (one key: that value held) and, in
// arc_length mode, the joint's arc length over its coordinate's range (coordinate_range in joint_model.hpp).
class TimelineCurve {
 public:
  // the curve of joint j's timeline; nullopt with a reason (no keys, no model in arc_length mode, a key's s beyond
  // the path's length, core's message for bad key times) in *error
  static std::optional<TimelineCurve> make(const Joint& j, QString* error = nullptr);

  TimelinePoint at(double t) const;
  // the first and last key times (s)
  double t_begin() const { return t_begin_; }
  double t_end() const { return t_end_; }
  int coordinate() const { return coordinate_; }
  TimelineMode mode() const { return mode_; }

 private:
  TimelineMode mode_ = TimelineMode::q;
  int coordinate_ = 0;
  double t_begin_ = 0.0, t_end_ = 0.0;
  double held_ = 0.0;                          // one key: its value
  std::shared_ptr<const TimingCurve> timing_;  // ≥ 2 keys
  std::shared_ptr<const JointArcLength> arc_;  // arc_length mode
};

// the arc length of joint j's coordinate over its range (arc_length mode's path); null with a reason when the joint
// has no model, is not 1-dof or its range is empty
std::shared_ptr<const JointArcLength> timeline_arc_length(const Joint& j, QString* error = nullptr);

// the joint's q at time t: its current q with the keyed coordinate at the curve's q(t)
Eigen::VectorXd timeline_q(const Joint& j, const TimelineCurve& curve, double t);

// the value a key at the joint's current pose gets: q of the timeline's coordinate, or its arc length s(q)
OpResult<double> timeline_value_now(const Joint& j);

// shown value per stored value of the joint's timeline, as the dock's table and plot show it: the coordinate's unit
// factor (180/π for degrees, 1000 for millimetres; unit_factor in coordinate_units.hpp), 1 for an arc length
double timeline_unit_factor(const Joint& j);

// where key index of the joint's timeline may move (SI; an open end is ±infinity): its time strictly between its
// neighbours' (margin s from each; 0 s or later for the first), its value within the coordinate's range where it has
// a bound (not on a model that wraps, as clamp_to_range) or, in arc_length mode, within [0, the path's length]
struct TimelineKeyBounds {
  double t_lo = 0.0, t_hi = 0.0;
  double value_lo = 0.0, value_hi = 0.0;
};
TimelineKeyBounds timeline_key_bounds(const Joint& j, int index, double margin);

// the latest key time over every joint's timeline (0 when none has keys): the length of the animation
double timeline_duration(const DocumentData& d);

// the edits, each one undo step (none when it fails). a key at the time of an existing one (within 1 µs) replaces
// its value; keys stay sorted by time.
// adds a key (t ≥ 0, finite); value: the index it got
OpResult<int> add_timeline_key(Document& doc, JointId id, double t, double value);
// the key at index gets (t, value) and moves to its place in time; refused when another key has that time
OpResult<int> set_timeline_key(Document& doc, JointId id, int index, const TimelineKey& key);
// removes the keys at the given indices (any order, duplicates ignored)
OpResult<bool> remove_timeline_keys(Document& doc, JointId id, std::vector<int> indices);
// switches between q and arc_length (arc_length: 1-dof joints with a model, coordinate 0), converting the keys'
// values so every key keeps its pose (q outside the path's range is clamped onto it); a q-mode timeline may change
// coordinate only while it has no keys
OpResult<bool> set_timeline_mode(Document& doc, JointId id, TimelineMode mode, int coordinate = 0);
OpResult<bool> set_timeline_continuity(Document& doc, JointId id, TimingContinuity continuity);

}  // namespace js::ui
