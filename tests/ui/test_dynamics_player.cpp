// the dynamics playback without a window: the demo knee swings under gravity, rk4 keeps the energy flat
// (explicit euler does not), frames write q and poses without undo steps, and reset restores them exactly.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numbers>
#include <vector>

#include <QFile>
#include <QTemporaryDir>

#include "core/dynamics/simulator.hpp"
#include "ui/demo/demo_project.hpp"
#include "ui/document/operations.hpp"
#include "ui/document/project_file.hpp"
#include "core/motion/arc_length.hpp"
#include "ui/document/timeline.hpp"
#include "ui/export/scene_import.hpp"
#include "ui/joint/dynamics_player.hpp"
#include "ui/document/joint_model.hpp"
#include "ui/joint/joint_operations.hpp"

using namespace js::ui;
using js::kPi;

namespace {

// the demo as it opens: the shank at 20° of flexion under a thigh raised 60°, so gravity swings it
// between about 20° and 100° without touching the knee's 0–120° limits
const Joint& start_knee(Document& doc) {
  doc.reset(make_demo_project(), {});
  return doc.data().joints.front();
}

// total energy after each of `frames` frames of 1/60 s
std::vector<double> run_energy(js::Integrator integrator, int frames) {
  Document doc;
  start_knee(doc);
  DynamicsPlayer player(doc);
  DynamicsSettings s;
  s.integrator = integrator;
  EXPECT_TRUE(player.set_settings(s));
  std::vector<double> total;
  QObject::connect(&player, &DynamicsPlayer::energy, [&](double, double k, double v) { total.push_back(k + v); });
  for (int i = 0; i < frames; ++i) EXPECT_TRUE(player.advance(DynamicsPlayer::kFrame));
  return total;
}

// writes j to path and opens it as a project (an empty load when the file cannot be written)
ProjectLoad load_project_json(const QString& path, const nlohmann::json& j) {
  QFile f(path);
  if (!f.open(QIODevice::WriteOnly)) return {};
  f.write(QByteArray::fromStdString(j.dump()));
  f.close();
  return load_project(path);
}

double drift(const std::vector<double>& total) {
  double worst = 0.0;
  for (double e : total) worst = std::max(worst, std::abs(e - total.front()));
  return worst;
}

// regression: the document refused the implicit integrators that core, the cli and the playback combo offer
TEST(DynamicsPlayer, ImplicitIntegratorsAreSettingsOfTheDocumentAndItsProject) {
  for (js::Integrator integrator : {js::Integrator::ImplicitEuler, js::Integrator::ImplicitMidpoint}) {
    const std::vector<double> total = run_energy(integrator, 30);
    ASSERT_GE(total.size(), 30u) << integrator_name(integrator);
    // the undamped knee swings without gaining energy
    EXPECT_LT(drift(total), 0.05 * std::abs(total.front()) + 1e-3) << integrator_name(integrator);
  }
  Document doc;
  start_knee(doc);
  SimulationSettings s = doc.data().simulation;
  s.integrator = js::Integrator::ImplicitMidpoint;
  ASSERT_TRUE(set_simulation_settings(doc, s).ok());
  QTemporaryDir dir;
  const QString project = dir.filePath(QStringLiteral("knee.jsproj"));
  ASSERT_TRUE(save_project(doc.data(), project).isEmpty());
  // the file names it as it always did, and reads it back
  nlohmann::json saved = project_to_json(doc.data(), dir.path());
  EXPECT_EQ(saved["simulation"]["integrator"], "implicit_midpoint");
  const ProjectLoad back = load_project(project);
  ASSERT_TRUE(back.data) << back.error.toStdString();
  EXPECT_EQ(back.data->simulation.integrator, js::Integrator::ImplicitMidpoint);
  // a name no integrator has is refused where it is read, naming the key and the known names
  saved["simulation"]["integrator"] = "verlet";
  const QString bad = dir.filePath(QStringLiteral("verlet.jsproj"));
  const ProjectLoad refused = load_project_json(bad, saved);
  EXPECT_FALSE(refused.data);
  EXPECT_TRUE(refused.error.contains(QLatin1String("integrator"))) << refused.error.toStdString();
  EXPECT_TRUE(refused.error.contains(QLatin1String("verlet"))) << refused.error.toStdString();
  EXPECT_TRUE(refused.error.contains(QLatin1String("implicit_euler"))) << refused.error.toStdString();
}

// the energy projection (issue 17, large steps): one step per frame of symplectic euler gains and loses
// energy on the demo knee; projected it stays at the start. switching it on mid-run keeps the run going,
// is one undo step, and the project saves it (projects from before it open without it)
TEST(DynamicsPlayer, TheEnergyProjectionHoldsAFrameSizedStepAndIsSaved) {
  std::vector<double> drifts;
  for (bool projection : {false, true}) {
    Document doc;
    start_knee(doc);
    DynamicsPlayer player(doc);
    DynamicsSettings s = player.settings();
    s.dt = DynamicsPlayer::kFrame;
    s.integrator = js::Integrator::SymplecticEuler;
    s.energy_projection = projection;
    ASSERT_TRUE(player.set_settings(s));
    std::vector<double> total;
    QObject::connect(&player, &DynamicsPlayer::energy, [&](double, double k, double v) { total.push_back(k + v); });
    for (int i = 0; i < 120; ++i) ASSERT_TRUE(player.advance(DynamicsPlayer::kFrame));
    double rise = 0.0;
    int off = 0;  // frames away from the start energy
    for (double e : total) {
      rise = std::max(rise, e - total.front());
      off += std::abs(e - total.front()) > 1e-6;
    }
    drifts.push_back(drift(total));
    if (projection) {
      // never above the start; below it only at the turning points, where the rates are nearly 0 and the
      // projection's per-step scaling limit (1.25) gives the energy back over a few steps
      EXPECT_LT(rise, 1e-9);
      EXPECT_LT(off, static_cast<int>(total.size()) / 5);
      EXPECT_NEAR(total.back(), total.front(), 1e-6);
    }
  }
  std::printf("knee at one symplectic step per frame: energy drift %.3g J plain, %.3g J projected\n", drifts[0],
              drifts[1]);
  EXPECT_GT(drifts[0], 0.05);

  Document doc;
  start_knee(doc);
  DynamicsPlayer player(doc);
  for (int i = 0; i < 10; ++i) ASSERT_TRUE(player.advance(DynamicsPlayer::kFrame));
  const double t = player.time();
  DynamicsSettings s = player.settings();
  s.energy_projection = true;
  ASSERT_TRUE(player.set_settings(s));
  EXPECT_TRUE(player.has_run());
  ASSERT_TRUE(player.advance(DynamicsPlayer::kFrame));
  EXPECT_GT(player.time(), t);
  EXPECT_TRUE(doc.data().simulation.energy_projection);
  QTemporaryDir dir;
  nlohmann::json saved = project_to_json(player.document_at_rest(), dir.path());
  {
    // one undo step turns it off again
    Document edited;
    edited.reset(player.document_at_rest(), {});
    SimulationSettings off = edited.data().simulation;
    off.energy_projection = false;
    ASSERT_TRUE(set_simulation_settings(edited, off).ok());
    EXPECT_FALSE(edited.data().simulation.energy_projection);
    edited.undo_stack()->undo();
    EXPECT_TRUE(edited.data().simulation.energy_projection);
  }
  EXPECT_EQ(saved["simulation"]["energy_projection"], true);
  const QString project = dir.filePath(QStringLiteral("knee.jsproj"));
  ASSERT_TRUE(save_project(player.document_at_rest(), project).isEmpty());
  const ProjectLoad back = load_project(project);
  ASSERT_TRUE(back.data) << back.error.toStdString();
  EXPECT_TRUE(back.data->simulation.energy_projection);
  saved["simulation"].erase("energy_projection");
  const QString old = dir.filePath(QStringLiteral("old.jsproj"));
  const ProjectLoad before = load_project_json(old, saved);
  ASSERT_TRUE(before.data) << before.error.toStdString();
  EXPECT_FALSE(before.data->simulation.energy_projection);
}

// regression (review): the projection's balance is built with the forces and gravity, so a change during a
// projected run gets a new simulator: damping switched on takes energy out, gravity switched off does not
// freeze the chain. and a scene that refuses the projection (a compliant loop) does not get it committed
TEST(DynamicsPlayer, TheEnergyProjectionFollowsSettingsChangedMidRunAndRefusalsAreNotCommitted) {
  Document doc;
  start_knee(doc);
  DynamicsPlayer player(doc);
  DynamicsSettings s = player.settings();
  s.integrator = js::Integrator::RK4;
  s.energy_projection = true;
  ASSERT_TRUE(player.set_settings(s));
  double kinetic = 0.0, total = 0.0;
  QObject::connect(&player, &DynamicsPlayer::energy, [&](double, double k, double v) {
    kinetic = k;
    total = k + v;
  });
  for (int i = 0; i < 30; ++i) ASSERT_TRUE(player.advance(DynamicsPlayer::kFrame));
  const double before = total;
  s.damping = 0.5;
  ASSERT_TRUE(player.set_settings(s));
  for (int i = 0; i < 60; ++i) ASSERT_TRUE(player.advance(DynamicsPlayer::kFrame));
  std::printf("knee, projected, damping 0 -> 0.5 mid-run: energy %.4f -> %.4f J\n", before, total);
  EXPECT_LT(total, before - 0.05);
  s.damping = 0.0;
  s.gravity = false;
  ASSERT_TRUE(player.set_settings(s));
  for (int i = 0; i < 30; ++i) ASSERT_TRUE(player.advance(DynamicsPlayer::kFrame));
  EXPECT_GT(kinetic, 1e-3);  // still moving

  Document loops;
  const SceneLoad l = load_scene(QStringLiteral(JS_SOURCE_DIR "/resources/scenes/double_spline.json"));
  ASSERT_TRUE(l.data) << l.error.toStdString();
  loops.reset(*l.data, {});
  DynamicsPlayer refused(loops);
  QString message;
  QObject::connect(&refused, &DynamicsPlayer::status_message, [&](const QString& m) { message = m; });
  DynamicsSettings r = refused.settings();
  r.energy_projection = true;
  EXPECT_FALSE(refused.set_settings(r));
  EXPECT_FALSE(loops.data().simulation.energy_projection);
  EXPECT_TRUE(message.contains(QLatin1String("compliant loops"))) << message.toStdString();
}

// q of the opened scene after `frames` frames of 1/60 s with one solver (dt 2e-4 s, rk4 for the reduced one)
Eigen::VectorXd run_scene(const char* scene, bool maximal, int frames, double* energy = nullptr) {
  Document doc;
  const SceneLoad l = load_scene(QStringLiteral(JS_SOURCE_DIR "/resources/scenes/%1.json").arg(scene));
  EXPECT_TRUE(l.data) << l.error.toStdString();
  doc.reset(*l.data, {});
  DynamicsPlayer player(doc);
  DynamicsSettings s = player.settings();
  s.dt = 2e-4;
  s.integrator = js::Integrator::RK4;
  s.maximal_solver = maximal;
  EXPECT_TRUE(player.set_settings(s));
  std::vector<double> total;
  QObject::connect(&player, &DynamicsPlayer::energy, [&](double, double k, double v) { total.push_back(k + v); });
  for (int i = 0; i < frames; ++i)
    if (!player.advance(DynamicsPlayer::kFrame)) return {};
  if (frames > 0) {
    EXPECT_NEAR(player.time(), frames * DynamicsPlayer::kFrame, frames * s.dt);  // whole steps per frame
    // the plot's energy comes from the solver that stepped
    if (energy) *energy = total.back();
    JointReaction r;
    EXPECT_EQ(player.reaction(doc.data().joints.front().child, r), !maximal);  // the skeleton has none
  }
  Eigen::VectorXd q(static_cast<Eigen::Index>(doc.data().joints.size()));
  for (std::size_t j = 0; j < doc.data().joints.size(); ++j) q[static_cast<Eigen::Index>(j)] = doc.data().joints[j].q[0];
  return q;
}

}  // namespace

