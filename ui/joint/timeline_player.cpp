#include "ui/joint/timeline_player.hpp"

#include <algorithm>

#include "ui/document/joint_model.hpp"
#include "ui/document/timeline.hpp"

namespace js::ui {

TimelinePlayer::TimelinePlayer(Document& doc, QObject* parent) : QObject(parent), doc_(doc) {
  timer_.setInterval(16);
  connect(&timer_, &QTimer::timeout, this, &TimelinePlayer::tick);
  // an edit (not our frame) keeps the pose it started from: nothing to put back any more
  connect(&doc_, &Document::changed, this, [this] {
    if (!showing_) rest_.clear();
  });
  connect(&doc_, &Document::replaced, this, [this] {
    pause();
    rest_.clear();
    time_ = 0.0;
    emit time_changed(time_);
  });
}

double TimelinePlayer::duration() const { return std::max(1.0, timeline_duration(doc_.data())); }

bool TimelinePlayer::show_time(double t) {
  time_ = std::clamp(t, 0.0, scrub_end());
  QString problem;
  showing_ = true;
  // copies: applying a joint replaces the data the loop reads
  const std::vector<Joint> joints = doc_.data().joints;
  for (const Joint& j : joints) {
    if (j.timeline.keys.empty() || !j.model) continue;
    const Body* child = doc_.data().body(j.child);
    if (!child) continue;
    QString why;
    const std::optional<TimelineCurve> curve = TimelineCurve::make(j, &why);
    if (!curve) {
      if (problem.isEmpty()) problem = why;
      continue;
    }
    if (!rest_.count(j.id)) rest_[j.id] = Rest{j.q, child->pose};
    Joint moved = j;
    moved.q = timeline_q(j, *curve, time_);
    Body placed = *child;
    placed.pose = joint_transform(*j.model, moved.q);
    doc_.apply_joint_and_body(moved, placed);
  }
  showing_ = false;
  emit time_changed(time_);
  if (!problem.isEmpty()) emit status_message(problem);
  return problem.isEmpty();
}

void TimelinePlayer::play() {
  if (playing()) return;
  if (time_ >= duration()) time_ = 0.0;
  clock_.start();
  timer_.start();
  emit playing_changed(true);
}

void TimelinePlayer::pause() {
  if (!playing()) return;
  timer_.stop();
  emit playing_changed(false);
}

void TimelinePlayer::tick() {
  const double dt = static_cast<double>(clock_.restart()) * 1e-3;
  double t = time_ + dt;
  // loops: the end frame is shown once, then the start again
  if (time_ >= duration()) t = 0.0;
  show_time(std::min(t, duration()));
}

void TimelinePlayer::return_to_rest() {
  pause();
  if (rest_.empty()) return;
  showing_ = true;
  for (const auto& [id, rest] : rest_) {
    const Joint* j = doc_.data().joint(id);
    const Body* child = j ? doc_.data().body(j->child) : nullptr;
    if (!child || rest.q.size() != j->q.size()) continue;
    Joint back = *j;
    back.q = rest.q;
    Body placed = *child;
    placed.pose = rest.child_pose;
    doc_.apply_joint_and_body(back, placed);
  }
  showing_ = false;
  rest_.clear();
}

DocumentData TimelinePlayer::document_at_rest(DocumentData d) const {
  for (const auto& [id, rest] : rest_) {
    Joint* j = d.joint(id);
    Body* child = j ? d.body(j->child) : nullptr;
    if (!child || rest.q.size() != j->q.size()) continue;
    j->q = rest.q;
    child->pose = rest.child_pose;
  }
  return d;
}

}  // namespace js::ui
