// closed loops in the app's dynamics playback (ui/joint/dynamics_player.hpp): a loop scene opened as a
// document runs the core simulator with the scene's loops, so n app steps equal n core steps on the file;
// the four-bar stays closed for seconds (measured on the document's own body poses); reset restores q
// exactly; the loops follow a renamed body and keep their joint file from another folder; redundant hard
// loops stop the run with the core's message.
#include <gtest/gtest.h>

#include <QTemporaryDir>
#include <cmath>
#include <fstream>

#include "core/io/json_text.hpp"
#include "core/scene/scene_file.hpp"
#include "ui/document/document.hpp"
#include "ui/document/operations.hpp"
#include "ui/export/exports.hpp"
#include "ui/export/scene_import.hpp"
#include "ui/joint/dynamics_player.hpp"
#include "tests/ui/four_bar_gap.hpp"
#include "tests/ui/ui_test_files.hpp"

namespace {

using js::ui::Document;
using js::ui::DynamicsPlayer;
using nlohmann::json;

using js::ui::test::scene_path;

// the scene opened as the app opens it, with the player on the scene's dt, integrator and damping
void open(Document& doc, DynamicsPlayer& player, const char* name) {
  js::ui::SceneLoad l = js::ui::load_scene(scene_path(name));
  ASSERT_TRUE(l.data) << l.error.toStdString();
  doc.reset(std::move(*l.data), {});
  js::ui::DynamicsSettings s;
  ASSERT_TRUE(js::ui::scene_dynamics_settings(doc.data(), s.dt, s.integrator, s.damping));
  ASSERT_TRUE(player.set_settings(s));
}

using js::test::four_bar_gap;
using js::test::joint_of;

}  // namespace

class DynamicsLoops : public ::testing::TestWithParam<const char*> {};

TEST_P(DynamicsLoops, AppStepsEqualCoreStepsWithTheScenesLoops) {
  Document doc;
  DynamicsPlayer player(doc);
  open(doc, player, GetParam());
  const js::scene::Scene sc = js::scene::read_scene_file(scene_path(GetParam()).toStdString());
  ASSERT_FALSE(sc.loops.empty());
  js::SimulatorOptions options;
  options.loops = &sc.loops;
  js::Simulator sim(sc.model, sc.forces, options);
  js::SimulationState state = sc.initial;
  sim.apply_prescribed(state);
  constexpr int kSteps = 200;
  for (int i = 0; i < kSteps; ++i) sim.step(state, sc.settings.dt, sc.settings.integrator);
  ASSERT_TRUE(player.advance(kSteps * sc.settings.dt));
  EXPECT_TRUE(player.has_loops());
  EXPECT_EQ(player.time(), state.t);
  double moved = 0.0;
  for (int b = 0; b < sc.model.num_bodies(); ++b) {
    const js::Body& body = sc.model.body(b);
    const js::ui::Joint& j = joint_of(doc, body.name);
    for (int c = 0; c < body.dof; ++c) {
      const double core = state.q[body.q_index + c];
      EXPECT_NEAR(j.q[c], core, 1e-12 * (1.0 + std::abs(core))) << body.name << " q" << c;
      moved = std::max(moved, std::abs(core - sc.initial.q[body.q_index + c]));
    }
  }
  EXPECT_GT(moved, 1e-3);  // the comparison is of a moving mechanism
  // the player measures the same loop errors as the core
  const js::LoopErrors core = sim.loop_errors(state), app = player.loop_errors();
  EXPECT_NEAR(app.position, core.position, 1e-12);
  EXPECT_NEAR(app.velocity, core.velocity, 1e-12);
}

INSTANTIATE_TEST_SUITE_P(LoopScenes, DynamicsLoops, ::testing::Values("four_bar", "double_spline"));

TEST(DynamicsLoopsPlayback, FourBarStaysClosedForSecondsAndResetRestoresQ) {
  Document doc;
  DynamicsPlayer player(doc);
  open(doc, player, "four_bar");
  const js::ui::DocumentData before = doc.data();
  const int undo_count = doc.undo_stack()->count();
  EXPECT_LT(four_bar_gap(doc), 1e-9);
  double gap = 0.0, error = 0.0, swing = 0.0;
  const double crank0 = joint_of(doc, "crank").q[0];
  for (int i = 0; i < 180; ++i) {  // three seconds of frames
    ASSERT_TRUE(player.advance(DynamicsPlayer::kFrame));
    gap = std::max(gap, four_bar_gap(doc));
    error = std::max(error, player.loop_errors().position);
    swing = std::max(swing, std::abs(joint_of(doc, "crank").q[0] - crank0));
  }
  EXPECT_GT(swing, 0.3);  // the crank swings under gravity
  EXPECT_LT(gap, 1e-6);   // without the loop the rocker's pin leaves the ground by centimetres
  EXPECT_LT(error, 1e-6);
  // reset: every joint's q and child pose exactly as opened, no undo step
  player.reset();
  for (const js::ui::Joint& j : before.joints) {
    EXPECT_EQ(doc.data().joint(j.id)->q, j.q) << j.name.toStdString();
    EXPECT_EQ(doc.data().body(j.child)->pose.R, before.body(j.child)->pose.R);
    EXPECT_EQ(doc.data().body(j.child)->pose.p, before.body(j.child)->pose.p);
  }
  EXPECT_EQ(doc.undo_stack()->count(), undo_count);
  EXPECT_EQ(player.time(), 0.0);
  EXPECT_FALSE(player.has_loops());
}

