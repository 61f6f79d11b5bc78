// .jsproj save / load round trips and malformed input.
#include <gtest/gtest.h>

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <functional>
#include <vector>

#include "ui/demo/demo_project.hpp"
#include "ui/document/project_file.hpp"
#include "ui/document/joint_model.hpp"
#include "tests/ui/ui_test_files.hpp"

using namespace js;
using namespace js::ui;

namespace {

using js::ui::test::write_text;

std::string load_error(const QString& path) { return load_project(path).error.toStdString(); }

}  // namespace

TEST(ProjectFile, DemoRoundTripIsExact) {
  QTemporaryDir dir;
  const QString path = dir.filePath(QStringLiteral("knee.jsproj"));
  DocumentData d = make_demo_project();
  d.fit.frames = 11;
  d.fit.closed = true;
  d.joints[0].q = Eigen::VectorXd::Constant(1, 0.7);
  ASSERT_TRUE(d.joints[0].model);
  ASSERT_EQ(save_project(d, path), QString());
  const ProjectLoad back = load_project(path);
  ASSERT_TRUE(back.data) << back.error.toStdString();
  EXPECT_TRUE(back.warnings.isEmpty());
  const DocumentData& e = *back.data;
  ASSERT_EQ(e.bodies.size(), d.bodies.size());
  for (std::size_t i = 0; i < d.bodies.size(); ++i) {
    EXPECT_EQ(e.bodies[i].name, d.bodies[i].name);
    EXPECT_EQ(e.bodies[i].mesh_path, d.bodies[i].mesh_path);
    EXPECT_EQ(e.bodies[i].colour, d.bodies[i].colour);
    EXPECT_TRUE(e.bodies[i].pose.is_approx(d.bodies[i].pose, 0.0));
  }
  const Joint& a = d.joints[0];
  const Joint& b = e.joints[0];
  ASSERT_EQ(a.samples.size(), b.samples.size());
  for (std::size_t i = 0; i < a.samples.size(); ++i) {
    EXPECT_EQ(a.samples[i].q, b.samples[i].q);
    EXPECT_TRUE(a.samples[i].parent_T_child.is_approx(b.samples[i].parent_T_child, 0.0));
  }
  // the fitted model comes back bit-identical (joint-file doubles round-trip exactly)
  ASSERT_TRUE(b.model);
  EXPECT_EQ(model_to_json(*b.model), model_to_json(*a.model));
  EXPECT_EQ(b.q, a.q);
  EXPECT_TRUE(joint_transform(*b.model, b.q).is_approx(joint_transform(*a.model, a.q), 0.0));
  EXPECT_TRUE(e.fit == d.fit);
  EXPECT_EQ(e.next_id, d.next_id);
  EXPECT_DOUBLE_EQ(e.camera.distance, d.camera.distance);
}

TEST(ProjectFile, MeshPathsAreRelativeToTheProject) {
  QTemporaryDir dir;
  QDir(dir.path()).mkpath(QStringLiteral("meshes"));
  const QString mesh = dir.filePath(QStringLiteral("meshes/bone.stl"));
  write_text(mesh, "solid x\nendsolid x\n");
  DocumentData d;
  Body b;
  b.id = 1;
  b.name = QStringLiteral("bone");
  b.mesh_path = mesh;
  b.units = LengthUnit::millimetres;
  d.bodies.push_back(b);
  d.next_id = 2;
  const QString path = dir.filePath(QStringLiteral("p.jsproj"));
  ASSERT_EQ(save_project(d, path), QString());
  QFile f(path);
  ASSERT_TRUE(f.open(QIODevice::ReadOnly));
  const auto j = nlohmann::json::parse(f.readAll().toStdString());
  EXPECT_EQ(j["bodies"][0]["mesh"], "meshes/bone.stl");
  EXPECT_EQ(j["bodies"][0]["units"], "mm");
  EXPECT_EQ(j["format"], "jointsmith.project");
  EXPECT_EQ(j["version"], 1);
  const ProjectLoad back = load_project(path);
  ASSERT_TRUE(back.data);
  EXPECT_EQ(back.data->bodies[0].mesh_path, mesh);
  EXPECT_EQ(back.data->bodies[0].units, LengthUnit::millimetres);
}

TEST(ProjectFile, MissingMeshLoadsWithAWarningNamingTheFile) {
  QTemporaryDir dir;
  DocumentData d;
  Body b;
  b.id = 1;
  b.name = QStringLiteral("ghost bone");
  b.mesh_path = dir.filePath(QStringLiteral("gone.obj"));
  d.bodies.push_back(b);
  const QString path = dir.filePath(QStringLiteral("p.jsproj"));
  ASSERT_EQ(save_project(d, path), QString());
  const ProjectLoad back = load_project(path);
  ASSERT_TRUE(back.data);
  ASSERT_EQ(back.warnings.size(), 1);
  EXPECT_TRUE(back.warnings[0].contains(QStringLiteral("gone.obj")));
  EXPECT_TRUE(back.warnings[0].contains(QStringLiteral("ghost bone")));
}

