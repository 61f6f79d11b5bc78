// the app as a user drives it (issue 18): automatic q at capture (the slider's value, or the next free value
// for a joint not fitted yet), captures that ask first (outside the range, a pose already captured), a fit
// that folds back flagged in the fit dock, and simulation settings that belong to the document.
#include <QAbstractButton>
#include <QBarCategoryAxis>
#include <QBarSet>
#include <QValueAxis>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QFile>
#include <QFileDialog>
#include <QDir>
#include <QFileInfo>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QHeaderView>
#include <QSpinBox>
#include <QTableWidget>
#include <QTreeWidget>
#include <QTreeWidgetItemIterator>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTimer>
#include <QtTest>
#include <algorithm>
#include <cmath>

#include "ui/app/main_window.hpp"
#include "ui/app/settings.hpp"
#include "ui/demo/demo_project.hpp"
#include "ui/document/coordinate_units.hpp"
#include "ui/document/operations.hpp"
#include "ui/document/project_file.hpp"
#include "ui/export/exports.hpp"
#include "ui/joint/dynamics_player.hpp"
#include "ui/joint/fit_runner.hpp"
#include "ui/joint/fold_check.hpp"
#include "ui/document/joint_model.hpp"
#include "ui/joint/joint_operations.hpp"
#include "ui/mesh/mesh_import.hpp"
#include "ui/mesh/mesh_mass.hpp"
#include "ui/panels/dynamics_panel.hpp"
#include "ui/panels/fit_charts.hpp"
#include "ui/panels/fit_panel.hpp"
#include "ui/panels/playback_panel.hpp"
#include "ui/panels/properties_panel.hpp"
#include "ui/panels/samples_panel.hpp"
#include "ui/panels/scene_tree_panel.hpp"
#include "ui/viewport/gl_format.hpp"
#include "ui/viewport/viewport_widget.hpp"
#include "gui_fixture.hpp"
#include "gui_settle.hpp"

using namespace js;
using namespace js::ui;
using namespace js::ui::test;

class WorkflowTest : public QObject {
  Q_OBJECT
 private:
  Windows windows_;
  std::unique_ptr<MainWindow> make_window() { return windows_.make(Wait::active); }
  // C in the view, as the user presses it. after a dialog closes a window manager gives its parent window the
  // focus back; under xvfb-run there is none (X gives the focus to the root window, Qt then has no active
  // window and key shortcuts go nowhere), so the window is activated here as one would
  static void press_capture(MainWindow& w) {
    QVERIFY(wait_for_window(w, Wait::active));
    w.viewport()->setFocus();
    QTRY_VERIFY(w.viewport()->hasFocus());
    QTest::keyClick(w.viewport(), Qt::Key_C);
  }
  static FitPanel* fit_panel(MainWindow& w) { return qobject_cast<FitPanel*>(w.panel(QStringLiteral("fit"))); }
 private slots:
  void initTestCase() {
    use_clean_settings();
    QVERIFY(windows_.valid());
  }

  // regression: the knee demo's C gave "q = 3", outside [0, 2.09]: the auto q is the slider's value
  void auto_q_is_the_sliders_value() {
    auto w = make_window();
    w->load_demo();
    Document& doc = w->document();
    const Joint knee = doc.data().joints.front();
    double lo = 0, hi = 0;
    coordinate_range(knee, 0, lo, hi);
    // the slider half way: the tibia sits at G(q)
    Eigen::VectorXd q(1);
    q[0] = 0.37 * (lo + hi);
    QVERIFY(set_joint_q(doc, knee.id, q).ok());
    doc.set_selection(Selection{knee.child, knee.id, -1});
    qInfo() << "placeholder" << w->samples_panel()->q_entry()->placeholderText();
    press_capture(*w);
    const Joint& after = *doc.data().joint(knee.id);
    QCOMPARE(after.samples.size(), std::size_t(13));
    QCOMPARE(after.samples.back().q[0], q[0]);
    QVERIFY(after.samples.back().q[0] >= lo && after.samples.back().q[0] <= hi);
    qInfo() << w->last_message();
  }

