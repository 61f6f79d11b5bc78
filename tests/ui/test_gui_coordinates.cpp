// issue 18, "what is missing for a biomechanist": coordinates with names, units, ranges and defaults edited in the
// properties dock (each one undo step, saved in the project, used by the sliders, the samples table and the fit),
// the joint's summary in words with its json behind Show JSON, the anatomical views with the orthographic toggle,
// and the distance tool, driven in the real window under xvfb. screenshots in build/dev/tests/ui.
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QFile>
#include <QFileInfo>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPointer>
#include <QPushButton>
#include <QStandardItemModel>
#include <QTableWidget>
#include <QtTest>
#include <cmath>
#include <numbers>

#include "core/interop/osim_model.hpp"
#include "core/joints/spline_checks.hpp"
#include "ui/app/main_window.hpp"
#include "ui/app/settings.hpp"
#include "ui/document/operations.hpp"
#include "ui/document/osim_source.hpp"
#include "ui/document/project_file.hpp"
#include "ui/joint/coordinate_edit.hpp"
#include "ui/document/coordinate_units.hpp"
#include "ui/joint/fit_job.hpp"
#include "ui/document/joint_model.hpp"
#include "ui/joint/joint_operations.hpp"
#include "ui/panels/coordinate_editor.hpp"
#include "ui/panels/joint_sliders.hpp"
#include "ui/panels/properties_panel.hpp"
#include "ui/panels/samples_panel.hpp"
#include "ui/viewport/camera.hpp"
#include "ui/viewport/picking.hpp"
#include "ui/viewport/standard_views.hpp"
#include "ui/viewport/viewport_widget.hpp"
#include "gui_fixture.hpp"
#include "gui_settle.hpp"

using namespace js;
using namespace js::ui;
using namespace js::ui::test;

namespace {
constexpr double kDeg = kPi / 180.0;
const QString kModels = QStringLiteral(JS_SOURCE_DIR "/../shared/data/opensim");

Vec3 eye_direction(const CameraState& c) { return (camera_eye(c) - c.target).normalized(); }
}  // namespace

class CoordinatesTest : public QObject {
  Q_OBJECT
 private:
  Windows windows_{QSize(1400, 900)};
  std::unique_ptr<MainWindow> make_window() { return windows_.make(); }
  static PropertiesPanel* properties(MainWindow& w) {
    w.dock(QStringLiteral("properties"))->raise();
    return qobject_cast<PropertiesPanel*>(w.panel(QStringLiteral("properties")));
  }
  static QString summary_value(const PropertiesPanel& p, const QString& label) {
    for (const SummaryRow& r : p.joint_summary_rows())
      if (r.label == label) return r.value;
    return {};
  }

 private slots:
  void initTestCase() {
    use_clean_settings();
    QVERIFY(windows_.valid());
  }

