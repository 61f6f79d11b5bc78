#include "core/scene/scene_motion.hpp"

#include <cmath>
#include <memory>
#include <stdexcept>

#include "core/motion/scripted_motion.hpp"

namespace js::scene {

using io::ErrorKind;
using io::JsonCursor;

TimingContinuity read_continuity(const JsonCursor& parent) {
  if (!parent.has("continuity")) return TimingContinuity::c2;
  const JsonCursor c = parent.at("continuity");
  const std::string v = c.string();
  if (v == "c2") return TimingContinuity::c2;
  if (v == "c1") return TimingContinuity::c1;
  c.fail(ErrorKind::InvalidValue, "continuity must be \"c2\" or \"c1\", got \"" + v + "\"");
}

void read_body_motion(const JsonCursor& m, MultibodyModel& model, int body) {
  m.expect_only_keys({"from", "to", "length_scale", "point", "keys", "continuity", "speed_floor"});
  const Body& b = model.body(body);
  if (b.dof != 1) {
    m.fail(ErrorKind::InvalidValue, "a scripted motion needs a 1-dof joint, this body's joint has " +
                                        std::to_string(b.dof) + " dof");
  }
  const Coordinate& c = b.joint->coordinates()[0];
  const double from = m.has("from") ? m.at("from").number() : c.min;
  const double to = m.has("to") ? m.at("to").number() : c.max;
  if (!is_limit(from) || !is_limit(to)) {
    m.fail(ErrorKind::MissingField, "the coordinate has no finite range: give \"from\" and \"to\"");
  }
  ArcLengthMetric metric;
  if (m.has("length_scale")) {
    metric.length_scale = m.at("length_scale").number();
    if (!(metric.length_scale > 0.0)) m.at("length_scale").fail(ErrorKind::InvalidValue, "length_scale must be > 0");
  }
  if (m.has("point")) metric.point = m.at("point").vec3();
  if (m.has("speed_floor")) {
    metric.speed_floor = m.at("speed_floor").number();
    if (!(metric.speed_floor >= 0.0 && metric.speed_floor <= 1.0)) {
      m.at("speed_floor").fail(ErrorKind::InvalidValue, "speed_floor is a fraction of the mean speed, in [0, 1]");
    }
  }
  std::shared_ptr<const JointArcLength> arc;
  try {
    arc = std::make_shared<JointArcLength>(b.joint, from, to, metric);
  } catch (const std::invalid_argument& e) {
    m.fail(ErrorKind::InvalidValue, e.what());
  }
  // keys: {"t": time, "q": coordinate value} or {"t": time, "s": arc length}
  const JsonCursor keys = m.at("keys");
  std::vector<TimingKey> timing;
  for (std::size_t i = 0; i < keys.size(); ++i) {
    const JsonCursor k = keys.element(i);
    k.expect_only_keys({"t", "q", "s"});
    TimingKey key;
    key.t = k.at("t").number();
    if (k.has("q") == k.has("s")) k.fail(ErrorKind::InvalidValue, "a key needs exactly one of \"q\" and \"s\"");
    if (k.has("q")) {
      const double q = k.at("q").number();
      if ((q - from) * (q - to) > 1e-12 * std::abs(to - from)) {
        k.at("q").fail(ErrorKind::InvalidValue, "q = " + std::to_string(q) + " is outside the motion's [from, to] = [" +
                                                    std::to_string(from) + ", " + std::to_string(to) + "]");
      }
      key.s = arc->s_of_q(q);
    } else {
      key.s = k.at("s").number();
    }
    timing.push_back(key);
  }
  std::shared_ptr<const ScriptedMotion> motion;
  try {
    motion = std::make_shared<ScriptedMotion>(arc, TimingCurve(std::move(timing), read_continuity(m)));
  } catch (const std::invalid_argument& e) {
    keys.fail(ErrorKind::InvalidValue, e.what());
  }
  model.prescribe(b.q_index, [motion](double t) {
    const MotionSample s = motion->sample(t);
    return PrescribedSample{s.q, s.qd, s.qdd, s.degenerate};
  });
}

}  // namespace js::scene