// the playback's maximal solver (issue 17): hakenberg's skeleton of the opened hinge chain follows the
// reduced rk4 run to the skeleton's first-order error, as jointsmith-cli simulate --solver maximal does
TEST(DynamicsPlayer, TheMaximalSolverRunsAHingeChainLikeTheReducedOne) {
  double e_reduced = 0.0, e_maximal = 0.0;
  const Eigen::VectorXd reduced = run_scene("hinge_skeleton", false, 30, &e_reduced);
  const Eigen::VectorXd maximal = run_scene("hinge_skeleton", true, 30, &e_maximal);
  ASSERT_EQ(reduced.size(), maximal.size());
  ASSERT_GT(reduced.size(), 1);
  const double moved = (reduced - run_scene("hinge_skeleton", false, 0)).cwiseAbs().maxCoeff();
  std::printf("hinge chain after 0.5 s: max |q_maximal − q_reduced| = %.2e rad (q moved %.2f rad)\n",
              (maximal - reduced).cwiseAbs().maxCoeff(), moved);
  EXPECT_GT(moved, 0.1);
  EXPECT_LT((maximal - reduced).cwiseAbs().maxCoeff(), 5e-3);
  std::printf("total energy at 0.5 s: reduced %.4f J, maximal %.4f J\n", e_reduced, e_maximal);
  EXPECT_LT(std::abs(e_maximal - e_reduced), 0.01 * std::abs(e_reduced) + 1e-3);
}