  // the knee demo's coordinate is "flexion" in degrees: rename it, change its unit, range and default in the dock;
  // each is one undo step that undo takes back and redo brings again, and the sliders and samples table follow
  void editing_a_coordinate_is_one_undo_step_each() {
    auto w = make_window();
    w->load_demo();
    Document& doc = w->document();
    const Joint knee = doc.data().joints.front();
    QCOMPARE(coordinate_name(knee, 0), QStringLiteral("flexion"));  // the fit named it as the demo's user did
    QCOMPARE(coordinate_unit(knee, 0), CoordinateUnit::degrees);
    QVERIFY(!coordinate_translational(knee, 0));
    doc.set_selection(Selection{0, knee.id, -1});
    PropertiesPanel* p = properties(*w);
    QVERIFY(p);
    CoordinateEditor* ed = p->coordinate_editor();
    QTableWidget* t = ed->table();
    QCOMPARE(t->rowCount(), 1);
    QCOMPARE(t->item(0, CoordinateEditor::name_column)->text(), QStringLiteral("flexion"));
    QCOMPARE(t->item(0, CoordinateEditor::min_column)->text(), QStringLiteral("0°"));
    QCOMPARE(ed->unit_box(0)->currentText(), QStringLiteral("degrees"));
    auto* sliders = w->findChild<JointSliders*>();
    QTRY_COMPARE(sliders->joint(), knee.id);
    QCOMPARE(sliders->spin(0)->suffix(), QStringLiteral("°"));
    const int steps = doc.undo_stack()->count();

    // name
    t->item(0, CoordinateEditor::name_column)->setText(QStringLiteral("knee_flexion"));
    QCOMPARE(doc.undo_stack()->count(), steps + 1);
    QCOMPARE(doc.data().joint(knee.id)->model->coordinates()[0].name, std::string("knee_flexion"));
    QCOMPARE(doc.undo_stack()->undoText(), QStringLiteral("Edit coordinate knee_flexion of Knee"));
    doc.undo_stack()->undo();
    QCOMPARE(doc.data().joint(knee.id)->model->coordinates()[0].name, std::string("flexion"));
    QCOMPARE(t->item(0, CoordinateEditor::name_column)->text(), QStringLiteral("flexion"));
    doc.undo_stack()->redo();
    QCOMPARE(coordinate_name(*doc.data().joint(knee.id), 0), QStringLiteral("knee_flexion"));
    // a bad name says why and changes nothing
    t->item(0, CoordinateEditor::name_column)->setText(QStringLiteral("knee flexion"));
    QCOMPARE(doc.undo_stack()->count(), steps + 1);
    QVERIFY2(w->last_message().contains(QStringLiteral("cannot name a coordinate")), qPrintable(w->last_message()));
    QCOMPARE(t->item(0, CoordinateEditor::name_column)->text(), QStringLiteral("knee_flexion"));

    // unit: radians, then back by undo
    ed->unit_box(0)->setCurrentIndex(1);
    emit ed->unit_box(0)->activated(1);
    QCOMPARE(coordinate_unit(*doc.data().joint(knee.id), 0), CoordinateUnit::radians);
    QTRY_COMPARE(sliders->spin(0)->suffix(), QStringLiteral(" rad"));
    const QString q_rad = w->samples_panel()->findChild<QTableWidget*>()->item(11, 0)->text();
    QVERIFY2(!q_rad.contains(QChar(0x00B0)), qPrintable(q_rad));
    doc.undo_stack()->undo();
    QCOMPARE(coordinate_unit(*doc.data().joint(knee.id), 0), CoordinateUnit::degrees);
    QTRY_COMPARE(sliders->spin(0)->suffix(), QStringLiteral("°"));
    const QString q_deg = w->samples_panel()->findChild<QTableWidget*>()->item(11, 0)->text();
    QCOMPARE(q_deg, QStringLiteral("120°"));

    // range: max 100° (typed in the row's unit); q and the child stay inside
    Eigen::VectorXd q(1);
    q[0] = 110 * kDeg;
    QVERIFY(set_joint_q(doc, knee.id, q).ok());
    const double old_max = doc.data().joint(knee.id)->model->coordinates()[0].max;
    t->item(0, CoordinateEditor::max_column)->setText(QStringLiteral("100"));
    const Joint& limited = *doc.data().joint(knee.id);
    QCOMPARE(limited.model->coordinates()[0].max, 100 * kDeg);
    QCOMPARE(limited.q[0], 100 * kDeg);
    QVERIFY(doc.data().body(knee.child)->pose.is_approx(joint_transform(*limited.model, limited.q), 1e-12));
    QCOMPARE(t->item(0, CoordinateEditor::max_column)->text(), QStringLiteral("100°"));
    doc.undo_stack()->undo();
    QCOMPARE(doc.data().joint(knee.id)->model->coordinates()[0].max, old_max);
    QCOMPARE(doc.data().joint(knee.id)->q[0], 110 * kDeg);
    // an empty max is no limit (the core's open bound, read back by the same query)
    t->item(0, CoordinateEditor::max_column)->setText(QString());
    QVERIFY(!doc.data().joint(knee.id)->model->coordinates()[0].has_upper_limit());
    QCOMPARE(coordinate_range_text(*doc.data().joint(knee.id), 0), QStringLiteral("[0°, …)"));
    doc.undo_stack()->undo();
    // min ≥ max is refused with a message
    t->item(0, CoordinateEditor::min_column)->setText(QStringLiteral("150°"));
    QVERIFY2(w->last_message().contains(QStringLiteral("min < max")), qPrintable(w->last_message()));
    QCOMPARE(doc.data().joint(knee.id)->model->coordinates()[0].min, 0.0);

    // default 30°: Reset puts the knee there
    t->item(0, CoordinateEditor::default_column)->setText(QStringLiteral("30"));
    QCOMPARE(doc.data().joint(knee.id)->default_q[0], 30 * kDeg);
    QTest::mouseClick(sliders->reset_button(), Qt::LeftButton);
    QCOMPARE(doc.data().joint(knee.id)->q[0], 30 * kDeg);
    QTRY_COMPARE(sliders->spin(0)->value(), 30.0);
    doc.undo_stack()->undo();  // the reset
    doc.undo_stack()->undo();  // the default
    QCOMPARE(doc.data().joint(knee.id)->default_q[0], 20 * kDeg);
    QCOMPARE(doc.data().joint(knee.id)->q[0], 110 * kDeg);
    let_layouts_settle();  // for the screenshot
    save_screenshot(w->window_image(), QStringLiteral("coordinates_knee.png"));
  }

