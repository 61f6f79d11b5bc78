#include "ui/joint/q_player.hpp"

#include <cmath>
#include <numbers>

#include "ui/document/joint_model.hpp"
#include "ui/joint/joint_operations.hpp"

namespace js::ui {

QPlayer::QPlayer(Document& doc, QObject* parent) : QObject(parent), doc_(doc) {
  timer_.setInterval(16);
  connect(&timer_, &QTimer::timeout, this, &QPlayer::tick);
}

double QPlayer::profile(double lo, double hi, double t, double period) {
  return lo + (hi - lo) * 0.5 * (1.0 - std::cos(2.0 * kPi * t / period));
}

bool QPlayer::play(JointId id) {
  const Joint* j = doc_.data().joint(id);
  if (!j || !j->model) {
    emit status_message(j ? tr("%1 has no joint model yet: fit it first").arg(j->name)
                          : tr("Select a joint (or its child body) to play"));
    return false;
  }
  joint_ = id;
  merge_key_ = doc_.next_merge_key();
  clock_.start();
  timer_.start();
  emit playing_changed(true);
  emit status_message(tr("Playing %1 through its range (%2 s there and back)").arg(j->name).arg(period_));
  return true;
}

void QPlayer::stop() {
  if (!timer_.isActive()) return;
  timer_.stop();
  emit playing_changed(false);
}

void QPlayer::tick() {
  const Joint* j = doc_.data().joint(joint_);
  if (!j || !j->model) {
    stop();
    return;
  }
  double lo = 0.0, hi = 1.0;
  coordinate_range(*j, 0, lo, hi);
  Eigen::VectorXd q = j->q;
  q[0] = profile(lo, hi, static_cast<double>(clock_.elapsed()) * 1e-3, period_);
  const auto r = set_joint_q(doc_, joint_, q, merge_key_);
  if (!r.ok()) {
    stop();
    emit status_message(r.error);
  }
}

}  // namespace js::ui
