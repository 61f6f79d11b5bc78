// issue 18 in the window, what the app writes and reads back: File ▸ Export ▸ glTF (binary) driven through its dialog
// on the knee demo and on Rajagopal2016 (the .glb re-imported with assimp: node tree, meshes, the swept joint's
// keys against our G(q)). screenshots in build/dev/tests/ui.
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDialog>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QDoubleSpinBox>
#include <QFileInfo>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QTableWidget>
#include <QTimer>
#include <QtTest>
#include <assimp/Importer.hpp>
#include <assimp/scene.h>
#include <cmath>
#include <functional>
#include <numbers>
#include <string>

#include "core/interop/motion_curves.hpp"
#include "core/dynamics/algorithms.hpp"
#include "core/interop/osim_model.hpp"
#include "gui_fixture.hpp"
#include "gui_settle.hpp"
#include "ui/app/main_window.hpp"
#include "ui/app/reauthor_menu.hpp"
#include "ui/app/settings.hpp"
#include "ui/document/operations.hpp"
#include "ui/document/osim_source.hpp"
#include "ui/document/project_file.hpp"
#include "ui/export/gltf_save.hpp"
#include "ui/export/osim_model_save.hpp"
#include "ui/document/joint_model.hpp"
#include "ui/joint/joint_operations.hpp"
#include "ui/document/coordinate_units.hpp"
#include "ui/joint/sample_angles.hpp"
#include "ui/mesh/mesh_library.hpp"
#include "ui/panels/coordinate_editor.hpp"
#include "ui/panels/joint_sliders.hpp"
#include "ui/panels/properties_panel.hpp"
#include "ui/panels/samples_panel.hpp"

using namespace js;
using namespace js::ui;
using namespace js::ui::test;

namespace {
const QString kModels = QStringLiteral(JS_SOURCE_DIR "/../shared/data/opensim");
constexpr double kDeg = std::numbers::pi / 180.0;

// the [begin, end) of the element <Coordinate name="name"> in an osim text
std::pair<std::size_t, std::size_t> coordinate_span(const std::string& text, const std::string& name) {
  const std::size_t b = text.find("<Coordinate name=\"" + name + "\"");
  if (b == std::string::npos) return {b, b};
  const std::size_t e = text.find("</Coordinate>", b);
  return {b, e == std::string::npos ? e : e + 13};
}

const aiNode* find_node(const aiNode* n, const std::string& name) {
  if (name == n->mName.C_Str()) return n;
  for (unsigned i = 0; i < n->mNumChildren; ++i)
    if (const aiNode* f = find_node(n->mChildren[i], name)) return f;
  return nullptr;
}

unsigned node_faces(const aiScene* s, const aiNode* n) {
  unsigned faces = 0;
  for (unsigned i = 0; i < n->mNumMeshes; ++i) faces += s->mMeshes[n->mMeshes[i]]->mNumFaces;
  return faces;
}

const aiNodeAnim* channel_of(const aiAnimation* a, const std::string& name) {
  for (unsigned i = 0; i < a->mNumChannels; ++i)
    if (name == a->mChannels[i]->mNodeName.C_Str()) return a->mChannels[i];
  return nullptr;
}

// answers the glTF dialog when it shows: the motion whose data is `motion`, the duration, the file
ModalAnswer answer_gltf_dialog(const QString& motion, double duration, const QString& path) {
  return ModalAnswer([=](QWidget* m) {
    auto* dlg = qobject_cast<QDialog*>(m);
    if (!dlg || dlg->objectName() != QLatin1String("gltf_export_dialog")) return false;
    auto* box = dlg->findChild<QComboBox*>(QStringLiteral("motion"));
    box->setCurrentIndex(box->findData(motion));
    dlg->findChild<QDoubleSpinBox*>(QStringLiteral("duration"))->setValue(duration);
    dlg->findChild<QLineEdit*>(QStringLiteral("path"))->setText(path);
    save_screenshot(dlg->grab().toImage(), QStringLiteral("export_gltf_dialog.png"));
    dlg->accept();
    return true;
  });
}
}  // namespace

