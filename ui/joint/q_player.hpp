// plays the active joint along its first coordinate with an ease-in/ease-out timing profile: q sweeps the
// slider range there and back, q(t) = lo + (hi − lo) · (1 − cos(2π t / period)) / 2, the other
// coordinates held. the whole playback is one undo step (one merge key), so Ctrl+Z returns to where
// play started.
#pragma once

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

#include "ui/document/document.hpp"

namespace js::ui {

class QPlayer : public QObject {
  Q_OBJECT
 public:
  explicit QPlayer(Document& doc, QObject* parent = nullptr);

  bool playing() const { return timer_.isActive(); }
  double period() const { return period_; }
  void set_period(double seconds) { period_ = seconds; }

  // starts playing joint `id` (needs a model); false with a message otherwise
  bool play(JointId id);
  void stop();

  // q0 of the profile at time t (s) over [lo, hi]
  static double profile(double lo, double hi, double t, double period);

 signals:
  void playing_changed(bool on);
  void status_message(const QString& text);

 private:
  void tick();

  Document& doc_;
  QTimer timer_;
  QElapsedTimer clock_;
  JointId joint_ = 0;
  int merge_key_ = 0;
  double period_ = 4.0;  // s for one sweep there and back
};

}  // namespace js::ui
