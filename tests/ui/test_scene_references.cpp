// deleting a body or a joint of an opened scene (ui/document/operations.hpp): the loops, forces, initial
// velocities and drives the scene keeps that name the body (or a coordinate it loses) go in the same undo
// step, the status text says which, the export reads back with the core, and undo restores all of it.
// renaming a body points the kept keys at the new name, also after another body was deleted; renaming a coordinate
// renames it in them (springs, motors, initial q̇, drive) in the same undo step, and the scene still simulates.
#include <gtest/gtest.h>

#include <QTemporaryDir>
#include <fstream>

#include "core/io/json_text.hpp"
#include "core/scene/scene_file.hpp"
#include "ui/document/document.hpp"
#include "ui/document/operations.hpp"
#include "ui/export/exports.hpp"
#include "ui/export/scene_import.hpp"
#include "ui/joint/coordinate_edit.hpp"
#include "ui/joint/document_multibody.hpp"
#include "tests/ui/four_bar_gap.hpp"

namespace {

using js::test::joint_of;
using nlohmann::json;

// the four-bar with every kind of kept reference: forces on bodies and coordinates, an initial q̇, a drive
class FourBarWithForces : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_TRUE(dir.isValid());
    json scene = js::io::parse_json_text(
        js::io::read_text_file(JS_SOURCE_DIR "/resources/scenes/four_bar.json"), "four_bar");
    scene["forces"] = {
        {"joint_damping", 0.01},
        {"point_springs", {{{"body_a", "coupler"}, {"point_a", {0.1, 0, 0}}, {"body_b", nullptr},
                            {"point_b", {0, 0.3, 0}}, {"stiffness", 5.0}, {"rest_length", 0.1}}}},
        {"external", {{{"body", "rocker"}, {"point", {0.1, 0, 0}}, {"force", {0, 1, 0}}, {"torque", {0, 0, 0}}}}},
        {"springs", {{{"coordinate", "rocker.q3"}, {"stiffness", 1.0}, {"rest", 0.0}},
                     {{"coordinate", "crank.q1"}, {"stiffness", 1.0}, {"rest", 0.0}}}},
        {"motors", {{{"coordinate", "coupler.q2"}, {"torque", 0.1}}}}};
    scene["initial_state"]["qd"] = {{"rocker.q3", 0.1}, {"crank.q1", 0.2}};
    for (json& b : scene["bodies"])
      if (b["name"] == "crank") b["drive"] = {{{"coordinate", "q1"}, {"rate", 0.5}}};
    path = dir.filePath(QStringLiteral("four_bar_forces.json"));
    std::ofstream(path.toStdString()) << scene.dump(2);
    js::ui::SceneLoad l = js::ui::load_scene(path);
    ASSERT_TRUE(l.data) << l.error.toStdString();
    doc.reset(std::move(*l.data), {});
  }

  // the scene the app would export, read back by the core (throws what jointsmith-cli simulate would say)
  json exported() {
    QString error;
    const json scene = js::ui::scene_to_json(doc.data(), error);
    EXPECT_TRUE(error.isEmpty()) << error.toStdString();
    EXPECT_NO_THROW(js::scene::read_scene_json(scene, "exported", dir.path().toStdString())) << scene.dump(1);
    return scene;
  }

  QTemporaryDir dir;
  QString path;
  js::ui::Document doc;
};

// the tests share the fixture's anonymous namespace (a unity build would warn of a test class deriving from it)
TEST_F(FourBarWithForces, DeletingABodyRemovesWhatNamesItAsOneUndoStep) {
  const json before = exported();
  const js::ui::DocumentData data_before = doc.data();
  const int steps = doc.undo_stack()->count();
  const auto r = js::ui::remove_body(doc, joint_of(doc, "rocker").child);
  ASSERT_TRUE(r.ok()) << r.error.toStdString();
  EXPECT_EQ(doc.undo_stack()->count(), steps + 1);
  // the status text names the body and everything removed with it
  for (const char* what : {"rocker", "loop ground_pin", "external force on rocker", "spring on rocker.q3",
                           "initial velocity of rocker.q3"})
    EXPECT_TRUE(r.value.contains(QString::fromUtf8(what))) << what << " in " << r.value.toStdString();
  // the undo step is named short
  EXPECT_EQ(doc.undo_stack()->undoText(), QStringLiteral("Delete body rocker and 4 scene entries naming it"));
  const json& keys = doc.data().scene_keys;
  EXPECT_TRUE(keys["loops"].empty());
  EXPECT_TRUE(keys["forces"]["external"].empty());
  ASSERT_EQ(keys["forces"]["springs"].size(), 1u);
  EXPECT_EQ(keys["forces"]["springs"][0]["coordinate"], "crank.q1");
  EXPECT_EQ(keys["forces"]["point_springs"].size(), 1u);  // coupler–world: both still there
  EXPECT_EQ(keys["forces"]["motors"].size(), 1u);
  EXPECT_EQ(keys["initial_state"]["qd"], json({{"crank.q1", 0.2}}));
  const json after = exported();
  EXPECT_EQ(after["bodies"].size(), before["bodies"].size() - 1);

  // undo gives back the body, its joint and every kept entry
  doc.undo_stack()->undo();
  EXPECT_EQ(doc.data().scene_keys, data_before.scene_keys);
  EXPECT_EQ(exported(), before);
  doc.undo_stack()->redo();
  EXPECT_TRUE(doc.data().scene_keys["loops"].empty());
}