// the implicit integrators hold the loop inside their step (session 18): the app plays the four-bar with each
// at 5 ms, five times the scene's own step, and the rocker's pin stays on the ground
TEST(DynamicsLoopsPlayback, FourBarPlaysWithTheImplicitIntegrators) {
  for (js::Integrator integrator : {js::Integrator::ImplicitEuler, js::Integrator::ImplicitMidpoint}) {
    Document doc;
    DynamicsPlayer player(doc);
    open(doc, player, "four_bar");
    js::ui::DynamicsSettings s = player.settings();
    s.integrator = integrator;
    s.dt = 0.005;
    ASSERT_TRUE(player.set_settings(s));
    double gap = 0.0, swing = 0.0;
    const double crank0 = joint_of(doc, "crank").q[0];
    for (int i = 0; i < 120; ++i) {  // two seconds of frames
      ASSERT_TRUE(player.advance(DynamicsPlayer::kFrame)) << js::integrator_name(integrator);
      gap = std::max(gap, four_bar_gap(doc));
      swing = std::max(swing, std::abs(joint_of(doc, "crank").q[0] - crank0));
    }
    EXPECT_GT(swing, 0.3) << js::integrator_name(integrator);
    EXPECT_LT(gap, 5e-4) << js::integrator_name(integrator);
  }
}

TEST(DynamicsLoopsPlayback, DoubleSplineKneeStaysOnItsSecondJoint) {
  // the loop is a second copy of the knee's spline joint, compliant so the solve is not redundant: the
  // tibia swings for two seconds and stays on it
  Document doc;
  DynamicsPlayer player(doc);
  open(doc, player, "double_spline");
  double error = 0.0, swing = 0.0;
  const double q0 = joint_of(doc, "tibia").q[0];
  for (int i = 0; i < 120; ++i) {
    ASSERT_TRUE(player.advance(DynamicsPlayer::kFrame));
    error = std::max(error, player.loop_errors().position);
    swing = std::max(swing, std::abs(joint_of(doc, "tibia").q[0] - q0));
  }
  EXPECT_GT(swing, 0.1);
  EXPECT_LT(error, 1e-9);
}

TEST(DynamicsLoopsPlayback, LoopsFollowARenamedBodyAndKeepTheirJointFile) {
  Document doc;
  DynamicsPlayer player(doc);
  open(doc, player, "four_bar");
  js::ui::Body rocker = *doc.data().body(joint_of(doc, "rocker").child);
  rocker.name = QStringLiteral("rocker arm");
  ASSERT_TRUE(js::ui::set_body_properties(doc, rocker).ok());
  QString error;
  const json scene = js::ui::scene_to_json(doc.data(), error);
  ASSERT_TRUE(error.isEmpty()) << error.toStdString();
  EXPECT_EQ(scene["loops"][0]["body_b"], "rocker arm");
  QString message;
  QObject::connect(&player, &DynamicsPlayer::status_message, [&](const QString& m) { message = m; });
  ASSERT_TRUE(player.advance(0.1)) << message.toStdString();
  EXPECT_TRUE(player.has_loops());
  EXPECT_LT(player.loop_errors().position, 1e-6);

  // the knee's loop names its joint file relative to the scene: exported elsewhere it still reads
  open(doc, player, "double_spline");
  QTemporaryDir dir;
  ASSERT_TRUE(dir.isValid());
  const QString out = dir.filePath(QStringLiteral("knee_copy.json"));
  ASSERT_TRUE(js::ui::export_scene_file(doc.data(), out).isEmpty());
  const js::scene::Scene sc = js::scene::read_scene_file(out.toStdString());
  EXPECT_EQ(sc.loops.num_loops(), 1);
}

TEST(DynamicsLoopsPlayback, RedundantHardLoopsStopTheRunWithTheCoresMessage) {
  // the four-bar with a hard weld of the crank to the world instead of its pin: 6 hard rows of rank 1
  json scene = js::io::parse_json_text(js::io::read_text_file(scene_path("four_bar").toStdString()), "four_bar");
  scene["loops"] = json::array({{{"name", "weld_crank"}, {"kind", "weld"}, {"body_b", "crank"}}});
  QTemporaryDir dir;
  ASSERT_TRUE(dir.isValid());
  const QString path = dir.filePath(QStringLiteral("welded.json"));
  std::ofstream(path.toStdString()) << scene.dump();
  js::ui::SceneLoad l = js::ui::load_scene(path);
  ASSERT_TRUE(l.data) << l.error.toStdString();
  Document doc;
  doc.reset(std::move(*l.data), {});
  DynamicsPlayer player(doc);
  QString message;
  QObject::connect(&player, &DynamicsPlayer::status_message, [&](const QString& m) { message = m; });
  EXPECT_FALSE(player.advance(DynamicsPlayer::kFrame));
  EXPECT_TRUE(message.contains(QStringLiteral("redundant")) && message.contains(QStringLiteral("weld_crank")))
      << message.toStdString();
  EXPECT_FALSE(player.playing());
}
