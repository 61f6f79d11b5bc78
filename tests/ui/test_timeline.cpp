// the timeline's document model (ui/document/timeline.hpp): keys and modes as undo steps, the curve through the
// keys with core's q(s), the project round trip and malformed timeline keys.
#include <gtest/gtest.h>

#include <QTemporaryDir>
#include <cmath>

#include "core/motion/arc_length.hpp"
#include "tests/ui/ui_test_files.hpp"
#include "ui/demo/demo_project.hpp"
#include "ui/document/document.hpp"
#include "ui/document/project_file.hpp"
#include "ui/document/timeline.hpp"

using namespace js::ui;

namespace {

struct KneeDoc {
  Document doc;
  JointId id = 0;
  KneeDoc() {
    doc.reset(make_demo_project(), {});
    id = doc.data().joints.at(0).id;
  }
  const JointTimeline& timeline() const { return doc.data().joint(id)->timeline; }
};

std::string timeline_load_error(const QString& path) { return load_project(path).error.toStdString(); }

}  // namespace

TEST(Timeline, EveryEditIsOneUndoStep) {
  KneeDoc k;
  QUndoStack* undo = k.doc.undo_stack();
  ASSERT_TRUE(k.timeline() == JointTimeline{});
  ASSERT_TRUE(add_timeline_key(k.doc, k.id, 1.0, 0.5).ok());
  ASSERT_TRUE(add_timeline_key(k.doc, k.id, 0.0, 0.1).ok());
  const auto third = add_timeline_key(k.doc, k.id, 2.0, 0.9);
  ASSERT_TRUE(third.ok());
  EXPECT_EQ(third.value, 2);
  EXPECT_EQ(undo->count(), 3);
  // sorted by time
  ASSERT_EQ(k.timeline().keys.size(), 3u);
  EXPECT_EQ(k.timeline().keys[0].t, 0.0);
  EXPECT_EQ(k.timeline().keys[1].value, 0.5);
  // a key at the time of another replaces its value
  ASSERT_TRUE(add_timeline_key(k.doc, k.id, 1.0 + 1e-8, 0.6).ok());
  EXPECT_EQ(k.timeline().keys.size(), 3u);
  EXPECT_EQ(k.timeline().keys[1].value, 0.6);
  // moving a key past another reorders; onto another's time is refused without a step
  const auto moved = set_timeline_key(k.doc, k.id, 0, {1.5, 0.2});
  ASSERT_TRUE(moved.ok());
  EXPECT_EQ(moved.value, 1);
  EXPECT_EQ(k.timeline().keys[0].t, 1.0);
  const int steps = undo->count();
  EXPECT_FALSE(set_timeline_key(k.doc, k.id, 0, {2.0, 0.3}).ok());
  EXPECT_FALSE(add_timeline_key(k.doc, k.id, -1.0, 0.3).ok());
  EXPECT_FALSE(add_timeline_key(k.doc, k.id, 3.0, std::nan("")).ok());
  EXPECT_EQ(undo->count(), steps);
  ASSERT_TRUE(set_timeline_continuity(k.doc, k.id, js::TimingContinuity::c1).ok());
  ASSERT_TRUE(remove_timeline_keys(k.doc, k.id, {2, 0, 2}).ok());
  EXPECT_EQ(k.timeline().keys.size(), 1u);
  EXPECT_EQ(undo->count(), steps + 2);
  // each undo takes one edit back
  undo->undo();
  EXPECT_EQ(k.timeline().keys.size(), 3u);
  undo->undo();
  EXPECT_EQ(k.timeline().continuity, js::TimingContinuity::c2);
  undo->undo();
  EXPECT_EQ(k.timeline().keys[0].t, 0.0);
  while (undo->canUndo()) undo->undo();
  EXPECT_TRUE(k.timeline() == JointTimeline{});
}

TEST(Timeline, CurvePassesThroughItsKeysAtRest) {
  KneeDoc k;
  for (const auto& [t, q] : {std::pair{0.0, 0.2}, {0.5, 0.9}, {1.2, 1.4}, {2.0, 0.3}})
    ASSERT_TRUE(add_timeline_key(k.doc, k.id, t, q).ok());
  const Joint& j = *k.doc.data().joint(k.id);
  QString why;
  const auto curve = TimelineCurve::make(j, &why);
  ASSERT_TRUE(curve) << why.toStdString();
  EXPECT_EQ(curve->t_begin(), 0.0);
  EXPECT_EQ(curve->t_end(), 2.0);
  for (const TimelineKey& key : j.timeline.keys) EXPECT_NEAR(curve->at(key.t).q, key.value, 1e-12);
  // at rest at both ends and held outside; moving between
  EXPECT_NEAR(curve->at(0.0).rate, 0.0, 1e-12);
  EXPECT_NEAR(curve->at(2.0).rate, 0.0, 1e-12);
  EXPECT_NEAR(curve->at(5.0).q, 0.3, 1e-12);
  EXPECT_GT(curve->at(0.25).rate, 0.1);
  EXPECT_LT(curve->at(1.6).rate, -0.1);
  // rate is the derivative of value, acceleration of rate
  const double h = 1e-5, t = 0.8;
  EXPECT_NEAR((curve->at(t + h).value - curve->at(t - h).value) / (2 * h), curve->at(t).rate, 1e-6);
  EXPECT_NEAR((curve->at(t + h).rate - curve->at(t - h).rate) / (2 * h), curve->at(t).acceleration, 1e-4);
  // timeline_q puts the curve's q into the joint's coordinate
  EXPECT_NEAR(timeline_q(j, *curve, 0.5)[0], 0.9, 1e-12);
  // no keys: no curve, with the reason
  Joint bare = j;
  bare.timeline.keys.clear();
  EXPECT_FALSE(TimelineCurve::make(bare, &why));
  EXPECT_TRUE(why.contains(QStringLiteral("no timeline keys")));
}