class ExportsGuiTest : public QObject {
  Q_OBJECT
 private:
  Windows windows_{QSize(1400, 900)};
  std::unique_ptr<MainWindow> make_window() { return windows_.make(); }

 private slots:
  void initTestCase() {
    use_clean_settings();
    QVERIFY(windows_.valid());
  }

  // the knee demo's flexion swept through the dialog: a .glb with Femur and Tibia, each with its bone's triangles,
  // and Tibia's keys are G(q) of the knee from its minimum to its maximum
  void knee_demo_exports_a_gltf_sweep() {
    auto w = make_window();
    w->load_demo();
    Document& doc = w->document();
    const Joint knee = doc.data().joints.front();
    doc.set_selection(Selection{knee.child, 0, -1});
    const QStringList sweeps = gltf_sweep_coordinates(doc.data(), knee.id);
    QCOMPARE(sweeps.value(0), QStringLiteral("Tibia.flexion"));
    QCOMPARE(sweeps.back(), QStringLiteral("Tibia.flexion"));  // the femur is fixed: nothing else to sweep
    const QString path = windows_.path(QStringLiteral("knee.glb"));
    const ModalAnswer dialog = answer_gltf_dialog(QStringLiteral("Tibia.flexion"), 2.0, path);
    w->action(QStringLiteral("export_gltf"))->trigger();
    QVERIFY(dialog.answered());
    QVERIFY2(QFileInfo::exists(path), qPrintable(w->last_message()));
    qInfo().noquote() << w->last_message();
    QVERIFY(w->last_message().startsWith(QStringLiteral("Exported ")));
    // kept beside the screenshots for a look in a viewer (assimp info, Blender)
    QFile::remove(screenshot_path(QStringLiteral("export_knee_demo.glb")));
    QFile::copy(path, screenshot_path(QStringLiteral("export_knee_demo.glb")));
    // the menu holds it under File ▸ Export
    QCOMPARE(w->action(QStringLiteral("export_gltf"))->associatedObjects().size() > 0, true);

    Assimp::Importer importer;
    const aiScene* s = importer.ReadFile(path.toStdString(), 0);
    QVERIFY2(s, importer.GetErrorString());
    const aiNode* femur = find_node(s->mRootNode, "Femur");
    const aiNode* tibia = find_node(s->mRootNode, "Tibia");
    QVERIFY(femur && tibia);
    QCOMPARE(std::string(tibia->mParent->mName.C_Str()), std::string("Femur"));
    QVERIFY(!find_node(s->mRootNode, "y_up"));  // a project is y-up already, as glTF is
    MeshLibrary lib;
    const js::ui::Body& tibia_body = *doc.data().body(knee.child);
    QCOMPARE(node_faces(s, femur), static_cast<unsigned>(lib.mesh(*doc.data().body(knee.parent))->triangle_count()));
    QCOMPARE(node_faces(s, tibia), static_cast<unsigned>(lib.mesh(tibia_body)->triangle_count()));
    QVERIFY(node_faces(s, tibia) > 1000);  // the bone, not a box
    QCOMPARE(s->mNumAnimations, 1u);
    const aiNodeAnim* ch = channel_of(s->mAnimations[0], "Tibia");
    QVERIFY(ch && ch->mNumRotationKeys >= 3 && ch->mNumPositionKeys >= 3);
    double lo = 0, hi = 0;
    coordinate_range(knee, 0, lo, hi);
    for (const auto& [key, q] : {std::pair{0u, lo}, std::pair{ch->mNumRotationKeys - 1, hi}}) {
      const SE3 G = joint_transform(*knee.model, Eigen::VectorXd::Constant(1, q));
      const aiQuaternion r = ch->mRotationKeys[key].mValue;
      const Eigen::Quaterniond expected(G.R);
      const double dot = std::abs(r.w * expected.w() + r.x * expected.x() + r.y * expected.y() + r.z * expected.z());
      QVERIFY2(dot > 1.0 - 1e-6, qPrintable(QString::number(dot, 'g', 12)));
      const aiVector3D p = ch->mPositionKeys[key].mValue;
      QVERIFY((Vec3(p.x, p.y, p.z) - G.p).norm() < 1e-6);
    }
    QCOMPARE(s->mAnimations[0]->mDuration / s->mAnimations[0]->mTicksPerSecond, 2.0);

    // a file that cannot be written: one message naming it, nothing written
    GltfSaveOptions o;
    o.sweep = QStringLiteral("Tibia.flexion");
    const GltfSaveResult bad = save_gltf(doc.data(), o, QStringLiteral("/no/such/dir/knee.glb"));
    QVERIFY(!bad.ok());
    QVERIFY2(bad.error.contains(QStringLiteral("/no/such/dir/knee.glb")), qPrintable(bad.error));
    o.sweep = QStringLiteral("Tibia.nothing");
    const GltfSaveResult unknown = save_gltf(doc.data(), o, windows_.path(QStringLiteral("x.glb")));
    QVERIFY2(unknown.error.contains(QStringLiteral("Tibia.nothing")), qPrintable(unknown.error));
    QVERIFY(!QFileInfo::exists(windows_.path(QStringLiteral("x.glb"))));
    // a simulation of the demo: the tibia swings, the file has its keys
    o.sweep.clear();
    o.duration = 0.5;
    const GltfSaveResult sim = save_gltf(doc.data(), o, windows_.path(QStringLiteral("knee_sim.glb")));
    QVERIFY2(sim.ok(), qPrintable(sim.error));
    qInfo().noquote() << sim.summary;
    // a spline joint not fitted yet has no motion: the message says which
    DocumentData unfitted = doc.data();
    unfitted.joints.front().model = nullptr;
    const GltfSaveResult none = save_gltf(unfitted, o, windows_.path(QStringLiteral("y.glb")));
    QVERIFY2(none.error.contains(QStringLiteral("Knee")), qPrintable(none.error));
  }

