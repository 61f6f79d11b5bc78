// issue 17, "scripted motion in the app, for animators": the timeline dock in the real window under xvfb — keys
// added at the scrubber's time and the joint's pose (each one undo step), the timing curve plotted, scrubbing that
// puts the tibia at G(q(t)) without an undo step, undo, the glTF export; a key dragged in the value plot (a preview
// while the button is down, one undo step on release, clamped between its neighbours and into the coordinate's
// range, Escape cancels). screenshots in build/dev/tests/ui.
#include <QChart>
#include <QChartView>
#include <QCheckBox>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QFile>
#include <QLineSeries>
#include <QPushButton>
#include <QScatterSeries>
#include <QSlider>
#include <QTableWidget>
#include <QValueAxis>
#include <QtTest>
#include <cmath>

#include "ui/app/main_window.hpp"
#include "ui/document/joint_model.hpp"
#include "ui/document/timeline.hpp"
#include "ui/joint/coordinate_edit.hpp"
#include "ui/joint/joint_operations.hpp"
#include "ui/joint/timeline_player.hpp"
#include "ui/panels/dynamics_panel.hpp"
#include "ui/panels/playback_panel.hpp"
#include "ui/panels/timeline_key_drag.hpp"
#include "ui/panels/timeline_panel.hpp"
#include "gui_fixture.hpp"
#include "gui_settle.hpp"

using namespace js;
using namespace js::ui;
using namespace js::ui::test;

// the value plot's pixel (viewport coordinates) of a plot value (t in s, the value in the unit the table shows),
// found as a user sees it: the chart's position of the value, through the view's transform
QPoint plot_pixel(TimelinePanel* panel, const QPointF& value) {
  QChart* chart = panel->value_view()->chart();
  return panel->value_view()->mapFromScene(chart->mapToScene(chart->mapToPosition(value, panel->key_series())));
}

// a hover (no button) at pos: QTest::mouseMove without a button only warps the pointer (Qt 6.4), which xvfb may
// deliver late or to another window
void hover(QWidget* w, const QPoint& pos) {
  QMouseEvent e(QEvent::MouseMove, QPointF(pos), QPointF(w->mapToGlobal(pos)), Qt::NoButton, Qt::NoButton, Qt::NoModifier);
  QApplication::sendEvent(w, &e);
}

QValueAxis* plot_axis(TimelinePanel* panel, Qt::Orientation o) {
  for (QAbstractAxis* a : panel->key_series()->attachedAxes())
    if (a->orientation() == o) return qobject_cast<QValueAxis*>(a);
  return nullptr;
}

class TimelineTest : public QObject {
  Q_OBJECT
 private:
  Windows windows_{QSize(1400, 950)};

 private slots:
  void initTestCase() {
    use_clean_settings();
    QVERIFY(windows_.valid());
  }

