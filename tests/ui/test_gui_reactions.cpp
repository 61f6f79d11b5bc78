// the playback dock's joint reaction line (issue 17) on the knee demo in the window: hidden until a run exists,
// at the run's first frame it shows the tibia's joint reaction the core computes for the same document and
// state, it follows the frames shown and the selection, reset hides it; a screenshot of the dock mid-swing.
#include <QDockWidget>
#include <QLabel>
#include <QtTest>
#include <memory>

#include "core/dynamics/reaction_wrench.hpp"
#include "ui/app/main_window.hpp"
#include "ui/joint/document_multibody.hpp"
#include "ui/joint/dynamics_player.hpp"
#include "ui/panels/dynamics_panel.hpp"
#include "ui/panels/playback_panel.hpp"
#include "ui/panels/reaction_readout.hpp"
#include "gui_fixture.hpp"

using namespace js;
using namespace js::ui;
using namespace js::ui::test;

namespace {

constexpr int kFrames = 20;  // frames of 1/60 s: the tibia swings well away from its start

// the readout's magnitude text for a wrench, as it prints it (4 significant digits)
QString magnitudes(const JointReaction& r) {
  return QStringLiteral("force %1 N, moment %2 N·m")
      .arg(QString::number(r.constraint.tail<3>().norm(), 'g', 4), QString::number(r.constraint.head<3>().norm(), 'g', 4));
}

}  // namespace

class ReactionsTest : public QObject {
  Q_OBJECT
 private:
  Windows windows_;
 private slots:
  void initTestCase() {
    use_clean_settings();
    QVERIFY(windows_.valid());
  }

  void shows_the_selected_joints_reaction_frame_by_frame() {
    auto w = windows_.make(Wait::active);
    w->load_demo();
    Document& doc = w->document();
    const Joint knee = doc.data().joints.front();
    doc.set_selection(Selection{knee.child, knee.id, -1});
    DynamicsPanel* dyn = dynamics_panel(*w);
    ReactionReadout* readout = dyn->reaction_readout();
    QVERIFY(readout->isHidden());
    // the core's reaction at the run's first state: the document at rest, q̇ = 0, as the run builds it
    DocumentMultibody mb;
    QCOMPARE(build_document_multibody(doc.data(), mb), QString());
    Simulator sim(mb.scene.model, mb.scene.forces);
    SimulationState start = mb.scene.initial;
    sim.apply_prescribed(start);
    ReactionData expected(mb.scene.model);
    joint_reactions(sim, start, expected);
    const JointReaction& tibia = expected.joints[static_cast<std::size_t>(mb.scene_body(knee.child))];
    QVERIFY(tibia.constraint.tail<3>().norm() > 1.0);  // the tibia hangs on the knee: newtons, not round-off
    // the readout's text at the run's first frame (the build emits it before the first step)
    QString first;
    QMetaObject::Connection c = connect(dyn->player(), &DynamicsPlayer::energy, this, [&] {
      if (first.isEmpty()) first = readout->text();
    });
    QVERIFY(dyn->player()->advance(DynamicsPlayer::kFrame));
    disconnect(c);
    QVERIFY2(first.contains(magnitudes(tibia)), qPrintable(first + " | expected " + magnitudes(tibia)));
    QVERIFY(first.contains(knee.name));
    QVERIFY(first.contains(QStringLiteral("t = 0.000 s")));
    QVERIFY(readout->isVisible());
    // it follows the frames shown
    const QString after_one = readout->text();
    for (int i = 0; i < kFrames; ++i) QVERIFY(dyn->player()->advance(DynamicsPlayer::kFrame));
    JointReaction now;
    QVERIFY(dyn->player()->reaction(knee.child, now));
    QVERIFY(readout->text() != after_one);
    QVERIFY2(readout->text().contains(magnitudes(now)), qPrintable(readout->text()));
    w->dock(QStringLiteral("playback"))->raise();
    QVERIFY(settle_window(*w));
    QVERIFY(save_screenshot(w->window_image(), QStringLiteral("playback_reaction.png")));
    QVERIFY(save_screenshot(dyn->grab().toImage(), QStringLiteral("playback_reaction_dock.png")));
    // a body outside the run (nothing selected) gets the hint, the tibia again its numbers
    doc.set_selection(Selection{});
    QVERIFY(readout->text().contains(QStringLiteral("select a simulated body")));
    doc.set_selection(Selection{knee.child, knee.id, -1});
    QVERIFY(readout->text().contains(QStringLiteral("joint reaction, t =")));
    // reset drops the run and the line
    dyn->player()->reset();
    QVERIFY(readout->isHidden());
  }
};

JS_GUI_TEST_MAIN(ReactionsTest, "jointsmith_reactions_test")

#include "test_gui_reactions.moc"