  // a q outside the range, or a pose already captured, asks first; No captures nothing
  void outside_the_range_or_a_duplicate_asks_first() {
    auto w = make_window();
    w->load_demo();
    Document& doc = w->document();
    const Joint knee = doc.data().joints.front();
    doc.set_selection(Selection{knee.child, knee.id, -1});
    SamplesPanel* samples = w->samples_panel();
    samples->q_entry()->setText(QStringLiteral("3 rad"));
    const ModalAnswer outside = answer_box(QMessageBox::No);
    QTest::mouseClick(samples->capture_button(), Qt::LeftButton);
    QVERIFY(outside.answered());
    QVERIFY2(outside.text().contains(QStringLiteral("outside")), qPrintable(outside.text()));
    QCOMPARE(doc.data().joint(knee.id)->samples.size(), std::size_t(12));
    QVERIFY2(w->last_message().contains(QStringLiteral("Not captured")), qPrintable(w->last_message()));
    // a pose already captured: the child at sample 5
    samples->q_entry()->clear();
    QVERIFY(pose_at_sample(doc, knee.id, 4).ok());
    doc.set_selection(Selection{knee.child, knee.id, -1});
    const ModalAnswer dup = answer_box(QMessageBox::No);
    press_capture(*w);
    QVERIFY(dup.answered());
    QVERIFY2(dup.text().contains(QStringLiteral("sample 5")), qPrintable(dup.text()));
    QCOMPARE(doc.data().joint(knee.id)->samples.size(), std::size_t(12));
    // Yes captures it anyway
    const ModalAnswer yes = answer_box(QMessageBox::Yes);
    press_capture(*w);
    QVERIFY(yes.answered());
    QCOMPARE(doc.data().joint(knee.id)->samples.size(), std::size_t(13));
  }

  // regression: a knee built from scratch got q ∈ [0, 7] in sample-index units; now q steps by the
  // rotation between poses (radians), the knee's flexion
  void a_fresh_joint_gets_q_in_radians() {
    auto w = make_window();
    w->new_project();
    Document& doc = w->document();
    DocumentData bones = make_demo_project();
    bones.joints.clear();
    doc.reset(bones, {});
    const BodyId femur = doc.data().bodies[0].id, tibia = doc.data().bodies[1].id;
    const auto joint = add_joint(doc, femur, tibia, js::JointKind::SplineCurve);
    QVERIFY(joint.ok());
    doc.set_selection(Selection{tibia, joint.value, -1});
    for (int i = 0; i < 8; ++i) {
      QVERIFY(set_body_pose(doc, tibia, demo_knee_pose(0.25 * i)).ok());
      press_capture(*w);
    }
    const Joint& j = *doc.data().joint(joint.value);
    QCOMPARE(j.samples.size(), std::size_t(8));
    QCOMPARE(j.samples.front().q[0], 0.0);
    for (std::size_t i = 1; i < 8; ++i) QVERIFY(j.samples[i].q[0] > j.samples[i - 1].q[0]);
    // flexion of 1.75 rad plus the tibia's small internal rotation and adduction
    qInfo() << "last q" << j.samples.back().q[0];
    QVERIFY(j.samples.back().q[0] > 1.7 && j.samples.back().q[0] < 2.3);
  }

  // the path: a capture at q = 3 (accepted) on the fitted demo, then Fit: the dock says it folds back
  void a_fit_that_folds_back_is_flagged() {
    auto w = make_window();
    w->load_demo();
    Document& doc = w->document();
    const Joint knee = doc.data().joints.front();
    FitPanel* fit = fit_panel(*w);
    w->dock(QStringLiteral("fit"))->raise();
    doc.set_selection(Selection{knee.child, knee.id, -1});
    QTRY_VERIFY(!fit->fold_warning()->isVisible());  // the demo's fitted knee is fine
    const FoldCheck good = check_fold(*doc.data().joint(knee.id)->model, doc.data().fit.length_scale);
    qInfo() << "demo min/median speed" << good.min_speed << good.median_speed;
    QVERIFY(!good.folds);
    // the tibia where the slider put it, captured as q = 3
    Eigen::VectorXd q(1);
    q[0] = 1.0;
    QVERIFY(set_joint_q(doc, knee.id, q).ok());
    w->samples_panel()->q_entry()->setText(QStringLiteral("3 rad"));
    const ModalAnswer outside = answer_box(QMessageBox::Yes);
    QTest::mouseClick(w->samples_panel()->capture_button(), Qt::LeftButton);
    QVERIFY(outside.answered());
    QCOMPARE(doc.data().joint(knee.id)->samples.size(), std::size_t(13));
    QSignalSpy done(fit->runner(), &FitRunner::finished);
    QTest::mouseClick(fit->fit_button(), Qt::LeftButton);
    QVERIFY(done.wait(60000));
    QVERIFY2(done.first().first().toBool(), qPrintable(w->last_message()));
    const FoldCheck bad = check_fold(*doc.data().joint(knee.id)->model, doc.data().fit.length_scale);
    qInfo() << "folded min/median speed" << bad.min_speed << bad.median_speed << "at q" << bad.q << "reverses"
            << bad.reverses << "retraces from" << bad.back_from << "to" << bad.back_to << "ratio" << bad.retrace_ratio;
    // regression (issue 18, item 1): the path keeps 64% of its median speed and turns wide, so neither the speed
    // nor a flip between neighbours shows it; it runs back past the poses it had before, the other way
    QVERIFY(bad.folds);
    QVERIFY(bad.retraces);
    QVERIFY(bad.back_to < bad.back_from);
    QTRY_VERIFY(fit->fold_warning()->isVisible());
    qInfo().noquote() << fit->fold_warning()->text();
    QVERIFY(fit->fold_warning()->text().contains(QStringLiteral("folds back")));
    let_layouts_settle();  // for the screenshot
    QVERIFY(save_screenshot(w->window_image(), QStringLiteral("fold_warning.png")));
    // undo the fit: the flag goes with it
    w->action(QStringLiteral("undo"))->trigger();
    QTRY_VERIFY(!fit->fold_warning()->isVisible());
  }

