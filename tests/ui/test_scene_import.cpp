// a scene file opened as a document (ui/export/scene_import.hpp) and exported back (scene_to_json): the
// same multibody, forces, settings and initial state as the core reads from the file, through a project
// save and reopen too; mass edits replace the scene's mass keys; renamed bodies keep the forces, loops and
// initial q̇ that name them; bad scenes give the core's message.
#include <gtest/gtest.h>

#include <QTemporaryDir>
#include <fstream>

#include "core/dynamics/algorithms.hpp"
#include "core/scene/scene_file.hpp"
#include "ui/document/project_file.hpp"
#include "ui/export/exports.hpp"
#include "ui/export/scene_import.hpp"
#include "ui/document/joint_model.hpp"
#include "tests/ui/ui_test_files.hpp"

namespace {

using js::ui::DocumentData;
using nlohmann::json;

const char* kScenes[] = {"leg", "beads_on_wire", "scripted_knee", "pendulum_chain"};

using js::ui::test::scene_path;

DocumentData load(const char* name) {
  js::ui::SceneLoad l = js::ui::load_scene(scene_path(name));
  EXPECT_TRUE(l.data) << l.error.toStdString();
  return l.data ? *l.data : DocumentData{};
}

json exported(const DocumentData& d) {
  QString error;
  const json j = js::ui::scene_to_json(d, error);
  EXPECT_TRUE(error.isEmpty()) << error.toStdString();
  return j;
}

void expect_same_scene(const js::scene::Scene& a, const js::scene::Scene& b, const std::string& what) {
  ASSERT_EQ(a.model.num_bodies(), b.model.num_bodies()) << what;
  EXPECT_EQ(a.model.coordinate_names(), b.model.coordinate_names()) << what;
  // the initial state as the simulator starts it: a scripted coordinate where its motion is at t = 0 (the
  // document stores it there; the file may hold anything, the motion overrides it)
  js::SimulationState sa = a.initial, sb = b.initial;
  js::Simulator(a.model, a.forces).apply_prescribed(sa);
  js::Simulator(b.model, b.forces).apply_prescribed(sb);
  EXPECT_EQ(sa.q, sb.q) << what;
  EXPECT_EQ(sa.qd, sb.qd) << what;
  EXPECT_EQ(a.model.gravity, b.model.gravity) << what;
  EXPECT_EQ(a.settings.dt, b.settings.dt) << what;
  EXPECT_EQ(a.settings.duration, b.settings.duration) << what;
  EXPECT_EQ(a.settings.integrator, b.settings.integrator) << what;
  EXPECT_EQ(a.model.root_is_fixed(), b.model.root_is_fixed()) << what;
  EXPECT_EQ(a.model.prescribed().size(), b.model.prescribed().size()) << what;
  EXPECT_EQ(a.forces.joint_damping, b.forces.joint_damping) << what;
  EXPECT_EQ(a.forces.springs.size(), b.forces.springs.size()) << what;
  EXPECT_EQ(a.forces.point_springs.size(), b.forces.point_springs.size()) << what;
  for (int i = 0; i < a.model.num_bodies(); ++i) {
    const js::Body& ba = a.model.body(i);
    const js::Body& bb = b.model.body(i);
    EXPECT_EQ(ba.name, bb.name) << what;
    EXPECT_EQ(ba.parent, bb.parent) << what;
    EXPECT_EQ(ba.inertia.mass, bb.inertia.mass) << what;
    EXPECT_EQ(ba.inertia.inertia_com, bb.inertia.inertia_com) << what;
    // the joints place the body identically at the initial q
    const Eigen::VectorXd q = a.initial.q.segment(ba.q_index, ba.dof);
    const js::SE3 ta = js::ui::joint_transform(*ba.joint, q), tb = js::ui::joint_transform(*bb.joint, q);
    EXPECT_TRUE(ta.R == tb.R && ta.p == tb.p) << what << " body " << ba.name;
  }
}

}  // namespace

TEST(SceneImport, DocumentExportsTheSceneTheCoreReads) {
  for (const char* name : kScenes) {
    const DocumentData d = load(name);
    const js::scene::Scene file = js::scene::read_scene_file(scene_path(name).toStdString());
    // the root frame body plus one body and one joint per scene body
    ASSERT_EQ(d.bodies.size(), static_cast<std::size_t>(file.model.num_bodies()) + 1) << name;
    EXPECT_TRUE(d.bodies.front().frame_only);
    ASSERT_EQ(d.joints.size(), static_cast<std::size_t>(file.model.num_bodies())) << name;
    EXPECT_TRUE(d.camera.z_up) << name << ": gravity along −z";
    const js::scene::Scene again = js::scene::read_scene_json(exported(d), name, d.scene_dir.toStdString());
    expect_same_scene(file, again, name);
  }
}

