// a scene opened in the app and exported elsewhere names its files (body joint files, a loop's joint file,
// mesh files) relative to the exported file's folder (ui/document/scene_paths.hpp): the export and the files
// it names can be moved together and still read. a project saved from an opened scene does the same.
#include <gtest/gtest.h>

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <fstream>

#include "core/dynamics/simulator.hpp"
#include "core/io/json_text.hpp"
#include "core/scene/scene_file.hpp"
#include "ui/export/exports.hpp"
#include "ui/export/scene_import.hpp"
#include "ui/document/scene_paths.hpp"
#include "ui/document/project_file.hpp"

namespace {

using nlohmann::json;

// a closed unit-ish cube, outward triangles
const char* kCube = R"(v -0.05 -0.05 -0.05
v 0.05 -0.05 -0.05
v 0.05 0.05 -0.05
v -0.05 0.05 -0.05
v -0.05 -0.05 0.05
v 0.05 -0.05 0.05
v 0.05 0.05 0.05
v -0.05 0.05 0.05
f 1 3 2
f 1 4 3
f 5 6 7
f 5 7 8
f 1 2 6
f 1 6 5
f 2 3 7
f 2 7 6
f 3 4 8
f 3 8 7
f 4 1 5
f 4 5 8
)";

// twenty steps at the scene's own settings, loops included (what jointsmith-cli simulate runs)
void expect_steps_stay_finite(const js::scene::Scene& sc) {
  js::SimulatorOptions options;
  options.loops = &sc.loops;
  js::Simulator sim(sc.model, sc.forces, options);
  js::SimulationState state = sc.initial;
  for (int i = 0; i < 20; ++i) sim.step(state, sc.settings.dt, sc.settings.integrator);
  EXPECT_TRUE(state.q.allFinite());
}

}  // namespace

TEST(SceneExportPaths, FilesAreRelativeToTheExportAndTheFolderMovesWithThem) {
  QTemporaryDir tmp;
  ASSERT_TRUE(tmp.isValid());
  const QDir root(tmp.path() + QStringLiteral("/project"));
  ASSERT_TRUE(QDir().mkpath(root.filePath(QStringLiteral("src/meshes"))));
  ASSERT_TRUE(QDir().mkpath(root.filePath(QStringLiteral("out"))));
  // the double-spline knee (a body and a loop on knee_joint.json) and a box with a mesh file below the tibia
  ASSERT_TRUE(QFile::copy(QStringLiteral(JS_SOURCE_DIR "/resources/scenes/knee_joint.json"),
                          root.filePath(QStringLiteral("src/knee_joint.json"))));
  std::ofstream(root.filePath(QStringLiteral("src/meshes/box.obj")).toStdString()) << kCube;
  json scene = js::io::parse_json_text(
      js::io::read_text_file(JS_SOURCE_DIR "/resources/scenes/double_spline.json"), "double_spline");
  scene["bodies"].push_back({{"name", "box"}, {"parent", "tibia"},
                             {"joint", {{"kind", "fixed"}, {"dof", 0}, {"coordinates", json::array()}}},
                             {"mesh", {{"file", "meshes/box.obj"}, {"density", 500.0}}}});
  const QString source = root.filePath(QStringLiteral("src/scene.json"));
  std::ofstream(source.toStdString()) << scene.dump(2);

  js::ui::SceneLoad l = js::ui::load_scene(source);
  ASSERT_TRUE(l.data) << l.error.toStdString();
  // in the document they are absolute (the kept keys work from a project anywhere)
  ASSERT_TRUE(QFileInfo(QString::fromStdString(l.data->scene_keys["loops"][0]["joint"].get<std::string>())).isAbsolute());

  const QString out = root.filePath(QStringLiteral("out/exported.json"));
  const QString err = js::ui::export_scene_file(*l.data, out);
  ASSERT_TRUE(err.isEmpty()) << err.toStdString();
  const json written = js::io::parse_json_text(js::io::read_text_file(out.toStdString()), "exported");
  EXPECT_EQ(written["loops"][0]["joint"], "../src/knee_joint.json");
  ASSERT_EQ(written["bodies"].size(), 2u);
  EXPECT_EQ(written["bodies"][0]["joint"], "../src/knee_joint.json");
  EXPECT_EQ(written["bodies"][1]["mesh"]["file"], "../src/meshes/box.obj");

  // the whole folder moved: the export still reads and simulates (what jointsmith-cli simulate does)
  const QString moved = tmp.path() + QStringLiteral("/moved");
  ASSERT_TRUE(QDir().rename(root.path(), moved));
  js::scene::Scene sc;
  ASSERT_NO_THROW(sc = js::scene::read_scene_file((moved + QStringLiteral("/out/exported.json")).toStdString()));
  EXPECT_EQ(sc.model.num_bodies(), 2);
  EXPECT_EQ(sc.loops.num_loops(), 1);
  EXPECT_NEAR(sc.model.body(1).inertia.mass, 500.0 * 0.1 * 0.1 * 0.1, 1e-9);  // the box's mesh was read
  expect_steps_stay_finite(sc);
  // and it opens in the app again, the loop's joint file absolute at its new place
  js::ui::SceneLoad again = js::ui::load_scene(moved + QStringLiteral("/out/exported.json"));
  ASSERT_TRUE(again.data) << again.error.toStdString();
  EXPECT_EQ(again.data->scene_keys["loops"][0]["joint"],
            QDir::cleanPath(moved + QStringLiteral("/src/knee_joint.json")).toStdString());
}