  // File ▸ Export ▸ OpenSim Model on the knee demo, its file dialog answered as a user does: the model has Femur and
  // Tibia with their bones (built-in shapes, so written as Geometry/*.obj), a WeldJoint and a CustomJoint; read back
  // by core's OpenSim reader, the tibia follows the knee at every flexion within the export's 0.01 mm; the app
  // opens the exported model and draws both bones
  void knee_demo_exports_an_opensim_model() {
    auto w = make_window();
    w->load_demo();
    Document& doc = w->document();
    const Joint knee = doc.data().joints.front();
    const QString path = windows_.path(QStringLiteral("osim_export/knee_model.osim"));
    QVERIFY(QDir().mkpath(QFileInfo(path).absolutePath()));
    const ModalAnswer file = answer_file_dialog(path);
    w->action(QStringLiteral("export_osim_model"))->trigger();
    QVERIFY(file.answered());
    QVERIFY2(QFileInfo::exists(path), qPrintable(w->last_message()));
    qInfo().noquote() << w->last_message();
    QVERIFY2(w->last_message().startsWith(QStringLiteral("Exported knee_model.osim: 2 bodies, 2 meshes")), qPrintable(w->last_message()));
    const QString dir = QFileInfo(path).absolutePath();
    QVERIFY(QFileInfo::exists(dir + QStringLiteral("/Geometry/Femur.obj")));
    QVERIFY(QFileInfo::exists(dir + QStringLiteral("/Geometry/Tibia.obj")));

    const interop::OsimModel back = interop::read_osim_model(path.toStdString());
    QVERIFY(back.issues.empty());
    QCOMPARE(back.bodies.size(), std::size_t{2});
    QCOMPARE(back.meshes.size(), std::size_t{2});
    for (const interop::OsimMesh& m : back.meshes) QVERIFY2(m.found(), m.file.c_str());
    const int tibia = back.multibody.find_body("Tibia"), femur = back.multibody.find_body("Femur");
    QVERIFY(tibia >= 0 && femur >= 0);
    QCOMPARE(back.coordinates.size(), std::size_t{1});
    double lo = 0, hi = 0;
    coordinate_range(knee, 0, lo, hi);
    QCOMPARE(back.coordinates[0].min, lo);
    QCOMPARE(back.coordinates[0].max, hi);
    MultibodyData data(back.multibody);
    const SE3 world_T_femur = doc.data().body(knee.parent)->pose;
    for (int k = 0; k <= 20; ++k) {
      const double q = lo + (hi - lo) * k / 20.0;
      Eigen::VectorXd qo = back.default_q;
      qo[back.coordinates[0].model_index] = q;
      forward_kinematics(back.multibody, data, 0.0, qo);
      const SE3 expected = world_T_femur * joint_transform(*knee.model, Eigen::VectorXd::Constant(1, q));
      const SE3& got = data.bodies[static_cast<std::size_t>(tibia)].world_T_body;
      QVERIFY2((got.p - expected.p).norm() < 1e-5, qPrintable(QString::number((got.p - expected.p).norm())));
      QVERIFY(Eigen::AngleAxisd(got.R.transpose() * expected.R).angle() < 1e-4);
    }
    // the report is at the top of the file
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QVERIFY(f.readAll().contains("jointsmith export report"));
    // a file that cannot be written: one message, nothing written
    const OsimModelSaveResult bad = save_osim_model_of_document(doc.data(), QStringLiteral("/no/such/dir/m.osim"));
    QVERIFY2(!bad.ok() && bad.error.contains(QStringLiteral("m.osim")), qPrintable(bad.error));

    // the exported model opened in the app as an OpenSim user would see it: both bones on their joint
    auto w2 = make_window();
    QCOMPARE(w2->open_project(path), QString());
    QCOMPARE(w2->document().data().joints.size(), std::size_t{2});
    QVERIFY(settle_window(*w2, Wait::exposed));
    QVERIFY(save_screenshot(w2->window_image(), QStringLiteral("export_osim_model_reopened.png")));
  }