// a scene the skeleton cannot hold (the knee's spline joint) is refused when the run is built, saying why;
// the setting is the document's, saved in the project, and a bad name is refused where it is read
TEST(DynamicsPlayer, TheMaximalSolverRefusesWhatItCannotRunAndIsSaved) {
  Document doc;
  start_knee(doc);
  DynamicsPlayer player(doc);
  QString message;
  QObject::connect(&player, &DynamicsPlayer::status_message, [&](const QString& m) { message = m; });
  DynamicsSettings s = player.settings();
  s.maximal_solver = true;
  ASSERT_TRUE(player.set_settings(s));
  EXPECT_FALSE(player.advance(DynamicsPlayer::kFrame));
  EXPECT_FALSE(player.has_run());
  EXPECT_TRUE(message.contains(QLatin1String("maximal solver cannot run this scene"))) << message.toStdString();
  EXPECT_TRUE(message.contains(QLatin1String("only revolute and spherical joints"))) << message.toStdString();
  QTemporaryDir dir;
  const QString project = dir.filePath(QStringLiteral("knee.jsproj"));
  ASSERT_TRUE(save_project(doc.data(), project).isEmpty());
  nlohmann::json saved = project_to_json(doc.data(), dir.path());
  EXPECT_EQ(saved["simulation"]["solver"], "maximal");
  const ProjectLoad back = load_project(project);
  ASSERT_TRUE(back.data) << back.error.toStdString();
  EXPECT_TRUE(back.data->simulation.maximal_solver);
  saved["simulation"]["solver"] = "featherstone";
  const QString bad = dir.filePath(QStringLiteral("bad.jsproj"));
  const ProjectLoad refused = load_project_json(bad, saved);
  EXPECT_FALSE(refused.data);
  EXPECT_TRUE(refused.error.contains(QLatin1String("/simulation/solver"))) << refused.error.toStdString();
  // back to the reduced solver: one undo step undoes the choice
  const int steps = doc.undo_stack()->count();
  s.maximal_solver = false;
  ASSERT_TRUE(player.set_settings(s));
  EXPECT_EQ(doc.undo_stack()->count(), steps + 1);
  EXPECT_TRUE(player.advance(DynamicsPlayer::kFrame));
}