  // a joint not fitted yet keeps its coordinate's name and range for the fit, which names its spline so
  void an_unfitted_joint_gives_its_fit_the_users_coordinate() {
    auto w = make_window();
    w->load_demo();
    Document& doc = w->document();
    const JointId id = doc.data().joints.front().id;
    // the knee as if never fitted and never named
    DocumentData unfitted = doc.data();
    Joint& k = unfitted.joints.front();
    k.model = nullptr;
    k.last_fit = {};
    clear_coordinate_settings(k);
    doc.reset(unfitted, {});
    const Joint& fresh = *doc.data().joint(id);
    QVERIFY(!fresh.model);
    QCOMPARE(coordinate_name(fresh, 0), QStringLiteral("q0"));
    CoordinateEdit e = coordinate_edit_of(fresh, 0);
    e.name = QStringLiteral("tibiofemoral_flexion");
    e.unit = CoordinateUnit::degrees;
    e.min = -5 * kDeg;
    e.max = 125 * kDeg;
    e.default_value = 20 * kDeg;
    const auto r = edit_coordinate(doc, id, 0, e);
    QVERIFY2(r.ok(), qPrintable(r.error));
    double lo = 0, hi = 0;
    coordinate_range(*doc.data().joint(id), 0, lo, hi);
    QCOMPARE(lo, -5 * kDeg);
    QCOMPARE(hi, 125 * kDeg);
    const FitOutcome fit = run_fit(*doc.data().joint(id), doc.data().fit);
    QVERIFY2(fit.ok(), qPrintable(fit.error));
    QCOMPARE(fit.model->coordinates()[0].name, std::string("tibiofemoral_flexion"));
    QCOMPARE(fit.model->coordinates()[0].min, -5 * kDeg);
    QCOMPARE(fit.model->coordinates()[0].max, 125 * kDeg);
    // the joint's first model starts at the default the user set
    QVERIFY(set_joint_model(doc, id, fit.model, QStringLiteral("Fit Knee"), std::nullopt, fit_record(fit.report)).ok());
    QCOMPARE(doc.data().joint(id)->q[0], 20 * kDeg);
    QCOMPARE(coordinate_name(*doc.data().joint(id), 0), QStringLiteral("tibiofemoral_flexion"));
    QCOMPARE(coordinate_unit(*doc.data().joint(id), 0), CoordinateUnit::degrees);
    doc.undo_stack()->undo();
    // a fit whose range the user left alone keeps the samples' span (0 to 120°)
    doc.undo_stack()->undo();
    const FitOutcome own = run_fit(*doc.data().joint(id), doc.data().fit);
    QVERIFY(own.ok());
    QCOMPARE(own.model->coordinates()[0].name, std::string("q"));
    QVERIFY(std::abs(own.model->coordinates()[0].max - 120 * kDeg) < 1e-9);
  }

  // the project keeps every setting, and a project written before them still opens
  void coordinates_survive_save_and_open() {
    auto w = make_window();
    w->load_demo();
    Document& doc = w->document();
    const JointId id = doc.data().joints.front().id;
    CoordinateEdit e = coordinate_edit_of(*doc.data().joint(id), 0);
    e.name = QStringLiteral("knee_angle");
    e.min = 2 * kDeg;
    e.max = 118 * kDeg;
    e.default_value = 45 * kDeg;
    QVERIFY(edit_coordinate(doc, id, 0, e).ok());
    const QString path = windows_.path(QStringLiteral("coordinates.jsproj"));
    QCOMPARE(w->save_project_as(path), QString());
    const ProjectLoad load = load_project(path);
    QVERIFY2(load.data, qPrintable(load.error));
    const Joint& back = load.data->joints.front();
    const Joint& now = *doc.data().joint(id);
    QCOMPARE(coordinate_edit_of(back, 0), coordinate_edit_of(now, 0));
    QCOMPARE(back.user_coordinates.size(), std::size_t(1));
    QCOMPARE(back.user_coordinates[0].name, std::string("knee_angle"));
    QCOMPARE(back.user_coordinates[0].min, 2 * kDeg);
    QCOMPARE(back.degrees, now.degrees);
    QCOMPARE(back.default_q, now.default_q);
    // opened in the window: the sliders read the name and unit
    QCOMPARE(w->open_project(path), QString());
    doc.set_selection(Selection{0, doc.data().joints.front().id, -1});
    auto* sliders = w->findChild<JointSliders*>();
    QTRY_COMPARE(sliders->count(), 1);
    QCOMPARE(sliders->spin(0)->suffix(), QStringLiteral("°"));
    QVERIFY(sliders->spin(0)->toolTip().contains(QStringLiteral("knee_angle")));
    // an older project (no coordinate keys): SI units, default 0, the model's names
    nlohmann::json j = project_to_json(doc.data(), windows_.dir());
    for (const char* key : {"degrees", "millimetres", "default_q", "user_coordinates"}) j["joints"][0].erase(key);
    const DocumentData old = project_from_json(j, windows_.dir());
    QCOMPARE(coordinate_unit(old.joints.front(), 0), CoordinateUnit::radians);
    QCOMPARE(joint_default_q(old.joints.front())[0], 2 * kDeg);  // 0 clamped into [2°, 118°]
    QCOMPARE(coordinate_name(old.joints.front(), 0), QStringLiteral("knee_angle"));
    // a wrong key names itself
    j["joints"][0]["default_q"] = {1.0, 2.0};
    try {
      project_from_json(j, windows_.dir());
      QFAIL("a default_q of the wrong size was read");
    } catch (const std::exception& ex) {
      QVERIFY2(QString::fromUtf8(ex.what()).contains(QStringLiteral("/joints/0/default_q")), ex.what());
    }
  }