  // real bones: leg6dof9musc opened, then exported as a plain model (not Save As): every body keeps its bones (its
  // .vtp parts written as one Geometry/<body>.obj), every joint within its tolerance, the model reopened and drawn;
  // Rajagopal2016's 6-dof pelvis is refused naming the joint
  void opensim_bones_export_as_a_plain_model() {
    const QString model = kModels + QStringLiteral("/leg6dof9musc.osim");
    if (!QFile::exists(model)) QSKIP("shared data not found (../shared/data/opensim)");
    auto w = make_window();
    QCOMPARE(w->open_project(model), QString());
    const QString path = windows_.path(QStringLiteral("osim_plain/leg_plain.osim"));
    QVERIFY(QDir().mkpath(QFileInfo(path).absolutePath()));
    const OsimModelSaveResult r = save_osim_model_of_document(w->document().data(), path, &w->meshes());
    QVERIFY2(r.ok(), qPrintable(r.error));
    qInfo().noquote() << r.summary << "\n" << r.details;
    const interop::OsimModel back = interop::read_osim_model(path.toStdString());
    int drawn = 0;
    for (const interop::OsimMesh& m : back.meshes) drawn += m.found() ? 1 : 0;
    QVERIFY2(drawn >= 5, qPrintable(QString::number(drawn)));
    auto w2 = make_window();
    QCOMPARE(w2->open_project(path), QString());
    QVERIFY(settle_window(*w2, Wait::exposed));
    QVERIFY(save_screenshot(w2->window_image(), QStringLiteral("export_osim_leg_plain_reopened.png")));

    const QString rajagopal = kModels + QStringLiteral("/Rajagopal2016.osim");
    QCOMPARE(w->open_project(rajagopal), QString());
    const OsimModelSaveResult refused = save_osim_model_of_document(w->document().data(), windows_.path(QStringLiteral("raj.osim")), &w->meshes());
    QVERIFY2(refused.error.contains(QStringLiteral("ground_pelvis")), qPrintable(refused.error));
    QVERIFY(!QFileInfo::exists(windows_.path(QStringLiteral("raj.osim"))));
  }