TEST(DynamicsPlayer, KneeSwingsUnderGravityWithoutUndoStepsPerFrame) {
  Document doc;
  const Joint& knee = start_knee(doc);
  const JointId id = knee.id;
  const double q0 = knee.q[0];
  const int undo_count = doc.undo_stack()->count();
  DynamicsPlayer player(doc);
  for (int i = 0; i < 12; ++i) ASSERT_TRUE(player.advance(DynamicsPlayer::kFrame));
  const Joint& moved = *doc.data().joint(id);
  EXPECT_GT(std::abs(moved.q[0] - q0), 1e-2);
  // each frame is a whole number of steps of dt
  const double dt = player.settings().dt;
  EXPECT_NEAR(player.time(), 12 * std::round(DynamicsPlayer::kFrame / dt) * dt, 1e-9);
  // the child sits at G(q) and the frames left the undo stack alone
  EXPECT_TRUE(doc.data().body(moved.child)->pose.is_approx(joint_transform(*moved.model, moved.q), 1e-12));
  EXPECT_EQ(doc.undo_stack()->count(), undo_count);
  // without gravity (and at rest) nothing moves
  player.reset();
  DynamicsSettings s = player.settings();
  s.gravity = false;
  ASSERT_TRUE(player.set_settings(s));
  ASSERT_TRUE(player.advance(0.2));
  EXPECT_DOUBLE_EQ(doc.data().joint(id)->q[0], q0);
}

