// every demo scene (resources/demos/*.json, and the example scenes in resources/scenes) opened in the real
// main window under xvfb-run: a screenshot per scene (build/tests/ui/scene_<name>.png) with pixel
// assertions, and a few simulation steps in the app equal to the core simulator's on the scene file.
// the scenes are listed when the test runs, so demos added later are covered without editing this file.
// also ik mode driven by the mouse in the real viewport.
#include <QApplication>
#include <QDir>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QLabel>
#include <QPushButton>
#include <QtTest>

#include "core/scene/scene_file.hpp"
#include "ui/app/demos.hpp"
#include "ui/app/main_window.hpp"
#include "ui/export/scene_import.hpp"
#include "ui/joint/dynamics_player.hpp"
#include "ui/panels/dynamics_panel.hpp"
#include "ui/panels/playback_panel.hpp"
#include "ui/viewport/camera.hpp"
#include "ui/document/operations.hpp"
#include "ui/joint/joint_operations.hpp"
#include "ui/joint/live_refit.hpp"
#include "ui/viewport/gizmo.hpp"
#include "ui/viewport/picking.hpp"
#include "ui/viewport/scene_builder.hpp"
#include "ui/viewport/viewport_widget.hpp"
#include "gui_fixture.hpp"
#include "gui_pixels.hpp"
#include "gui_settle.hpp"

using namespace js;
using namespace js::ui;
using namespace js::ui::test;

namespace {

// the scene files the app must open: the shipped demos and the example scenes
QStringList scene_files() {
  QStringList out = demo_files();
  const QDir examples(QStringLiteral(JS_SOURCE_DIR "/resources/scenes"));
  for (const QFileInfo& f : examples.entryInfoList({QStringLiteral("*.json")}, QDir::Files, QDir::Name))
    if (is_scene_file(f.absoluteFilePath())) out << f.absoluteFilePath();
  return out;
}

}  // namespace

class GuiDemosTest : public QObject {
  Q_OBJECT
 private:
  Windows windows_;

 private slots:
  void initTestCase() {
    use_clean_settings(false);
    QVERIFY(windows_.valid());
    // the build tree's app finds the source tree's demos
    QCOMPARE(demos_dir(), QDir::cleanPath(QStringLiteral(JS_SOURCE_DIR "/resources/demos")));
  }

  void ik_mode_drag_with_the_mouse_is_one_undo_step() {
    const auto window = windows_.make();
    MainWindow& w = *window;
    QVERIFY(wait_for_window(w));
    w.load_demo();
    let_size_settle(*w.viewport());  // the docks fill in: the view's size, which the pixels below use, settles
    Document& doc = w.document();
    const js::ui::Joint knee = doc.data().joints.front();
    w.action(QStringLiteral("ik_mode"))->trigger();
    QVERIFY(w.viewport()->ik_mode());
    ViewportWidget* vp = w.viewport();
    // grab the tibia's shaft and pull it across the view: the knee turns to follow
    const Vec3 grab = doc.data().world_T_body(knee.child).act(Vec3(0.0, -0.2, 0.0));
    Eigen::Vector2d a;
    QVERIFY(project_to_pixel(doc.data().camera, grab, vp->width(), vp->height(), a));
    const QPoint p0(static_cast<int>(a.x()), static_cast<int>(a.y()));
    const int steps_before = doc.undo_stack()->count();
    QTest::mousePress(vp, Qt::LeftButton, Qt::NoModifier, p0);
    for (int i = 1; i <= 6; ++i) {
      QMouseEvent move(QEvent::MouseMove, QPointF(p0 + QPoint(-10 * i, -6 * i)), vp->mapToGlobal(QPointF(p0 + QPoint(-10 * i, -6 * i))),
                       Qt::NoButton, Qt::LeftButton, Qt::NoModifier);
      QApplication::sendEvent(vp, &move);
    }
    QTest::mouseRelease(vp, Qt::LeftButton, Qt::NoModifier, p0 + QPoint(-60, -36));
    QVERIFY2(std::abs(doc.data().joint(knee.id)->q[0] - knee.q[0]) > 1e-3, qPrintable(w.last_message()));
    QCOMPARE(doc.undo_stack()->count(), steps_before + 1);
    save_screenshot(w.viewport_image(), QStringLiteral("ik_drag.png"));
    w.action(QStringLiteral("undo"))->trigger();
    QCOMPARE(doc.data().joint(knee.id)->q, knee.q);
    w.action(QStringLiteral("ik_mode"))->trigger();
    QVERIFY(!w.viewport()->ik_mode());
  }