  // Rajagopal2016 opened from the shared data: its right knee swept; every body a node with its bones' meshes
  void rajagopal_exports_a_gltf_sweep_of_the_knee() {
    const QString model = kModels + QStringLiteral("/Rajagopal2016.osim");
    if (!QFile::exists(model)) QSKIP("shared data not found (../shared/data/opensim)");
    auto w = make_window();
    QCOMPARE(w->open_project(model), QString());
    Document& doc = w->document();
    QString sweep;
    for (const QString& c : gltf_sweep_coordinates(doc.data(), 0))
      if (c.endsWith(QLatin1String(".knee_angle_r"))) sweep = c;
    QVERIFY(!sweep.isEmpty());
    // a coordinate a coupler sets is not offered (the coupler would hold it), and a sweep of it says why
    for (const QString& c : gltf_sweep_coordinates(doc.data(), 0)) QVERIFY2(!c.endsWith(QLatin1String(".knee_angle_r_beta")), qPrintable(c));
    GltfSaveOptions beta;
    beta.sweep = QStringLiteral("patella_r.knee_angle_r_beta");
    const GltfSaveResult refused = save_gltf(doc.data(), beta, windows_.path(QStringLiteral("beta.glb")));
    QVERIFY2(refused.error.contains(QLatin1String("is set by coupler")), qPrintable(refused.error));
    const QString path = windows_.path(QStringLiteral("rajagopal.glb"));
    const ModalAnswer dialog = answer_gltf_dialog(sweep, 1.0, path);
    w->action(QStringLiteral("export_gltf"))->trigger();
    QVERIFY(dialog.answered());
    QVERIFY2(QFileInfo::exists(path), qPrintable(w->last_message()));
    qInfo().noquote() << w->last_message();
    QFile::remove(screenshot_path(QStringLiteral("export_rajagopal.glb")));
    QFile::copy(path, screenshot_path(QStringLiteral("export_rajagopal.glb")));
    Assimp::Importer importer;
    const aiScene* s = importer.ReadFile(path.toStdString(), 0);
    QVERIFY2(s, importer.GetErrorString());
    int bodies = 0;
    for (const js::ui::Body& b : doc.data().bodies) {
      if (b.frame_only) continue;
      ++bodies;
      if (b.mesh_parts.empty()) continue;
      const aiNode* n = find_node(s->mRootNode, b.name.toStdString());
      QVERIFY2(n, qPrintable(b.name));
      QVERIFY2(node_faces(s, n) > 12, qPrintable(b.name));  // its bone meshes, not a 12-triangle box
    }
    QCOMPARE(static_cast<int>(s->mNumMeshes), bodies);
    const aiNodeAnim* tibia = channel_of(s->mAnimations[0], sweep.section(QLatin1Char('.'), 0, 0).toStdString());
    QVERIFY(tibia && tibia->mNumRotationKeys > 2);
    // regression: the sweep held the patella still; its coupler (knee_angle_r_beta follows knee_angle_r) moves it
    const aiNodeAnim* patella = channel_of(s->mAnimations[0], "patella_r");
    QVERIFY(patella && patella->mNumRotationKeys >= 2);
    const aiQuaternion a = patella->mRotationKeys[0].mValue, b = patella->mRotationKeys[patella->mNumRotationKeys - 1].mValue;
    QVERIFY2(std::abs(a.w * b.w + a.x * b.x + a.y * b.y + a.z * b.z) < 0.999, "the patella does not turn with the knee");
  }

