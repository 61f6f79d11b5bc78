// the timeline's playback state, beside the document and not in it: the time shown and whether it plays. showing a
// time moves every keyed joint (Joint::timeline, ui/document/timeline.hpp) to its q(t) and its child to G(q(t)),
// written into the document directly like the dynamics player's frames (no undo step, not an edit: the first frame
// remembers the pose each joint was at, document_at_rest gives the document with those poses back for autosave, and
// return_to_rest puts them back). any edit (a key, a slider, an undo) makes the shown pose the document's from then on.
#pragma once

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>
#include <map>

#include "ui/document/document.hpp"

namespace js::ui {

class TimelinePlayer : public QObject {
  Q_OBJECT
 public:
  explicit TimelinePlayer(Document& doc, QObject* parent = nullptr);

  double time() const { return time_; }
  // the animation's length: the last key time over every joint (timeline_duration), at least 1 s
  double duration() const;
  // how far the scrubber reaches: a second past the duration, where the next key goes
  double scrub_end() const { return duration() + 1.0; }
  bool playing() const { return timer_.isActive(); }

  // poses every keyed joint at t (clamped into [0, scrub_end]); false with a message when a keyed joint's timeline
  // cannot be evaluated (the others are still shown)
  bool show_time(double t);
  // plays from the current time in real time, looping at the end
  void play();
  void pause();
  // pauses, then the joints and children as they were before the first frame shown (nothing when none was)
  void return_to_rest();

  // true while a frame is written: a document change then is a view, not an edit (autosave ignores it)
  bool showing_frame() const { return showing_; }
  // d with the remembered poses put back (d itself when no frame is shown)
  DocumentData document_at_rest(DocumentData d) const;

 signals:
  void time_changed(double t);
  void playing_changed(bool on);
  void status_message(const QString& text);

 private:
  void tick();

  struct Rest {
    Eigen::VectorXd q;
    SE3 child_pose;
  };
  Document& doc_;
  QTimer timer_;
  QElapsedTimer clock_;
  double time_ = 0.0;
  bool showing_ = false;
  std::map<JointId, Rest> rest_;
};

}  // namespace js::ui