  // the properties dock says what the joint is in words; the json is behind Show JSON
  // issue 17: "Past the range" in the dock: the knee's fitted curve cannot wrap (its ends do not meet: the item is
  // disabled and says why), clamps as one undo step, and then a q past 120° leaves the tibia where 120° puts it
  void the_knee_stops_at_its_range_when_clamped() {
    auto w = make_window();
    w->load_demo();
    Document& doc = w->document();
    const Joint knee = doc.data().joints.front();
    doc.set_selection(Selection{0, knee.id, -1});
    PropertiesPanel* p = properties(*w);
    QComboBox* box = p->coordinate_editor()->out_of_range_box();
    QVERIFY(box->isEnabled());
    QCOMPARE(box->currentText(), QStringLiteral("Extrapolate"));
    const int wrap = box->findText(QStringLiteral("Wrap")), clamp = box->findText(QStringLiteral("Clamp"));
    auto* items = qobject_cast<QStandardItemModel*>(box->model());
    QVERIFY(!items->item(wrap)->isEnabled());
    const QString why = box->itemData(wrap, Qt::ToolTipRole).toString();
    QVERIFY2(why.contains(QStringLiteral("ends do not meet")), qPrintable(why));
    QVERIFY(items->item(clamp)->isEnabled());
    const int steps = doc.undo_stack()->count();
    box->setCurrentIndex(clamp);
    emit box->activated(clamp);
    QCOMPARE(doc.undo_stack()->count(), steps + 1);
    QCOMPARE(doc.data().joint(knee.id)->model->range_policy(), RangePolicy::Clamp);
    QCOMPARE(summary_value(*p, QStringLiteral("Past the range")), QStringLiteral("stops at the ends (clamp)"));
    Eigen::VectorXd q(1), end(1);
    q[0] = 150 * kDeg;
    end[0] = doc.data().joint(knee.id)->model->coordinates()[0].max;
    QVERIFY(set_joint_q(doc, knee.id, q).ok());
    const Joint& clamped = *doc.data().joint(knee.id);
    QVERIFY(doc.data().body(clamped.child)->pose.is_approx(joint_transform(*clamped.model, end), 1e-12));
    let_layouts_settle();
    save_screenshot(w->window_image(), QStringLiteral("knee_clamped_past_range.png"));
    doc.undo_stack()->undo();  // q
    doc.undo_stack()->undo();  // the choice
    QCOMPARE(box->currentText(), QStringLiteral("Extrapolate"));
  }

  void the_knee_demo_in_words() {
    auto w = make_window();
    w->load_demo();
    Document& doc = w->document();
    const Joint knee = doc.data().joints.front();
    doc.set_selection(Selection{0, knee.id, -1});
    PropertiesPanel* p = properties(*w);
    const QString text = joint_summary_text(p->joint_summary_rows());
    qInfo().noquote() << text;
    QCOMPARE(summary_value(*p, QStringLiteral("Kind")), QStringLiteral("spline curve (a path fitted to samples)"));
    QCOMPARE(summary_value(*p, QStringLiteral("Degrees of freedom")), QStringLiteral("1 coordinate(s)"));
    QCOMPARE(summary_value(*p, QStringLiteral("Spline")), QStringLiteral("order 4 (cubic), 8 control frame(s)"));
    QCOMPARE(summary_value(*p, QStringLiteral("Closed")), QStringLiteral("no"));
    QCOMPARE(summary_value(*p, QStringLiteral("Past the range")),
             QStringLiteral("continues with the end's twist (extrapolate)"));
    QCOMPARE(summary_value(*p, QStringLiteral("flexion")), QStringLiteral("[0°, 120°] · now 20°"));
    QVERIFY2(summary_value(*p, QStringLiteral("Smallest speed ‖S‖")).contains(QStringLiteral(" at flexion = ")), qPrintable(text));
    QCOMPARE(summary_value(*p, QStringLiteral("Path")), QStringLiteral("does not fold back"));
    const QString error = summary_value(*p, QStringLiteral("Fit error"));
    QVERIFY2(error.startsWith(QStringLiteral("rms ")) && error.contains(QStringLiteral("over 12 sample(s)")), qPrintable(error));
    // every line says what it means in a tooltip
    for (int r = 0; r < static_cast<int>(p->joint_summary_rows().size()); ++r) QVERIFY(!p->summary_line(r)->toolTip().isEmpty());
    // the smallest speed is what core's check finds on the model
    const JacobianNormReport core_check = check_jacobian_norm(*knee.model, 400, doc.data().fit.length_scale);
    QVERIFY(summary_value(*p, QStringLiteral("Smallest speed ‖S‖")).startsWith(QString::number(core_check.min_norm, 'g', 3)));
    // the json for power users
    QVERIFY(!p->json_view()->isVisible());
    QTest::mouseClick(p->show_json_button(), Qt::LeftButton);
    QTRY_VERIFY(p->json_view()->isVisible());
    const nlohmann::json model = nlohmann::json::parse(p->json_view()->toPlainText().toStdString());
    QCOMPARE(model.at("kind").get<std::string>(), std::string("spline_curve"));
    QCOMPARE(model.at("coordinates")[0].at("name").get<std::string>(), std::string("flexion"));
    let_layouts_settle();  // for the screenshot
    save_screenshot(w->window_image(), QStringLiteral("joint_summary_json.png"));
    QTest::mouseClick(p->show_json_button(), Qt::LeftButton);
    QTRY_VERIFY(!p->json_view()->isVisible());
    let_layouts_settle();  // for the screenshot
    save_screenshot(w->window_image(), QStringLiteral("joint_summary_knee.png"));
  }