  void dragging_a_sample_refits_the_joint_live_as_one_undo_step() {
    const auto window = windows_.make();
    MainWindow& w = *window;
    QVERIFY(wait_for_window(w));
    w.load_demo();
    Document& doc = w.document();
    const js::ui::Joint knee = doc.data().joints.front();
    qInfo() << "demo knee: one fit took" << knee.last_fit.seconds * 1e3 << "ms; live refit below"
            << kLiveRefitSeconds * 1e3 << "ms:" << refits_live(knee);
    doc.set_selection(Selection{0, knee.id, 6});
    let_size_settle(*w.viewport());  // the docks show the selection: the view's size, which the pixels below use, settles
    ViewportWidget* vp = w.viewport();
    const GizmoFrame g = make_sample_gizmo_frame(doc.data(), knee, 6, doc.data().camera);
    Eigen::Vector2d a, b;
    QVERIFY(project_to_pixel(doc.data().camera, g.origin + 0.66 * g.size * g.axes.col(0), vp->width(), vp->height(), a));
    QVERIFY(project_to_pixel(doc.data().camera, g.origin + (0.66 * g.size + 0.01) * g.axes.col(0), vp->width(),
                             vp->height(), b));
    const int steps_before = doc.undo_stack()->count();
    QTest::mousePress(vp, Qt::LeftButton, {}, QPoint(qRound(a.x()), qRound(a.y())));
    for (int i = 1; i <= 5; ++i) {
      const Eigen::Vector2d p = a + (b - a) * (i / 5.0);
      QTest::mouseMove(vp, QPoint(qRound(p.x()), qRound(p.y())));
    }
    QTest::mouseRelease(vp, Qt::LeftButton, {}, QPoint(qRound(b.x()), qRound(b.y())));
    const js::ui::Joint& after = *doc.data().joint(knee.id);
    // the sample moved along the parent's x (a few pixels: about 1 cm); the joint was refitted when its fit is fast
    QVERIFY2(after.samples[6].parent_T_child.p.x() - knee.samples[6].parent_T_child.p.x() > 0.003,
             qPrintable(w.last_message()));
    QCOMPARE(after.model != knee.model, refits_live(knee));
    qInfo() << "live refit:" << w.last_message() << "; last refit took" << after.last_fit.seconds * 1e3 << "ms";
    QCOMPARE(doc.undo_stack()->count(), steps_before + 1);
    w.action(QStringLiteral("undo"))->trigger();
    QCOMPARE(doc.data().joint(knee.id)->model, knee.model);
  }