TEST(SceneImport, ChildPosesAreTheJointsAtTheInitialState) {
  const DocumentData d = load("leg");
  const js::scene::Scene file = js::scene::read_scene_file(scene_path("leg").toStdString());
  js::MultibodyData data(file.model);
  js::forward_kinematics(file.model, data, 0.0, file.initial.q);
  for (int i = 0; i < file.model.num_bodies(); ++i) {
    const js::ui::Body* b = nullptr;
    for (const js::ui::Body& db : d.bodies)
      if (db.name.toStdString() == file.model.body(i).name) b = &db;
    ASSERT_TRUE(b);
    const js::SE3 ours = d.world_T_body(b->id), core = data.bodies[static_cast<std::size_t>(i)].world_T_body;
    EXPECT_LT((ours.p - core.p).norm(), 1e-12) << b->name.toStdString();
    EXPECT_LT((ours.R - core.R).norm(), 1e-12) << b->name.toStdString();
  }
}

TEST(SceneImport, ProjectSaveAndReopenKeepsTheScene) {
  QTemporaryDir tmp;
  for (const char* name : kScenes) {
    const DocumentData d = load(name);
    const QString path = tmp.filePath(QStringLiteral("%1.jsproj").arg(name));
    ASSERT_TRUE(js::ui::save_project(d, path).isEmpty());
    const js::ui::ProjectLoad reopened = js::ui::load_project(path);
    ASSERT_TRUE(reopened.data) << reopened.error.toStdString();
    EXPECT_EQ(exported(*reopened.data), exported(d)) << name;
  }
}

// regression: a body's scene keys kept the scene's mesh file absolute in the project, so a project moved
// to another folder or machine exported a scene naming the old place. now it moves like "mesh" does
TEST(SceneImport, ProjectKeepsTheScenesMeshFilesRelative) {
  QTemporaryDir tmp;
  const js::ui::SceneLoad l = js::ui::load_scene(QStringLiteral(JS_SOURCE_DIR "/resources/demos/knee.json"));
  ASSERT_TRUE(l.data) << l.error.toStdString();
  const QString path = tmp.filePath(QStringLiteral("knee.jsproj"));
  ASSERT_TRUE(js::ui::save_project(*l.data, path).isEmpty());
  std::ifstream in(path.toStdString());
  const json file = json::parse(in);
  int meshes = 0;
  for (const json& b : file["bodies"]) {
    if (!b.contains("scene_keys") || !b["scene_keys"].contains("mesh")) continue;
    const std::string stored = b["scene_keys"]["mesh"]["file"].get<std::string>();
    EXPECT_EQ(stored.rfind("../", 0), 0u) << stored;  // relative to the temporary folder
    ++meshes;
  }
  EXPECT_EQ(meshes, 3);
  // reopened, they name the same files as before, and the exported scene is the one first read
  const js::ui::ProjectLoad reopened = js::ui::load_project(path);
  ASSERT_TRUE(reopened.data) << reopened.error.toStdString();
  for (std::size_t i = 0; i < l.data->bodies.size(); ++i)
    EXPECT_EQ(reopened.data->bodies[i].scene_keys, l.data->bodies[i].scene_keys);
  EXPECT_EQ(exported(*reopened.data), exported(*l.data));
}

// the scene's settings.solver is the document's solver (the playback dock runs it), and the export writes the
// document's choice back, so the app and jointsmith-cli simulate run the same solver
TEST(SceneImport, TheSolverChoiceGoesBothWays) {
  std::ifstream in(scene_path("hinge_skeleton").toStdString());
  json scene = json::parse(in);
  scene["settings"]["solver"] = "maximal";
  QTemporaryDir tmp;
  const QString path = tmp.filePath(QStringLiteral("hinge_maximal.json"));
  {
    std::ofstream out(path.toStdString());
    out << scene.dump();
  }
  // the chain's meshes and joints are inline or absent: the copy opens from the temporary folder
  const js::ui::SceneLoad l = js::ui::load_scene(path);
  ASSERT_TRUE(l.data) << l.error.toStdString();
  EXPECT_TRUE(l.data->simulation.maximal_solver);
  EXPECT_EQ(exported(*l.data)["settings"]["solver"], "maximal");
  DocumentData d = *l.data;
  d.simulation.maximal_solver = false;
  EXPECT_EQ(exported(d)["settings"]["solver"], "reduced");
  EXPECT_FALSE(load("hinge_skeleton").simulation.maximal_solver);
  EXPECT_FALSE(exported(load("hinge_skeleton"))["settings"].contains("solver"));
}