  void an_opensim_knee_in_words() {
    const QString path = kModels + QStringLiteral("/Rajagopal2016.osim");
    if (!QFile::exists(path)) QSKIP("shared data not found (../shared/data/opensim)");
    auto w = make_window();
    QCOMPARE(w->open_project(path), QString());
    Document& doc = w->document();
    const Joint* knee = nullptr;
    for (const Joint& j : doc.data().joints)
      if (j.osim_joint == QLatin1String("walker_knee_r")) knee = &j;
    QVERIFY(knee);
    const JointId id = knee->id;
    doc.set_selection(Selection{0, id, -1});
    PropertiesPanel* p = properties(*w);
    qInfo().noquote() << joint_summary_text(p->joint_summary_rows());
    QCOMPARE(summary_value(*p, QStringLiteral("Degrees of freedom")), QStringLiteral("1 coordinate(s)"));
    // the model's range in degrees: knee_angle_r from 0 to 120°
    QCOMPARE(summary_value(*p, QStringLiteral("knee_angle_r")).left(11), QStringLiteral("[0°, 120°] "));
    QCOMPARE(summary_value(*p, QStringLiteral("Fit error")), QStringLiteral("no samples"));
    QCOMPARE(coordinate_unit(*knee, 0), CoordinateUnit::degrees);
    // the model's defaults are the coordinates' defaults
    QCOMPARE(knee->default_q, knee->q);
    // its coordinate can be renamed (the model is written back with every reference following), but not to a name
    // another coordinate of the model has: OpenSim finds coordinates by name across the model
    CoordinateEdit e = coordinate_edit_of(*knee, 0);
    e.name = QStringLiteral("hip_flexion_r");
    const auto r = edit_coordinate(doc, id, 0, e);
    QVERIFY(!r.ok());
    QVERIFY2(r.error.contains(QStringLiteral("The model already has a coordinate named hip_flexion_r (in hip_r)")), qPrintable(r.error));
    e.name = QStringLiteral("knee_flexion_r");
    QVERIFY(edit_coordinate(doc, id, 0, e).ok());
    QCOMPARE(coordinate_name(*doc.data().joint(id), 0), QStringLiteral("knee_flexion_r"));
    doc.undo_stack()->undo();
    QCOMPARE(coordinate_name(*doc.data().joint(id), 0), QStringLiteral("knee_angle_r"));
    // its range and unit can change
    e = coordinate_edit_of(*doc.data().joint(id), 0);
    e.unit = CoordinateUnit::radians;
    e.max = 100 * kDeg;
    QVERIFY(edit_coordinate(doc, id, 0, e).ok());
    QCOMPARE(doc.data().joint(id)->model->coordinates()[0].max, 100 * kDeg);
    QVERIFY(!doc.data().joint(id)->original);  // an edited range is not a replaced joint
    doc.undo_stack()->undo();
    // a translational coordinate of the pelvis reads in mm
    for (const Joint& j : doc.data().joints)
      for (int i = 0; i < joint_q_size(j); ++i)
        if (coordinate_name(j, i) == QLatin1String("pelvis_tx")) {
          QVERIFY(coordinate_translational(j, i));
          QCOMPARE(coordinate_unit(j, i), CoordinateUnit::millimetres);
        }
    w->viewport()->set_standard_view(StandardView::lateral);
    let_layouts_settle();  // for the screenshot
    save_screenshot(w->window_image(), QStringLiteral("joint_summary_rajagopal.png"));
  }