  // regression: C, K and F did nothing while a number field had the focus; Enter in "Next q" captured
  void shortcuts_work_in_number_fields_and_enter_does_not_capture() {
    auto w = make_window();
    w->load_demo();
    Document& doc = w->document();
    const Joint knee = doc.data().joints.front();
    doc.set_selection(Selection{knee.child, knee.id, -1});
    QSpinBox* frames = fit_panel(*w)->frames();
    w->dock(QStringLiteral("fit"))->raise();
    frames->setFocus();
    QTRY_VERIFY(frames->hasFocus());
    const int frames_before = frames->value();
    QTest::keyClick(frames, Qt::Key_C);
    QCOMPARE(doc.data().joint(knee.id)->samples.size(), std::size_t(13));
    QCOMPARE(frames->value(), frames_before);
    // the knee moved on (the same pose again would ask first), a q typed in the coordinate's unit (degrees),
    // Enter: checked, not captured; then C captures it once
    QVERIFY(set_joint_q(doc, knee.id, Eigen::VectorXd::Constant(1, 1.5 * M_PI / 180.0)).ok());
    QCOMPARE(coordinate_unit(*doc.data().joint(knee.id), 0), CoordinateUnit::degrees);
    QLineEdit* entry = w->samples_panel()->q_entry();
    entry->setFocus();
    QTRY_VERIFY(entry->hasFocus());
    QTest::keyClicks(entry, QStringLiteral("1.5"));
    QTest::keyClick(entry, Qt::Key_Return);
    QCOMPARE(doc.data().joint(knee.id)->samples.size(), std::size_t(13));
    QVERIFY2(w->last_message().contains(QStringLiteral("1.5")), qPrintable(w->last_message()));
    QTest::keyClick(entry, Qt::Key_C);
    QCOMPARE(doc.data().joint(knee.id)->samples.size(), std::size_t(14));
    QVERIFY(std::abs(doc.data().joint(knee.id)->samples.back().q[0] - 1.5 * M_PI / 180.0) < 1e-15);
    QCOMPARE(entry->text(), QString());
    // F frames the selection from a spin box too (the camera moves)
    frames->setFocus();
    QTRY_VERIFY(frames->hasFocus());
    const CameraState before = doc.data().camera;
    QTest::keyClick(frames, Qt::Key_F);
    QTRY_VERIFY(doc.data().camera.distance != before.distance || doc.data().camera.target != before.target);
  }