// settings.energy_projection opens into the playback's setting and is written back (and left out when never set)
TEST(SceneImport, TheEnergyProjectionGoesBothWays) {
  std::ifstream in(scene_path("hinge_skeleton").toStdString());
  json scene = json::parse(in);
  scene["settings"]["energy_projection"] = true;
  QTemporaryDir tmp;
  const QString path = tmp.filePath(QStringLiteral("hinge_projected.json"));
  {
    std::ofstream out(path.toStdString());
    out << scene.dump();
  }
  const js::ui::SceneLoad l = js::ui::load_scene(path);
  ASSERT_TRUE(l.data) << l.error.toStdString();
  EXPECT_TRUE(l.data->simulation.energy_projection);
  EXPECT_EQ(exported(*l.data)["settings"]["energy_projection"], true);
  DocumentData d = *l.data;
  d.simulation.energy_projection = false;
  EXPECT_EQ(exported(d)["settings"]["energy_projection"], false);
  EXPECT_FALSE(load("hinge_skeleton").simulation.energy_projection);
  EXPECT_FALSE(exported(load("hinge_skeleton"))["settings"].contains("energy_projection"));
  // the core reads what the app writes
  d.simulation.energy_projection = true;
  const QString back = tmp.filePath(QStringLiteral("back.json"));
  {
    std::ofstream out(back.toStdString());
    out << exported(d).dump();
  }
  EXPECT_TRUE(js::scene::read_scene_file(back.toStdString()).settings.energy_projection);
}

TEST(SceneImport, EditedMassReplacesTheScenesMassKeys) {
  DocumentData d = load("leg");
  js::ui::Body& thigh = d.bodies[1];
  ASSERT_EQ(thigh.name, QStringLiteral("thigh"));
  EXPECT_EQ(exported(d)["bodies"][0]["inertia"], thigh.scene_keys["inertia"]);
  thigh.mass = 2.0;
  const json b = exported(d)["bodies"][0];
  EXPECT_EQ(b["mass"], 2.0);
  EXPECT_EQ(b["inertia"][0][0], thigh.inertia_diag.x());
  // a new model (a fit, a joint file) is written instead of the scene's joint keys
  d.joints[0].scene_joint = nullptr;
  EXPECT_EQ(exported(d)["bodies"][0]["joint"], js::ui::model_to_json(*d.joints[0].model));
}

TEST(SceneImport, BadScenesNameFilePointerAndProblem) {
  QTemporaryDir tmp;
  const QString path = tmp.filePath(QStringLiteral("bad.json"));
  std::ofstream(path.toStdString()) << R"({"format": "jointsmith.scene", "version": 1,
    "bodies": [{"name": "a", "joint": {"kind": "revolute", "dof": 1, "coordinates": [{"name": "q"}],
                "axis": [0, 0, 1]}, "mas": 1.0}]})";
  EXPECT_TRUE(js::ui::is_scene_file(path));
  const js::ui::SceneLoad l = js::ui::load_scene(path);
  EXPECT_FALSE(l.data);
  EXPECT_TRUE(l.error.contains(QStringLiteral("bad.json"))) << l.error.toStdString();
  EXPECT_TRUE(l.error.contains(QStringLiteral("/bodies/0"))) << l.error.toStdString();
  EXPECT_FALSE(js::ui::is_scene_file(QStringLiteral(JS_SOURCE_DIR "/resources/scenes/knee_joint.json")));
}

namespace {

// q after `steps` steps of the scene's settings, its loops solved
Eigen::VectorXd run_scene(const js::scene::Scene& sc, int steps) {
  js::SimulatorOptions options;
  options.loops = &sc.loops;
  js::Simulator sim(sc.model, sc.forces, options);
  js::SimulationState s = sc.initial;
  sim.apply_prescribed(s);
  for (int i = 0; i < steps; ++i) sim.step(s, sc.settings.dt, sc.settings.integrator);
  return s.q;
}

}  // namespace

TEST(SceneImport, RenamedBodiesKeepTheirForcesLoopsAndInitialVelocities) {
  // pendulum_chain: motors, springs on a point and external forces name bodies; leg: a coordinate spring and
  // initial q̇; four_bar: a loop and initial q̇. the first and last bodies swap names, the others get new ones
  for (const char* name : {"pendulum_chain", "leg", "four_bar"}) {
    DocumentData d = load(name);
    std::vector<js::ui::Body*> bodies;
    for (js::ui::Body& b : d.bodies)
      if (!b.frame_only) bodies.push_back(&b);
    ASSERT_GE(bodies.size(), 3u) << name;
    const QString first = bodies.front()->name;
    bodies.front()->name = bodies.back()->name;
    bodies.back()->name = first;
    for (std::size_t i = 1; i + 1 < bodies.size(); ++i) bodies[i]->name += QStringLiteral(" renamed");
    const json scene = exported(d);
    js::scene::Scene renamed;
    ASSERT_NO_THROW(renamed = js::scene::read_scene_json(scene, name, d.scene_dir.toStdString())) << scene.dump(1);
    const js::scene::Scene file = js::scene::read_scene_file(scene_path(name).toStdString());
    EXPECT_EQ(renamed.initial.qd, file.initial.qd) << name;
    EXPECT_EQ(renamed.loops.num_loops(), file.loops.num_loops()) << name;
    EXPECT_EQ(renamed.forces.springs.size(), file.forces.springs.size()) << name;
    // the same forces on the same bodies: the same motion, bit for bit
    EXPECT_EQ(run_scene(renamed, 100), run_scene(file, 100)) << name;
  }
}
