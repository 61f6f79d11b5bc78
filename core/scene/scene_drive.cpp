#include "core/scene/scene_drive.hpp"

#include <memory>
#include <stdexcept>

#include "core/motion/timing_curve.hpp"
#include "core/scene/scene_motion.hpp"

namespace js::scene {

using io::ErrorKind;
using io::JsonCursor;

namespace {

// the local index of the coordinate called name in body b's joint; fails naming the known ones.
int local_coordinate(const JsonCursor& at, const Body& b, const std::string& name) {
  const auto& coords = b.joint->coordinates();
  std::string known;
  for (std::size_t j = 0; j < coords.size(); ++j) {
    if (coords[j].name == name) return static_cast<int>(j);
    known += (j ? ", " : "") + coords[j].name;
  }
  at.fail(ErrorKind::InvalidValue, "no coordinate \"" + name + "\" in this body's joint (known: " + known + ")");
}

}  // namespace

void read_body_drive(const JsonCursor& d, MultibodyModel& model, int body) {
  for (std::size_t i = 0; i < d.size(); ++i) {
    const JsonCursor e = d.element(i);
    e.expect_only_keys({"coordinate", "from", "rate", "keys", "continuity"});
    const Body& b = model.body(body);
    const int local = local_coordinate(e.at("coordinate"), b, e.at("coordinate").string());
    const int k = b.q_index + local;
    if (model.is_prescribed(k)) e.at("coordinate").fail(ErrorKind::InvalidValue, "this coordinate is already driven");
    if (e.has("rate") == e.has("keys")) e.fail(ErrorKind::InvalidValue, "a drive needs exactly one of \"rate\" and \"keys\"");
    if (e.has("continuity") && e.has("rate")) e.at("continuity").fail(ErrorKind::InvalidValue, "\"continuity\" goes with \"keys\"");
    if (e.has("rate")) {
      // q(t) = from + rate · t
      const double from = e.has("from") ? e.at("from").number() : 0.0;
      const double rate = e.at("rate").number();
      model.prescribe(k, [from, rate](double t) { return PrescribedSample{from + rate * t, rate, 0.0, false}; });
      continue;
    }
    if (e.has("from")) e.at("from").fail(ErrorKind::InvalidValue, "\"from\" goes with \"rate\"; keys give their own values");
    // keys {"t", "q"}: the timing curve of docs/motion.md on q itself (monotone, at rest at the ends)
    const JsonCursor keys = e.at("keys");
    std::vector<TimingKey> timing;
    for (std::size_t j = 0; j < keys.size(); ++j) {
      const JsonCursor key = keys.element(j);
      key.expect_only_keys({"t", "q"});
      timing.push_back(TimingKey{key.at("t").number(), key.at("q").number()});
    }
    std::shared_ptr<const TimingCurve> curve;
    try {
      curve = std::make_shared<TimingCurve>(std::move(timing), read_continuity(e));
    } catch (const std::invalid_argument& ex) {
      keys.fail(ErrorKind::InvalidValue, ex.what());
    }
    model.prescribe(k, [curve](double t) {
      const TimingSample s = curve->sample(t);
      return PrescribedSample{s.s, s.s_dot, s.s_ddot, s.degenerate};
    });
  }
}

}  // namespace js::scene
