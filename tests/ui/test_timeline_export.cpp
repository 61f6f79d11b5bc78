// the timeline's keys in an exported scene (ui/export/timeline_scene.hpp): jointsmith-cli simulate's core, reading
// the export, moves the keyed coordinate along the curve the dock plots (q mode and arc length), nothing is written
// when keyed joints do not follow the timeline, and a coordinate the scene drives already is refused by name.
#include <gtest/gtest.h>

#include <QTemporaryDir>
#include <fstream>

#include "core/dynamics/simulator.hpp"
#include "core/io/json_text.hpp"
#include "core/motion/arc_length.hpp"
#include "core/scene/scene_file.hpp"
#include "ui/demo/demo_project.hpp"
#include "ui/document/document.hpp"
#include "ui/document/timeline.hpp"
#include "ui/export/exports.hpp"

using namespace js::ui;

namespace {

struct KeyedKnee {
  Document doc;
  JointId id = 0;
  explicit KeyedKnee(TimelineMode mode) {
    doc.reset(make_demo_project(), {});
    id = doc.data().joints.at(0).id;
    if (mode == TimelineMode::arc_length) {
      EXPECT_TRUE(set_timeline_mode(doc, id, mode).ok());
      const double length = timeline_arc_length(joint())->length();
      for (const auto& [t, f] : {std::pair{0.0, 0.1}, {0.5, 0.7}, {1.2, 0.3}})
        EXPECT_TRUE(add_timeline_key(doc, id, t, f * length).ok());
    } else {
      for (const auto& [t, q] : {std::pair{0.0, 0.2}, {0.5, 0.9}, {1.2, 1.4}})
        EXPECT_TRUE(add_timeline_key(doc, id, t, q).ok());
    }
  }
  const Joint& joint() const { return *doc.data().joint(id); }
  std::string body_name() const { return doc.data().body(joint().child)->name.toStdString(); }
};

nlohmann::json read_exported_json(const QString& path) {
  return js::io::parse_json_text(js::io::read_text_file(path.toStdString()), path.toStdString());
}

}  // namespace

TEST(TimelineExport, SimulateFollowsTheKeysAsTheDockPlotsThem) {
  for (const TimelineMode mode : {TimelineMode::q, TimelineMode::arc_length}) {
    SCOPED_TRACE(timeline_mode_text(mode).toStdString());
    KeyedKnee k(mode);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("keyed.json"));
    ASSERT_EQ(export_scene_file(k.doc.data(), path), QString());
    const nlohmann::json doc = read_exported_json(path);
    const js::scene::Scene sc = js::scene::read_scene_file(path.toStdString());
    const int body = sc.model.find_body(k.body_name());
    ASSERT_GE(body, 0);
    const int coordinate = sc.model.body(body).q_index;
    ASSERT_TRUE(sc.model.is_prescribed(coordinate)) << doc.dump(1);
    const auto curve = TimelineCurve::make(k.joint());
    ASSERT_TRUE(curve);
    js::SimulatorOptions options;
    options.loops = &sc.loops;
    js::Simulator sim(sc.model, sc.forces, options);
    js::SimulationState s = sc.initial;
    sim.apply_prescribed(s);
    double worst = 0.0, worst_rate = 0.0;
    while (s.t < 1.5) {
      sim.step(s, 5e-3, js::Integrator::RK4);
      const TimelinePoint p = curve->at(s.t);
      worst = std::max(worst, std::abs(s.q[coordinate] - p.q));
      worst_rate = std::max(worst_rate, std::abs(s.qd[coordinate] - p.qd));
    }
    // past the last key the curve holds its value
    EXPECT_NEAR(s.q[coordinate], curve->at(1.2).q, 1e-9);
    EXPECT_LT(worst, 1e-9);
    EXPECT_LT(worst_rate, 1e-6);
  }
}

TEST(TimelineExport, NothingIsWrittenWhenKeyedJointsDoNotFollow) {
  KeyedKnee k(TimelineMode::q);
  DocumentData d = k.doc.data();
  d.simulation.follow_timeline = false;
  QTemporaryDir dir;
  const QString path = dir.filePath(QStringLiteral("free.json"));
  ASSERT_EQ(export_scene_file(d, path), QString());
  const nlohmann::json exported = read_exported_json(path);  // kept: a loop over a temporary's member would dangle
  for (const nlohmann::json& b : exported["bodies"]) {
    EXPECT_FALSE(b.contains("drive")) << b.dump();
    EXPECT_FALSE(b.contains("motion")) << b.dump();
  }
}

TEST(TimelineExport, ACoordinateTheSceneDrivesIsRefusedByName) {
  KeyedKnee k(TimelineMode::q);
  DocumentData d = k.doc.data();
  js::ui::Body& child = *std::find_if(d.bodies.begin(), d.bodies.end(), [&](const js::ui::Body& b) { return b.id == k.joint().child; });
  child.scene_keys = {{"drive", {{{"coordinate", k.joint().model->coordinates()[0].name}, {"rate", 1.0}}}}};
  QTemporaryDir dir;
  const QString error = export_scene_file(d, dir.filePath(QStringLiteral("twice.json")));
  EXPECT_TRUE(error.contains(QStringLiteral("drives"))) << error.toStdString();
  EXPECT_TRUE(error.contains(k.joint().name)) << error.toStdString();
}