  // regression: a fitted joint's kind changed to revolute threw the spline away, a 2-dof joint file rewrote
  // every sample as "q, 0", without a word
  void destructive_changes_ask_first() {
    auto w = make_window();
    w->load_demo();
    Document& doc = w->document();
    const Joint knee = doc.data().joints.front();
    doc.set_selection(Selection{0, knee.id, -1});
    auto* props = qobject_cast<PropertiesPanel*>(w->panel(QStringLiteral("properties")));
    QComboBox* kind = props->joint_kind_box();
    QTRY_COMPARE(kind->currentText(), QStringLiteral("spline_curve"));
    const ModalAnswer no = answer_box(QMessageBox::No);
    kind->setCurrentText(QStringLiteral("revolute"));
    QVERIFY(no.wait());
    QVERIFY2(no.text().contains(QStringLiteral("fitted")), qPrintable(no.text()));
    QCOMPARE(doc.data().joint(knee.id)->kind, js::JointKind::SplineCurve);
    QCOMPARE(doc.data().joint(knee.id)->model, knee.model);
    QCOMPARE(kind->currentText(), QStringLiteral("spline_curve"));
    const ModalAnswer yes = answer_box(QMessageBox::Yes);
    kind->setCurrentText(QStringLiteral("revolute"));
    QVERIFY(yes.wait());
    QCOMPARE(doc.data().joint(knee.id)->kind, js::JointKind::Revolute);
    // the joint file case: a 2-dof model on the 1-dof knee names the 12 samples it would rewrite
    const QString loss = joint_change_loss(knee, QStringLiteral("the model of surface.json"), 2);
    QVERIFY2(loss.contains(QStringLiteral("12 sample")) && loss.contains(QStringLiteral("fitted")), qPrintable(loss));
    QVERIFY(joint_change_loss(*doc.data().joint(knee.id), QStringLiteral("kind prismatic"), 1).isEmpty());
  }

  // regression: the minimum window was 908×834 (no fit on a 1366×768 laptop), the samples table showed one
  // row at 1024 px, the tree cut names
  void fits_a_laptop_screen() {
    auto w = windows_.make_hidden();
    w->load_demo();
    w->resize(1366, 740);  // 768 less a panel
    w->show();
    QVERIFY(wait_for_window(*w));
    const QSize min = w->minimumSizeHint().expandedTo(w->minimumSize());
    qInfo() << "minimum window" << min;
    QVERIFY(min.width() <= 800 && min.height() <= 600);
    QTableWidget* table = w->samples_panel()->table();
    auto rows_shown = [table] { return table->viewport()->height() / std::max(1, table->rowHeight(0)); };
    const bool enough_rows = QTest::qWaitFor([&] { return rows_shown() >= 5; }, 5000);
    if (!enough_rows) {
      save_screenshot(w->window_image(), QStringLiteral("laptop_1366_too_few_rows.png"));
      qInfo() << "samples table viewport" << table->viewport()->height() << "row" << table->rowHeight(0);
    }
    QVERIFY(enough_rows);
    qInfo() << "samples rows shown at" << w->size() << rows_shown();
    let_layouts_settle();  // for the screenshot
    QVERIFY(save_screenshot(w->window_image(), QStringLiteral("laptop_1366.png")));
    // the tree's name column is as wide as its longest name
    auto* tree = qobject_cast<SceneTreePanel*>(w->panel(QStringLiteral("scene")))->tree();
    int widest = 0;
    for (QTreeWidgetItemIterator it(tree); *it; ++it)
      widest = std::max(widest, tree->fontMetrics().horizontalAdvance((*it)->text(0)));
    QVERIFY(tree->header()->sectionSize(0) >= widest);
    // and the window goes down to 800×600 with every panel reachable (scroll areas)
    w->resize(800, 600);
    QTRY_VERIFY_WITH_TIMEOUT(w->width() <= 800 && w->height() <= 600, 5000);
    let_layouts_settle();  // for the screenshot
    QVERIFY(save_screenshot(w->window_image(), QStringLiteral("laptop_800.png")));
  }

  // regression: the letters streaked (normals smoothed across the extrusion's 90° rims): each vertex normal
  // now follows its own face at a crease, while a bone stays smooth
  void creases_keep_their_normals() {
    const MeshImport letter = import_mesh(QStringLiteral(JS_SOURCE_DIR "/resources/demos/meshes/letter_I.obj"), LengthUnit::metres);
    QVERIFY2(letter.mesh, qPrintable(letter.error));
    const MeshData& m = *letter.mesh;
    double worst = 0.0;
    for (std::size_t t = 0; t + 2 < m.indices.size(); t += 3) {
      const Eigen::Vector3f a = m.positions[m.indices[t]], b = m.positions[m.indices[t + 1]], c = m.positions[m.indices[t + 2]];
      const Eigen::Vector3f face = (b - a).cross(c - a).normalized();
      for (int k = 0; k < 3; ++k)
        worst = std::max(worst, std::acos(std::clamp<double>(face.dot(m.normals[m.indices[t + k]]), -1.0, 1.0)));
    }
    qInfo() << "letter I: largest angle between a vertex normal and its face" << worst * 180.0 / kPi << "deg";
    QVERIFY(worst < 10.0 * kPi / 180.0);
    // a bone: neighbouring vertices share one smooth normal (far fewer vertices than 3 per triangle)
    const MeshImport femur = import_mesh(QStringLiteral(JS_SOURCE_DIR "/resources/demos/meshes/femur.obj"), LengthUnit::metres);
    QVERIFY2(femur.mesh, qPrintable(femur.error));
    qInfo() << "femur vertices" << femur.mesh->positions.size() << "triangles" << femur.mesh->triangle_count();
    QVERIFY(femur.mesh->positions.size() < femur.mesh->triangle_count());
  }