TEST(DynamicsPlayer, DemoKneeSwingsWideWithoutReachingALimit) {
  Document doc;
  const Joint& knee = start_knee(doc);
  const JointId id = knee.id;
  double lo = 0.0, hi = 0.0;
  coordinate_range(knee, 0, lo, hi);
  DynamicsPlayer player(doc);
  double q_min = knee.q[0], q_max = knee.q[0];
  // three seconds: about three full swings
  for (int i = 0; i < 180; ++i) {
    ASSERT_TRUE(player.advance(DynamicsPlayer::kFrame));
    q_min = std::min(q_min, doc.data().joint(id)->q[0]);
    q_max = std::max(q_max, doc.data().joint(id)->q[0]);
  }
  EXPECT_GT(q_max - q_min, 60.0 * kPi / 180.0);
  EXPECT_GT(q_min, lo + 0.05);
  EXPECT_LT(q_max, hi - 0.05);
}

TEST(DynamicsPlayer, Rk4KeepsTheTotalEnergyFlatAndEulerDoesNot) {
  // a quarter of a second: the shank swings down through most of its arc without reaching a limit (an
  // impact on a limit is inelastic and takes energy out on purpose)
  const std::vector<double> rk4 = run_energy(js::Integrator::RK4, 15);
  const std::vector<double> euler = run_energy(js::Integrator::ExplicitEuler, 15);
  ASSERT_EQ(rk4.size(), 16u);
  double swing = 0.0;  // the potential energy exchanged, to scale the tolerances
  for (double e : rk4) swing = std::max(swing, std::abs(e));
  EXPECT_LT(drift(rk4), 1e-6 * std::max(swing, 1.0));
  EXPECT_GT(drift(euler), 100.0 * drift(rk4));
}

TEST(DynamicsPlayer, ResetRestoresQAndPosesExactly) {
  Document doc;
  const Joint& knee = start_knee(doc);
  const Joint before = knee;
  const js::SE3 pose_before = doc.data().body(knee.child)->pose;
  const int undo_count = doc.undo_stack()->count();
  DynamicsPlayer player(doc);

  // frames never recorded: reset leaves no undo step
  ASSERT_TRUE(player.advance(0.25));
  player.reset();
  EXPECT_EQ(doc.data().joint(before.id)->q, before.q);
  EXPECT_EQ(doc.data().body(before.child)->pose.R, pose_before.R);
  EXPECT_EQ(doc.data().body(before.child)->pose.p, pose_before.p);
  EXPECT_EQ(doc.undo_stack()->count(), undo_count);
  EXPECT_EQ(player.time(), 0.0);

  // a step is one undo step; reset after it is another, and undoing it returns to the stepped state
  ASSERT_TRUE(player.step());
  ASSERT_TRUE(player.step());
  EXPECT_EQ(doc.undo_stack()->count(), undo_count + 2);
  const Eigen::VectorXd stepped = doc.data().joint(before.id)->q;
  EXPECT_NE(stepped, before.q);
  player.reset();
  EXPECT_EQ(doc.undo_stack()->count(), undo_count + 3);
  EXPECT_EQ(doc.data().joint(before.id)->q, before.q);
  EXPECT_EQ(doc.data().body(before.child)->pose.R, pose_before.R);
  EXPECT_EQ(doc.data().body(before.child)->pose.p, pose_before.p);
  doc.undo_stack()->undo();
  EXPECT_EQ(doc.data().joint(before.id)->q, stepped);
}