  // paper fig. 5d: the surface the ball rides is drawn under it and its wave travels while Simulate runs
  void deforming_surface_is_drawn_and_moves_with_the_phase() {
    const auto window = windows_.make();
    MainWindow& w = *window;
    QVERIFY(wait_for_window(w));
    const QString err = w.open_project(demos_dir() + QStringLiteral("/deforming_surface.json"));
    QVERIFY2(err.isEmpty(), qPrintable(err));
    let_size_settle(*w.viewport());  // the docks fill in: the view's size, which the pixels below use, settles
    ViewportWidget* vp = w.viewport();
    const DocumentData& d = w.document().data();
    auto* playback = qobject_cast<PlaybackPanel*>(w.panel(QStringLiteral("playback")));
    QVERIFY(playback);
    DynamicsPlayer* player = playback->dynamics()->player();

    // the surface grid's pixels, less those where the ball is in front
    auto surface_pixels = [&] {
      const Scene scene = build_scene(d, {}, w.meshes(), d.camera, SceneOptions{});
      std::vector<QPoint> out;
      for (const MeshItem& m : scene.opaque) {
        if (m.role != MeshItem::Role::surface) continue;
        for (const Eigen::Vector3f& p : m.mesh->positions) {
          const Eigen::Vector4f world = m.world_T_mesh * p.homogeneous();
          Eigen::Vector2d px;
          if (!project_to_pixel(d.camera, world.head<3>().cast<double>(), vp->width(), vp->height(), px)) continue;
          if (px.x() < 2 || px.y() < 2 || px.x() > vp->width() - 3 || px.y() > vp->height() - 3) continue;
          if (pick_body(d, w.meshes(), pixel_ray(d.camera, px.x(), px.y(), vp->width(), vp->height()))) continue;
          out.emplace_back(static_cast<int>(px.x()), static_cast<int>(px.y()));
        }
      }
      return out;
    };
    const std::vector<QPoint> grid = surface_pixels();
    // the whole 33 × 33 grid is in view (framing takes in the surface), a few points behind the ball
    QVERIFY2(grid.size() > 1000, qPrintable(QString::number(grid.size())));
    const QImage t0 = w.viewport_image();
    QVERIFY(save_screenshot(t0, QStringLiteral("deforming_surface_t0.png")));
    // drawn: its pixels differ from the same view without it, and most are clearly unlike the background (the
    // parts turned from the key light, which comes from +y, stay dim: ~10 from the background)
    vp->options().driven_surfaces = false;
    const QImage bare = w.viewport_image();
    vp->options().driven_surfaces = true;
    int lit = 0, from_surface = 0;
    for (const QPoint& p : grid) {
      if (colour_distance(t0.pixelColor(p), kBackground) > 40) ++lit;
      if (colour_distance(t0.pixelColor(p), bare.pixelColor(p)) > 6) ++from_surface;
    }
    qInfo() << "surface grid pixels" << grid.size() << "clearly unlike the background" << lit
            << "unlike the view without the surface" << from_surface;
    QVERIFY(2 * lit >= static_cast<int>(grid.size()));
    // (edge points of the grid fall half outside the rasterized triangles)
    QVERIFY(10 * from_surface >= 9 * static_cast<int>(grid.size()));

    // half a second later the phase has moved a quarter period: the wave's shading and outline have moved
    QVERIFY(player->advance(0.5));
    QVERIFY(std::abs(d.joints.front().q[2] - 0.25) < 1e-9);
    QApplication::processEvents();
    const QImage t1 = w.viewport_image();
    QVERIFY(save_screenshot(t1, QStringLiteral("deforming_surface_t05.png")));
    int changed = 0, compared = 0;
    for (const QPoint& p : grid) {
      // where the ball has moved in front, the change is the ball's
      if (pick_body(d, w.meshes(), pixel_ray(d.camera, p.x(), p.y(), vp->width(), vp->height()))) continue;
      ++compared;
      if (colour_distance(t0.pixelColor(p), t1.pixelColor(p)) > 20) ++changed;
    }
    qInfo() << "after 0.5 s:" << changed << "of" << compared << "surface pixels changed";
    QVERIFY2(4 * changed >= compared, qPrintable(QStringLiteral("%1 of %2").arg(changed).arg(compared)));

    // cost of one rebuild at a new phase (the best of 5 batches of 10: the machine is shared), and of a frame's
    // scene while the phase stands (cached)
    QElapsedTimer timer;
    js::ui::Joint moved = d.joints.front();
    const auto ball = w.meshes().mesh(*d.body(moved.child));
    double rebuild_ms = 1e9;
    for (int batch = 0; batch < 5; ++batch) {
      timer.start();
      for (int i = 0; i < 10; ++i) {
        moved.q[2] = 0.01 * (10 * batch + i);
        QVERIFY(build_driven_surface(d, moved, ball.get(), Vec3::UnitZ()));
      }
      rebuild_ms = std::min(rebuild_ms, static_cast<double>(timer.nsecsElapsed()) * 1e-7);
    }
    constexpr int kBuilds = 50;
    DrivenSurfaceCache cache;
    SceneOptions cached;
    cached.surface_cache = &cache;
    build_scene(d, {}, w.meshes(), d.camera, cached);
    timer.restart();
    for (int i = 0; i < kBuilds; ++i) build_scene(d, {}, w.meshes(), d.camera, cached);
    const double cached_ms = static_cast<double>(timer.nsecsElapsed()) * 1e-6 / kBuilds;
    qInfo() << "surface rebuild (33 x 33 joint evaluations with jacobian):" << rebuild_ms << "ms; scene with the surface cached:"
            << cached_ms << "ms";
    QCOMPARE(cache.rebuilds(), 1);
    player->reset();
  }

