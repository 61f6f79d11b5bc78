// an opened scene's closed loops in the viewport, without GL (ui/viewport/loop_scene.hpp): the two frames
// each loop joins are the bodies' world transforms moved by the loop's frame offsets, the gap is the
// simulator's closure error and turns the drawing red when the loop opens, and the cached multibody is
// rebuilt when the structure changes, not when q moves.
#include <gtest/gtest.h>

#include <cmath>

#include "core/io/json_text.hpp"
#include "core/scene/scene_file.hpp"
#include "ui/document/document.hpp"
#include "ui/document/operations.hpp"
#include "ui/export/scene_import.hpp"
#include "ui/joint/document_multibody.hpp"
#include "ui/joint/joint_operations.hpp"
#include "ui/viewport/scene_builder.hpp"
#include "tests/ui/four_bar_gap.hpp"
#include "tests/ui/ui_test_files.hpp"

namespace {

using js::SE3;
using js::Vec3;
using js::test::four_bar_gap;
using js::test::joint_of;
using nlohmann::json;

using js::ui::test::scene_path;

void open(js::ui::Document& doc, const char* name) {
  js::ui::SceneLoad l = js::ui::load_scene(scene_path(name));
  ASSERT_TRUE(l.data) << l.error.toStdString();
  doc.reset(std::move(*l.data), {});
}

SE3 transform(const json& t) {
  SE3 T;
  for (int r = 0; r < 3; ++r) {
    for (int c = 0; c < 3; ++c) T.R(r, c) = t["rotation"][r][c].get<double>();
    T.p[r] = t["translation"][r].get<double>();
  }
  return T;
}

js::ui::Scene scene_of(const js::ui::Document& doc, js::ui::LoopSceneCache* cache = nullptr) {
  js::ui::MeshLibrary meshes;
  js::ui::SceneOptions opt;
  opt.loop_cache = cache;
  return js::ui::build_scene(doc.data(), {}, meshes, doc.data().camera, opt);
}

// overlay vertices of colour c within 1e-6 m of p
int vertices_at(const js::ui::Scene& s, const Vec3& p, const Eigen::Vector4f& c) {
  int n = 0;
  for (const js::ui::LineVertex& v : s.overlay)
    if ((v.position.cast<double>() - p).norm() < 1e-6 && (v.colour - c).norm() < 1e-6) ++n;
  return n;
}

const js::ui::Body& frame_body(const js::ui::Document& doc) {
  for (const js::ui::Body& b : doc.data().bodies)
    if (b.frame_only) return b;
  ADD_FAILURE() << "no root frame";
  return doc.data().bodies.front();
}

const Eigen::Vector4f kClosed(0.25f, 0.9f, 1.0f, 1.0f), kOpen(1.0f, 0.2f, 0.2f, 1.0f);

}  // namespace

TEST(LoopScene, FourBarPinFramesAreTheBodiesTransformsTimesTheLoopFrames) {
  js::ui::Document doc;
  open(doc, "four_bar");
  const json& loop = doc.data().scene_keys["loops"][0];
  const js::ui::Scene s = scene_of(doc);
  ASSERT_EQ(s.loops.size(), 1u);
  const js::ui::LoopOverlay& o = s.loops.front();
  EXPECT_EQ(o.name, "ground_pin");
  const js::ui::Joint& rocker = joint_of(doc, "rocker");
  EXPECT_EQ(o.body_a, frame_body(doc).id);  // body_a null: the scene's root frame
  EXPECT_EQ(o.body_b, rocker.child);
  const SE3 a = doc.data().world_T_body(o.body_a) * transform(loop["frame_a"]);
  const SE3 b = doc.data().world_T_body(rocker.child) * transform(loop["frame_b"]);
  EXPECT_TRUE(o.world_T_frame_a.is_approx(a, 1e-12));
  EXPECT_TRUE(o.world_T_frame_b.is_approx(b, 1e-12));
  // a point loop holds b's frame origin at a's
  EXPECT_LT((o.world_T_target.p - a.p).norm(), 1e-12);
  // closed as opened: the gap and the star are cyan, at the pin
  EXPECT_LT(o.error, 1e-9);
  EXPECT_FALSE(o.open);
  EXPECT_GE(vertices_at(s, a.p, kClosed), 2);  // the gap line, zero long
  EXPECT_EQ(vertices_at(s, a.p, kOpen), 0);
  // both frames' triads: 2 × 3 axes from their origins
  int from_b = 0;
  for (std::size_t k = 0; k + 1 < s.overlay.size(); k += 2)
    if ((s.overlay[k].position.cast<double>() - b.p).norm() < 1e-6) ++from_b;
  EXPECT_GE(from_b, 6);
}