  // issue 18, as a biomechanist does it: leg6dof9musc opened, knee_angle_r renamed knee_flexion_r by typing in the
  // Coordinates table (a name another coordinate has is refused in the status bar first), then File ▸ Save As
  // OpenSim Model through its file dialog: the saved model names the knee's coordinate, its coupler and its
  // muscles' points knee_flexion_r, and the app reopens it so
  void renaming_an_opensim_coordinate_in_the_editor_saves_it() {
    const QString model = kModels + QStringLiteral("/leg6dof9musc.osim");
    if (!QFile::exists(model)) QSKIP("shared data not found (../shared/data/opensim)");
    auto w = make_window();
    QCOMPARE(w->open_project(model), QString());
    Document& doc = w->document();
    const JointId knee = osim_joint_id(doc, QStringLiteral("knee_r"));
    QVERIFY(knee);
    doc.set_selection(Selection{0, knee, -1});
    PropertiesPanel* p = properties(*w);
    QTableWidget* t = p->coordinate_editor()->table();
    QCOMPARE(t->rowCount(), 1);
    QCOMPARE(t->item(0, CoordinateEditor::name_column)->text(), QStringLiteral("knee_angle_r"));
    // types a name into the name cell and presses Enter, as a user does
    const auto type_name = [&](const QString& name) {
      QTableWidgetItem* cell = t->item(0, CoordinateEditor::name_column);
      t->setCurrentItem(cell);
      t->editItem(cell);
      // the delegate deletes its editor once closed (deleteLater): a guarded pointer, so the wait reads no freed
      // widget (ASan found it)
      QPointer<QLineEdit> editor = t->findChild<QLineEdit*>();
      QVERIFY(editor);
      editor->selectAll();
      QTest::keyClicks(editor, name);
      QTest::keyClick(editor, Qt::Key_Return);
      // the delegate commits and closes its editor from the event loop
      QTRY_VERIFY(!editor || !editor->isVisible());
    };
    const int steps = doc.undo_stack()->count();
    type_name(QStringLiteral("hip_flexion_r"));
    QVERIFY2(w->last_message().contains(QStringLiteral("already has a coordinate named hip_flexion_r (in hip_r)")),
             qPrintable(w->last_message()));
    QCOMPARE(doc.undo_stack()->count(), steps);
    QCOMPARE(t->item(0, CoordinateEditor::name_column)->text(), QStringLiteral("knee_angle_r"));
    type_name(QStringLiteral("knee_flexion_r"));
    QCOMPARE(doc.undo_stack()->count(), steps + 1);
    QCOMPARE(coordinate_name(*doc.data().joint(knee), 0), QStringLiteral("knee_flexion_r"));
    QCOMPARE(t->item(0, CoordinateEditor::name_column)->text(), QStringLiteral("knee_flexion_r"));
    // the summary and the slider's label follow
    QVERIFY(!summary_value(*p, QStringLiteral("knee_flexion_r")).isEmpty());

    const QString saved = windows_.path(QStringLiteral("leg6dof9musc_renamed.osim"));
    const ModalAnswer file = answer_file_dialog(saved);
    w->action(QStringLiteral("save_osim"))->trigger();
    QVERIFY(file.answered());
    QVERIFY2(QFileInfo::exists(saved), qPrintable(w->last_message()));
    qInfo().noquote() << w->last_message();
    QVERIFY2(w->last_message().contains(QStringLiteral("1 coordinate(s) renamed")), qPrintable(w->last_message()));
    QVERIFY2(w->last_message().contains(QStringLiteral("knee_angle_r renamed knee_flexion_r")), qPrintable(w->last_message()));
    const interop::OsimModel back = interop::read_osim_model(saved.toStdString());
    QVERIFY(back.find_coordinate("knee_flexion_r") >= 0);
    QVERIFY(back.find_coordinate("knee_angle_r") < 0);
    QCOMPARE(back.couplers.size(), std::size_t{1});
    QCOMPARE(back.couplers[0].independents, std::vector<std::string>{"knee_flexion_r"});
    QFile f(saved);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray text = f.readAll();
    QCOMPARE(text.count("<socket_coordinate>/jointset/knee_r/knee_flexion_r</socket_coordinate>"),
             QByteArray::fromStdString(doc.data().osim->text).count("<socket_coordinate>/jointset/knee_r/knee_angle_r</socket_coordinate>"));
    QVERIFY(!text.contains(">knee_angle_r<") && !text.contains("/knee_angle_r<"));
    let_layouts_settle();  // for the screenshot: the renamed row and the save's message
    save_screenshot(w->window_image(), QStringLiteral("coordinates_osim_renamed.png"));
    auto w2 = make_window();
    QCOMPARE(w2->open_project(saved), QString());
    for (const Joint& j : w2->document().data().joints)
      if (j.osim_joint == QLatin1String("knee_r")) QCOMPARE(coordinate_name(j, 0), QStringLiteral("knee_flexion_r"));
  }

