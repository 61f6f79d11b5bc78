// the real main window under a real X server (xvfb-run) with Mesa's OpenGL: screenshots of the demo with
// pixel assertions, gizmo drag and capture through mouse and keyboard, every dock and dialog, bad files.
// the viewport alone (culling, levels of detail, input, frame time) is in test_gui_viewport.cpp.
#include <QApplication>
#include <QDockWidget>
#include <QFile>
#include <QBarSet>
#include <QLineSeries>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QSlider>
#include <QScrollBar>
#include <QTableWidget>
#include <QTimer>
#include <QValueAxis>
#include <QLogValueAxis>
#include <QtTest>

#include "ui/app/autosave.hpp"
#include "ui/app/dialogs.hpp"
#include "ui/app/main_window.hpp"
#include "ui/app/settings.hpp"
#include "ui/demo/demo_project.hpp"
#include "ui/document/operations.hpp"
#include "ui/document/project_file.hpp"
#include "ui/joint/dynamics_player.hpp"
#include "ui/joint/fit_runner.hpp"
#include "ui/document/joint_model.hpp"
#include "ui/joint/q_player.hpp"
#include "ui/panels/fit_charts.hpp"
#include "ui/panels/fit_panel.hpp"
#include "ui/panels/joint_sliders.hpp"
#include "ui/panels/dynamics_panel.hpp"
#include "ui/panels/playback_panel.hpp"
#include "ui/panels/samples_panel.hpp"
#include "ui/viewport/gizmo.hpp"
#include "ui/viewport/picking.hpp"
#include "ui/viewport/viewport_widget.hpp"
#include "gui_fixture.hpp"
#include "gui_pixels.hpp"
#include "gui_settle.hpp"

using namespace js;
using namespace js::ui;
using namespace js::ui::test;

namespace {

void write_text(const QString& path, const QByteArray& text) {
  QFile f(path);
  QVERIFY(f.open(QIODevice::WriteOnly));
  f.write(text);
}

}  // namespace

class GuiTest : public QObject {
  Q_OBJECT
 private:
  Windows windows_;
  std::unique_ptr<MainWindow> make_window() { return windows_.make(); }

 private slots:
  void initTestCase() {
    use_clean_settings(false);
    QVERIFY(windows_.valid());
  }

  void demo_screenshot_shows_the_bones() {
    auto w = make_window();
    w->load_demo();
    QVERIFY(settle_window(*w));
    QVERIFY2(w->viewport()->gl_error().isEmpty(), qPrintable(w->viewport()->gl_error()));
    const QImage img = w->viewport_image();
    QVERIFY(save_screenshot(img, QStringLiteral("demo_screenshot.png")));
    // the whole window too (docs/app-demo.png is a copy of it)
    QVERIFY(save_screenshot(w->window_image(), QStringLiteral("demo_window.png")));
    // the background where nothing is drawn (top-left corner)
    QVERIFY(colour_distance(img.pixelColor(5, 5), kBackground) < 12);
    // the femur's shaft and the tibia's shaft, projected with the document's camera
    const DocumentData& d = w->document().data();
    for (const auto& [body, local] : {std::pair{1, Vec3(0.0, 0.25, 0.005)}, std::pair{2, Vec3(0.0, -0.2, 0.0)}}) {
      Eigen::Vector2d px;
      QVERIFY(project_to_pixel(d.camera, d.world_T_body(body).act(local), img.width(), img.height(), px));
      const QColor c = img.pixelColor(static_cast<int>(px.x()), static_cast<int>(px.y()));
      qInfo() << "body" << body << "pixel" << px.x() << px.y() << c;
      QVERIFY2(colour_distance(c, kBackground) > 150, qPrintable(c.name()));
      // lit bone: clearly brighter than the background
      QVERIFY(c.lightness() > QColor(kBackground).lightness() + 40);
    }
    // a healthy share of the central region is bone
    int bone = 0, total = 0;
    for (int y = img.height() / 4; y < 3 * img.height() / 4; y += 4)
      for (int x = img.width() / 3; x < 2 * img.width() / 3; x += 4, ++total)
        if (colour_distance(img.pixelColor(x, y), kBackground) > 120) ++bone;
    QVERIFY2(bone > total / 10, qPrintable(QStringLiteral("%1 of %2").arg(bone).arg(total)));
    // the whole window too, for people to look at
    save_screenshot(w->window_image(), QStringLiteral("demo_window.png"));
  }

