// issue 17, joints drawn as the seeds draw them, in the real window (xvfb-run, Mesa): View ▸ Show Joint Frames and
// Show Joint Shapes on the knee demo (a spline joint: frames, no shape) and on Rajagopal2016 (pin joints as
// shafts, the wrists' universal joints as crossed shafts); each toggle redraws at once, is saved in the settings
// and is no undo step. screenshots joint_drawing_*.png in build/<preset>/tests/ui.
#include <QAction>
#include <QApplication>
#include <QFile>
#include <QUndoStack>
#include <QtTest>

#include "ui/app/main_window.hpp"
#include "ui/app/settings.hpp"
#include "core/lie/se3.hpp"
#include "ui/joint/joint_operations.hpp"
#include "ui/viewport/joint_shapes_scene.hpp"
#include "ui/viewport/viewport_widget.hpp"
#include "gui_fixture.hpp"
#include "gui_pixels.hpp"
#include "gui_settle.hpp"

using namespace js;
using namespace js::ui;
using namespace js::ui::test;

namespace {

const QString kModels = QStringLiteral(JS_SOURCE_DIR "/../shared/data/opensim");
constexpr int kChangedDistance = 60;
constexpr double kCloseUp = 0.45;  // of the framed distance: the ankle's bones fill the view  // L1 over rgb: a pixel that a drawn line or shape changed

// pixels that differ by more than kChangedDistance
int changed_pixels(const QImage& a, const QImage& b) {
  if (a.size() != b.size()) return -1;
  int n = 0;
  for (int y = 0; y < a.height(); ++y)
    for (int x = 0; x < a.width(); ++x)
      if (colour_distance(a.pixelColor(x, y), b.pixelColor(x, y)) > kChangedDistance) ++n;
  return n;
}

// the view's picture after the toggle's own redraw (no other event is let through first)
QImage toggled(MainWindow& w, const char* action, bool on) {
  QAction* a = w.action(QString::fromLatin1(action));
  if (!a) return {};
  a->setChecked(on);
  return w.viewport_image();
}

// the view's picture once it stops changing by itself: the ghosts' coarser levels are built in the background
// and swapped in when ready (ui/mesh/mesh_lod.hpp), which moves a few dozen pixels (at most 3 s)
QImage settled_view(MainWindow& w) {
  QImage last = w.viewport_image();
  for (int i = 0; i < 30; ++i) {
    QTest::qWait(100);
    const QImage now = w.viewport_image();
    if (changed_pixels(last, now) == 0) return now;
    last = now;
  }
  return last;
}

}  // namespace

class JointDrawingTest : public QObject {
  Q_OBJECT
 private:
  Windows windows_{QSize(1400, 900)};

 private slots:
  void initTestCase() {
    use_clean_settings();
    QVERIFY(windows_.valid());
  }

  // the knee's spline joint has its two frames but no shape: frames change pixels, shapes none; both saved, neither
  // an undo step
  void knee_demo_frames_show_and_shapes_leave_the_spline_alone() {
    auto w = windows_.make();
    w->load_demo();
    // nothing selected: no gizmo over the knee
    w->document().set_selection(Selection{});
    QVERIFY(settle_window(*w, Wait::exposed));
    QVERIFY(w->action(QStringLiteral("joint_frames")) && w->action(QStringLiteral("joint_shapes")));
    QVERIFY(!w->action(QStringLiteral("joint_frames"))->isChecked());  // off by default
    const int undo_steps = w->document().undo_stack()->count();
    const bool modified = w->document().is_modified();
    const QImage off = settled_view(*w);
    const QImage frames = toggled(*w, "joint_frames", true);
    save_screenshot(off, QStringLiteral("joint_drawing_knee_off.png"));
    save_screenshot(frames, QStringLiteral("joint_drawing_knee_frames.png"));
    const int by_frames = changed_pixels(off, frames);
    qInfo() << "knee demo: pixels the frames changed" << by_frames;
    QVERIFY(by_frames > 50);
    // triads a few centimetres long on 45 cm bones: a small part of the picture
    QVERIFY(by_frames < off.width() * off.height() / 50);
    QVERIFY(settings::show_joint_frames.get());
    const QImage shapes = toggled(*w, "joint_shapes", true);
    QCOMPARE(changed_pixels(frames, shapes), 0);
    QVERIFY(settings::show_joint_shapes.get());
    QCOMPARE(w->document().undo_stack()->count(), undo_steps);
    QCOMPARE(w->document().is_modified(), modified);
    // a window opened later starts with them on, as the settings say
    {
      auto next = windows_.make_hidden();
      QVERIFY(next->action(QStringLiteral("joint_frames"))->isChecked());
      QVERIFY(next->action(QStringLiteral("joint_shapes"))->isChecked());
      QVERIFY(next->viewport()->options().joint_frames && next->viewport()->options().joint_shapes);
    }
    // off again: the picture it started with
    toggled(*w, "joint_shapes", false);
    QCOMPARE(changed_pixels(off, toggled(*w, "joint_frames", false)), 0);
    QVERIFY(!settings::show_joint_frames.get());
  }

