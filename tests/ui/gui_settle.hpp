// waiting in the window tests. wherever a condition exists the tests wait on it (QTRY_VERIFY_WITH_TIMEOUT); this
// is for the one case without: layouts (a dock shown, a window or dialog resized, a chart's axes laid out) are
// redone in posted events and nothing signals that they are done.
#pragma once

#include <QTest>

namespace js::ui::test {

// lets the event loop run for ms: before a screenshot, or before pixel positions are taken from a widget's size
// after something changed its layout
inline void let_layouts_settle(int ms = 300) { QTest::qWait(ms); }

}  // namespace js::ui::test