TEST(ProjectFile, NewerVersionIsRefusedWithAClearMessage) {
  QTemporaryDir dir;
  const QString path = dir.filePath(QStringLiteral("future.jsproj"));
  auto j = project_to_json(make_demo_project(), dir.path());
  j["version"] = 7;
  write_text(path, QByteArray::fromStdString(j.dump()));
  const std::string err = load_error(path);
  EXPECT_NE(err.find("future.jsproj"), std::string::npos) << err;
  EXPECT_NE(err.find("version 7"), std::string::npos) << err;
  EXPECT_NE(err.find("newer"), std::string::npos) << err;
}

TEST(ProjectFile, MalformedInputsNameTheProblem) {
  QTemporaryDir dir;
  const QString path = dir.filePath(QStringLiteral("bad.jsproj"));
  EXPECT_NE(load_error(dir.filePath(QStringLiteral("nope.jsproj"))).find("does not exist"), std::string::npos);

  write_text(path, "{ this is not json");
  EXPECT_NE(load_error(path).find("not valid JSON"), std::string::npos);

  // regression (fuzz_project): a number too large for a double escaped as nlohmann's out_of_range; now
  // named with its line and column like any syntax error
  write_text(path, "{\n  \"format\": \"jointsmith.project\",\n  \"version\": -1e30895648417467451\n}");
  EXPECT_NE(load_error(path).find("bad.jsproj:3:14"), std::string::npos) << load_error(path);
  EXPECT_NE(load_error(path).find("NaN/Inf are not allowed"), std::string::npos) << load_error(path);

  write_text(path, R"({"format": "something.else", "version": 1})");
  EXPECT_NE(load_error(path).find("not a Jointsmith project"), std::string::npos);

  auto j = project_to_json(make_demo_project(), dir.path());
  j["joints"][0]["samples"][3]["q"] = {1.0, 2.0};
  write_text(path, QByteArray::fromStdString(j.dump()));
  // the json pointer of the key that is wrong, after the file's name
  EXPECT_NE(load_error(path).find("bad.jsproj: /joints/0/samples/3/q: expected 1 number(s) for a spline_curve joint"),
            std::string::npos)
      << load_error(path);

  j = project_to_json(make_demo_project(), dir.path());
  j["bodies"][1]["pose"]["R"][0] = {2.0, 0.0, 0.0};
  write_text(path, QByteArray::fromStdString(j.dump()));
  EXPECT_NE(load_error(path).find("/bodies/1/pose/R: not orthonormal"), std::string::npos) << load_error(path);

  // a model that is not a valid joint file, and one of the wrong kind, name the joint's model field
  j = project_to_json(make_demo_project(), dir.path());
  j["joints"][0]["model"]["control_frames"] = "frames";
  write_text(path, QByteArray::fromStdString(j.dump()));
  EXPECT_NE(load_error(path).find("/joints/0/model/control_frames"), std::string::npos) << load_error(path);
  j = project_to_json(make_demo_project(), dir.path());
  j["joints"][0]["kind"] = "revolute";
  write_text(path, QByteArray::fromStdString(j.dump()));
  EXPECT_NE(load_error(path).find("but the joint is a revolute"), std::string::npos) << load_error(path);

  j = project_to_json(make_demo_project(), dir.path());
  j["joints"][0]["child"] = 99;
  write_text(path, QByteArray::fromStdString(j.dump()));
  EXPECT_NE(load_error(path).find("no body with id 99"), std::string::npos) << load_error(path);
}

// the document holds core's enums; the file keeps the names it always had, and older spellings still load
TEST(ProjectFile, KindMethodAndIntegratorKeepTheirNamesInTheFile) {
  QTemporaryDir dir;
  DocumentData d = make_demo_project();
  // (named here through the document's own names: core's headers would bring its js::Body beside ui's)
  ASSERT_TRUE(fit_method_from_text(QStringLiteral("paper"), d.fit.method));
  ASSERT_TRUE(integrator_from_text(QStringLiteral("symplectic"), d.simulation.integrator));
  auto j = project_to_json(d, dir.path());
  EXPECT_EQ(j["joints"][0]["kind"], "spline_curve");
  EXPECT_EQ(j["fit"]["method"], "paper");
  EXPECT_EQ(j["simulation"]["integrator"], "symplectic");
  const QString path = dir.filePath(QStringLiteral("names.jsproj"));
  // an early project: the exact method named after its damping
  j["fit"]["method"] = "levenberg_marquardt";
  write_text(path, QByteArray::fromStdString(j.dump()));
  ProjectLoad back = load_project(path);
  ASSERT_TRUE(back.data) << back.error.toStdString();
  EXPECT_EQ(back.data->joints[0].kind, JointKind::SplineCurve);
  EXPECT_EQ(fit_method_text(back.data->fit.method), QStringLiteral("gauss_newton"));
  EXPECT_EQ(integrator_text(back.data->simulation.integrator), QStringLiteral("symplectic"));
  EXPECT_EQ(project_to_json(*back.data, dir.path())["fit"]["method"], "gauss_newton");
  // names nothing has are refused, naming the key
  j["fit"]["method"] = "newton";
  write_text(path, QByteArray::fromStdString(j.dump()));
  EXPECT_NE(load_error(path).find("method"), std::string::npos) << load_error(path);
  EXPECT_NE(load_error(path).find("newton"), std::string::npos) << load_error(path);
  j["fit"]["method"] = "paper";
  j["joints"][0]["kind"] = "screwdriver";
  write_text(path, QByteArray::fromStdString(j.dump()));
  EXPECT_NE(load_error(path).find("kind"), std::string::npos) << load_error(path);
  EXPECT_NE(load_error(path).find("screwdriver"), std::string::npos) << load_error(path);
}