TEST(LoopScene, TurningTheCrankAloneOpensTheLoopAndDrawsTheGapRed) {
  js::ui::Document doc;
  open(doc, "four_bar");
  const js::ui::Joint crank = joint_of(doc, "crank");
  ASSERT_TRUE(js::ui::set_joint_q(doc, crank.id, crank.q + Eigen::VectorXd::Constant(1, 0.2)).ok());
  const js::ui::Scene s = scene_of(doc);
  ASSERT_EQ(s.loops.size(), 1u);
  const js::ui::LoopOverlay& o = s.loops.front();
  // the error is the simulator's ‖δ‖ at the document's q, and that is the in-plane gap of the pins (the loop
  // constrains x and y) measured on the document's poses, up to the core's projection (δ is the log of the
  // relative pose projected onto the pin's rotations)
  js::ui::DocumentMultibody mb;
  ASSERT_TRUE(js::ui::build_document_multibody(doc.data(), mb).isEmpty());
  js::SimulatorOptions options;
  options.loops = &mb.scene.loops;
  js::Simulator sim(mb.scene.model, mb.scene.forces, options);
  js::SimulationState state = mb.scene.initial;
  state.q = mb.q_of(doc.data());
  EXPECT_NEAR(o.error, sim.loop_errors(state).position, 1e-12);
  const double gap = four_bar_gap(doc);
  EXPECT_GT(gap, 0.01);
  EXPECT_NEAR(o.error, gap, 1e-6);
  EXPECT_TRUE(o.open);
  const js::ui::Joint& rocker = joint_of(doc, "rocker");
  const SE3 b = doc.data().world_T_body(rocker.child) * transform(doc.data().scene_keys["loops"][0]["frame_b"]);
  EXPECT_TRUE(o.world_T_frame_b.is_approx(b, 1e-12));
  EXPECT_NEAR((o.world_T_target.p - o.world_T_frame_a.p).norm(), 0.0, 1e-12);
  // the gap runs red from the pin on the ground to the rocker's pin
  EXPECT_GE(vertices_at(s, o.world_T_target.p, kOpen), 1);
  EXPECT_GE(vertices_at(s, o.world_T_frame_b.p, kOpen), 1);
  EXPECT_EQ(vertices_at(s, o.world_T_target.p, kClosed), 0);
  // undo closes it again
  doc.undo_stack()->undo();
  EXPECT_FALSE(scene_of(doc).loops.front().open);
}