  // regression: imported bones got 1 kg at the mesh origin, so a hanging tibia felt no torque
  void imported_bones_get_mass_from_their_mesh() {
    auto w = make_window();
    w->new_project();
    const QString femur = QStringLiteral(JS_SOURCE_DIR "/resources/demos/meshes/femur.obj");
    QCOMPARE(w->import_mesh_file(femur, LengthUnit::metres, QStringLiteral("femur"), 1850.0), QString());
    qInfo() << w->last_message();
    const js::ui::Body& b = w->document().data().bodies.back();
    const MeshImport imp = import_mesh(femur, LengthUnit::metres);
    const MeshMass mm = mesh_mass(*imp.mesh, 1850.0);
    QVERIFY(mm.ok);
    QCOMPARE(b.mass, mm.mass);
    QVERIFY(b.mass > 0.05 && b.mass < 5.0);  // a femur: a few hundred grams of bone
    QVERIFY(b.com.norm() > 1e-3);             // not the mesh origin
    for (int i = 0; i < 3; ++i) {
      QVERIFY(b.com[i] > imp.mesh->bounds_min[i] && b.com[i] < imp.mesh->bounds_max[i]);
      QVERIFY(b.inertia_diag[i] > 0.0);
    }
    QVERIFY(w->last_message().contains(QStringLiteral("kg/m³")));
    // twice the density, twice the mass
    QCOMPARE(mesh_mass(*imp.mesh, 3700.0).mass, 2.0 * mm.mass);
    // an open mesh cannot be filled: 1 kg stays and the message says why
    const QString open = windows_.path(QStringLiteral("open.obj"));
    QFile f(open);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("v 0 0 0\nv 0.1 0 0\nv 0 0.1 0\nf 1 2 3\n");
    f.close();
    QCOMPARE(w->import_mesh_file(open, LengthUnit::metres), QString());
    QCOMPARE(w->document().data().bodies.back().mass, 1.0);
    QVERIFY2(w->last_message().contains(QStringLiteral("not a closed surface")), qPrintable(w->last_message()));
  }

  // regression: a missing mesh could not be relinked (Properties ▸ Mesh was read-only)
  void a_missing_mesh_is_replaced() {
    auto w = make_window();
    DocumentData d = make_demo_project();
    const QString tibia = windows_.path(QStringLiteral("tibia_moved.obj"));
    QVERIFY(QFile::copy(QStringLiteral(JS_SOURCE_DIR "/resources/demos/meshes/femur.obj"), tibia));
    d.bodies[1].mesh_path = windows_.path(QStringLiteral("lost/tibia.obj"));
    const QString project = windows_.path(QStringLiteral("missing.jsproj"));
    QCOMPARE(save_project(d, project), QString());
    QCOMPARE(w->open_project(project), QString());
    QVERIFY2(w->last_message().contains(QStringLiteral("lost/tibia.obj")), qPrintable(w->last_message()));
    Document& doc = w->document();
    const BodyId id = doc.data().bodies[1].id;
    doc.set_selection(Selection{id, 0, -1});
    auto* props = qobject_cast<PropertiesPanel*>(w->panel(QStringLiteral("properties")));
    QVERIFY(props->replace_mesh_button()->isVisible());
    // the button's file dialog, answered as the user does: the moved file's path typed in its name field, Enter
    const ModalAnswer file = answer_file_dialog(tibia);
    QTest::mouseClick(props->replace_mesh_button(), Qt::LeftButton);
    QVERIFY(file.answered());
    QCOMPARE(doc.data().body(id)->mesh_path, QFileInfo(tibia).absoluteFilePath());
    QVERIFY(doc.is_modified());
    w->action(QStringLiteral("undo"))->trigger();
    QCOMPARE(doc.data().body(id)->mesh_path, windows_.path(QStringLiteral("lost/tibia.obj")));
    QVERIFY(!replace_body_mesh(doc, id, windows_.path(QStringLiteral("nope.obj"))).ok());
  }