  // Rajagopal's knee_angle_r edited in the properties dock's Coordinates table (min, max, default in degrees), then
  // File ▸ Save As OpenSim Model: the saved model's <range> and <default_value> are the edited ones (read back with
  // core's osim reader), every byte outside that coordinate's element is the file's, and the app reopens it so
  void edited_coordinate_ranges_are_saved_in_the_osim_model() {
    const QString model = kModels + QStringLiteral("/Rajagopal2016.osim");
    if (!QFile::exists(model)) QSKIP("shared data not found (../shared/data/opensim)");
    auto w = make_window();
    QCOMPARE(w->open_project(model), QString());
    Document& doc = w->document();
    const JointId knee = osim_joint_id(doc, QStringLiteral("walker_knee_r"));
    QVERIFY(knee);
    doc.set_selection(Selection{0, knee, -1});
    w->dock(QStringLiteral("properties"))->raise();
    auto* props = qobject_cast<PropertiesPanel*>(w->panel(QStringLiteral("properties")));
    QVERIFY(props);
    QTableWidget* t = props->coordinate_editor()->table();
    int row = -1;
    for (int r = 0; r < t->rowCount(); ++r)
      if (t->item(r, CoordinateEditor::name_column)->text() == QLatin1String("knee_angle_r")) row = r;
    QVERIFY(row >= 0);
    // nothing edited: Save As OpenSim Model has nothing to write
    const auto [nothing, nothing_error] = save_osim_with_message(doc, windows_.path(QStringLiteral("same.osim")), true);
    QVERIFY(nothing_error);
    QVERIFY2(nothing.contains(QLatin1String("no coordinate's range or default edited")), qPrintable(nothing));
    const int steps = doc.undo_stack()->count();
    t->item(row, CoordinateEditor::min_column)->setText(QStringLiteral("5"));
    t->item(row, CoordinateEditor::max_column)->setText(QStringLiteral("110"));
    t->item(row, CoordinateEditor::default_column)->setText(QStringLiteral("30"));
    QCOMPARE(doc.undo_stack()->count(), steps + 3);
    const QString saved = windows_.path(QStringLiteral("rajagopal_ranges.osim"));
    const auto [text, error] = save_osim_with_message(doc, saved, true);
    QVERIFY2(!error, qPrintable(text));
    qInfo().noquote() << text;
    QVERIFY2(text.contains(QLatin1String("1 coordinate(s) edited")), qPrintable(text));
    // read back with core's reader
    const interop::OsimModel back = interop::read_osim_model(saved.toStdString());
    bool found = false;
    for (const interop::OsimModelCoordinate& c : back.coordinates) {
      if (c.name != "knee_angle_r") continue;
      found = true;
      QVERIFY(c.has_range);
      QVERIFY(std::abs(c.min - 5 * kDeg) < 1e-12);
      QVERIFY(std::abs(c.max - 110 * kDeg) < 1e-12);
      QVERIFY(std::abs(c.default_value - 30 * kDeg) < 1e-12);
    }
    QVERIFY(found);
    // every other byte as the file had it (the meshes copied beside it, so no mesh path changes)
    const std::string before = doc.data().osim->text;
    QFile f(saved);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const std::string after = f.readAll().toStdString();
    const auto [ob, oe] = coordinate_span(before, "knee_angle_r");
    const auto [nb, ne] = coordinate_span(after, "knee_angle_r");
    QVERIFY(ob != std::string::npos && nb != std::string::npos);
    QVERIFY(before.substr(0, ob) == after.substr(0, nb));
    QVERIFY(before.substr(oe) == after.substr(ne));
    // the app reopens the saved model at the new default, with the new range
    auto w2 = make_window();
    QCOMPARE(w2->open_project(saved), QString());
    for (const Joint& j : w2->document().data().joints) {
      if (j.osim_joint != QLatin1String("walker_knee_r")) continue;
      QVERIFY(std::abs(j.model->coordinates()[0].min - 5 * kDeg) < 1e-12);
      QVERIFY(std::abs(j.model->coordinates()[0].max - 110 * kDeg) < 1e-12);
      QVERIFY(std::abs(j.q[0] - 30 * kDeg) < 1e-12);
    }
  }