// regression: autosave during playback wrote the frame on screen, a pose the undo stack never held (the title
// said nothing changed); what is saved is the last recorded state
TEST(DynamicsPlayer, TheDocumentAtRestIsTheLastRecordedState) {
  Document doc;
  const Joint& knee = start_knee(doc);
  const Joint before = knee;
  const js::SE3 pose_before = doc.data().body(knee.child)->pose;
  DynamicsPlayer player(doc);
  EXPECT_EQ(player.document_at_rest().joint(before.id)->q, before.q);  // no run: the document itself

  // frames shown, nothing recorded: at rest is where the run started
  ASSERT_TRUE(player.advance(0.25));
  ASSERT_GT(std::abs(doc.data().joint(before.id)->q[0] - before.q[0]), 1e-3);
  DocumentData rest = player.document_at_rest();
  EXPECT_EQ(rest.joint(before.id)->q, before.q);
  EXPECT_EQ(rest.body(before.child)->pose.R, pose_before.R);
  EXPECT_EQ(rest.body(before.child)->pose.p, pose_before.p);
  // the project written from it reads back at the start pose
  QTemporaryDir dir;
  const QString path = dir.filePath(QStringLiteral("rest.jsproj"));
  ASSERT_EQ(save_project(rest, path), QString());
  const ProjectLoad back = load_project(path);
  ASSERT_TRUE(back.data) << back.error.toStdString();
  EXPECT_NEAR(back.data->joint(before.id)->q[0], before.q[0], 1e-12);

  // a step records: at rest is then the document as it is
  ASSERT_TRUE(player.step());
  const Eigen::VectorXd stepped = doc.data().joint(before.id)->q;
  const Eigen::Vector3d stepped_p = doc.data().body(before.child)->pose.p;
  EXPECT_EQ(player.document_at_rest().joint(before.id)->q, stepped);
  // more frames after it: at rest stays at the step
  ASSERT_TRUE(player.advance(0.25));
  EXPECT_NE(doc.data().joint(before.id)->q, stepped);
  rest = player.document_at_rest();
  EXPECT_EQ(rest.joint(before.id)->q, stepped);
  EXPECT_EQ(rest.body(before.child)->pose.p, stepped_p);
  EXPECT_NE(doc.data().body(before.child)->pose.p, stepped_p);
}

TEST(DynamicsPlayer, AnEditDropsTheRunAndBadSettingsAreRefused) {
  Document doc;
  const Joint& knee = start_knee(doc);
  const JointId id = knee.id;
  DynamicsPlayer player(doc);
  ASSERT_TRUE(player.advance(0.1));
  EXPECT_GT(player.time(), 0.0);
  Eigen::VectorXd q = doc.data().joint(id)->q;
  q[0] += 0.1;
  ASSERT_TRUE(set_joint_q(doc, id, q).ok());
  EXPECT_EQ(player.time(), 0.0);

  QStringList messages;
  QObject::connect(&player, &DynamicsPlayer::status_message, [&](const QString& m) { messages << m; });
  DynamicsSettings s;
  s.dt = 0.0;
  EXPECT_FALSE(player.set_settings(s));
  s = {};
  s.damping = -0.5;
  EXPECT_FALSE(player.set_settings(s));
  ASSERT_EQ(messages.count(), 2);
  EXPECT_TRUE(messages.at(1).contains(QStringLiteral("-0.5"))) << messages.at(1).toStdString();

  // a joint without a model cannot be simulated, and says which
  DocumentData unfitted = doc.data();
  unfitted.joints.front().model = nullptr;
  doc.reset(unfitted, {});
  EXPECT_FALSE(player.advance(0.1));
  EXPECT_TRUE(messages.last().contains(unfitted.joints.front().name));
}