TEST_F(FourBarWithForces, DeletingAJointRemovesWhatActsOnItsCoordinates) {
  // the crank's joint: the crank stays (a fixed root), its spring, initial q̇ and drive go; the loop stays
  const auto r = js::ui::remove_joint(doc, joint_of(doc, "crank").id);
  ASSERT_TRUE(r.ok()) << r.error.toStdString();
  for (const char* what : {"spring on crank.q1", "initial velocity of crank.q1", "the drive of crank"})
    EXPECT_TRUE(r.value.contains(QString::fromUtf8(what))) << what << " in " << r.value.toStdString();
  const json& keys = doc.data().scene_keys;
  EXPECT_EQ(keys["loops"].size(), 1u);
  ASSERT_EQ(keys["forces"]["springs"].size(), 1u);
  EXPECT_EQ(keys["forces"]["springs"][0]["coordinate"], "rocker.q3");
  EXPECT_EQ(keys["initial_state"]["qd"], json({{"rocker.q3", 0.1}}));
  exported();
  doc.undo_stack()->undo();
  EXPECT_EQ(doc.data().scene_keys["forces"]["springs"].size(), 2u);
  EXPECT_TRUE(doc.data().body(joint_of(doc, "crank").child)->scene_keys.contains("drive"));
}

TEST_F(FourBarWithForces, DeleteSelectionSaysWhatWentWithTheBody) {
  doc.set_selection(js::ui::Selection{joint_of(doc, "coupler").child, 0, -1});
  const auto r = js::ui::delete_selection(doc);
  ASSERT_TRUE(r.ok());
  // the coupler's point spring and motor; the rocker below it loses its joint, so its spring and q̇ too
  for (const char* what : {"point spring coupler–world", "motor on coupler.q2", "spring on rocker.q3"})
    EXPECT_TRUE(r.value.contains(QString::fromUtf8(what))) << what << " in " << r.value.toStdString();
  EXPECT_EQ(doc.data().scene_keys["loops"].size(), 1u);  // the rocker itself is still there
  exported();
}

TEST_F(FourBarWithForces, RenamesFollowAndADeletedNameIsNotRevived) {
  // rename the rocker, delete it, then give the coupler the rocker's old name: nothing kept may now name
  // the coupler by mistake (the rocker's loop and forces went with it)
  js::ui::Body rocker = *doc.data().body(joint_of(doc, "rocker").child);
  rocker.name = QStringLiteral("arm");
  ASSERT_TRUE(js::ui::set_body_properties(doc, rocker).ok());
  EXPECT_EQ(exported()["loops"][0]["body_b"], "arm");
  ASSERT_TRUE(js::ui::remove_body(doc, rocker.id).ok());
  js::ui::Body coupler = *doc.data().body(joint_of(doc, "coupler").child);
  coupler.name = QStringLiteral("rocker");
  ASSERT_TRUE(js::ui::set_body_properties(doc, coupler).ok());
  const json scene = exported();
  EXPECT_TRUE(scene["loops"].empty());
  EXPECT_TRUE(scene["forces"]["external"].empty());
  // the coupler's own references follow its new name
  EXPECT_EQ(scene["forces"]["point_springs"][0]["body_a"], "rocker");
  EXPECT_EQ(scene["forces"]["motors"][0]["coordinate"], "rocker.q2");
  // three undos: the loop, the forces and the names are as opened
  for (int i = 0; i < 3; ++i) doc.undo_stack()->undo();
  const json opened = exported();
  EXPECT_EQ(opened["loops"][0]["body_b"], "rocker");
  EXPECT_EQ(opened["forces"]["point_springs"][0]["body_a"], "coupler");
}