  // the anatomical views from the camera's up axis and the way the bodies face, and the parallel projection: view
  // state, no undo step
  void standard_views_set_the_camera() {
    auto w = make_window();
    w->load_demo();
    Document& doc = w->document();
    const int steps = doc.undo_stack()->count();
    const CameraState before = doc.data().camera;
    // the demo's knee faces +z (it flexes about x); its right is −x
    QVERIFY((anterior_direction(before) - Vec3::UnitZ()).norm() < 1e-12);
    QVERIFY((right_direction(before) + Vec3::UnitX()).norm() < 1e-12);
    w->action(QStringLiteral("view_anterior"))->trigger();
    const CameraState a = doc.data().camera;
    QVERIFY((eye_direction(a) - Vec3::UnitZ()).norm() < 1e-9);
    QCOMPARE(a.target, before.target);
    QCOMPARE(a.distance, before.distance);
    // the tibia flexes backwards, away from the anterior eye: its tip at 90° is farther than at 0°
    const Joint knee = doc.data().joints.front();
    auto tibia_tip_depth = [&](double flexion) {
      Eigen::VectorXd q(1);
      q[0] = flexion;
      const SE3 world_T_tibia = doc.data().world_T_body(knee.parent) * joint_transform(*knee.model, q);
      return (camera_eye(a) - world_T_tibia.act(Vec3(0, -0.35, 0))).norm();
    };
    QVERIFY(tibia_tip_depth(90 * kDeg) > tibia_tip_depth(0.0) + 0.05);
    w->action(QStringLiteral("view_posterior"))->trigger();
    QVERIFY((eye_direction(doc.data().camera) + Vec3::UnitZ()).norm() < 1e-9);
    w->action(QStringLiteral("view_superior"))->trigger();
    QVERIFY((eye_direction(doc.data().camera) - Vec3::UnitY()).norm() < 1e-5);
    // from above, anterior points up the screen and the right to the screen's right
    Eigen::Vector2d ahead, centre, right;
    const int width = w->viewport()->width(), height = w->viewport()->height();
    const CameraState top = doc.data().camera;
    QVERIFY(project_to_pixel(top, top.target, width, height, centre));
    QVERIFY(project_to_pixel(top, top.target + 0.1 * anterior_direction(top), width, height, ahead));
    QVERIFY(project_to_pixel(top, top.target + 0.1 * right_direction(top), width, height, right));
    QVERIFY(ahead.y() < centre.y() - 10 && std::abs(ahead.x() - centre.x()) < 1);
    QVERIFY(right.x() > centre.x() + 10);
    // lateral and medial: from the side of the selected body
    doc.set_selection(Selection{knee.child, knee.id, -1});
    const int side = body_side(doc.data().camera, doc.data().world_T_body(knee.child).p);
    w->action(QStringLiteral("view_lateral"))->trigger();
    QVERIFY((eye_direction(doc.data().camera) - side * right_direction(top)).norm() < 1e-9);
    w->action(QStringLiteral("view_medial"))->trigger();
    QVERIFY((eye_direction(doc.data().camera) + side * right_direction(top)).norm() < 1e-9);
    // "current view is anterior": orbit somewhere, say so, and Anterior comes back to that side
    CameraState turned = doc.data().camera;
    turned.yaw = 0.4;
    turned.pitch = 0.3;
    doc.set_camera(turned);
    w->action(QStringLiteral("view_set_anterior"))->trigger();
    w->action(QStringLiteral("view_anterior"))->trigger();
    const Vec3 horizontal = Vec3(std::sin(0.4), 0.0, std::cos(0.4));
    QVERIFY((eye_direction(doc.data().camera) - horizontal).norm() < 1e-9);
    QCOMPARE(project_to_json(doc.data(), {})["camera"]["facing"].get<double>(), doc.data().camera.facing);
    // a z-up world: superior is +z, lateral of a right body (y < 0) looks from −y
    CameraState z;
    z.z_up = true;
    QVERIFY((eye_direction(standard_view(z, StandardView::superior)) - Vec3::UnitZ()).norm() < 1e-5);
    QVERIFY((eye_direction(standard_view(z, StandardView::anterior)) - Vec3::UnitX()).norm() < 1e-9);
    QCOMPARE(body_side(z, Vec3(0, -0.1, 0)), 1);
    QVERIFY((eye_direction(standard_view(z, StandardView::lateral, 1)) + Vec3::UnitY()).norm() < 1e-9);
    QVERIFY((eye_direction(standard_view(z, StandardView::medial, 1)) - Vec3::UnitY()).norm() < 1e-9);
    // a y-up world facing 0: OpenSim's ground, x anterior, z to the right
    CameraState y;
    QVERIFY((eye_direction(standard_view(y, StandardView::anterior)) - Vec3::UnitX()).norm() < 1e-9);
    QVERIFY((eye_direction(standard_view(y, StandardView::lateral, 1)) - Vec3::UnitZ()).norm() < 1e-9);
    QVERIFY((eye_direction(standard_view(y, StandardView::superior)) - Vec3::UnitY()).norm() < 1e-5);
    // orthographic: a parallel projection whose rays share one direction; saved with the camera
    w->action(QStringLiteral("view_anterior"))->trigger();
    QAction* ortho = w->action(QStringLiteral("orthographic"));
    ortho->trigger();
    QVERIFY(ortho->isChecked());
    const CameraState o = doc.data().camera;
    QVERIFY(o.orthographic);
    QCOMPARE(projection_matrix(o, 1.5)(3, 3), 1.0f);
    const Ray r1 = pixel_ray(o, 10, 10, width, height), r2 = pixel_ray(o, width - 10, height - 10, width, height);
    QVERIFY((r1.dir - r2.dir).norm() < 1e-12);
    // a point at the target's distance projects where the perspective view put it
    CameraState persp = o;
    persp.orthographic = false;
    Eigen::Vector2d po, pp;
    const Vec3 across = Vec3::UnitY().cross(eye_direction(o)).normalized();
    const Vec3 at_target = o.target + 0.05 * Vec3::UnitY() + 0.03 * across;
    QVERIFY(project_to_pixel(o, at_target, width, height, po) && project_to_pixel(persp, at_target, width, height, pp));
    QVERIFY((po - pp).norm() < 1e-6);
    QCOMPARE(project_to_json(doc.data(), {})["camera"]["orthographic"].get<bool>(), true);
    QCOMPARE(doc.undo_stack()->count(), steps);
    let_layouts_settle();  // for the screenshot
    save_screenshot(w->window_image(), QStringLiteral("view_anterior_ortho.png"));
    ortho->trigger();
    QVERIFY(!doc.data().camera.orthographic);
  }