  // issue 17, no-slip contact: the rolling demo plays in the app with its contact held (the dock's constraint line
  // names the slip), the ball rolls across the bowl and its rings turn with it (screenshots at 0 and 1.2 s)
  void rolling_ball_keeps_its_contact_in_the_playback() {
    const auto window = windows_.make();
    MainWindow& w = *window;
    QVERIFY(wait_for_window(w));
    const QString err = w.open_project(demos_dir() + QStringLiteral("/rolling.json"));
    QVERIFY2(err.isEmpty(), qPrintable(err));
    let_size_settle(*w.viewport());
    auto* playback = qobject_cast<PlaybackPanel*>(w.panel(QStringLiteral("playback")));
    QVERIFY(playback);
    DynamicsPlayer* player = playback->dynamics()->player();
    const DocumentData& d = w.document().data();
    const js::ui::Body* ball = nullptr;
    for (const js::ui::Body& b : d.bodies)
      if (b.name == QStringLiteral("ball")) ball = &b;
    QVERIFY(ball);
    const BodyId ball_id = ball->id;
    const SE3 start = d.world_T_body(ball_id);
    QVERIFY(save_screenshot(w.viewport_image(), QStringLiteral("rolling_t0.png")));
    QVERIFY(player->advance(1.2));
    QApplication::processEvents();
    QVERIFY(player->has_loops());
    const LoopErrors e = player->loop_errors();
    qInfo() << "rolling demo after 1.2 s: slip" << e.velocity << "m/s";
    QVERIFY2(e.velocity < 1e-9, qPrintable(QString::number(e.velocity)));
    const SE3 now = w.document().data().world_T_body(ball_id);
    // it rolled from u = 0.3 m across the bottom, and turned (about 6 rad: the distance over the radius)
    QVERIFY2((now.p - start.p).norm() > 0.1, qPrintable(QString::number((now.p - start.p).norm())));
    const double turned = Eigen::AngleAxisd(start.R.transpose() * now.R).angle();
    QVERIFY2(turned > 0.5, qPrintable(QString::number(turned)));
    QLabel* label = playback->dynamics()->loop_label();
    QVERIFY(!label->isHidden());
    QVERIFY2(label->text().contains(QStringLiteral("rolling")), qPrintable(label->text()));
    QVERIFY(save_screenshot(w.viewport_image(), QStringLiteral("rolling_t1.png")));
    player->reset();
  }