  void gizmo_drag_with_the_mouse_is_one_undo_step() {
    auto w = make_window();
    w->load_demo();
    QVERIFY(settle_window(*w));
    ViewportWidget* vp = w->viewport();
    Document& doc = w->document();
    QCOMPARE(vp->gizmo_body(), 2);
    const SE3 start = doc.data().body(2)->pose;
    const GizmoFrame g = make_gizmo_frame(doc.data(), 2, doc.data().camera);
    Eigen::Vector2d a, b;
    QVERIFY(project_to_pixel(doc.data().camera, g.origin + 0.66 * g.size * g.axes.col(0), vp->width(), vp->height(), a));
    QVERIFY(project_to_pixel(doc.data().camera, g.origin + (0.66 * g.size + 0.04) * g.axes.col(0), vp->width(),
                             vp->height(), b));
    const int steps_before = doc.undo_stack()->count();
    QTest::mousePress(vp, Qt::LeftButton, {}, QPoint(qRound(a.x()), qRound(a.y())));
    for (int i = 1; i <= 10; ++i) {
      const Eigen::Vector2d p = a + (b - a) * (i / 10.0);
      QTest::mouseMove(vp, QPoint(qRound(p.x()), qRound(p.y())));
    }
    QTest::mouseRelease(vp, Qt::LeftButton, {}, QPoint(qRound(b.x()), qRound(b.y())));
    QCOMPARE(doc.undo_stack()->count(), steps_before + 1);
    const SE3 moved = doc.data().body(2)->pose;
    QVERIFY2(std::abs(moved.p.x() - start.p.x() - 0.04) < 0.004, qPrintable(QString::number(moved.p.x() - start.p.x())));
    w->action(QStringLiteral("undo"))->trigger();
    QVERIFY(doc.data().body(2)->pose.is_approx(start, 1e-12));
    w->action(QStringLiteral("redo"))->trigger();
    QVERIFY(doc.data().body(2)->pose.is_approx(moved, 1e-12));
  }

