// dragging a key in the timeline dock's value plot (issue 17): press on a key's marker (within a few pixels), drag,
// release — the key moves by the mouse's travel in time and value, clamped between its neighbours' times and into
// its value's range (timeline_key_bounds) and the plot's axes, and is set as one undo step through set_timeline_key,
// the table's edit. while the button is down the plot shows a preview (no document change); Escape cancels. an open
// hand over a key says it can be grabbed. docs/app.md, "Timeline".
#pragma once

#include <QObject>
#include <QPointF>
#include <memory>
#include <optional>
#include <vector>

#include "ui/document/document.hpp"
#include "ui/document/timeline.hpp"

class QChartView;
class QPoint;
class QScatterSeries;
class QWidget;

namespace js::ui {

class TimelineKeyDrag : public QObject {
  Q_OBJECT
 public:
  // view: the value plot; dots: its key markers, in the unit the table shows (timeline_unit_factor)
  TimelineKeyDrag(Document& doc, QChartView* view, QScatterSeries* dots, QObject* parent = nullptr);
  ~TimelineKeyDrag() override;

  // the joint whose keys the markers show (0: none); another joint ends a drag without an edit
  void set_joint(JointId id);
  bool dragging() const { return drag_.has_value(); }
  // the index of the key whose marker is nearest pos (viewport coordinates) within a few pixels, or −1
  int key_near(const QPoint& pos) const;
  // a value (t, shown value) of the plot as a viewport position, and back
  QPointF position_of(const QPointF& value) const;
  QPointF value_at(const QPointF& position) const;

 signals:
  // the joint with the dragged key where the mouse has put it: the panel plots it, keeping the axes
  void preview(const js::ui::Joint* joint);
  // the drag ended without an edit (Escape, a press and release in place, the keys changed under it): the panel
  // plots the document again
  void cancelled();
  void status_message(const QString& text);

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override;

 private:
  struct Drag {
    int index = -1;
    QPointF press_value;                  // the plot's value under the press
    std::vector<TimelineKey> keys_before; // the document's keys at the press
    TimelineKeyBounds bounds;
    Joint joint;                          // a copy whose key index follows the mouse
    double factor = 1.0;                  // shown per stored value
  };
  // starts a drag of key index; false when there is no such key
  bool press(const QPointF& pos, int index);
  void move(const QPointF& pos);
  void release();
  // ends a drag with nothing changed (Escape, another joint)
  void cancel();
  void end_drag();

  Document& doc_;
  QChartView* view_;
  // the view's viewport, kept: the filter sees its events while the view is being destroyed, when asking the view
  // for it would call into a half-destroyed object (ubsan, found by the asan suite)
  QWidget* viewport_;
  QScatterSeries* dots_;
  JointId joint_ = 0;
  std::optional<Drag> drag_;
  // after Escape the button is still down: its moves and release belong to the cancelled drag
  bool swallow_until_release_ = false;
  bool hovering_ = false;
  // catches Escape wherever the focus is while a drag runs
  std::unique_ptr<QObject> escape_;
};

}  // namespace js::ui
