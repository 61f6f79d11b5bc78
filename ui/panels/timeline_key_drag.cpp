#include "ui/panels/timeline_key_drag.hpp"

#include <QApplication>
#include <QChart>
#include <QChartView>
#include <QKeyEvent>
#include <QLineF>
#include <QMouseEvent>
#include <QScatterSeries>
#include <QValueAxis>
#include <algorithm>
#include <cmath>
#include <functional>

namespace js::ui {
namespace {

// how near a marker (px) a press grabs its key: the marker's radius and a little more
constexpr double kKeyGrabPixels = 7.0;
// how close (s) a dragged key comes to a neighbour: set_timeline_key refuses two keys within 1 µs
constexpr double kKeyDragMargin = 1e-3;

// an application-wide filter while a drag runs: Escape cancels wherever the focus is, before any shortcut takes it
class KeyDragEscapeFilter final : public QObject {
 public:
  explicit KeyDragEscapeFilter(std::function<void()> on_escape) : on_escape_(std::move(on_escape)) {}
  bool eventFilter(QObject*, QEvent* event) override {
    if (event->type() != QEvent::KeyPress && event->type() != QEvent::ShortcutOverride) return false;
    if (static_cast<QKeyEvent*>(event)->key() != Qt::Key_Escape) return false;
    // an accepted override turns the key into a press, which ends the drag
    event->accept();
    if (event->type() == QEvent::KeyPress) on_escape_();
    return true;
  }