  // the four-bar's ground pin (its closed loop) is drawn in the view: both frames' triads and a cyan star at
  // the pin while closed; turning the crank alone opens it, and the gap between the pins is drawn red
  void four_bar_loop_closure_is_drawn() {
    const auto window = windows_.make();
    MainWindow& w = *window;
    QVERIFY(wait_for_window(w));
    const QString err = w.open_project(QStringLiteral(JS_SOURCE_DIR "/resources/scenes/four_bar.json"));
    QVERIFY2(err.isEmpty(), qPrintable(err));
    let_size_settle(*w.viewport());  // the docks fill in: the view's size, which the pixels below use, settles
    ViewportWidget* vp = w.viewport();
    const DocumentData& d = w.document().data();
    auto loop_of = [&] {
      const Scene scene = build_scene(d, {}, w.meshes(), d.camera, SceneOptions{});
      return scene.loops.empty() ? LoopOverlay{} : scene.loops.front();
    };
    auto pixel = [&](const Vec3& p) {
      Eigen::Vector2d px(-1, -1);
      project_to_pixel(d.camera, p, vp->width(), vp->height(), px);
      return QPoint(qRound(px.x()), qRound(px.y()));
    };
    // pixels within r of p whose colour is near c
    auto near_colour = [](const QImage& img, QPoint p, int r, const QColor& c) {
      int n = 0;
      for (int dy = -r; dy <= r; ++dy)
        for (int dx = -r; dx <= r; ++dx)
          if (img.valid(p + QPoint(dx, dy)) && colour_distance(img.pixelColor(p + QPoint(dx, dy)), c) < 90) ++n;
      return n;
    };
    const QColor cyan(64, 230, 255), red(255, 51, 51);

    const LoopOverlay closed = loop_of();
    QVERIFY(!closed.open);
    const QImage with = w.viewport_image();
    QVERIFY(save_screenshot(with, QStringLiteral("four_bar_loop_closed.png")));
    // View ▸ Show Closed Loops hides them
    QAction* show_loops = w.action(QStringLiteral("loops"));
    QVERIFY(show_loops && show_loops->isChecked());
    show_loops->trigger();
    QVERIFY(!vp->options().loops);
    const QImage without = w.viewport_image();
    show_loops->trigger();
    QVERIFY(vp->options().loops);
    // the star round the pin: cyan pixels there, none without the loop drawn
    const QPoint pin = pixel(closed.world_T_target.p);
    const int star = near_colour(with, pin, 6, cyan);
    qInfo() << "closed pin at" << pin << "cyan pixels" << star << "without the loop" << near_colour(without, pin, 6, cyan);
    QVERIFY(star >= 8);
    QCOMPARE(near_colour(without, pin, 6, cyan), 0);

    // the crank turned alone: the rocker's pin leaves the ground pin, the gap between them is red
    const js::ui::Joint crank = d.joints[0];
    QVERIFY(set_joint_q(w.document(), crank.id, crank.q + Eigen::VectorXd::Constant(1, 0.3)).ok());
    QApplication::processEvents();
    const LoopOverlay open = loop_of();
    QVERIFY(open.open);
    const QImage gap = w.viewport_image();
    QVERIFY(save_screenshot(gap, QStringLiteral("four_bar_loop_open.png")));
    const QPoint a = pixel(open.world_T_target.p), b = pixel(open.world_T_frame_b.p);
    qInfo() << "open: error" << open.error << "m, gap from" << a << "to" << b;
    QVERIFY((a - b).manhattanLength() > 20);
    int red_along = 0;
    for (int k = 1; k < 10; ++k)
      if (near_colour(gap, a + (b - a) * k / 10, 1, red) > 0) ++red_along;
    QVERIFY2(red_along >= 8, qPrintable(QString::number(red_along)));
    QCOMPARE(near_colour(gap, pin, 6, cyan), 0);

    // what the loop adds to a frame's scene: with the multibody cached while q moves (as while simulating),
    // and built afresh (what a structural edit costs once); the best of 5 batches (the machine is shared)
    constexpr int kBuilds = 50;
    DocumentData moving = d;
    LoopSceneCache cache;
    SceneOptions cached, no_loops, uncached;
    cached.loop_cache = &cache;
    no_loops.loops = false;
    double ms[3] = {1e9, 1e9, 1e9};
    QElapsedTimer timer;
    for (int batch = 0; batch < 5; ++batch)
      for (int k = 0; k < 3; ++k) {
        const SceneOptions& opt = k == 0 ? no_loops : k == 1 ? cached : uncached;
        timer.start();
        for (int i = 0; i < kBuilds; ++i) {
          moving.joints[0].q[0] = crank.q[0] + 1e-3 * i;
          build_scene(moving, {}, w.meshes(), d.camera, opt);
        }
        ms[k] = std::min(ms[k], static_cast<double>(timer.nsecsElapsed()) * 1e-6 / kBuilds);
      }
    QCOMPARE(cache.rebuilds(), 1);
    qInfo() << "four-bar scene per frame:" << ms[0] << "ms without the loop," << ms[1] << "ms with it (cached),"
            << ms[2] << "ms building the multibody every frame";
  }

