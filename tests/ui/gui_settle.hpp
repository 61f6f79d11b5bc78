// waiting in the window tests. wherever a condition exists the tests wait on it (QTRY_VERIFY_WITH_TIMEOUT); this
// is for the one case without: layouts (a dock shown, a window or dialog resized, a chart's axes laid out) are
// redone in posted events and nothing signals that they are done.
#pragma once

#include <QElapsedTimer>
#include <QTest>
#include <QWidget>

namespace js::ui::test {

// lets the event loop run for ms: before a screenshot, or before pixel positions are taken from a widget's size
// after something changed its layout
inline void let_layouts_settle(int ms = 300) { QTest::qWait(ms); }

// lets the event loop run until w's size has not changed for quiet_ms (at most timeout_ms): before pixel positions
// are taken from a widget whose size docks change in posted events, on a machine of unknown speed
inline void let_size_settle(const QWidget& w, int quiet_ms = 200, int timeout_ms = 5000) {
  QElapsedTimer total, quiet;
  total.start();
  quiet.start();
  QSize last = w.size();
  while (quiet.elapsed() < quiet_ms && total.elapsed() < timeout_ms) {
    QTest::qWait(20);
    if (w.size() != last) {
      last = w.size();
      quiet.restart();
    }
  }
}

}  // namespace js::ui::test