 private:
  std::function<void()> on_escape_;
};

// v into [lo, hi] when that is a range, else v
double clamp_if_range(double v, double lo, double hi) { return lo <= hi ? std::clamp(v, lo, hi) : v; }

}  // namespace

TimelineKeyDrag::TimelineKeyDrag(Document& doc, QChartView* view, QScatterSeries* dots, QObject* parent)
    : QObject(parent), doc_(doc), view_(view), viewport_(view->viewport()), dots_(dots) {
  // hover moves arrive only with tracking: the open hand over a key
  view_->viewport()->setMouseTracking(true);
  view_->viewport()->installEventFilter(this);
}

TimelineKeyDrag::~TimelineKeyDrag() {
  if (escape_) qApp->removeEventFilter(escape_.get());
}

void TimelineKeyDrag::set_joint(JointId id) {
  if (id == joint_) return;
  if (drag_) cancel();
  joint_ = id;
}

QPointF TimelineKeyDrag::position_of(const QPointF& value) const {
  QChart* chart = view_->chart();
  return view_->viewportTransform().map(chart->mapToScene(chart->mapToPosition(value, dots_)));
}

QPointF TimelineKeyDrag::value_at(const QPointF& position) const {
  QChart* chart = view_->chart();
  const QPointF scene = view_->viewportTransform().inverted().map(position);
  return chart->mapToValue(chart->mapFromScene(scene), dots_);
}

int TimelineKeyDrag::key_near(const QPoint& pos) const {
  int best = -1;
  double best_d = kKeyGrabPixels;
  const QList<QPointF> keys = dots_->points();
  for (int i = 0; i < keys.size(); ++i) {
    const double d = QLineF(position_of(keys[i]), QPointF(pos)).length();
    if (d <= best_d) best = i, best_d = d;
  }
  return best;
}

bool TimelineKeyDrag::eventFilter(QObject* watched, QEvent* event) {
  if (watched != viewport_) return false;
  switch (event->type()) {
    case QEvent::MouseButtonPress:
    case QEvent::MouseButtonDblClick: {
      auto* e = static_cast<QMouseEvent*>(event);
      if (e->button() != Qt::LeftButton) return drag_ || swallow_until_release_;
      // a left press means the left button was up: nothing of a cancelled drag is left to swallow
      swallow_until_release_ = false;
      if (drag_) return true;
      const int index = key_near(e->position().toPoint());
      // a press away from every key is the chart view's, as before
      return index >= 0 && press(e->position(), index);
    }
    case QEvent::MouseMove: {
      auto* e = static_cast<QMouseEvent*>(event);
      if (drag_) {
        move(e->position());
        return true;
      }
      if (swallow_until_release_) return true;
      const bool over = key_near(e->position().toPoint()) >= 0;
      if (over != hovering_) {
        hovering_ = over;
        over ? view_->viewport()->setCursor(Qt::OpenHandCursor) : view_->viewport()->unsetCursor();
      }
      return false;
    }
    case QEvent::MouseButtonRelease: {
      auto* e = static_cast<QMouseEvent*>(event);
      if (e->button() != Qt::LeftButton) return drag_ || swallow_until_release_;
      if (swallow_until_release_) {
        swallow_until_release_ = false;
        return true;
      }
      if (!drag_) return false;
      move(e->position());
      release();
      return true;
    }
    default:
      return false;
  }
}

bool TimelineKeyDrag::press(const QPointF& pos, int index) {
  const Joint* j = doc_.data().joint(joint_);
  if (!j || index >= static_cast<int>(j->timeline.keys.size())) return false;
  Drag d;
  d.index = index;
  d.press_value = value_at(pos);
  d.keys_before = j->timeline.keys;
  d.bounds = timeline_key_bounds(*j, index, kKeyDragMargin);
  d.joint = *j;
  d.factor = timeline_unit_factor(*j);
  drag_ = std::move(d);
  view_->viewport()->setCursor(Qt::ClosedHandCursor);
  escape_ = std::make_unique<KeyDragEscapeFilter>([this] { cancel(); });
  qApp->installEventFilter(escape_.get());
  return true;
}

void TimelineKeyDrag::move(const QPointF& pos) {
  Drag& d = *drag_;
  const QPointF travel = value_at(pos) - d.press_value;
  const TimelineKey& start = d.keys_before[static_cast<std::size_t>(d.index)];
  // by the mouse's travel, so a press that does not move changes nothing; held inside the plot's axes (the axes stay
  // put during a drag, so the mouse and the key stay together), then inside what a key may be (those win)
  const QValueAxis *x = nullptr, *y = nullptr;
  for (QAbstractAxis* a : dots_->attachedAxes())
    (a->orientation() == Qt::Horizontal ? x : y) = qobject_cast<const QValueAxis*>(a);
  double t = start.t + travel.x();
  double value = start.value * d.factor + travel.y();
  if (x) t = std::clamp(t, x->min(), x->max());
  if (y) value = std::clamp(value, y->min(), y->max());
  t = d.bounds.t_lo <= d.bounds.t_hi ? std::clamp(t, d.bounds.t_lo, d.bounds.t_hi) : start.t;
  TimelineKey& key = d.joint.timeline.keys[static_cast<std::size_t>(d.index)];
  key.t = t;
  key.value = clamp_if_range(value / d.factor, d.bounds.value_lo, d.bounds.value_hi);
  emit preview(&d.joint);
}

void TimelineKeyDrag::release() {
  Drag d = std::move(*drag_);
  end_drag();
  const Joint* j = doc_.data().joint(joint_);
  if (!j || j->timeline.keys != d.keys_before) {
    emit status_message(tr("The keys changed during the drag: the key was not moved"));
    emit cancelled();
    return;
  }
  const TimelineKey& key = d.joint.timeline.keys[static_cast<std::size_t>(d.index)];
  if (key == d.keys_before[static_cast<std::size_t>(d.index)]) {
    emit cancelled();
    return;
  }
  // the table's edit: its checks and its one undo step ("Move Key"); the document's change replots
  const auto r = set_timeline_key(doc_, joint_, d.index, key);
  if (!r.ok()) {
    emit status_message(r.error);
    emit cancelled();
  }
}

void TimelineKeyDrag::cancel() {
  if (!drag_) return;
  end_drag();
  // a drag lives while the button is down: its moves and release are not the chart view's
  swallow_until_release_ = true;
  emit cancelled();
}

void TimelineKeyDrag::end_drag() {
  drag_.reset();
  if (escape_) {
    qApp->removeEventFilter(escape_.get());
    // deleted later: cancel() runs inside its eventFilter
    escape_.release()->deleteLater();
  }
  hovering_ = false;
  view_->viewport()->unsetCursor();
}

}  // namespace js::ui