  // regression: the residual chart labelled 2.78e-17 and 0.333, elided sample labels from 10 on
  void residual_chart_has_round_axes_and_readable_labels() {
    FitCharts charts;
    charts.resize(360, 420);
    charts.show();
    std::vector<PoseError> exact(8);
    exact[3].translation = 2.78e-20;  // round-off of an exact fit
    charts.set_residuals(exact);
    QCOMPARE(charts.residual_axis()->min(), 0.0);
    QCOMPARE(charts.residual_axis()->max(), 1.0);
    QCOMPARE(charts.translation_set()->at(3), 0.0);
    QCOMPARE(charts.sample_axis()->count(), 8);
    std::vector<PoseError> some(100);
    for (std::size_t i = 0; i < some.size(); ++i) some[i].translation = 2.7e-3 * static_cast<double>(i) / 99.0;
    charts.set_residuals(some);
    QCOMPARE(charts.residual_axis()->max(), 3.0);
    QCOMPARE(charts.residual_axis()->tickInterval(), 1.0);
    QCOMPARE(charts.residual_axis()->labelFormat(), QStringLiteral("%.0f"));
    int labelled = 0;
    for (const QString& c : charts.sample_axis()->categories())
      if (!c.trimmed().isEmpty() && c.at(0) != QChar(0x200B)) ++labelled;
    QCOMPARE(charts.sample_axis()->count(), 100);
    QVERIFY(labelled >= 5 && labelled <= 11);
    let_layouts_settle(100);  // the chart lays out for the screenshot
    QVERIFY(save_screenshot(charts.grab().toImage(), QStringLiteral("residual_100.png")));
    // no model: no stale categories
    charts.set_residuals({});
    QCOMPARE(charts.sample_axis()->count(), 0);
  }

  // the Help menu: shortcuts listed from the actions themselves, About with the version
  void help_lists_shortcuts_and_version() {
    auto w = make_window();
    const QString keys = w->shortcuts_text();
    qInfo().noquote() << keys;
    QVERIFY(keys.contains(QStringLiteral("Capture Sample")));
    QVERIFY(keys.contains(QStringLiteral("IK Mode")));
    QVERIFY(keys.contains(QStringLiteral("Frame Selection")));
    QVERIFY(w->action(QStringLiteral("about")) && w->action(QStringLiteral("docs")));
    w->action(QStringLiteral("about"))->trigger();
    QVERIFY2(w->last_message().contains(QStringLiteral("Jointsmith")), qPrintable(w->last_message()));
  }

  // regression: Export Scene File dropped imported meshes (reopened as ellipsoids) and joint names
  void an_exported_scene_keeps_meshes_and_joint_names() {
    auto w = make_window();
    w->new_project();
    const QString femur = QStringLiteral(JS_SOURCE_DIR "/resources/demos/meshes/femur.obj");
    const QString foot = QStringLiteral(JS_SOURCE_DIR "/resources/demos/meshes/foot.obj");
    QCOMPARE(w->import_mesh_file(femur, LengthUnit::metres, QStringLiteral("femur_r")), QString());
    QCOMPARE(w->import_mesh_file(foot, LengthUnit::metres, QStringLiteral("foot_r")), QString());
    Document& doc = w->document();
    const auto joint = add_joint(doc, doc.data().bodies[0].id, doc.data().bodies[1].id, js::JointKind::Revolute,
                                 QStringLiteral("ankle_r"));
    QVERIFY2(joint.ok(), qPrintable(joint.error));
    const QString scene = windows_.path(QStringLiteral("exported/scene.json"));
    QVERIFY(QDir().mkpath(QFileInfo(scene).absolutePath()));
    QCOMPARE(export_scene_file(doc.data(), scene), QString());
    QCOMPARE(w->open_scene(scene), QString());
    const DocumentData& d = doc.data();
    QStringList meshes, joints;
    for (const js::ui::Body& b : d.bodies) meshes << QFileInfo(b.mesh_path).fileName();
    for (const Joint& j : d.joints) joints << j.name;
    qInfo() << meshes << joints;
    QVERIFY(meshes.contains(QStringLiteral("femur.obj")) && meshes.contains(QStringLiteral("foot.obj")));
    QVERIFY(joints.contains(QStringLiteral("ankle_r")));
    for (const js::ui::Body& b : d.bodies)
      if (!b.mesh_path.isEmpty()) QVERIFY2(QFileInfo::exists(b.mesh_path), qPrintable(b.mesh_path));
  }