  void keys_scrub_undo_and_export_on_the_knee() {
    auto w = windows_.make();
    w->load_demo();
    QVERIFY(settle_window(*w));
    Document& doc = w->document();
    const Joint knee = doc.data().joints.front();
    QVERIFY(knee.model);
    doc.set_selection(Selection{0, knee.id, -1});
    w->dock(QStringLiteral("timeline"))->show();
    w->dock(QStringLiteral("timeline"))->raise();
    auto* panel = qobject_cast<TimelinePanel*>(w->panel(QStringLiteral("timeline")));
    QVERIFY(panel);
    QTRY_COMPARE(panel->joint(), knee.id);
    QCOMPARE(panel->table()->rowCount(), 0);
    QUndoStack* undo = doc.undo_stack();
    const int steps = undo->count();

    // three keys as an animator sets them: the time, then the pose (the knee's q: an undo step of its own), Add Key
    const double keys[3][2] = {{0.0, 0.2}, {1.0, 1.6}, {2.0, 0.5}};
    for (const auto& k : keys) {
      panel->time_box()->setValue(k[0]);
      QCOMPARE(panel->player()->time(), k[0]);
      Eigen::VectorXd q(1);
      q[0] = k[1];
      QVERIFY(set_joint_q(doc, knee.id, q).ok());
      QTest::mouseClick(panel->add_button(), Qt::LeftButton);
    }
    // one step per key and per pose; the scrubbing between them none
    QCOMPARE(undo->count(), steps + 6);
    QCOMPARE(undo->undoText(), QStringLiteral("Add Key"));
    QCOMPARE(panel->table()->rowCount(), 3);
    // the table shows degrees, as the coordinate editor does
    QCOMPARE(panel->table()->item(1, 1)->text().toDouble(), std::round(1.6 * 180 / kPi * 1e4) / 1e4);
    // the plot: value, rate and acceleration over the keys' span, at rest at the ends
    QVERIFY(panel->value_series()->count() > 100);
    QCOMPARE(panel->rate_series()->count(), panel->value_series()->count());
    QCOMPARE(panel->acceleration_series()->count(), panel->value_series()->count());
    QVERIFY(std::abs(panel->rate_series()->at(0).y()) < 1e-9);
    QVERIFY(std::abs(panel->value_series()->at(0).y() - 0.2 * 180 / kPi) < 1e-6);
    // the playback dock offers to drive the keyed joint in Simulate (on by default), the File menu the export
    auto* playback = qobject_cast<PlaybackPanel*>(w->panel(QStringLiteral("playback")));
    QVERIFY(playback);
    QCheckBox* follow = playback->dynamics()->follow_timeline_box();
    QVERIFY(follow->isEnabled());
    QVERIFY(follow->isChecked());
    QVERIFY(w->action(QStringLiteral("export_timeline")));
    QVERIFY(w->action(QStringLiteral("export_timeline"))->text().contains(QStringLiteral("Timeline Animation")));

    // scrub to 0.6 s with the slider: the tibia sits at G(q(0.6)) from core, and nothing was added to undo
    const int before_scrub = undo->count();
    const double t = 0.6;
    panel->scrubber()->setValue(static_cast<int>(std::lround(t / panel->player()->scrub_end() * panel->scrubber()->maximum())));
    QCOMPARE(undo->count(), before_scrub);
    const double shown_t = panel->player()->time();
    QVERIFY(std::abs(shown_t - t) < 2e-3);
    const Joint& keyed = *doc.data().joint(knee.id);
    const auto curve = TimelineCurve::make(keyed);
    QVERIFY(curve);
    const double q_t = curve->at(shown_t).q;
    QVERIFY(q_t > 0.2 && q_t < 1.6);
    QCOMPARE(keyed.q[0], q_t);
    Eigen::VectorXd qv(1);
    qv[0] = q_t;
    const SE3 expected = joint_transform(*keyed.model, qv);
    QVERIFY(doc.data().body(keyed.child)->pose.is_approx(expected, 1e-12));
    QVERIFY(!doc.is_modified() || undo->count() == before_scrub);
    let_layouts_settle();
    QVERIFY(save_screenshot(w->window_image(), QStringLiteral("timeline_knee.png")));

    // play runs the clock: the time moves, still no undo step
    QTest::mouseClick(panel->play_button(), Qt::LeftButton);
    QVERIFY(panel->player()->playing());
    QTRY_VERIFY_WITH_TIMEOUT(std::abs(panel->player()->time() - shown_t) > 0.05, 3000);
    QTest::mouseClick(panel->play_button(), Qt::LeftButton);
    QVERIFY(!panel->player()->playing());
    QCOMPARE(undo->count(), before_scrub);

    // the export: a .glb of the keyed motion, at 30 fps over 2 s
    const QString glb = windows_.path(QStringLiteral("knee_timeline.glb"));
    QCOMPARE(panel->export_gltf(glb), QString());
    QVERIFY(QFile::exists(glb));
    QVERIFY(QFile(glb).size() > 1000);
    QVERIFY2(w->last_message().contains(QStringLiteral("61 frames")), qPrintable(w->last_message()));
    // a path that cannot be written names itself
    const QString bad = windows_.path(QStringLiteral("no/such/dir/x.glb"));
    QVERIFY(panel->export_gltf(bad).contains(bad));

    // undo takes the last key back (the table follows), undo of all three leaves no key
    undo->undo();
    QCOMPARE(doc.data().joint(knee.id)->timeline.keys.size(), std::size_t(2));
    QTRY_COMPARE(panel->table()->rowCount(), 2);
    while (undo->index() > steps) undo->undo();
    QVERIFY(doc.data().joint(knee.id)->timeline.keys.empty());
    QCOMPARE(panel->table()->rowCount(), 0);
    QVERIFY(panel->value_series()->count() == 0);
    QVERIFY(!follow->isEnabled());
  }