  // Rajagopal2016: ankles, subtalar, toes, elbows and forearms are pin joints (shafts), the wrists universal joints;
  // the whole body, then the right ankle framed close up
  void rajagopal_pins_are_shafts() {
    const QString path = kModels + QStringLiteral("/Rajagopal2016.osim");
    if (!QFile::exists(path)) QSKIP("shared data not found (../shared/data/opensim)");
    auto w = windows_.make();
    QVERIFY(settle_window(*w, Wait::exposed));
    QCOMPARE(w->open_project(path), QString());
    QVERIFY(settle_window(*w, Wait::exposed));
    const int undo_steps = w->document().undo_stack()->count();
    const QImage off = w->viewport_image();
    const QImage shapes = toggled(*w, "joint_shapes", true);
    const QImage both = toggled(*w, "joint_frames", true);
    save_screenshot(off, QStringLiteral("joint_drawing_rajagopal_off.png"));
    save_screenshot(shapes, QStringLiteral("joint_drawing_rajagopal_shapes.png"));
    save_screenshot(both, QStringLiteral("joint_drawing_rajagopal_both.png"));
    const int by_shapes = changed_pixels(off, shapes), by_frames = changed_pixels(shapes, both);
    qInfo() << "rajagopal: pixels the shapes changed" << by_shapes << "the frames" << by_frames;
    QVERIFY(by_shapes > 20);
    QVERIFY(by_frames > 50);
    QCOMPARE(w->document().undo_stack()->count(), undo_steps);

    // close up on the right ankle (tibia and talus): its shaft runs across the malleoli
    const JointId ankle = osim_joint_id(w->document(), QStringLiteral("ankle_r"));
    QVERIFY(ankle);
    // the ankle's axis runs mostly mediolaterally (OpenSim's z, to the right) and the shaft spans the malleoli
    JointGlyph g;
    QVERIFY(make_joint_glyph(w->document().data(), *w->document().data().joint(ankle), w->meshes(), g));
    qInfo() << "ankle_r shaft:" << g.length * 1e3 << "mm long, radius" << g.radius * 1e3 << "mm, axis" << g.axis.x()
            << g.axis.y() << g.axis.z() << "; frame" << g.frame_length * 1e3 << "mm";
    QCOMPARE(g.shape, JointGlyph::Shape::shaft);
    QVERIFY(std::abs(g.axis.z()) > 0.8);
    QVERIFY(g.length > 0.04 && g.length < 0.15);
    w->document().set_selection(Selection{0, ankle, -1});
    w->viewport()->frame_selection();
    // closer, and nothing selected: no gizmo over the ankle
    CameraState camera = w->document().data().camera;
    camera.distance *= kCloseUp;
    w->document().set_camera(camera);
    w->document().set_selection(Selection{});
    let_layouts_settle();
    const QImage close = w->viewport_image();
    save_screenshot(close, QStringLiteral("joint_drawing_rajagopal_ankle.png"));
    save_screenshot(w->window_image(), QStringLiteral("joint_drawing_rajagopal_window.png"));
    toggled(*w, "joint_frames", false);
    const QImage close_off = toggled(*w, "joint_shapes", false);
    save_screenshot(close_off, QStringLiteral("joint_drawing_rajagopal_ankle_off.png"));
    QVERIFY(changed_pixels(close_off, close) > 200);
  }