  // regression: dt, integrator, damping and gravity carried over from whatever was opened before
  void simulation_settings_belong_to_the_document() {
    auto w = make_window();
    w->load_demo();
    Document& doc = w->document();
    DynamicsPanel* dyn = dynamics_panel(*w);
    QCOMPARE(dyn->dt_box()->value(), 1e-3);
    // an opened scene brings its own step
    QCOMPARE(w->open_scene(QStringLiteral(JS_SOURCE_DIR "/resources/demos/letters_both.json")), QString());
    QCOMPARE(doc.data().simulation.dt, 0.005);
    QCOMPARE(dyn->dt_box()->value(), 0.005);
    // the demo and New start from the defaults
    w->load_demo();
    QCOMPARE(doc.data().simulation, SimulationSettings{});
    QCOMPARE(dyn->dt_box()->value(), 1e-3);
    QVERIFY(!doc.is_modified());
    // an edit in the dock is an undoable document edit
    dyn->dt_box()->setValue(0.002);
    QCOMPARE(doc.data().simulation.dt, 0.002);
    QVERIFY(doc.is_modified());
    w->action(QStringLiteral("undo"))->trigger();
    QCOMPARE(doc.data().simulation.dt, 1e-3);
    QCOMPARE(dyn->dt_box()->value(), 1e-3);
    // saved with the project and read back
    SimulationSettings s;
    s.dt = 0.004;
    QVERIFY(integrator_from_text(QStringLiteral("symplectic"), s.integrator));
    s.gravity = false;
    s.damping = 0.25;
    QVERIFY(dyn->player()->set_settings(s));
    const QString path = windows_.path(QStringLiteral("sim.jsproj"));
    QCOMPARE(w->save_project_as(path), QString());
    w->new_project();
    QCOMPARE(doc.data().simulation, SimulationSettings{});
    QCOMPARE(w->open_project(path), QString());
    QCOMPARE(doc.data().simulation, s);
    QCOMPARE(dyn->dt_box()->value(), 0.004);
    // the run uses them: 0.1 s of simulated time is 25 steps of 4 ms
    QVERIFY(dyn->player()->advance(0.1));
    QVERIFY(std::abs(dyn->player()->time() - 0.1) < 1e-9);
  }

  // issue 17: the playback dock runs an opened hinge chain with hakenberg's maximal-coordinate skeleton, chosen
  // in its Solver box (an undoable document setting; the integrator box is then off), and the chain swings
  void the_maximal_solver_is_chosen_in_the_dock() {
    auto w = make_window();
    QCOMPARE(w->open_scene(QStringLiteral(JS_SOURCE_DIR "/resources/scenes/hinge_skeleton.json")), QString());
    Document& doc = w->document();
    DynamicsPanel* dyn = dynamics_panel(*w);
    auto* solver = dyn->findChild<QComboBox*>(QStringLiteral("solver"));
    QVERIFY(solver);
    QCOMPARE(solver->currentIndex(), 0);
    const int steps = doc.undo_stack()->count();
    solver->setCurrentIndex(1);
    QVERIFY(doc.data().simulation.maximal_solver);
    QCOMPARE(doc.undo_stack()->count(), steps + 1);
    auto* integrator = dyn->findChild<QComboBox*>(QStringLiteral("integrator"));
    QVERIFY(integrator && !integrator->isEnabled());
    const double q0 = doc.data().joints.front().q[0];
    for (int i = 0; i < 40; ++i) QVERIFY(dyn->player()->advance(DynamicsPlayer::kFrame));
    qInfo() << "maximal solver: first hinge" << q0 << "->" << doc.data().joints.front().q[0] << "rad at t ="
            << dyn->player()->time() << "s:" << w->last_message();
    QVERIFY(std::abs(doc.data().joints.front().q[0] - q0) > 0.1);
    // the skeleton has no reactions, and the dock says so instead of asking for a selection
    auto* reaction = dyn->findChild<QLabel*>(QStringLiteral("reaction_readout"));
    QVERIFY(reaction);
    QVERIFY2(reaction->text().contains(QStringLiteral("reduced solver")), qPrintable(reaction->text()));
    w->dock(QStringLiteral("playback"))->raise();
    let_layouts_settle();  // for the screenshot
    QVERIFY(save_screenshot(w->window_image(), QStringLiteral("playback_maximal.png")));
    // undo: the reduced solver again, its integrator box back on
    dyn->player()->pause();
    w->action(QStringLiteral("undo"))->trigger();
    QVERIFY(!doc.data().simulation.maximal_solver);
    QCOMPARE(solver->currentIndex(), 0);
    QVERIFY(integrator->isEnabled());
  }