// "driven while the rest simulates" (issue 17): keyed joints follow the timeline in Simulate
namespace {

// the hinge chain opened from its scene, its first joint keyed in q (three keys over 1 s)
const Joint& key_hinge_chain(Document& doc) {
  const SceneLoad l = load_scene(QStringLiteral(JS_SOURCE_DIR "/resources/scenes/hinge_skeleton.json"));
  EXPECT_TRUE(l.data) << l.error.toStdString();
  doc.reset(*l.data, {});
  const Joint& j = doc.data().joints.front();
  const JointId id = j.id;
  const double q0 = j.q[0];
  EXPECT_TRUE(add_timeline_key(doc, id, 0.0, q0).ok());
  EXPECT_TRUE(add_timeline_key(doc, id, 0.4, q0 + 0.5).ok());
  EXPECT_TRUE(add_timeline_key(doc, id, 1.0, q0 - 0.3).ok());
  return *doc.data().joint(id);
}

// the largest |q − q(t)| of joint id against its timeline over `frames` frames, and how far joint `other` moved
struct FollowRun {
  double worst = 0.0;  // rad
  double other_moved = 0.0;  // rad
  int frames = 0;
};
FollowRun run_keyed(Document& doc, DynamicsPlayer& player, JointId id, JointId other, int frames) {
  FollowRun r;
  const auto curve = TimelineCurve::make(*doc.data().joint(id));
  EXPECT_TRUE(curve);
  if (!curve) return r;
  const double other0 = doc.data().joint(other)->q[0];
  for (int i = 0; i < frames; ++i) {
    if (!player.advance(DynamicsPlayer::kFrame)) return r;
    ++r.frames;
    r.worst = std::max(r.worst, std::abs(doc.data().joint(id)->q[curve->coordinate()] - curve->at(player.time()).q));
    r.other_moved = std::max(r.other_moved, std::abs(doc.data().joint(other)->q[0] - other0));
  }
  return r;
}

}  // namespace

// the keyed hinge sits on the dock's q(t) at every frame (it is prescribed, not simulated), the next hinge swings
// under gravity and the drive; with the option off the keyed hinge is simulated like the rest and leaves the curve
TEST(DynamicsPlayer, KeyedJointsFollowTheTimelineWhileTheRestSimulates) {
  Document doc;
  const JointId id = key_hinge_chain(doc).id;
  const JointId other = doc.data().joints[1].id;
  EXPECT_TRUE(doc.data().simulation.follow_timeline);  // on by default
  DynamicsPlayer player(doc);
  QString message;
  QObject::connect(&player, &DynamicsPlayer::status_message, [&](const QString& m) { message = m; });
  ASSERT_TRUE(player.play());
  EXPECT_TRUE(message.contains(QLatin1String("1 joint(s) following the timeline"))) << message.toStdString();
  player.pause();
  const FollowRun on = run_keyed(doc, player, id, other, 72);  // 1.2 s: past the last key, where q is held
  ASSERT_EQ(on.frames, 72);
  std::printf("keyed hinge: max |q − q(t)| = %.2e rad over 1.2 s; the next hinge moved %.3f rad\n", on.worst,
              on.other_moved);
  EXPECT_LT(on.worst, 1e-9);
  EXPECT_GT(on.other_moved, 0.05);

  // the option off is a setting (one undo step) that drops the run: the keyed hinge is simulated from its start
  player.reset();
  DynamicsSettings s = player.settings();
  s.follow_timeline = false;
  ASSERT_TRUE(player.set_settings(s));
  const FollowRun off = run_keyed(doc, player, id, other, 72);
  ASSERT_EQ(off.frames, 72);
  std::printf("option off: the keyed hinge is %.3f rad off its timeline\n", off.worst);
  EXPECT_GT(off.worst, 0.05);
  EXPECT_GT(off.other_moved, 0.05);
}