  void every_scene_opens_renders_and_simulates_like_the_core() {
    const QStringList files = scene_files();
    QVERIFY(!files.isEmpty());
    const auto window = windows_.make();
    MainWindow& w = *window;
    QVERIFY(wait_for_window(w));
    auto* playback = qobject_cast<PlaybackPanel*>(w.panel(QStringLiteral("playback")));
    QVERIFY(playback);
    DynamicsPlayer* player = playback->dynamics()->player();
    for (const QString& path : files) {
      const QString name = QFileInfo(path).completeBaseName();
      qInfo() << "scene" << path;
      const QString err = w.open_project(path);
      QVERIFY2(err.isEmpty(), qPrintable(err));
      let_layouts_settle(50);  // the docks fill in before the screenshot
      QVERIFY2(w.viewport()->gl_error().isEmpty(), qPrintable(w.viewport()->gl_error()));
      const QImage img = w.viewport_image();
      QVERIFY(save_screenshot(img, QStringLiteral("scene_%1.png").arg(name)));

      // every drawn body shows where the camera projects its mesh: sample its vertices and require most of
      // them to land on pixels that are not background (the body, or whatever is in front of it). the
      // background is one flat colour; a face turned from the light is dark but still ~35 away from it
      const DocumentData& d = w.document().data();
      int bodies = 0, drawn = 0;
      for (const js::ui::Body& b : d.bodies) {
        const auto mesh = w.meshes().mesh(b);
        if (b.frame_only || !mesh) continue;
        ++bodies;
        const SE3 world_T_body = d.world_T_body(b.id);
        int seen = 0, inside = 0;
        const std::size_t stride = std::max<std::size_t>(1, mesh->positions.size() / 200);
        for (std::size_t i = 0; i < mesh->positions.size(); i += stride) {
          Eigen::Vector2d px;
          if (!project_to_pixel(d.camera, world_T_body.act(mesh->positions[i].cast<double>()), img.width(),
                                img.height(), px))
            continue;
          const int x = static_cast<int>(px.x()), y = static_cast<int>(px.y());
          if (x < 1 || y < 1 || x >= img.width() - 1 || y >= img.height() - 1) continue;
          ++inside;
          int best = 0;
          for (int dy = -1; dy <= 1; ++dy)
            for (int dx = -1; dx <= 1; ++dx) best = std::max(best, colour_distance(img.pixelColor(x + dx, y + dy), kBackground));
          if (best > 20) ++seen;
        }
        qInfo() << " body" << b.name << "vertices in view" << inside << "on drawn pixels" << seen;
        QVERIFY2(inside > 0, qPrintable(QStringLiteral("%1: %2 is outside the view").arg(name, b.name)));
        if (2 * seen >= inside) ++drawn;
      }
      QVERIFY2(bodies > 0, qPrintable(name));
      QVERIFY2(drawn == bodies, qPrintable(QStringLiteral("%1: %2 of %3 bodies drawn").arg(name).arg(drawn).arg(bodies)));
      // the view is not just background and grid: a share of it is lit mesh, clearly unlike the background
      int mesh_px = 0, total = 0;
      for (int y = 0; y < img.height(); y += 3)
        for (int x = 0; x < img.width(); x += 3, ++total)
          if (colour_distance(img.pixelColor(x, y), kBackground) > 150) ++mesh_px;
      QVERIFY2(mesh_px > total / 200, qPrintable(QStringLiteral("%1: %2 of %3").arg(name).arg(mesh_px).arg(total)));

      // a few steps in the app equal the core simulator's on the scene file (same settings, same state,
      // the scene's closed loops), as jointsmith-cli simulate runs it
      scene::Scene sc = scene::read_scene_file(path.toStdString());
      QCOMPARE(player->settings().dt, sc.settings.dt);
      QCOMPARE(player->settings().integrator, sc.settings.integrator);
      SimulatorOptions options;
      options.loops = &sc.loops;
      Simulator sim(sc.model, sc.forces, options);
      SimulationState state = sc.initial;
      sim.apply_prescribed(state);
      constexpr int kSteps = 10;
      for (int i = 0; i < kSteps; ++i) sim.step(state, sc.settings.dt, sc.settings.integrator);
      QVERIFY(player->advance(kSteps * sc.settings.dt));
      QCOMPARE(player->time(), state.t);
      QCOMPARE(player->has_loops(), !sc.loops.empty());
      // the dock shows the loop closure error for a scene with loops only
      QCOMPARE(playback->dynamics()->loop_label()->isHidden(), sc.loops.empty());
      for (int b = 0; b < sc.model.num_bodies(); ++b) {
        const js::Body& sb = sc.model.body(b);
        const js::ui::Joint* j = nullptr;
        for (const js::ui::Joint& jt : w.document().data().joints)
          if (w.document().data().body(jt.child)->name == QString::fromStdString(sb.name)) j = &jt;
        QVERIFY2(j, sb.name.c_str());
        for (int c = 0; c < sb.dof; ++c)
          QVERIFY2(std::abs(j->q[c] - state.q[sb.q_index + c]) <= 1e-12 * (1.0 + std::abs(state.q[sb.q_index + c])),
                   qPrintable(QStringLiteral("%1: %2 q%3 app %4 core %5").arg(name, QString::fromStdString(sb.name))
                                  .arg(c).arg(j->q[c], 0, 'g', 17).arg(state.q[sb.q_index + c], 0, 'g', 17)));
      }
      player->reset();
    }
  }
};

JS_GUI_TEST_MAIN(GuiDemosTest, "jointsmith_gui_demos_test")

#include "test_gui_demos.moc"
