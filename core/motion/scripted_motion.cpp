#include "core/motion/scripted_motion.hpp"

#include <stdexcept>
#include <string>

namespace js {

ScriptedMotion::ScriptedMotion(std::shared_ptr<const JointArcLength> arc, TimingCurve timing)
    : arc_(std::move(arc)), timing_(std::move(timing)) {
  if (!arc_) throw std::invalid_argument("scripted motion: no arc length");
  const double L = arc_->length();
  const auto& keys = timing_.keys();
  for (std::size_t k = 0; k < keys.size(); ++k) {
    // a little slack for keys computed as s(q) of an end point
    if (keys[k].s < -1e-12 * L || keys[k].s > L * (1.0 + 1e-12)) {
      throw std::invalid_argument("scripted motion: key " + std::to_string(k) + " has s = " + std::to_string(keys[k].s) +
                                  ", outside the motion's arc length [0, " + std::to_string(L) + "]");
    }
  }
}

MotionSample ScriptedMotion::sample(double t) const {
  const TimingSample ts = timing_.sample(t);
  MotionSample out;
  out.s = ts.s;
  out.q = arc_->q_of_s(ts.s);
  const ArcLengthDerivatives d = arc_->derivatives(out.q);
  // a motion at rest (before the first key, after the last, or at a held key) needs no division
  const bool at_rest = ts.s_dot == 0.0 && ts.s_ddot == 0.0 && !ts.degenerate;
  out.degenerate = !at_rest && (ts.degenerate || d.degenerate);
  if (out.degenerate || at_rest) return out;
  out.qd = d.dq_ds * ts.s_dot;
  out.qdd = d.d2q_ds2 * ts.s_dot * ts.s_dot + d.dq_ds * ts.s_ddot;
  return out;
}

}  // namespace js