// every wrong key is named by its json pointer, whatever its depth or type
TEST(ProjectFile, WrongKeysAreNamedWhereverTheyAre) {
  QTemporaryDir dir;
  const QString path = dir.filePath(QStringLiteral("keys.jsproj"));
  struct Case {
    std::function<void(nlohmann::json&)> damage;
    const char* expected;
  };
  const std::vector<Case> cases{
      {[](nlohmann::json& j) { j["bodies"][0]["mass"] = "heavy"; }, "/bodies/0/mass: expected a number, got string"},
      {[](nlohmann::json& j) { j["bodies"][1]["units"] = "inch"; }, "/bodies/1/units: expected \"m\" or \"mm\""},
      {[](nlohmann::json& j) { j["bodies"][0]["pose"].erase("p"); }, "/bodies/0/pose: missing field \"p\""},
      {[](nlohmann::json& j) { j["bodies"][0]["com"] = {1.0, 2.0}; }, "/bodies/0/com: expected 3 numbers"},
      {[](nlohmann::json& j) { j["joints"][0]["name"] = 7; }, "/joints/0/name: expected a string"},
      {[](nlohmann::json& j) { j["joints"][0]["samples"][2]["marker_rms"] = -1.0; }, "/joints/0/samples/2/marker_rms"},
      {[](nlohmann::json& j) { j["joints"][0]["fit"]["history"][1] = nullptr; }, "/joints/0/fit/history/1"},
      {[](nlohmann::json& j) { j["fit"]["frames"] = 8.5; }, "/fit/frames: expected an integer"},
      {[](nlohmann::json& j) { j["simulation"]["dt"] = -1.0; }, "/simulation/dt: expected a positive time step"},
      {[](nlohmann::json& j) { j["camera"]["z_up"] = "yes"; }, "/camera/z_up: expected true or false"},
      {[](nlohmann::json& j) { j["version"] = "1"; }, "/version: expected an integer"},
  };
  for (const Case& c : cases) {
    auto j = project_to_json(make_demo_project(), dir.path());
    c.damage(j);
    write_text(path, QByteArray::fromStdString(j.dump()));
    const std::string err = load_error(path);
    EXPECT_NE(err.find(c.expected), std::string::npos) << err;
    EXPECT_NE(err.find("keys.jsproj"), std::string::npos) << err;
  }
}

TEST(ProjectFile, SaveIsAtomicAndReportsUnwritablePaths) {
  QTemporaryDir dir;
  const QString path = dir.filePath(QStringLiteral("p.jsproj"));
  ASSERT_EQ(save_project(make_demo_project(), path), QString());
  // no temporary files left behind
  EXPECT_EQ(QDir(dir.path()).entryList(QDir::Files).size(), 1);
  const QString err = save_project(make_demo_project(), dir.filePath(QStringLiteral("no/such/dir/p.jsproj")));
  EXPECT_TRUE(err.contains(QStringLiteral("no/such/dir"))) << err.toStdString();
}

TEST(ProjectFile, RecoveryKeepsAbsolutePathsAndTheOriginal) {
  QTemporaryDir dir;
  const QString rec = dir.filePath(QStringLiteral("sub/recovery.jsproj"));
  ASSERT_EQ(save_recovery(make_demo_project(), rec, QStringLiteral("/data/knee.jsproj")), QString());
  EXPECT_EQ(recovery_original_path(rec), QStringLiteral("/data/knee.jsproj"));
  EXPECT_TRUE(load_project(rec).data.has_value());
}

// the fuzz target's seeds (tests/fuzz/corpus/project, saved by the app from the demos, two scenes and an
// opensim model) are projects the app opens without an error: a seed that stopped loading would leave the
// fuzzer mutating only the first refusal
TEST(ProjectFile, FuzzSeedsOpen) {
  const QDir seeds(QStringLiteral(JS_SOURCE_DIR "/tests/fuzz/corpus/project"));
  const QStringList files = seeds.entryList({QStringLiteral("*.jsproj")}, QDir::Files);
  EXPECT_GE(files.size(), 8);
  for (const QString& f : files) {
    const ProjectLoad l = load_project(seeds.filePath(f));
    EXPECT_TRUE(l.data) << f.toStdString() << ": " << l.error.toStdString();
  }
}
