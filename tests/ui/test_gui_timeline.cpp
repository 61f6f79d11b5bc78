// issue 17, "scripted motion in the app, for animators": the timeline dock in the real window under xvfb — keys
// added at the scrubber's time and the joint's pose (each one undo step), the timing curve plotted, scrubbing that
// puts the tibia at G(q(t)) without an undo step, undo, the glTF export. screenshot in build/dev/tests/ui.
#include <QCheckBox>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QFile>
#include <QLineSeries>
#include <QPushButton>
#include <QSlider>
#include <QTableWidget>
#include <QtTest>
#include <cmath>

#include "ui/app/main_window.hpp"
#include "ui/document/joint_model.hpp"
#include "ui/document/timeline.hpp"
#include "ui/joint/joint_operations.hpp"
#include "ui/joint/timeline_player.hpp"
#include "ui/panels/dynamics_panel.hpp"
#include "ui/panels/playback_panel.hpp"
#include "ui/panels/timeline_panel.hpp"
#include "gui_fixture.hpp"
#include "gui_settle.hpp"

using namespace js;
using namespace js::ui;
using namespace js::ui::test;

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
};

JS_GUI_TEST_MAIN(TimelineTest, "jointsmith_timeline_test")
#include "test_gui_timeline.moc"