// a 1-dof curve joint keyed in arc length follows q(s(t)); q̇ and q̈ of the curve are the derivatives of q(t)
TEST(DynamicsPlayer, AKneeKeyedInArcLengthFollowsQOfSOfT) {
  Document doc;
  const JointId id = start_knee(doc).id;
  ASSERT_TRUE(set_timeline_mode(doc, id, TimelineMode::arc_length).ok());
  const auto arc = timeline_arc_length(*doc.data().joint(id));
  ASSERT_TRUE(arc);
  const double L = arc->length();
  ASSERT_TRUE(add_timeline_key(doc, id, 0.0, 0.2 * L).ok());
  ASSERT_TRUE(add_timeline_key(doc, id, 0.5, 0.7 * L).ok());
  ASSERT_TRUE(add_timeline_key(doc, id, 0.9, 0.4 * L).ok());
  const auto curve = TimelineCurve::make(*doc.data().joint(id));
  ASSERT_TRUE(curve);
  // the prescribed rate and acceleration are those of q(t) (central differences)
  const double h = 1e-5;
  for (double t : {0.1, 0.3, 0.62, 0.8}) {
    const TimelinePoint p = curve->at(t);
    ASSERT_FALSE(p.degenerate);
    EXPECT_NEAR(p.qd, (curve->at(t + h).q - curve->at(t - h).q) / (2 * h), 1e-5) << t;
    EXPECT_NEAR(p.qdd, (curve->at(t + h).qd - curve->at(t - h).qd) / (2 * h), 1e-4) << t;
    EXPECT_GT(std::abs(p.qd), 1e-3) << t;
  }
  DynamicsPlayer player(doc);
  double worst = 0.0;
  for (int i = 0; i < 60; ++i) {
    ASSERT_TRUE(player.advance(DynamicsPlayer::kFrame));
    const Joint& knee = *doc.data().joint(id);
    worst = std::max(worst, std::abs(knee.q[0] - curve->at(player.time()).q));
    // the shank is drawn at G(q(t))
    ASSERT_TRUE(doc.data().body(knee.child)->pose.is_approx(joint_transform(*knee.model, knee.q), 1e-12));
  }
  std::printf("knee in arc length: max |q − q(s(t))| = %.2e rad over 1 s\n", worst);
  EXPECT_LT(worst, 1e-9);
}

// the maximal solver cannot drive a coordinate: refused with a message naming the way out, not run with the keys
// ignored; unchecking the option runs the chain with the skeleton. the option is saved in the project
TEST(DynamicsPlayer, TheMaximalSolverRefusesKeyedJointsAndTheOptionIsSaved) {
  Document doc;
  key_hinge_chain(doc);
  DynamicsPlayer player(doc);
  QString message;
  QObject::connect(&player, &DynamicsPlayer::status_message, [&](const QString& m) { message = m; });
  DynamicsSettings s = player.settings();
  s.maximal_solver = true;
  ASSERT_TRUE(player.set_settings(s));
  EXPECT_FALSE(player.advance(DynamicsPlayer::kFrame));
  EXPECT_FALSE(player.has_run());
  EXPECT_TRUE(message.contains(QLatin1String("maximal solver cannot drive keyed joints"))) << message.toStdString();
  s.follow_timeline = false;
  ASSERT_TRUE(player.set_settings(s));
  EXPECT_TRUE(player.advance(DynamicsPlayer::kFrame)) << message.toStdString();

  QTemporaryDir dir;
  const QString project = dir.filePath(QStringLiteral("chain.jsproj"));
  ASSERT_TRUE(save_project(player.document_at_rest(), project).isEmpty());
  nlohmann::json saved = project_to_json(doc.data(), dir.path());
  EXPECT_EQ(saved["simulation"]["follow_timeline"], false);
  const ProjectLoad back = load_project(project);
  ASSERT_TRUE(back.data) << back.error.toStdString();
  EXPECT_FALSE(back.data->simulation.follow_timeline);
  // a project from before the option follows the timeline
  saved["simulation"].erase("follow_timeline");
  const QString old = dir.filePath(QStringLiteral("old.jsproj"));
  const ProjectLoad before = load_project_json(old, saved);
  ASSERT_TRUE(before.data) << before.error.toStdString();
  EXPECT_TRUE(before.data->simulation.follow_timeline);
}