  void capture_shortcut_records_and_undoes() {
    auto w = make_window();
    w->load_demo();
    QVERIFY(settle_window(*w));
    Document& doc = w->document();
    QCOMPARE(doc.data().joints[0].samples.size(), std::size_t(12));
    // c captures while the viewport has the keyboard (a text field would take the letter)
    w->viewport()->setFocus();
    QTRY_VERIFY(w->viewport()->hasFocus());
    QTest::keyClick(w->viewport(), Qt::Key_C);
    QCOMPARE(doc.data().joints[0].samples.size(), std::size_t(13));
    QVERIFY(doc.data().joints[0].samples.back().parent_T_child.is_approx(doc.data().body(2)->pose, 0.0));
    QCOMPARE(w->samples_panel()->table()->rowCount(), 13);
    QTest::keyClick(w->viewport(), Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(doc.data().joints[0].samples.size(), std::size_t(12));
    QTest::keyClick(w->viewport(), Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(doc.data().joints[0].samples.size(), std::size_t(13));
    // selecting a table row highlights that sample
    QTableWidget* table = w->samples_panel()->table();
    QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, table->visualRect(table->model()->index(3, 1)).center());
    QCOMPARE(doc.selection().sample, 3);
    // and the document's selection shows in the table
    Selection s = doc.selection();
    s.sample = 5;
    doc.set_selection(s);
    QCOMPARE(table->selectionModel()->selectedRows().front().row(), 5);
  }

  void clicking_a_ghost_selects_its_sample() {
    auto w = make_window();
    w->load_demo();
    QVERIFY(settle_window(*w));
    ViewportWidget* vp = w->viewport();
    Document& doc = w->document();
    const DocumentData& d = doc.data();
    const js::ui::Joint& knee = d.joints.front();
    QTableWidget* table = w->samples_panel()->table();
    // the live tibia's lower shaft, and each ghost's: click the ghost whose shaft shows farthest from the live
    // one among those no body covers (pick_body, tested on its own)
    const Vec3 shaft(0.0, -0.3, 0.0);
    Eigen::Vector2d body_px, ghost_px;
    QVERIFY(project_to_pixel(d.camera, d.world_T_body(knee.child).act(shaft), vp->width(), vp->height(), body_px));
    int sample = -1;
    double farthest = 0.0;
    for (std::size_t i = 0; i < knee.samples.size(); ++i) {
      Eigen::Vector2d px;
      const SE3 world_T_ghost = d.world_T_body(knee.parent) * knee.samples[i].parent_T_child;
      if (!project_to_pixel(d.camera, world_T_ghost.act(shaft), vp->width(), vp->height(), px)) continue;
      if (px.x() < 10 || px.y() < 10 || px.x() > vp->width() - 10 || px.y() > vp->height() - 10) continue;
      if (pick_body(d, w->meshes(), pixel_ray(d.camera, px.x(), px.y(), vp->width(), vp->height()))) continue;
      if ((px - body_px).norm() > farthest) {
        farthest = (px - body_px).norm();
        sample = static_cast<int>(i);
        ghost_px = px;
      }
    }
    QVERIFY2(sample >= 0 && farthest > 40.0, qPrintable(QString::number(farthest)));
    const QPoint at(qRound(ghost_px.x()), qRound(ghost_px.y()));
    const QImage before = w->viewport_image();
    const int steps = doc.undo_stack()->count();
    QTest::mouseClick(vp, Qt::LeftButton, {}, at);
    qInfo() << "clicked sample" << sample << "at" << at << ":" << w->last_message();
    QCOMPARE(doc.selection().joint, knee.id);
    QCOMPARE(doc.selection().sample, sample);
    QCOMPARE(doc.selection().body, 0);
    // the samples table shows it, and the viewport highlights the ghost
    QCOMPARE(table->selectionModel()->selectedRows().size(), 1);
    QCOMPARE(table->selectionModel()->selectedRows().front().row(), sample);
    const QImage after = w->viewport_image();
    save_screenshot(after, QStringLiteral("ghost_selected.png"));
    const QColor c0 = before.pixelColor(at), c1 = after.pixelColor(at);
    qInfo() << "ghost pixel before" << c0 << "after" << c1;
    QVERIFY2(colour_distance(c0, c1) > 60, qPrintable(c0.name() + QStringLiteral(" → ") + c1.name()));
    // the highlight is warm: more red than blue
    QVERIFY(c1.red() > c1.blue() + 40);
    // selection is not an edit
    QCOMPARE(doc.undo_stack()->count(), steps);
    // clicking the live tibia selects the body again
    QTest::mouseClick(vp, Qt::LeftButton, {}, QPoint(qRound(body_px.x()), qRound(body_px.y())));
    QCOMPARE(doc.selection().body, knee.child);
    QCOMPARE(doc.selection().sample, -1);
    QVERIFY(table->selectionModel()->selectedRows().isEmpty());
  }

  void convergence_chart_without_a_fit_shows_no_made_up_ticks() {
    FitCharts charts;
    charts.resize(480, 520);
    charts.show();
    QVERIFY(QTest::qWaitForWindowExposed(&charts));
    charts.set_history({});
    QApplication::processEvents();
    // the placeholder range [0, 1] used to label ticks "0 0 1 1 1"
    QVERIFY(!charts.iteration_axis()->labelsVisible());
    QVERIFY(!charts.objective_axis()->labelsVisible());
    QVERIFY(!charts.iteration_axis()->isTitleVisible());
    save_screenshot(charts.grab().toImage(), QStringLiteral("fit_charts_empty.png"));
    // a fit's history: labels back, one per whole iteration step, each label distinct
    for (const std::size_t n : {std::size_t(2), std::size_t(3), std::size_t(8), std::size_t(40)}) {
      std::vector<double> f(n);
      for (std::size_t i = 0; i < n; ++i) f[i] = std::pow(10.0, -static_cast<double>(i));
      charts.set_history(f);
      QApplication::processEvents();
      save_screenshot(charts.grab().toImage(), QStringLiteral("fit_charts_%1.png").arg(n));
      QValueAxis* axis = charts.iteration_axis();
      QVERIFY(axis->labelsVisible());
      QVERIFY(charts.objective_axis()->labelsVisible());
      QVERIFY(axis->isTitleVisible());
      QCOMPARE(axis->tickType(), QValueAxis::TicksDynamic);
      const double step = axis->tickInterval();
      QVERIFY2(step >= 1.0 && step == std::round(step), qPrintable(QString::number(step)));
      QStringList labels;
      for (double t = axis->tickAnchor(); t <= axis->max() + 1e-9; t += step)
        if (t >= axis->min() - 1e-9) labels << QString::asprintf("%.0f", t);
      QCOMPARE(QSet<QString>(labels.begin(), labels.end()).size(), labels.size());
      QVERIFY2(labels.size() >= 2 && labels.size() <= 6, qPrintable(labels.join(QLatin1Char(' '))));
      // F: a tick at each power of the log axis' base in range, a handful however many decades it spans
      const QLogValueAxis* log_axis = charts.objective_axis();
      const double per_tick = std::log10(log_axis->base());
      const int first = static_cast<int>(std::ceil(std::log10(log_axis->min()) / per_tick - 1e-9));
      const int last = static_cast<int>(std::floor(std::log10(log_axis->max()) / per_tick + 1e-9));
      QVERIFY2(last - first + 1 >= 1 && last - first + 1 <= 7, qPrintable(QStringLiteral("%1 ticks").arg(last - first + 1)));
    }
  }

  void every_dock_and_dialog_opens() {
    auto w = make_window();
    w->load_demo();
    QVERIFY(settle_window(*w));
    for (const QString& name : QStringList{"scene", "properties", "samples", "fit", "playback", "timeline"}) {
      QDockWidget* d = w->dock(name);
      QVERIFY2(d, qPrintable(name));
      d->show();
      d->raise();
      QApplication::processEvents();
      QVERIFY2(d->isVisible(), qPrintable(name));
      save_screenshot(d->grab().toImage(), QStringLiteral("dock_%1.png").arg(name));
    }
    // every control in every dock says what it does
    for (const QString& name : w->dock_names())
      for (QWidget* c : w->dock(name)->widget()->findChildren<QWidget*>())
        if ((qobject_cast<QAbstractButton*>(c) || qobject_cast<QAbstractSlider*>(c) || qobject_cast<QAbstractSpinBox*>(c)) &&
            !qobject_cast<QScrollBar*>(c) && !qobject_cast<QAbstractScrollArea*>(c->parentWidget()) &&
            !qobject_cast<QAbstractScrollArea*>(c->parentWidget() ? c->parentWidget()->parentWidget() : nullptr))
          QVERIFY2(!c->toolTip().isEmpty(), qPrintable(name + QLatin1Char('/') + c->metaObject()->className()));
    {
      ImportMeshDialog dlg(QStringLiteral("/tmp/bone.stl"), LengthUnit::millimetres, QStringLiteral("1 × 2 × 3"), w.get());
      dlg.show();
      QVERIFY(QTest::qWaitForWindowExposed(&dlg));
      QCOMPARE(dlg.units(), LengthUnit::millimetres);
      QCOMPARE(dlg.body_name(), QStringLiteral("bone"));
    }
    {
      CreateJointDialog dlg(w->document().data(), 1, 2, w.get());
      dlg.show();
      QVERIFY(QTest::qWaitForWindowExposed(&dlg));
      QCOMPARE(dlg.parent_body(), 1);
      QCOMPARE(dlg.child_body(), 2);
    }
    // the actions that open modal dialogs return once the dialog is closed
    w->set_interactive(true);
    for (const char* name : {"create_joint", "import", "open", "save_as", "export_png", "export_joint", "export_scene",
                             "load_joint"}) {
      const ModalAnswer closed = close_next_modal();
      w->action(QString::fromLatin1(name))->trigger();
      QVERIFY2(closed.answered(), name);
    }
    w->set_interactive(false);
    QVERIFY(w->isVisible());
  }

  void fit_runs_in_the_background_and_is_one_undo_step() {
    auto w = make_window();
    w->load_demo();
    QVERIFY(settle_window(*w));
    auto* fit = qobject_cast<FitPanel*>(w->panel(QStringLiteral("fit")));
    QVERIFY(fit);
    Document& doc = w->document();
    const JointId knee = doc.data().joints.front().id;
    const int before = doc.undo_stack()->count();
    QSignalSpy done(fit->runner(), &FitRunner::finished);
    QTest::mouseClick(fit->fit_button(), Qt::LeftButton);
    // the result arrives through the event loop: until then the fit is running and can be stopped
    QVERIFY(fit->stop_button()->isEnabled());
    QVERIFY(!fit->fit_button()->isEnabled());
    QVERIFY(done.wait(30000));
    QCOMPARE(done.first().first().toBool(), true);
    QCOMPARE(doc.undo_stack()->count(), before + 1);
    QCOMPARE(fit->progress_bar()->value(), 100);
    QVERIFY2(w->last_message().contains(QStringLiteral("Fitted Knee")), qPrintable(w->last_message()));
    QVERIFY(fit->charts()->history_series()->count() >= 2);
    QCOMPARE(fit->charts()->translation_set()->count(), 12);
    QVERIFY(w->samples_panel()->table()->item(0, 3)->text().contains(QStringLiteral("mm")));
    const Joint& j = *doc.data().joint(knee);
    const SE3 expected = doc.data().world_T_body(j.parent) * joint_transform(*j.model, j.q);
    QVERIFY(doc.data().world_T_body(j.child).is_approx(expected, 1e-12));

    // the q slider carries the tibia along G(q)
    auto* playback = qobject_cast<PlaybackPanel*>(w->panel(QStringLiteral("playback")));
    QVERIFY(playback && playback->sliders()->count() == 1);
    QVERIFY(playback->sliders()->slider(0)->isEnabled());
    playback->sliders()->slider(0)->setValue(700);
    const Joint& moved = *doc.data().joint(knee);
    double lo = 0.0, hi = 0.0;
    coordinate_range(moved, 0, lo, hi);
    QVERIFY(std::abs(moved.q[0] - (lo + 0.7 * (hi - lo))) < 1e-12);
    const SE3 on_joint = doc.data().world_T_body(moved.parent) * joint_transform(*moved.model, moved.q);
    QVERIFY(doc.data().world_T_body(moved.child).is_approx(on_joint, 1e-12));

    // play sweeps q along the timing profile as one undo step; stop leaves the child on the joint
    const int before_play = doc.undo_stack()->count();
    QTest::mouseClick(playback->play_button(), Qt::LeftButton);
    QVERIFY(playback->player()->playing());
    const double q_start = doc.data().joint(knee)->q[0];
    QTRY_VERIFY_WITH_TIMEOUT(doc.data().joint(knee)->q[0] != q_start, 5000);
    // and on: the sweep is under way, not one step in
    const double q_moving = doc.data().joint(knee)->q[0];
    QTRY_VERIFY_WITH_TIMEOUT(doc.data().joint(knee)->q[0] != q_moving, 5000);
    QTest::mouseClick(playback->play_button(), Qt::LeftButton);
    QVERIFY(!playback->player()->playing());
    QCOMPARE(doc.undo_stack()->count(), before_play + 1);
    const Joint& played = *doc.data().joint(knee);
    QVERIFY(doc.data().world_T_body(played.child)
                .is_approx(doc.data().world_T_body(played.parent) * joint_transform(*played.model, played.q), 1e-12));

    // simulate swings the knee under gravity in real time; pausing is one undo step, reset restores q exactly
    auto* dynamics = playback->dynamics();
    const Eigen::VectorXd q_rest = doc.data().joint(knee)->q;
    const int before_sim = doc.undo_stack()->count();
    QTest::mouseClick(dynamics->play_button(), Qt::LeftButton);
    QVERIFY(dynamics->player()->playing());
    QTRY_VERIFY_WITH_TIMEOUT(doc.data().joint(knee)->q != q_rest, 5000);
    QTRY_VERIFY_WITH_TIMEOUT(dynamics->total_series()->count() > 2, 5000);
    QTest::mouseClick(dynamics->play_button(), Qt::LeftButton);
    QVERIFY(!dynamics->player()->playing());
    QCOMPARE(doc.undo_stack()->count(), before_sim + 1);
    QTest::mouseClick(dynamics->reset_button(), Qt::LeftButton);
    QVERIFY(doc.data().joint(knee)->q == q_rest);
    QCOMPARE(doc.undo_stack()->count(), before_sim + 2);

    // a fit that cannot work (more frames than samples): a message naming the joint, nothing changes
    FitSettings bad = doc.data().fit;
    bad.frames = 40;
    QVERIFY(set_fit_settings(doc, bad).ok());
    const auto model = doc.data().joint(knee)->model;
    const int count = doc.undo_stack()->count();
    done.clear();
    QTest::mouseClick(fit->fit_button(), Qt::LeftButton);
    QVERIFY(done.wait(30000));
    QCOMPARE(done.first().first().toBool(), false);
    QVERIFY2(w->last_message().contains(QStringLiteral("Knee")) && w->last_message().contains(QStringLiteral("failed")),
             qPrintable(w->last_message()));
    QCOMPARE(doc.undo_stack()->count(), count);
    QCOMPARE(doc.data().joint(knee)->model, model);
    QVERIFY(fit->fit_button()->isEnabled());
  }

  void import_capture_save_reopen() {
    auto w = make_window();
    w->new_project();
    QVERIFY(settle_window(*w));
    const QString stl = windows_.path(QStringLiteral("parent.stl"));
    const QString obj = windows_.path(QStringLiteral("child.obj"));
    write_text(stl, "solid t\nfacet normal 0 0 1\nouter loop\nvertex 0 0 0\nvertex 100 0 0\nvertex 0 100 0\n"
                    "endloop\nendfacet\nendsolid t\n");
    write_text(obj, "v 0 0 0\nv 0.1 0 0\nv 0.1 0.1 0\nv 0 0.1 0\nf 1 2 3 4\n");
    QCOMPARE(w->import_mesh_file(stl, LengthUnit::millimetres), QString());
    QCOMPARE(w->import_mesh_file(obj, LengthUnit::metres), QString());
    Document& doc = w->document();
    QCOMPARE(doc.data().bodies.size(), std::size_t(2));
    const BodyId parent = doc.data().bodies[0].id, child = doc.data().bodies[1].id;
    const auto joint = add_joint(doc, parent, child, js::JointKind::SplineCurve);
    QVERIFY(joint.ok());
    doc.set_selection(Selection{child, joint.value, -1});
    w->viewport()->setFocus();
    QTRY_VERIFY(w->viewport()->hasFocus());
    for (int i = 0; i < 8; ++i) {
      set_body_pose(doc, child, demo_knee_pose(0.2 * i));
      QTest::keyClick(w->viewport(), Qt::Key_C);
    }
    QCOMPARE(doc.data().joint(joint.value)->samples.size(), std::size_t(8));
    // undo and redo of a capture
    w->action(QStringLiteral("undo"))->trigger();
    QCOMPARE(doc.data().joint(joint.value)->samples.size(), std::size_t(7));
    w->action(QStringLiteral("redo"))->trigger();
    QCOMPARE(doc.data().joint(joint.value)->samples.size(), std::size_t(8));

    // fit through the dock (8 samples: 6 control frames), then the q slider carries the child along G(q)
    FitSettings settings = doc.data().fit;
    settings.frames = 6;
    QVERIFY(set_fit_settings(doc, settings).ok());
    auto* fit = qobject_cast<FitPanel*>(w->panel(QStringLiteral("fit")));
    QSignalSpy done(fit->runner(), &FitRunner::finished);
    QTest::mouseClick(fit->fit_button(), Qt::LeftButton);
    QVERIFY(done.wait(30000));
    QVERIFY2(done.first().first().toBool(), qPrintable(w->last_message()));
    QVERIFY(doc.data().joint(joint.value)->model);
    auto* playback = qobject_cast<PlaybackPanel*>(w->panel(QStringLiteral("playback")));
    w->dock(QStringLiteral("playback"))->raise();
    QSlider* slider = playback->sliders()->slider(0);
    slider->setFocus();
    QTest::keyClick(slider, Qt::Key_End);
    for (int i = 0; i < 3; ++i) QTest::keyClick(slider, Qt::Key_PageDown);
    {
      const Joint& fitted = *doc.data().joint(joint.value);
      double lo = 0, hi = 0;
      coordinate_range(fitted, 0, lo, hi);
      QVERIFY(fitted.q[0] < hi && fitted.q[0] > lo);
      const SE3 world_T_parent = doc.data().world_T_body(parent);
      const SE3 world_T_child = doc.data().world_T_body(child);
      QVERIFY((world_T_child.matrix() - (world_T_parent * joint_transform(*fitted.model, fitted.q)).matrix())
                  .cwiseAbs().maxCoeff() < 1e-12);
      // the fitted joint reproduces the captured motion: at a sample's q the child is near that sample
      const SE3 at_sample = joint_transform(*fitted.model, fitted.samples[3].q);
      QVERIFY((at_sample.p - fitted.samples[3].parent_T_child.p).norm() < 2e-3);
    }
    const QString project = windows_.path(QStringLiteral("roundtrip.jsproj"));
    QCOMPARE(w->save_project_as(project), QString());
    QVERIFY(!doc.is_modified());
    const DocumentData saved = doc.data();
    QCOMPARE(w->open_project(project), QString());
    const Joint& j = *doc.data().joint(joint.value);
    QCOMPARE(j.samples.size(), std::size_t(8));
    for (std::size_t i = 0; i < 8; ++i)
      QVERIFY(j.samples[i].parent_T_child.is_approx(saved.joint(joint.value)->samples[i].parent_T_child, 0.0));
    QCOMPARE(doc.data().body(parent)->mesh_path, stl);
    QCOMPARE(doc.data().body(parent)->units, LengthUnit::millimetres);
    // the fitted model, q and the child's pose come back exactly
    QVERIFY(j.model);
    QCOMPARE(model_to_json(*j.model), model_to_json(*saved.joint(joint.value)->model));
    QCOMPARE(j.q, saved.joint(joint.value)->q);
    QVERIFY(doc.data().world_T_body(child).is_approx(saved.world_T_body(child), 0.0));
  }

  void bad_files_give_messages_and_keep_the_document() {
    auto w = make_window();
    w->load_demo();
    QVERIFY(settle_window(*w));
    Document& doc = w->document();
    const QString corrupt_mesh = windows_.path(QStringLiteral("corrupt.stl"));
    write_text(corrupt_mesh, QByteArray(200, '\x07'));
    const QString err = w->import_mesh_file(corrupt_mesh, LengthUnit::metres);
    QVERIFY2(err.contains(corrupt_mesh), qPrintable(err));
    QCOMPARE(doc.data().bodies.size(), std::size_t(2));

    const QString newer = windows_.path(QStringLiteral("newer.jsproj"));
    auto j = project_to_json(make_demo_project(), windows_.dir());
    j["version"] = 2;
    write_text(newer, QByteArray::fromStdString(j.dump()));
    const QString err2 = w->open_project(newer);
    QVERIFY2(err2.contains(QStringLiteral("newer")), qPrintable(err2));
    QCOMPARE(doc.data().bodies.size(), std::size_t(2));
    QCOMPARE(doc.data().joints[0].samples.size(), std::size_t(12));

    // a project whose mesh file is gone opens, says which file, and draws what it can
    DocumentData d = make_demo_project();
    d.bodies[1].mesh_path = windows_.path(QStringLiteral("lost_tibia.stl"));
    const QString missing = windows_.path(QStringLiteral("missing_mesh.jsproj"));
    QCOMPARE(save_project(d, missing), QString());
    QCOMPARE(w->open_project(missing), QString());
    QVERIFY2(w->last_message().contains(QStringLiteral("lost_tibia.stl")), qPrintable(w->last_message()));
    QCOMPARE(doc.data().joints[0].samples.size(), std::size_t(12));
    QTRY_VERIFY_WITH_TIMEOUT(!w->viewport_image().isNull(), 5000);
  }

  // regression: the readme's run command showed an empty document from the second start on; it now passes
  // --demo (force_demo), which must open the demo whatever the first-start setting says
  void the_demo_opens_on_the_first_start_and_whenever_asked() {
    settings::first_start_done.set(false);
    {
      auto w = make_window();
      w->start({}, false);
      QCOMPARE(w->document().data().joints.size(), std::size_t(1));  // the knee demo
      w->close();
    }
    QVERIFY(settings::first_start_done.get());
    {
      auto w = make_window();
      w->start({}, false);
      QCOMPARE(w->document().data().joints.size(), std::size_t(0));  // later starts: an empty document
      w->close();
    }
    auto w = make_window();
    w->start({}, true);
    QCOMPARE(w->document().data().joints.size(), std::size_t(1));
    QCOMPARE(w->document().data().bodies.size(), std::size_t(2));
    w->close();
  }

  void frame_time_is_measured() {
    auto w = make_window();
    w->load_demo();
    QVERIFY(settle_window(*w));
    w->viewport()->set_show_frame_time(true);
    w->viewport()->update();
    QTRY_VERIFY_WITH_TIMEOUT(w->viewport()->frame_time_ms() > 0.0, 5000);
    qInfo() << "demo frame time" << w->viewport()->frame_time_ms() << "ms at" << w->viewport()->size();
    // an idle view draws nothing: showing the time (the status bar changes) must not ask for another frame.
    // a frame that does not come has no condition to wait on: the loop runs until the frames asked for above
    // are drawn, then for half a second in which none may come
    QTest::qWait(200);
    QSignalSpy frames(w->viewport(), &ViewportWidget::frame_time_measured);
    QTest::qWait(500);
    QCOMPARE(frames.count(), 0);
  }
};

JS_GUI_TEST_MAIN(GuiTest, "jointsmith_gui_test")

#include "test_gui.moc"