  // the distance tool: two clicks on the bones, the distance between the picked points in mm, a line between
  // them, Esc ends it
  void measuring_the_distance_between_two_picked_points() {
    auto w = make_window();
    w->load_demo();
    Document& doc = w->document();
    const Joint knee = doc.data().joints.front();
    ViewportWidget* vp = w->viewport();
    // the joint in the properties dock beside the measurement (the picture in docs/app.md)
    doc.set_selection(Selection{0, knee.id, -1});
    properties(*w);
    w->action(QStringLiteral("view_anterior"))->trigger();
    let_size_settle(*vp);  // the dock shown above resizes the view: the pixels below are taken from its size
    // a pixel on each bone: the middle one of those of a coarse scan whose ray meets it (not a grazing edge one)
    const DocumentData& d = doc.data();
    std::vector<std::pair<QPoint, PickHit>> on[2];
    for (int y = 20; y < vp->height() - 20; y += 12)
      for (int x = 20; x < vp->width() - 20; x += 12) {
        const auto h = pick_body(d, w->meshes(), pixel_ray(d.camera, x, y, vp->width(), vp->height()));
        if (!h) continue;
        const int k = h->body == knee.parent ? 0 : h->body == knee.child ? 1 : -1;
        if (k >= 0) on[k].emplace_back(QPoint(x, y), *h);
      }
    std::optional<PickHit> hits[2];
    QPoint at[2];
    for (int k = 0; k < 2; ++k)
      if (!on[k].empty()) {
        at[k] = on[k][on[k].size() / 2].first;
        hits[k] = on[k][on[k].size() / 2].second;
      }
    QVERIFY(hits[0] && hits[1]);
    const QSize scanned = vp->size();
    const int steps = doc.undo_stack()->count();
    const Selection selection = doc.selection();
    w->action(QStringLiteral("measure"))->trigger();
    QCOMPARE(vp->size(), scanned);  // else the clicks below land elsewhere
    QVERIFY(vp->measure().active());
    QTest::mouseClick(vp, Qt::LeftButton, {}, at[0]);
    QCOMPARE(vp->measure().count(), 1);
    QTest::mouseClick(vp, Qt::LeftButton, {}, at[1]);
    const auto dist = vp->measure().distance(d);
    QVERIFY(dist);
    const double expected = (hits[1]->point - hits[0]->point).norm();
    qInfo() << "measured" << *dist * 1e3 << "mm between" << at[0] << at[1] << ":" << w->last_message();
    QVERIFY(std::abs(*dist - expected) < 1e-9);
    auto* reading = w->findChild<QLabel*>(QStringLiteral("measurement"));
    QVERIFY(reading && reading->isVisible());
    QCOMPARE(reading->text(), QStringLiteral("Distance %1 mm (Femur → Tibia)").arg(expected * 1e3, 0, 'f', 1));
    // measuring selects nothing and edits nothing
    QCOMPARE(doc.selection(), selection);
    QCOMPARE(doc.undo_stack()->count(), steps);
    // the line is drawn: the midpoint's pixel is the tool's cyan (in the frame drawn now, at the view's size now)
    auto midpoint_is_cyan = [&] {
      const QImage image = w->viewport_image();
      Eigen::Vector2d mid;
      if (image.isNull() ||
          !project_to_pixel(d.camera, 0.5 * (hits[0]->point + hits[1]->point), vp->width(), vp->height(), mid))
        return false;
      const double dpr = image.width() / static_cast<double>(vp->width());
      for (int dy = -2; dy <= 2; ++dy)
        for (int dx = -2; dx <= 2; ++dx) {
          const QColor c = image.pixelColor(qRound(mid.x() * dpr) + dx, qRound(mid.y() * dpr) + dy);
          if (c.blue() > 200 && c.green() > 180 && c.red() < 120) return true;
        }
      return false;
    };
    QTRY_VERIFY_WITH_TIMEOUT(midpoint_is_cyan(), 5000);
    let_layouts_settle();  // for the screenshot
    save_screenshot(w->window_image(), QStringLiteral("measure_distance.png"));
    // the line follows the tibia when the knee moves: the point on it is kept in its frame
    Eigen::VectorXd q(1);
    q[0] = 90 * kDeg;
    QVERIFY(set_joint_q(doc, knee.id, q).ok());
    QVERIFY(std::abs(*vp->measure().distance(doc.data()) - expected) > 1e-4);
    // Esc ends the tool and unchecks its action
    QTest::keyClick(vp, Qt::Key_Escape);
    QVERIFY(!vp->measure().active());
    QVERIFY(!w->action(QStringLiteral("measure"))->isChecked());
    QVERIFY(!reading->isVisible());
  }
};

JS_GUI_TEST_MAIN(CoordinatesTest, "jointsmith_coordinates_test")
#include "test_gui_coordinates.moc"