// issue 18: the crank's coordinate q1 renamed crank_angle as the Coordinates editor does: the scene's spring, initial
// q̇ and the crank's drive follow in the same undo step, the export reads back (and names it so with the body's new
// name after a body rename), the document still builds its multibody for Simulate, and undo restores every key
TEST_F(FourBarWithForces, RenamingACoordinateRenamesWhatNamesIt) {
  const json before = exported();
  const js::ui::DocumentData data_before = doc.data();
  const js::ui::JointId crank = joint_of(doc, "crank").id;
  const int steps = doc.undo_stack()->count();
  js::ui::CoordinateEdit e = js::ui::coordinate_edit_of(*doc.data().joint(crank), 0);
  ASSERT_EQ(e.name, QStringLiteral("q1"));
  e.name = QStringLiteral("crank.angle");  // scenes name coordinates body.coordinate: no dots
  EXPECT_FALSE(js::ui::edit_coordinate(doc, crank, 0, e).ok());
  e.name = QStringLiteral("crank_angle");
  const auto r = js::ui::edit_coordinate(doc, crank, 0, e);
  ASSERT_TRUE(r.ok()) << r.error.toStdString();
  EXPECT_EQ(doc.undo_stack()->count(), steps + 1);
  const json& keys = doc.data().scene_keys;
  EXPECT_EQ(keys["forces"]["springs"][0]["coordinate"], "rocker.q3");
  EXPECT_EQ(keys["forces"]["springs"][1]["coordinate"], "crank.crank_angle");
  EXPECT_EQ(keys["forces"]["motors"][0]["coordinate"], "coupler.q2");
  EXPECT_EQ(keys["initial_state"]["qd"], json({{"rocker.q3", 0.1}, {"crank.crank_angle", 0.2}}));
  const js::ui::Body& crank_body = *doc.data().body(joint_of(doc, "crank").child);
  EXPECT_EQ(crank_body.scene_keys["drive"][0]["coordinate"], "crank_angle");
  json scene = exported();
  EXPECT_EQ(scene["bodies"][0]["joint"]["coordinates"][0]["name"], "crank_angle") << scene["bodies"][0].dump();
  EXPECT_TRUE(scene["initial_state"]["q"].contains("crank.crank_angle")) << scene["initial_state"].dump();
  js::ui::DocumentMultibody mb;
  const QString built = js::ui::build_document_multibody(doc.data(), mb);
  EXPECT_TRUE(built.isEmpty()) << built.toStdString();
  // a body renamed afterwards: the export names the coordinate by both new names
  js::ui::Body renamed = crank_body;
  renamed.name = QStringLiteral("arm");
  ASSERT_TRUE(js::ui::set_body_properties(doc, renamed).ok());
  scene = exported();
  EXPECT_EQ(scene["forces"]["springs"][1]["coordinate"], "arm.crank_angle");
  EXPECT_EQ(scene["initial_state"]["qd"]["arm.crank_angle"], 0.2);
  // undo: the body's name, then the coordinate's and every key
  doc.undo_stack()->undo();
  doc.undo_stack()->undo();
  EXPECT_EQ(doc.data().scene_keys, data_before.scene_keys);
  EXPECT_EQ(doc.data().body(crank_body.id)->scene_keys, data_before.body(crank_body.id)->scene_keys);
  EXPECT_EQ(exported(), before);
  doc.undo_stack()->redo();
  EXPECT_EQ(doc.data().scene_keys["forces"]["springs"][1]["coordinate"], "crank.crank_angle");
}

}  // namespace

namespace {

// issue 17: a rolling contact names a third body, the carriage that carries its contact frame. renaming the
// carriage renames it there; deleting it takes the contact with it (the same undo step), and the export reads back.
TEST(RollingSceneReferences, TheContactBodyFollowsRenamesAndGoesWithIt) {
  js::ui::SceneLoad l = js::ui::load_scene(QStringLiteral(JS_SOURCE_DIR "/resources/demos/rolling.json"));
  ASSERT_TRUE(l.data) << l.error.toStdString();
  js::ui::Document doc;
  doc.reset(std::move(*l.data), {});
  const auto exported = [&] {
    QString error;
    const json scene = js::ui::scene_to_json(doc.data(), error);
    EXPECT_TRUE(error.isEmpty()) << error.toStdString();
    EXPECT_NO_THROW(js::scene::read_scene_json(scene, "exported", JS_SOURCE_DIR "/resources/demos")) << scene.dump(1);
    return scene;
  };
  ASSERT_EQ(exported()["loops"][0]["contact_body"], "carriage");
  js::ui::Body carriage = *doc.data().body(joint_of(doc, "carriage").child);
  carriage.name = QStringLiteral("sled");
  ASSERT_TRUE(js::ui::set_body_properties(doc, carriage).ok());
  EXPECT_EQ(exported()["loops"][0]["contact_body"], "sled");
  const auto r = js::ui::remove_body(doc, carriage.id);
  ASSERT_TRUE(r.ok()) << r.error.toStdString();
  EXPECT_TRUE(r.value.contains(QStringLiteral("loop no slip"))) << r.value.toStdString();
  EXPECT_TRUE(exported()["loops"].empty());
  doc.undo_stack()->undo();
  EXPECT_EQ(exported()["loops"][0]["contact_body"], "sled");
}

}  // namespace