  // a project opens at the q it was saved at (the pose is the user's work), not at the joints' defaults; Reset to
  // default still goes to the default
  void a_project_opens_at_its_saved_q() {
    auto w = make_window();
    w->load_demo();
    Document& doc = w->document();
    const Joint knee = doc.data().joints.front();
    QVERIFY(std::abs(joint_default_q(knee)[0] - 20 * kDeg) < 1e-12);
    QVERIFY(set_joint_q(doc, knee.id, Eigen::VectorXd::Constant(1, 75 * kDeg)).ok());
    const SE3 tibia = doc.data().world_T_body(knee.child);
    const QString path = windows_.path(QStringLiteral("posed.jsproj"));
    QCOMPARE(w->save_project_as(path), QString());
    auto w2 = make_window();
    QCOMPARE(w2->open_project(path), QString());
    let_layouts_settle();
    const Joint& back = *w2->document().data().joint(knee.id);
    QCOMPARE(back.q[0], 75 * kDeg);
    QVERIFY(w2->document().data().world_T_body(knee.child).is_approx(tibia, 1e-12));
    QVERIFY(!w2->document().undo_stack()->canUndo());  // opening is not an edit
    QVERIFY(w2->document().undo_stack()->isClean());
    // the slider shows it, and Reset to default goes to the default
    w2->document().set_selection(Selection{0, knee.id, -1});
    auto* sliders = w2->findChild<JointSliders*>();
    QTRY_COMPARE(sliders->joint(), knee.id);
    QVERIFY(std::abs(sliders->spin(0)->value() - 75.0) < 1e-6);
    QTest::mouseClick(sliders->reset_button(), Qt::LeftButton);
    QVERIFY(std::abs(w2->document().data().joint(knee.id)->q[0] - 20 * kDeg) < 1e-12);
    // a recovery file (the same writer) also keeps the pose
    const auto load = load_project(path);
    QVERIFY(load.data);
    QCOMPARE(load.data->joint(knee.id)->q[0], 75 * kDeg);
  }