TEST(LoopScene, DoubleSplineKneeLoopFramesAndErrorMatchTheCore) {
  js::ui::Document doc;
  open(doc, "double_spline");
  const js::ui::Scene s = scene_of(doc);
  ASSERT_EQ(s.loops.size(), 1u);
  const js::ui::LoopOverlay& o = s.loops.front();
  EXPECT_EQ(o.name, "second_knee");
  // the loop's joint is the knee joint file: its base frame on the root, its moving frame on the tibia
  const js::scene::Scene sc = js::scene::read_scene_file(scene_path("double_spline").toStdString());
  const js::JointModel& knee = *sc.loops.loop(0).joint;
  const js::ui::Joint& tibia = joint_of(doc, "tibia");
  EXPECT_TRUE(o.world_T_frame_a.is_approx(doc.data().world_T_body(o.body_a) * knee.parent_T_joint(), 1e-12));
  EXPECT_TRUE(o.world_T_frame_b.is_approx(doc.data().world_T_body(tibia.child) * knee.moving_T_child().inverse(), 1e-12));
  // on the loop's motion at the scene's initial state: the target is b's frame, the error the core's
  js::SimulatorOptions options;
  options.loops = &sc.loops;
  js::Simulator sim(sc.model, sc.forces, options);
  EXPECT_NEAR(o.error, sim.loop_errors(sc.initial).position, 1e-12);
  EXPECT_FALSE(o.open);
  EXPECT_LT((o.world_T_target.p - o.world_T_frame_b.p).norm(), 1e-9);
}

TEST(LoopScene, CacheRebuildsForStructureNotForQ) {
  js::ui::Document doc;
  open(doc, "four_bar");
  js::ui::LoopSceneCache cache;
  scene_of(doc, &cache);
  const js::ui::Joint crank = joint_of(doc, "crank");
  for (int i = 1; i <= 3; ++i) {
    ASSERT_TRUE(js::ui::set_joint_q(doc, crank.id, crank.q + Eigen::VectorXd::Constant(1, 0.05)).ok());
    const js::ui::Scene cached = scene_of(doc, &cache), fresh = scene_of(doc);
    ASSERT_EQ(cached.loops.size(), 1u);
    EXPECT_NEAR(cached.loops[0].error, fresh.loops[0].error, 1e-12);
    EXPECT_TRUE(cached.loops[0].world_T_target.is_approx(fresh.loops[0].world_T_target, 1e-12));
  }
  EXPECT_EQ(cache.rebuilds(), 1);
  // deleting the rocker takes its loop along (operations.hpp): nothing left to draw
  ASSERT_TRUE(js::ui::remove_body(doc, joint_of(doc, "rocker").child).ok());
  EXPECT_TRUE(scene_of(doc, &cache).loops.empty());
  // undone, the structure is the cached one again
  doc.undo_stack()->undo();
  EXPECT_EQ(scene_of(doc, &cache).loops.size(), 1u);
  EXPECT_EQ(cache.rebuilds(), 1);
  // a renamed body is a new structure (the export maps the loop onto the new name): rebuilt, still drawn
  js::ui::Body rocker = *doc.data().body(joint_of(doc, "rocker").child);
  rocker.name = QStringLiteral("arm");
  ASSERT_TRUE(js::ui::set_body_properties(doc, rocker).ok());
  const js::ui::Scene renamed = scene_of(doc, &cache);
  EXPECT_EQ(cache.rebuilds(), 2);
  ASSERT_EQ(renamed.loops.size(), 1u);
  EXPECT_EQ(renamed.loops[0].body_b, rocker.id);
}

TEST(LoopScene, StaysDrawnWhileAJointHasNoModelYet) {
  // a new body on a spline joint not fitted yet: the scene export has no model for it, the loop is still drawn
  js::ui::Document doc;
  open(doc, "four_bar");
  js::ui::Body extra;
  extra.name = QStringLiteral("extra");
  extra.pose = SE3::translation(Vec3(0.1, 0.2, 0.0));
  const auto added = js::ui::add_body(doc, extra);
  ASSERT_TRUE(added.ok());
  const auto joint = js::ui::add_joint(doc, joint_of(doc, "coupler").child, added.value, js::JointKind::SplineCurve);
  ASSERT_TRUE(joint.ok()) << joint.error.toStdString();
  ASSERT_FALSE(doc.data().joint(joint.value)->model);
  const js::ui::Scene s = scene_of(doc);
  ASSERT_EQ(s.loops.size(), 1u);
  EXPECT_LT(s.loops[0].error, 1e-9);
  EXPECT_EQ(s.loops[0].body_b, joint_of(doc, "rocker").child);
}