  void drag_a_key_in_the_value_plot() {
    auto w = windows_.make();
    w->load_demo();
    QVERIFY(settle_window(*w));
    Document& doc = w->document();
    const JointId knee = doc.data().joints.front().id;
    QVERIFY(doc.data().joint(knee)->model);
    doc.set_selection(Selection{0, knee, -1});
    w->dock(QStringLiteral("timeline"))->show();
    w->dock(QStringLiteral("timeline"))->raise();
    auto* panel = qobject_cast<TimelinePanel*>(w->panel(QStringLiteral("timeline")));
    QVERIFY(panel);
    QTRY_COMPARE(panel->joint(), knee);
    // a range a drag can reach: at most 1.62 rad (92.8°), just above the highest key
    CoordinateEdit range = coordinate_edit_of(*doc.data().joint(knee), 0);
    range.min = 0.0;
    range.max = 1.62;
    range.default_value = std::clamp(range.default_value, 0.0, 1.62);
    QVERIFY(edit_coordinate(doc, knee, 0, range).ok());
    for (const auto& k : {std::pair{0.0, 0.2}, {1.0, 1.6}, {2.0, 0.5}, {3.0, 1.0}})
      QVERIFY(add_timeline_key(doc, knee, k.first, k.second).ok());
    QTRY_COMPARE(panel->table()->rowCount(), 4);
    let_layouts_settle();
    QUndoStack* undo = doc.undo_stack();
    QWidget* vp = panel->value_view()->viewport();
    QVERIFY(vp->isVisible());
    QValueAxis* x = plot_axis(panel, Qt::Horizontal);
    QValueAxis* y = plot_axis(panel, Qt::Vertical);
    QVERIFY(x && y);
    const double deg = 180.0 / kPi;
    // the plot shows degrees, and the range's top is on it
    QCOMPARE(panel->key_series()->at(1).y(), 1.6 * deg);
    QVERIFY(y->max() > 1.62 * deg);
    const QRectF area = panel->value_view()->chart()->plotArea();
    const double t_px = (x->max() - x->min()) / area.width();
    const double v_px = (y->max() - y->min()) / area.height() / deg;  // rad
    auto keys = [&] { return doc.data().joint(knee)->timeline.keys; };

    // hovering a key's marker offers to grab it; away from it, not
    const QPoint key1 = plot_pixel(panel, {1.0, 1.6 * deg});
    QVERIFY(vp->rect().contains(key1));
    QCOMPARE(panel->key_drag()->key_near(key1), 1);
    hover(vp, key1);
    QCOMPARE(vp->cursor().shape(), Qt::OpenHandCursor);
    const QPoint empty = plot_pixel(panel, {0.5, 1.3 * deg});
    QCOMPARE(panel->key_drag()->key_near(empty), -1);
    hover(vp, empty);
    QVERIFY(vp->cursor().shape() != Qt::OpenHandCursor);

    // a press away from every key: nothing new, no drag, no step
    const auto untouched = keys();
    const int steps = undo->index();
    QTest::mousePress(vp, Qt::LeftButton, {}, empty);
    QVERIFY(!panel->key_drag()->dragging());
    QTest::mouseMove(vp, plot_pixel(panel, {1.5, 0.5 * deg}));
    QTest::mouseRelease(vp, Qt::LeftButton, {}, plot_pixel(panel, {1.5, 0.5 * deg}));
    QCOMPARE(keys(), untouched);
    QCOMPARE(undo->index(), steps);

    // above the coordinate's range (the plot's top is above it): held at its top, 1.62 rad; undone again
    const QPoint high = plot_pixel(panel, {2.9, y->max()});
    QTest::mousePress(vp, Qt::LeftButton, {}, plot_pixel(panel, {3.0, 1.0 * deg}));
    QVERIFY(panel->key_drag()->dragging());
    QTest::mouseMove(vp, high);
    QTest::mouseRelease(vp, Qt::LeftButton, {}, high);
    QCOMPARE(undo->index(), steps + 1);
    QCOMPARE(keys()[3].value, 1.62);
    QVERIFY(std::abs(keys()[3].t - 2.9) <= t_px);
    undo->undo();
    QCOMPARE(keys(), untouched);
    let_layouts_settle();

    // key 1 from (1 s, 91.7°) to (1.4 s, 60°): the curve and marker follow while the button is down, the document
    // does not; the release is one undo step
    const QList<QPointF> curve_before = panel->value_series()->points();
    const QList<QPointF> rate_before = panel->rate_series()->points();
    QTest::mousePress(vp, Qt::LeftButton, {}, key1);
    QVERIFY(panel->key_drag()->dragging());
    QCOMPARE(vp->cursor().shape(), Qt::ClosedHandCursor);
    const QPoint halfway = plot_pixel(panel, {1.2, 75.0});
    QTest::mouseMove(vp, halfway);
    QCOMPARE(keys(), untouched);
    QCOMPARE(undo->index(), steps);
    QVERIFY(std::abs(panel->key_series()->at(1).x() - 1.2) < 1.5 * t_px);
    QVERIFY(std::abs(panel->key_series()->at(1).y() - 75.0) < 1.5 * v_px * deg);
    QVERIFY(panel->value_series()->points() != curve_before);
    QVERIFY(panel->rate_series()->points() != rate_before);
    QCOMPARE(x->max(), 3.0);  // the axes stay put during the drag
    const QPoint drop = plot_pixel(panel, {1.4, 60.0});
    QTest::mouseMove(vp, drop);
    QTest::mouseRelease(vp, Qt::LeftButton, {}, drop);
    QVERIFY(!panel->key_drag()->dragging());
    QCOMPARE(undo->index(), steps + 1);
    QCOMPARE(undo->undoText(), QStringLiteral("Move Key"));
    const auto dragged = keys();
    QCOMPARE(dragged.size(), std::size_t(4));
    QVERIFY2(std::abs(dragged[1].t - 1.4) <= t_px, qPrintable(QString::number(dragged[1].t)));
    QVERIFY2(std::abs(dragged[1].value - 60.0 / deg) <= v_px, qPrintable(QString::number(dragged[1].value * deg)));
    QCOMPARE(dragged[0], untouched[0]);
    QCOMPARE(dragged[2], untouched[2]);
    QCOMPARE(dragged[3], untouched[3]);
    // the table and the plot show the document's key
    QTRY_COMPARE(panel->table()->item(1, 0)->text().toDouble(), std::round(dragged[1].t * 1e5) / 1e5);
    QCOMPARE(panel->key_series()->at(1), QPointF(dragged[1].t, dragged[1].value * deg));
    let_layouts_settle();
    QVERIFY(save_screenshot(w->window_image(), QStringLiteral("timeline_key_drag.png")));
    // undo gives the old key back exactly, redo the dragged one
    undo->undo();
    QCOMPARE(keys(), untouched);
    QTRY_COMPARE(panel->key_series()->at(1), QPointF(1.0, 1.6 * deg));
    undo->redo();
    QCOMPARE(keys(), dragged);
    let_layouts_settle();

    // past its neighbour at 2 s: held just before it, the times still increasing
    QTest::mousePress(vp, Qt::LeftButton, {}, plot_pixel(panel, {dragged[1].t, dragged[1].value * deg}));
    QVERIFY(panel->key_drag()->dragging());
    const QPoint past = plot_pixel(panel, {2.6, 40.0});
    QTest::mouseMove(vp, past);
    QTest::mouseRelease(vp, Qt::LeftButton, {}, past);
    QCOMPARE(undo->index(), steps + 2);
    const auto held = keys();
    QCOMPARE(held.size(), std::size_t(4));
    QVERIFY2(held[1].t < held[2].t && held[1].t > 1.99, qPrintable(QString::number(held[1].t, 'g', 12)));
    QCOMPARE(held[2], untouched[2]);
    for (std::size_t i = 1; i < held.size(); ++i) QVERIFY(held[i - 1].t < held[i].t);
    let_layouts_settle();

    // Escape in the middle of a drag: the preview goes, the document and the undo stack stay
    const auto before_escape = keys();
    const QPointF key2_dot = panel->key_series()->at(2);
    QTest::mousePress(vp, Qt::LeftButton, {}, plot_pixel(panel, key2_dot));
    QVERIFY(panel->key_drag()->dragging());
    QTest::mouseMove(vp, plot_pixel(panel, {2.5, 30.0}));
    QVERIFY(panel->key_series()->at(2) != key2_dot);
    QTest::keyClick(vp, Qt::Key_Escape);
    QVERIFY(!panel->key_drag()->dragging());
    QCOMPARE(panel->key_series()->at(2), key2_dot);
    // the rest of the gesture belongs to the cancelled drag
    QTest::mouseMove(vp, plot_pixel(panel, {2.4, 20.0}));
    QTest::mouseRelease(vp, Qt::LeftButton, {}, plot_pixel(panel, {2.4, 20.0}));
    QCOMPARE(keys(), before_escape);
    QCOMPARE(undo->index(), steps + 2);
    QCOMPARE(panel->key_series()->at(2), key2_dot);
  }
};

JS_GUI_TEST_MAIN(TimelineTest, "jointsmith_timeline_test")
#include "test_gui_timeline.moc"
