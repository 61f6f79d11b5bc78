#include "ui/export/timeline_scene.hpp"

#include <QObject>
#include <algorithm>

#include "ui/document/joint_model.hpp"
#include "ui/document/timeline.hpp"

namespace js::ui {

namespace {

const char* continuity_name(TimingContinuity c) { return c == TimingContinuity::c1 ? "c1" : "c2"; }

// the scene already moves this coordinate: a drive or motion of the body, or a coupler that makes it dependent
bool driven_already(const nlohmann::json& scene, const nlohmann::json& body, const std::string& coordinate) {
  const std::string body_name = body.value("name", "");
  if (body.contains("motion")) return true;
  if (body.contains("drive") && body["drive"].is_array())
    for (const nlohmann::json& e : body["drive"])
      if (e.is_object() && e.value("coordinate", "") == coordinate) return true;
  if (scene.contains("couplers") && scene["couplers"].is_array())
    for (const nlohmann::json& c : scene["couplers"])
      if (c.is_object() && c.value("coordinate", "") == body_name + "." + coordinate) return true;
  return false;
}

}  // namespace

QString add_timeline_to_scene(const DocumentData& d, const std::vector<BodyId>& scene_bodies, nlohmann::json& scene) {
  for (const Joint& j : d.joints) {
    if (j.timeline.keys.empty() || !j.model) continue;
    const auto at = std::find(scene_bodies.begin(), scene_bodies.end(), j.child);
    if (at == scene_bodies.end()) continue;
    QString why;
    const auto curve = TimelineCurve::make(j, &why);
    if (!curve) return QObject::tr("Cannot export the timeline: %1").arg(why);
    nlohmann::json& body = scene["bodies"][static_cast<std::size_t>(at - scene_bodies.begin())];
    const JointTimeline& tl = j.timeline;
    const std::string coordinate = j.model->coordinates()[static_cast<std::size_t>(tl.coordinate)].name;
    if (driven_already(scene, body, coordinate))
      return QObject::tr("Cannot export the timeline: the scene drives %1's keyed coordinate already (a drive, motion "
                         "or coupler); delete its keys or uncheck \"Keyed joints follow the timeline\"")
          .arg(j.name);
    if (tl.keys.size() == 1) {
      body["drive"].push_back({{"coordinate", coordinate}, {"rate", 0.0}, {"from", curve->at(tl.keys[0].t).q}});
      continue;
    }
    nlohmann::json keys = nlohmann::json::array();
    const char* value_key = tl.mode == TimelineMode::arc_length ? "s" : "q";
    for (const TimelineKey& k : tl.keys) keys.push_back({{"t", k.t}, {value_key, k.value}});
    if (tl.mode == TimelineMode::q) {
      body["drive"].push_back({{"coordinate", coordinate}, {"keys", keys}, {"continuity", continuity_name(tl.continuity)}});
    } else {
      // the path the dock's arc length runs along: the coordinate's range, at the child origin with ℓ = 1
      double lo = 0.0, hi = 0.0;
      coordinate_range(j, 0, lo, hi);
      body["motion"] = {{"from", lo}, {"to", hi}, {"keys", keys}, {"continuity", continuity_name(tl.continuity)}};
    }
  }
  return {};
}

}  // namespace js::ui