TEST(SceneExportPaths, RelativeAndAbsoluteNames) {
  EXPECT_EQ(js::ui::relative_scene_path(QStringLiteral("/a/b"), "/a/c/j.json"), "../c/j.json");
  EXPECT_EQ(js::ui::relative_scene_path(QStringLiteral("/a/b"), "/a/b/j.json"), "j.json");
  EXPECT_EQ(js::ui::relative_scene_path(QStringLiteral("/a/b"), "c/j.json"), "c/j.json");  // already relative
  EXPECT_EQ(js::ui::absolute_scene_path(QStringLiteral("/a/b"), "../c/j.json"), "/a/c/j.json");
  EXPECT_EQ(js::ui::absolute_scene_path(QStringLiteral("/a/b"), "/x/j.json"), "/x/j.json");
}

// regression: a project saved from an opened scene kept the scene's joint files and folder absolute, so the
// project stopped exporting a readable scene once it and the scene's files were moved together
TEST(SceneExportPaths, AProjectSavedFromASceneMovesWithTheScenesFiles) {
  QTemporaryDir tmp;
  ASSERT_TRUE(tmp.isValid());
  const QDir root(tmp.path() + QStringLiteral("/work"));
  ASSERT_TRUE(QDir().mkpath(root.filePath(QStringLiteral("src"))));
  ASSERT_TRUE(QDir().mkpath(root.filePath(QStringLiteral("projects"))));
  for (const char* f : {"double_spline.json", "knee_joint.json"}) {
    ASSERT_TRUE(QFile::copy(QStringLiteral(JS_SOURCE_DIR "/resources/scenes/") + QLatin1String(f),
                            root.filePath(QStringLiteral("src/") + QLatin1String(f))));
  }
  js::ui::SceneLoad l = js::ui::load_scene(root.filePath(QStringLiteral("src/double_spline.json")));
  ASSERT_TRUE(l.data) << l.error.toStdString();
  const QString project = root.filePath(QStringLiteral("projects/knee.jsproj"));
  ASSERT_EQ(js::ui::save_project(*l.data, project), QString());
  const json saved = js::io::parse_json_text(js::io::read_text_file(project.toStdString()), "project");
  EXPECT_EQ(saved["scene"]["dir"], "../src");
  EXPECT_EQ(saved["scene"]["keys"]["loops"][0]["joint"], "../src/knee_joint.json");
  bool body_joint_seen = false;
  for (const json& j : saved["joints"]) {
    if (!j.contains("scene_joint") || !j["scene_joint"]["joint"].is_string()) continue;
    EXPECT_EQ(j["scene_joint"]["joint"], "../src/knee_joint.json");
    body_joint_seen = true;
  }
  EXPECT_TRUE(body_joint_seen);

  // moved together: the project reopens with every name absolute at the new place and exports a scene
  // that reads and simulates
  const QString moved = tmp.path() + QStringLiteral("/moved");
  ASSERT_TRUE(QDir().rename(root.path(), moved));
  const js::ui::ProjectLoad back = js::ui::load_project(moved + QStringLiteral("/projects/knee.jsproj"));
  ASSERT_TRUE(back.data) << back.error.toStdString();
  const std::string knee = QDir::cleanPath(moved + QStringLiteral("/src/knee_joint.json")).toStdString();
  EXPECT_EQ(back.data->scene_keys["loops"][0]["joint"], knee);
  EXPECT_EQ(back.data->scene_dir, QDir::cleanPath(moved + QStringLiteral("/src")));
  const QString out = moved + QStringLiteral("/out.json");
  const QString err = js::ui::export_scene_file(*back.data, out);
  ASSERT_TRUE(err.isEmpty()) << err.toStdString();
  js::scene::Scene sc;
  ASSERT_NO_THROW(sc = js::scene::read_scene_file(out.toStdString()));
  EXPECT_EQ(sc.loops.num_loops(), 1);
  expect_steps_stay_finite(sc);

  // the recovery file (no project folder yet) keeps them absolute
  const QString rec = moved + QStringLiteral("/rec/recovery.jsproj");
  ASSERT_EQ(js::ui::save_recovery(*back.data, rec, QString()), QString());
  const json recovered = js::io::parse_json_text(js::io::read_text_file(rec.toStdString()), "recovery");
  EXPECT_EQ(recovered["scene"]["keys"]["loops"][0]["joint"], knee);
}