  // the samples table shows rotations as three angles in the joint's sequence: grood–suntay from the motion on the
  // knee demo (flexion the angle the fit's q measures), body-fixed xyz or axis–angle when chosen; the choice is one
  // undo step and is saved with the project
  void sample_rotations_show_as_angles_in_a_chosen_sequence() {
    auto w = make_window();
    w->load_demo();
    Document& doc = w->document();
    const Joint knee = doc.data().joints.front();
    doc.set_selection(Selection{knee.child, 0, -1});
    w->dock(QStringLiteral("samples"))->raise();
    SamplesPanel* panel = w->samples_panel();
    QTableWidget* t = panel->table();
    QCOMPARE(t->rowCount(), static_cast<int>(knee.samples.size()));
    const QString header = t->horizontalHeaderItem(2)->text();
    qInfo().noquote() << header << "|" << t->item(0, 2)->text() << "|" << t->item(t->rowCount() - 1, 2)->text();
    QCOMPARE(header, QStringLiteral("flexion, ab/ad, int. rot. (°)"));
    const QString tip = t->horizontalHeaderItem(2)->toolTip();
    QVERIFY2(tip.contains(QLatin1String("flexion (+x), then ab/adduction (floating +z), then internal rotation (+y)")), qPrintable(tip));
    // the angles are the motion curves' grood–suntay angles of the sample
    const auto gs = interop::guess_grood_suntay(*knee.model, 0, knee.q);
    for (int r = 0; r < t->rowCount(); ++r) {
      const Vec3 a = interop::decompose_body_fixed(gs.sequence(), knee.samples[static_cast<std::size_t>(r)].parent_T_child.R) / kDeg;
      const QStringList parts = t->item(r, 2)->text().split(QStringLiteral(", "));
      QCOMPARE(parts.size(), 3);
      for (int k = 0; k < 3; ++k) {
        QString p = parts[k];
        p.chop(1);  // °
        QVERIFY2(std::abs(p.toDouble() - a[k]) <= 0.051, qPrintable(t->item(r, 2)->text()));
      }
    }
    // flexion spans what q spans (the demo's samples were captured along the flexion)
    const auto flexion = [&](int r) {
      return interop::decompose_body_fixed(gs.sequence(), knee.samples[static_cast<std::size_t>(r)].parent_T_child.R)[0] / kDeg;
    };
    const int last = t->rowCount() - 1;
    const double dq = (knee.samples.back().q[0] - knee.samples.front().q[0]) / kDeg;
    QVERIFY2(std::abs(std::abs(flexion(last) - flexion(0)) - std::abs(dq)) < 5.0,
             qPrintable(QString::number(flexion(last) - flexion(0)) + " vs " + QString::number(dq)));
    let_layouts_settle();  // for the screenshot
    save_screenshot(w->window_image(), QStringLiteral("samples_grood_suntay.png"));
    // regression: at 1400×900 the table ran past the dock (its rotation column behind a scroll bar) and the
    // Capture and Delete buttons were cut off at the dock's edge
    auto* scroll = qobject_cast<QScrollArea*>(w->dock(QStringLiteral("samples"))->widget());
    QVERIFY(scroll);
    qInfo() << "samples dock" << scroll->viewport()->width() << "wide, the panel wants" << panel->preferred_width();
    // the dock's layout settles in posted events, later on a loaded machine (it failed once under a full suite)
    QTRY_COMPARE(t->horizontalScrollBar()->maximum(), 0);
    QTRY_COMPARE(scroll->horizontalScrollBar()->maximum(), 0);
    for (QPushButton* b : panel->findChildren<QPushButton*>()) {
      const QRect shown = QRect(b->mapTo(scroll->viewport(), QPoint(0, 0)), b->size());
      QVERIFY2(scroll->viewport()->rect().contains(shown), qPrintable(b->text()));
    }
    // body-fixed zxy through the box: one undo step, the column follows
    const int steps = doc.undo_stack()->count();
    QComboBox* box = panel->angles_box();
    box->setCurrentIndex(box->findData(QStringLiteral("zxy")));
    QCOMPARE(doc.undo_stack()->count(), steps + 1);
    QCOMPARE(doc.data().joint(knee.id)->sample_angles, QStringLiteral("zxy"));
    QCOMPARE(t->horizontalHeaderItem(2)->text(), QStringLiteral("rotation z, x, y (°)"));
    doc.undo_stack()->undo();
    QCOMPARE(doc.data().joint(knee.id)->sample_angles, QString());
    QCOMPARE(box->currentData().toString(), QStringLiteral("grood_suntay"));
    doc.undo_stack()->redo();
    // axis–angle is still there for who wants it
    box->setCurrentIndex(box->findData(QStringLiteral("axis_angle")));
    QVERIFY2(t->item(1, 2)->text().contains(QLatin1String("about")), qPrintable(t->item(1, 2)->text()));
    box->setCurrentIndex(box->findData(QStringLiteral("xyz")));
    // saved with the project and back
    const QString path = windows_.path(QStringLiteral("angles.jsproj"));
    QCOMPARE(w->save_project_as(path), QString());
    auto w2 = make_window();
    QCOMPARE(w2->open_project(path), QString());
    QCOMPARE(w2->document().data().joint(knee.id)->sample_angles, QStringLiteral("xyz"));
    w2->document().set_selection(Selection{knee.child, 0, -1});
    QCOMPARE(w2->samples_panel()->angles_box()->currentData().toString(), QStringLiteral("xyz"));
    // a project naming an unknown sequence: one message naming the field
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QByteArray text = f.readAll();
    f.close();
    text.replace("\"sample_angles\": \"xyz\"", "\"sample_angles\": \"yxyz\"");
    const QString bad = windows_.path(QStringLiteral("bad_angles.jsproj"));
    QFile g(bad);
    QVERIFY(g.open(QIODevice::WriteOnly));
    g.write(text);
    g.close();
    auto w3 = make_window();
    const QString err = w3->open_project(bad);
    QVERIFY2(err.contains(QLatin1String("sample_angles")), qPrintable(err));
  }
};

JS_GUI_TEST_MAIN(ExportsGuiTest, "jointsmith_exports_test")
#include "test_gui_exports.moc"