  // paper fig. 4 in the window: the scapulothoracic demo's swept surface with the scapula's frame at the knot grid's
  // points (the demo joint has no samples) and the current pose as a red box; then the joints' frames and shapes (the
  // clavicle's universal joint as two crossed shafts)
  void scapulothoracic_surface_shows_its_frames() {
    auto w = windows_.make();
    QVERIFY(settle_window(*w, Wait::exposed));
    QCOMPARE(w->open_project(QStringLiteral(JS_SOURCE_DIR "/resources/demos/scapulothoracic.json")), QString());
    const DocumentData& d = w->document().data();
    const Joint* surface = nullptr;
    for (const Joint& j : d.joints)
      if (j.model && j.model->kind() == js::JointKind::SplineSurface) surface = &j;
    QVERIFY(surface);
    // the scapula framed, then nothing selected (no gizmo over the surface)
    w->document().set_selection(Selection{surface->child, 0, -1});
    w->viewport()->frame_selection();
    w->document().set_selection(Selection{});
    let_layouts_settle();
    const QImage off = w->viewport_image();
    toggled(*w, "joint_shapes", true);
    const QImage on = toggled(*w, "joint_frames", true);
    save_screenshot(off, QStringLiteral("joint_drawing_scapulothoracic.png"));
    save_screenshot(on, QStringLiteral("joint_drawing_scapulothoracic_joints.png"));
    QVERIFY(changed_pixels(off, on) > 50);
    toggled(*w, "joint_shapes", false);
    toggled(*w, "joint_frames", false);
  }

  // View ▸ Show Screw Axis: the selected knee's instantaneous helical axis, drawn through the condyles; it moves
  // as q does, and it is a view setting, not an edit. then Rajagopal2016's walker_knee_r close up
  void the_knees_screw_axis_follows_q() {
    auto w = windows_.make();
    w->load_demo();
    Document& doc = w->document();
    const Joint knee = doc.data().joints.front();
    doc.set_selection(Selection{0, knee.id, -1});
    QVERIFY(settle_window(*w, Wait::exposed));
    // from the front: the flexion axis runs across the picture
    w->action(QStringLiteral("view_anterior"))->trigger();
    w->viewport()->frame_selection();
    QVERIFY(settle_window(*w, Wait::exposed));
    QVERIFY(w->action(QStringLiteral("screw_axis")));
    const int undo_steps = doc.undo_stack()->count();
    const QImage off = settled_view(*w);
    const QImage on = toggled(*w, "screw_axis", true);
    QVERIFY(settings::show_screw_axis.get());
    QCOMPARE(doc.undo_stack()->count(), undo_steps);
    save_screenshot(on, QStringLiteral("screw_axis_knee.png"));
    const int drawn = changed_pixels(off, on);
    qInfo() << "knee screw axis: pixels drawn" << drawn;
    QVERIFY(drawn > 50);
    // at 90° of flexion the axis has rolled back with the tibia: other pixels
    QVERIFY(set_joint_q(doc, knee.id, Eigen::VectorXd::Constant(1, 90 * js::kPi / 180)).ok());
    QVERIFY(settle_window(*w, Wait::exposed));
    const QImage bent = w->viewport_image();
    save_screenshot(bent, QStringLiteral("screw_axis_knee_90.png"));
    QVERIFY(changed_pixels(on, bent) > 50);
    toggled(*w, "screw_axis", false);
    QVERIFY(!settings::show_screw_axis.get());

    const QString path = kModels + QStringLiteral("/Rajagopal2016.osim");
    if (!QFile::exists(path)) QSKIP("shared data not found (../shared/data/opensim)");
    auto r = windows_.make();
    QCOMPARE(r->open_project(path), QString());
    const JointId walker = osim_joint_id(r->document(), QStringLiteral("walker_knee_r"));
    QVERIFY(walker != 0);
    r->document().set_selection(Selection{0, walker, -1});
    QVERIFY(settle_window(*r, Wait::exposed));
    r->action(QStringLiteral("view_anterior"))->trigger();
    r->viewport()->frame_selection();
    QVERIFY(settle_window(*r, Wait::exposed));
    const QImage r_off = r->viewport_image();
    const QImage r_on = toggled(*r, "screw_axis", true);
    save_screenshot(r_on, QStringLiteral("screw_axis_rajagopal_knee.png"));
    QVERIFY(changed_pixels(r_off, r_on) > 50);
    toggled(*r, "screw_axis", false);
  }
};

JS_GUI_TEST_MAIN(JointDrawingTest, "jointsmith_gui_joint_drawing_test")

#include "test_gui_joint_drawing.moc"