  // session 18: the implicit integrators hold closed loops, so the animator who opens the four-bar, picks
  // implicit_midpoint and a 10 ms step (ten times the scene's) in the dock sees it run with its pin closed
  void the_four_bar_plays_with_implicit_midpoint_at_ten_milliseconds() {
    auto w = make_window();
    QCOMPARE(w->open_scene(QStringLiteral(JS_SOURCE_DIR "/resources/scenes/four_bar.json")), QString());
    Document& doc = w->document();
    DynamicsPanel* dyn = dynamics_panel(*w);
    auto* integrator = dyn->findChild<QComboBox*>(QStringLiteral("integrator"));
    QVERIFY(integrator && integrator->isEnabled());
    integrator->setCurrentText(QStringLiteral("implicit_midpoint"));
    dyn->dt_box()->setValue(0.01);
    QCOMPARE(doc.data().simulation.integrator, js::Integrator::ImplicitMidpoint);
    QCOMPARE(doc.data().simulation.dt, 0.01);
    const double crank0 = doc.data().joints.front().q[0];
    double worst = 0.0;
    for (int i = 0; i < 90; ++i) {  // 1.5 s of frames
      QVERIFY2(dyn->player()->advance(DynamicsPlayer::kFrame), qPrintable(w->last_message()));
      worst = std::max(worst, dyn->player()->loop_errors().position);
    }
    qInfo() << "four-bar, implicit_midpoint at 10 ms: crank" << crank0 << "->" << doc.data().joints.front().q[0]
            << "rad, largest loop error" << worst << "m:" << w->last_message();
    QVERIFY(std::abs(doc.data().joints.front().q[0] - crank0) > 0.3);
    QVERIFY2(worst < 1e-3, qPrintable(QString::number(worst)));
    w->dock(QStringLiteral("playback"))->raise();
    let_layouts_settle();
    QVERIFY(save_screenshot(w->window_image(), QStringLiteral("four_bar_implicit_midpoint.png")));
    dyn->player()->pause();
  }

  // session 19: the animator who wants the JOINTS letters at 60 Hz with one step per frame picks symplectic,
  // dt 1/60 s and "Hold the energy": the chain plays without gaining energy (unprojected, symplectic euler
  // at that step is 17 % of its energy swing above its start after 0.5 s: stable-step -v)
  void the_letters_play_one_step_per_frame_holding_the_energy() {
    auto w = make_window();
    QCOMPARE(w->open_scene(QStringLiteral(JS_SOURCE_DIR "/resources/demos/letters.json")), QString());
    Document& doc = w->document();
    DynamicsPanel* dyn = dynamics_panel(*w);
    auto* integrator = dyn->findChild<QComboBox*>(QStringLiteral("integrator"));
    QVERIFY(integrator);
    integrator->setCurrentText(QStringLiteral("symplectic"));
    dyn->dt_box()->setValue(DynamicsPlayer::kFrame);
    QCheckBox* hold = dyn->energy_projection_box();
    QVERIFY(hold && hold->isEnabled() && !hold->isChecked());
    hold->setChecked(true);
    QVERIFY(doc.data().simulation.energy_projection);
    std::vector<double> total;
    connect(dyn->player(), &DynamicsPlayer::energy, this, [&](double, double k, double v) { total.push_back(k + v); });
    const Eigen::VectorXd q0 = doc.data().joints.back().q;
    for (int i = 0; i < 120; ++i) QVERIFY2(dyn->player()->advance(DynamicsPlayer::kFrame), qPrintable(w->last_message()));
    QVERIFY(total.size() >= 120);
    double rise = 0.0;
    for (double e : total) rise = std::max(rise, e - total.front());
    qInfo() << "letters, symplectic at 1/60 s, one step a frame, projected: energy" << total.front() << "->"
            << total.back() << "J, largest rise" << rise << "J, t =" << dyn->player()->time() << "s";
    QVERIFY2(rise < 1e-6 * std::abs(total.front()) + 1e-9, qPrintable(QString::number(rise)));
    QVERIFY((doc.data().joints.back().q - q0).norm() > 0.1);  // the chain moved
    w->dock(QStringLiteral("playback"))->raise();
    let_layouts_settle();
    QVERIFY(save_screenshot(w->window_image(), QStringLiteral("letters_energy_projection.png")));
    dyn->player()->pause();
    // one undo step turns it off again
    w->action(QStringLiteral("undo"))->trigger();
    QVERIFY(!doc.data().simulation.energy_projection);
    QVERIFY(!hold->isChecked());
  }
};

JS_GUI_TEST_MAIN(WorkflowTest, "jointsmith_workflow_test")

#include "test_gui_workflow.moc"
