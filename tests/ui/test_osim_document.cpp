// an opensim model as a document (ui/export/osim_import.hpp, osim_couplers.hpp), without a window: its couplers
// go into the exported scene, so playback and jointsmith-cli simulate hold them (leg39's knee too); a scene's
// couplers follow renamed bodies and go with a deleted one; meshes on the ground are drawn with the ground; a
// coordinate renamed in the app is saved in the project and written back with every reference to it.
#include <gtest/gtest.h>

#include <QFile>
#include <QTemporaryDir>
#include <fstream>

#include "core/dynamics/simulator.hpp"
#include "core/interop/osim_model.hpp"
#include "core/scene/scene_file.hpp"
#include "ui/document/document.hpp"
#include "ui/document/joint_model.hpp"
#include "ui/document/operations.hpp"
#include "ui/document/osim_source.hpp"
#include "ui/document/project_file.hpp"
#include "ui/export/exports.hpp"
#include "ui/export/osim_import.hpp"
#include "ui/export/osim_save.hpp"
#include "ui/export/scene_import.hpp"
#include "ui/joint/coordinate_edit.hpp"
#include "ui/joint/document_multibody.hpp"
#include "tests/ui/ui_test_files.hpp"

namespace {

using nlohmann::json;

using js::ui::test::kModels;

using js::ui::test::write_text;

// two bones on pins, the second's angle coupled to the first's (q_b = −0.5 · q_a + 0.1), a mesh on the ground
QByteArray coupled_model() {
  const auto body = [](const char* name) {
    return QByteArray("<Body name=\"") + name + "\"><mass>1</mass><mass_center>0.2 0 0</mass_center>"
           "<inertia>0.001 0.01 0.01 0 0 0</inertia></Body>\n";
  };
  const auto pin = [](const char* name, const char* parent, const char* child, const char* coordinate, const char* at) {
    return QByteArray("<PinJoint name=\"") + name + "\"><socket_parent_frame>" + parent + "_offset</socket_parent_frame>"
           "<socket_child_frame>" + child + "_offset</socket_child_frame><coordinates><Coordinate name=\"" + coordinate +
           "\"><default_value>0.3</default_value><range>-3 3</range></Coordinate></coordinates><frames>"
           "<PhysicalOffsetFrame name=\"" + parent + "_offset\"><socket_parent>/" + (QByteArray(parent) == "ground" ? "" : "bodyset/") +
           parent + "</socket_parent><translation>" + at + "</translation><orientation>0 0 0</orientation></PhysicalOffsetFrame>"
           "<PhysicalOffsetFrame name=\"" + child + "_offset\"><socket_parent>/bodyset/" + child + "</socket_parent>"
           "<translation>0 0 0</translation><orientation>0 0 0</orientation></PhysicalOffsetFrame></frames></PinJoint>\n";
  };
  return "<?xml version=\"1.0\"?>\n<OpenSimDocument Version=\"40000\"><Model name=\"coupled\">\n"
         "<gravity>0 -9.8065 0</gravity>\n"
         "<Ground name=\"ground\"><attached_geometry><Mesh name=\"floor\"><socket_frame>..</socket_frame>"
         "<mesh_file>floor.obj</mesh_file></Mesh></attached_geometry></Ground>\n"
         "<BodySet><objects>" + body("upper") + body("lower") + "</objects></BodySet>\n"
         "<JointSet><objects>" + pin("hip", "ground", "upper", "hip_angle", "0 0 0") +
         pin("knee", "upper", "lower", "knee_angle", "0.4 0 0") + "</objects></JointSet>\n"
         "<ConstraintSet><objects><CoordinateCouplerConstraint name=\"knee_follows_hip\"><isEnforced>true</isEnforced>"
         "<coupled_coordinates_function><LinearFunction><coefficients>-0.5 0.1</coefficients></LinearFunction>"
         "</coupled_coordinates_function><independent_coordinate_names>hip_angle</independent_coordinate_names>"
         "<dependent_coordinate_name>knee_angle</dependent_coordinate_name><scale_factor>1</scale_factor>"
         "</CoordinateCouplerConstraint></objects></ConstraintSet>\n"
         "</Model></OpenSimDocument>\n";
}

// the largest coupler error over `seconds` of the document's own scene (rk4, 1 ms), started with the first
// coupler's first independent turning at `rate` (the couplers set their dependents' rates), and how far the
// coordinates moved
struct Held {
  double worst = 0.0, moved = 0.0, independent_moved = 0.0;
};
Held simulate_document(const js::ui::DocumentData& d, double seconds, double rate = 0.0) {
  js::ui::DocumentMultibody mb;
  const QString error = js::ui::build_document_multibody(d, mb);
  EXPECT_TRUE(error.isEmpty()) << error.toStdString();
  js::Simulator sim(mb.scene.model, mb.scene.forces, js::SimulatorOptions{.loops = &mb.scene.loops});
  js::SimulationState s{0.0, mb.q_of(d), Eigen::VectorXd::Zero(mb.scene.model.nq())};
  const int independent = mb.scene.loops.couplers().empty() ? 0 : mb.scene.loops.couplers()[0].independents[0];
  s.qd[independent] = rate;
  js::apply_couplers(mb.scene.loops.couplers(), s.q, s.qd);
  const Eigen::VectorXd q0 = s.q;
  Held h;
  h.worst = sim.loop_errors(s).position;
  for (int k = 0; k < static_cast<int>(seconds / 1e-3); ++k) {
    sim.step(s, 1e-3, js::Integrator::RK4);
    h.worst = std::max(h.worst, sim.loop_errors(s).position);
  }
  h.moved = (s.q - q0).cwiseAbs().maxCoeff();
  h.independent_moved = std::abs(s.q[independent] - q0[independent]);
  return h;
}

TEST(OsimDocument, CouplersAreExportedAndHeldInSimulation) {
  QTemporaryDir dir;
  const QString path = dir.filePath(QStringLiteral("coupled.osim"));
  write_text(path, coupled_model());
  write_text(dir.filePath(QStringLiteral("floor.obj")), "v 0 0 0\nv 1 0 0\nv 0 0 1\nf 1 2 3\n");
  const js::ui::OsimLoad l = js::ui::load_osim(path, {});
  ASSERT_TRUE(l.data) << l.error.toStdString();
  const js::ui::DocumentData& d = *l.data;
  // the ground's mesh hangs on the ground frame
  ASSERT_TRUE(d.bodies.front().frame_only);
  ASSERT_EQ(d.bodies.front().mesh_parts.size(), 1u);
  EXPECT_TRUE(d.bodies.front().mesh_parts[0].path.endsWith(QLatin1String("floor.obj")));
  // the default pose is on the coupler: knee = −0.5 · 0.3 + 0.1
  EXPECT_NEAR(d.joints.at(1).q[0], -0.05, 1e-15);
  QString error;
  const json scene = js::ui::scene_to_json(d, error);
  ASSERT_TRUE(error.isEmpty()) << error.toStdString();
  ASSERT_TRUE(scene.contains("couplers")) << scene.dump(1);
  EXPECT_EQ(scene["couplers"][0]["coordinate"], "lower.knee_angle");
  EXPECT_EQ(scene["couplers"][0]["independents"][0], "upper.hip_angle");
  EXPECT_EQ(scene["couplers"][0]["function"]["type"], "LinearFunction");
  // the model's gravity is the scene's
  EXPECT_NEAR(scene["settings"]["gravity"][1].get<double>(), -9.8065, 1e-12);
  const js::scene::Scene sc = js::scene::read_scene_json(scene, "exported", dir.path().toStdString());
  ASSERT_EQ(sc.loops.couplers().size(), 1u);
  const Held h = simulate_document(d, 1.0);
  EXPECT_GT(h.independent_moved, 0.1) << "the leg swings";
  EXPECT_LT(h.worst, 1e-9) << "the knee follows the hip";
}

TEST(OsimDocument, Leg39KneeCouplersHoldInSimulation) {
  const QString path = kModels + QStringLiteral("/leg39.osim");
  if (!QFile::exists(path)) GTEST_SKIP() << "shared data not found (../shared/data/opensim)";
  const js::ui::OsimLoad l = js::ui::load_osim(path, {});
  ASSERT_TRUE(l.data) << l.error.toStdString();
  ASSERT_TRUE(l.data->osim);
  const std::size_t n = l.data->osim->coupler_list.size();
  ASSERT_GE(n, 1u);
  js::ui::DocumentMultibody mb;
  const QString built = js::ui::build_document_multibody(*l.data, mb);
  ASSERT_TRUE(built.isEmpty()) << built.toStdString();
  EXPECT_EQ(mb.scene.loops.couplers().size(), n) << "every coupler reaches the simulation";
  // in free fall nothing moves relative to the pelvis: start the knee bending at 3 rad/s
  const Held h = simulate_document(*l.data, 0.3, -3.0);
  std::printf("leg39: %zu couplers, knee started at -3 rad/s, 0.3 s rk4 1 ms: max coupler error %.2e, knee moved "
              "%.3f rad\n", n, h.worst, h.independent_moved);
  EXPECT_GT(h.independent_moved, 0.05) << "the knee bends";
  EXPECT_LT(h.worst, 1e-6);
}

TEST(OsimDocument, SceneCouplersFollowRenamesAndGoWithADeletedBody) {
  QTemporaryDir dir;
  const QString osim = dir.filePath(QStringLiteral("coupled.osim"));
  write_text(osim, coupled_model());
  const js::ui::OsimLoad l = js::ui::load_osim(osim, {});
  ASSERT_TRUE(l.data);
  // the exported scene, opened as a scene: its couplers are kept keys now
  const QString scene_path = dir.filePath(QStringLiteral("coupled.json"));
  ASSERT_TRUE(js::ui::export_scene_file(*l.data, scene_path).isEmpty());
  js::ui::SceneLoad sl = js::ui::load_scene(scene_path);
  ASSERT_TRUE(sl.data) << sl.error.toStdString();
  js::ui::Document doc;
  doc.reset(std::move(*sl.data), {});
  js::ui::BodyId upper = 0, lower = 0;
  for (const js::ui::Body& b : doc.data().bodies) {
    if (b.name == QLatin1String("upper")) upper = b.id;
    if (b.name == QLatin1String("lower")) lower = b.id;
  }
  ASSERT_TRUE(upper && lower);
  js::ui::Body renamed = *doc.data().body(upper);
  renamed.name = QStringLiteral("thigh");
  ASSERT_TRUE(js::ui::set_body_properties(doc, renamed).ok());
  QString error;
  json scene = js::ui::scene_to_json(doc.data(), error);
  ASSERT_TRUE(error.isEmpty());
  EXPECT_EQ(scene["couplers"][0]["independents"][0], "thigh.hip_angle") << scene["couplers"].dump();
  EXPECT_NO_THROW(js::scene::read_scene_json(scene, "exported", dir.path().toStdString()));
  const Held h = simulate_document(doc.data(), 0.5);
  EXPECT_LT(h.worst, 1e-9);
  // deleting the lower bone takes the coupler that drives its coordinate, and says so
  const auto removed = js::ui::remove_body(doc, lower);
  ASSERT_TRUE(removed.ok());
  EXPECT_NE(removed.value.indexOf(QLatin1String("coupler knee_follows_hip")), -1) << removed.value.toStdString();
  scene = js::ui::scene_to_json(doc.data(), error);
  EXPECT_TRUE(!scene.contains("couplers") || scene["couplers"].empty()) << scene.dump(1);
  EXPECT_NO_THROW(js::scene::read_scene_json(scene, "exported", dir.path().toStdString()));
}

// saved as a project and opened again, an osim document keeps its source (the text a later save writes back) and
// its couplers: the sliders and the simulation still hold them
TEST(OsimDocument, ProjectKeepsTheModelAndItsCouplers) {
  QTemporaryDir dir;
  const QString path = dir.filePath(QStringLiteral("coupled.osim"));
  write_text(path, coupled_model());
  const js::ui::OsimLoad l = js::ui::load_osim(path, {});
  ASSERT_TRUE(l.data);
  const QString project = dir.filePath(QStringLiteral("coupled.jsproj"));
  ASSERT_TRUE(js::ui::save_project(*l.data, project).isEmpty());
  const js::ui::ProjectLoad back = js::ui::load_project(project);
  ASSERT_TRUE(back.data) << back.error.toStdString();
  ASSERT_TRUE(back.data->osim);
  const js::ui::OsimDocumentSource& a = *l.data->osim;
  const js::ui::OsimDocumentSource& b = *back.data->osim;
  EXPECT_EQ(b.text, a.text);
  EXPECT_EQ(b.path, a.path);
  EXPECT_EQ(b.version, 40000);
  EXPECT_EQ(b.model_name, QStringLiteral("coupled"));
  EXPECT_EQ(b.couplers, a.couplers);
  ASSERT_EQ(b.coupler_list.size(), 1u);
  EXPECT_EQ(b.coupler_list[0].name, QStringLiteral("knee_follows_hip"));
  EXPECT_EQ(b.coupler_list[0].dependent_joint, QStringLiteral("knee"));
  EXPECT_EQ(b.coupler_list[0].independents, a.coupler_list[0].independents);
  EXPECT_EQ(b.coupler_list[0].function(0.7), a.coupler_list[0].function(0.7));
  // the reopened project still moves the knee with the hip and holds it in simulation
  js::ui::Document doc;
  doc.reset(std::move(*back.data), {});
  const js::ui::Joint& hip = doc.data().joints.at(0);
  Eigen::VectorXd q = hip.q;
  q[0] = 0.9;
  const auto moved = js::ui::osim_coupled_motion(doc.data(), hip.id, q);
  ASSERT_EQ(moved.size(), 1u);
  EXPECT_NEAR(moved[0].second[0], -0.5 * 0.9 + 0.1, 1e-15);
  EXPECT_LT(simulate_document(doc.data(), 0.5, 1.0).worst, 1e-9);
  // a damaged coupler is refused with where it is
  nlohmann::json j = js::ui::project_to_json(*l.data, dir.path());
  j["osim"]["couplers"][0]["function"]["type"] = "Sine";
  try {
    js::ui::project_from_json(j, dir.path());
    ADD_FAILURE() << "accepted";
  } catch (const std::exception& e) {
    EXPECT_NE(std::string(e.what()).find("/osim/couplers/0/function"), std::string::npos) << e.what();
  }
}

// issue 18: leg6dof9musc's knee_angle_r renamed knee_flexion_r as the Coordinates editor does (a taken name and one
// OpenSim cannot read refused first), undone and redone, saved in a project and reopened, then written back by Save
// As OpenSim Model: the coordinate and every reference follow (its coupler, the muscles' conditional and moving
// points), the saved model reads back with the project's reader and its knee moves by knee_flexion_r as before
TEST(OsimDocument, ARenamedCoordinateIsSavedWithEveryReference) {
  const QString path = kModels + QStringLiteral("/leg6dof9musc.osim");
  if (!QFile::exists(path)) GTEST_SKIP() << "shared data not found (../shared/data/opensim)";
  js::ui::OsimLoad l = js::ui::load_osim(path, {});
  ASSERT_TRUE(l.data) << l.error.toStdString();
  js::ui::Document doc;
  doc.reset(std::move(*l.data), {});
  js::ui::JointId knee = 0;
  for (const js::ui::Joint& j : doc.data().joints)
    if (j.osim_joint == QLatin1String("knee_r")) knee = j.id;
  ASSERT_NE(knee, 0);
  const js::ui::Joint file_knee = *doc.data().joint(knee);
  const int steps = doc.undo_stack()->count();
  js::ui::CoordinateEdit e = js::ui::coordinate_edit_of(file_knee, 0);
  e.name = QStringLiteral("hip_flexion_r");
  const auto taken = js::ui::edit_coordinate(doc, knee, 0, e);
  EXPECT_TRUE(taken.error.contains(QLatin1String("already has a coordinate named hip_flexion_r (in hip_r)"))) << taken.error.toStdString();
  e.name = QStringLiteral("knee/flexion");
  EXPECT_TRUE(js::ui::edit_coordinate(doc, knee, 0, e).error.contains(QLatin1String("cannot name a coordinate")));
  EXPECT_EQ(doc.undo_stack()->count(), steps);
  // nothing edited yet: nothing to save
  QTemporaryDir dir;
  EXPECT_FALSE(js::ui::save_osim_document(doc.data(), dir.filePath(QStringLiteral("same.osim")), false).ok());

  e.name = QStringLiteral("knee_flexion_r");
  const auto r = js::ui::edit_coordinate(doc, knee, 0, e);
  ASSERT_TRUE(r.ok()) << r.error.toStdString();
  EXPECT_EQ(doc.undo_stack()->count(), steps + 1);
  EXPECT_EQ(doc.undo_stack()->undoText(), QStringLiteral("Edit coordinate knee_flexion_r of knee_r"));
  EXPECT_EQ(doc.data().joint(knee)->model->coordinates()[0].name, "knee_flexion_r");
  doc.undo_stack()->undo();
  EXPECT_EQ(doc.data().joint(knee)->model->coordinates()[0].name, "knee_angle_r");
  doc.undo_stack()->redo();
  EXPECT_EQ(js::ui::coordinate_name(*doc.data().joint(knee), 0), QStringLiteral("knee_flexion_r"));
  // the exported scene's coupler (the patella follows the knee) names it: Simulate holds it
  QString error;
  const json scene = js::ui::scene_to_json(doc.data(), error);
  ASSERT_TRUE(error.isEmpty()) << error.toStdString();
  EXPECT_EQ(scene["couplers"][0]["independents"][0], "tibia_r.knee_flexion_r") << scene["couplers"].dump();

  // saved in the project and reopened
  const QString project = dir.filePath(QStringLiteral("renamed.jsproj"));
  ASSERT_TRUE(js::ui::save_project(doc.data(), project).isEmpty());
  js::ui::ProjectLoad back = js::ui::load_project(project);
  ASSERT_TRUE(back.data) << back.error.toStdString();
  EXPECT_EQ(back.data->joint(knee)->model->coordinates()[0].name, "knee_flexion_r");
  EXPECT_EQ(back.data->osim->text, doc.data().osim->text);  // the file's text as read: the rename is the document's

  // Save As OpenSim Model from the reopened project
  const QString saved = dir.filePath(QStringLiteral("renamed.osim"));
  const js::ui::OsimSaveResult s = js::ui::save_osim_document(*back.data, saved, true);
  ASSERT_TRUE(s.ok()) << s.error.toStdString();
  EXPECT_EQ(s.renamed, 1);
  EXPECT_EQ(s.replaced, 0);
  EXPECT_EQ(s.coordinates, 0);
  EXPECT_TRUE(s.summary.contains(QLatin1String("knee_angle_r renamed knee_flexion_r: its <Coordinate> (line 648) and 13 line(s)")))
      << s.summary.toStdString();
  QFile f(saved);
  ASSERT_TRUE(f.open(QIODevice::ReadOnly));
  const std::string text = f.readAll().toStdString();
  // the file's text with that name changed, and nothing else
  std::string expected = doc.data().osim->text;
  for (const std::string& was : {std::string(">knee_angle_r<"), std::string("/knee_angle_r<"), std::string("\"knee_angle_r\"")}) {
    std::string now = was;
    now.replace(now.find("knee_angle_r"), 12, "knee_flexion_r");
    for (std::size_t at = expected.find(was); at != std::string::npos; at = expected.find(was, at + now.size())) expected.replace(at, was.size(), now);
  }
  EXPECT_EQ(text, expected);
  const js::interop::OsimModel m = js::interop::read_osim_model(saved.toStdString());
  const js::interop::OsimModel original = js::interop::read_osim_model(path.toStdString());
  EXPECT_EQ(m.issues.size(), original.issues.size());
  ASSERT_EQ(m.couplers.size(), 1u);
  EXPECT_EQ(m.couplers[0].independents, std::vector<std::string>{"knee_flexion_r"});
  // reopened in the app: the knee moves by knee_flexion_r as it moved by knee_angle_r
  js::ui::OsimLoad again = js::ui::load_osim(saved, {});
  ASSERT_TRUE(again.data) << again.error.toStdString();
  const js::ui::Joint* reread = nullptr;
  for (const js::ui::Joint& j : again.data->joints)
    if (j.osim_joint == QLatin1String("knee_r")) reread = &j;
  ASSERT_TRUE(reread && reread->model);
  EXPECT_EQ(reread->model->coordinates()[0].name, "knee_flexion_r");
  for (double angle : {-1.9, -0.8, 0.0}) {
    const Eigen::VectorXd q = Eigen::VectorXd::Constant(1, angle);
    EXPECT_TRUE(js::ui::joint_transform(*reread->model, q).is_approx(js::ui::joint_transform(*file_knee.model, q), 1e-12)) << angle;
  }
  // renamed back to the file's name: nothing to write again
  e = js::ui::coordinate_edit_of(*doc.data().joint(knee), 0);
  e.name = QStringLiteral("knee_angle_r");
  ASSERT_TRUE(js::ui::edit_coordinate(doc, knee, 0, e).ok());
  EXPECT_FALSE(js::ui::save_osim_document(doc.data(), dir.filePath(QStringLiteral("back.osim")), false).ok());
}

}  // namespace