TEST(Timeline, ArcLengthModeKeepsEveryKeysPose) {
  KneeDoc k;
  ASSERT_TRUE(add_timeline_key(k.doc, k.id, 0.0, 0.3).ok());
  ASSERT_TRUE(add_timeline_key(k.doc, k.id, 1.0, 1.1).ok());
  ASSERT_TRUE(set_timeline_mode(k.doc, k.id, TimelineMode::arc_length).ok());
  const Joint& j = *k.doc.data().joint(k.id);
  const auto arc = timeline_arc_length(j);
  ASSERT_TRUE(arc);
  EXPECT_EQ(j.timeline.mode, TimelineMode::arc_length);
  EXPECT_NEAR(j.timeline.keys[0].value, arc->s_of_q(0.3), 1e-12);
  const auto curve = TimelineCurve::make(j);
  ASSERT_TRUE(curve);
  // q(s(t_k)) is the key's q again; ṡ between the keys is the arc's speed times q̇
  EXPECT_NEAR(curve->at(0.0).q, 0.3, 1e-9);
  EXPECT_NEAR(curve->at(1.0).q, 1.1, 1e-9);
  const double h = 1e-6;
  const double qdot = (curve->at(0.5 + h).q - curve->at(0.5 - h).q) / (2 * h);
  EXPECT_NEAR(curve->at(0.5).rate, arc->speed(curve->at(0.5).q) * qdot, 1e-5);
  // the value a key at the current pose gets is s(q)
  const auto now = timeline_value_now(j);
  ASSERT_TRUE(now.ok());
  EXPECT_NEAR(now.value, arc->s_of_q(j.q[0]), 1e-12);
  // and back: the keys are q again
  ASSERT_TRUE(set_timeline_mode(k.doc, k.id, TimelineMode::q).ok());
  EXPECT_NEAR(k.timeline().keys[1].value, 1.1, 1e-9);
  k.doc.undo_stack()->undo();
  EXPECT_EQ(k.timeline().mode, TimelineMode::arc_length);
  // an s beyond the path's length has no curve
  Joint far = *k.doc.data().joint(k.id);
  far.timeline.keys[1].value = arc->length() * 2;
  QString why;
  EXPECT_FALSE(TimelineCurve::make(far, &why));
  EXPECT_TRUE(why.contains(QStringLiteral("outside the path"))) << why.toStdString();
}

TEST(Timeline, ProjectRoundTripAndOlderProjects) {
  QTemporaryDir dir;
  const QString path = dir.filePath(QStringLiteral("keys.jsproj"));
  DocumentData d = make_demo_project();
  d.joints[0].timeline.mode = TimelineMode::arc_length;
  d.joints[0].timeline.continuity = js::TimingContinuity::c1;
  d.joints[0].timeline.keys = {{0.0, 0.1}, {0.75, 0.4}, {2.5, 0.2}};
  ASSERT_EQ(save_project(d, path), QString());
  const ProjectLoad back = load_project(path);
  ASSERT_TRUE(back.data) << back.error.toStdString();
  EXPECT_TRUE(back.data->joints[0].timeline == d.joints[0].timeline);
  // a project without "timeline" (every project before it) opens with none
  auto j = project_to_json(make_demo_project(), dir.path());
  EXPECT_FALSE(j["joints"][0].contains("timeline"));
  js::ui::test::write_text(path, QByteArray::fromStdString(j.dump()));
  const ProjectLoad old = load_project(path);
  ASSERT_TRUE(old.data) << old.error.toStdString();
  EXPECT_TRUE(old.data->joints[0].timeline == JointTimeline{});
}

TEST(Timeline, MalformedKeysNameWhereAndWhat) {
  QTemporaryDir dir;
  const QString path = dir.filePath(QStringLiteral("bad.jsproj"));
  const auto good = project_to_json(make_demo_project(), dir.path());
  auto expect = [&](const nlohmann::json& timeline, const std::string& where, const std::string& what) {
    auto j = good;
    j["joints"][0]["timeline"] = timeline;
    js::ui::test::write_text(path, QByteArray::fromStdString(j.dump()));
    const std::string err = timeline_load_error(path);
    EXPECT_NE(err.find("bad.jsproj"), std::string::npos) << err;
    EXPECT_NE(err.find(where), std::string::npos) << err;
    EXPECT_NE(err.find(what), std::string::npos) << err;
  };
  using nlohmann::json;
  expect(json{{"keys", json::array({{{"t", 1.0}, {"q", 0.1}}, {{"t", 0.5}, {"q", 0.2}}})}},
         "/joints/0/timeline/keys/1/t", "key times must increase");
  expect(json{{"keys", json::array({{{"t", -1.0}, {"q", 0.1}}})}}, "/joints/0/timeline/keys/0/t", "time ≥ 0");
  expect(json{{"keys", json::array({{{"t", 1.0}, {"s", 0.1}}})}}, "/joints/0/timeline/keys/0", "s");
  expect(json{{"mode", "arc_length"}, {"keys", json::array({{{"t", 1.0}, {"s", -0.1}}})}},
         "/joints/0/timeline/keys/0/s", "arc length ≥ 0");
  expect(json{{"mode", "speed"}, {"keys", json::array()}}, "/joints/0/timeline/mode", "\"arc_length\"");
  expect(json{{"coordinate", 3}, {"keys", json::array()}}, "/joints/0/timeline/coordinate", "[0, 1)");
  expect(json{{"continuity", "c3"}, {"keys", json::array()}}, "/joints/0/timeline/continuity", "\"c1\"");
  expect(json{{"mode", "q"}}, "/joints/0/timeline", "keys");
}
