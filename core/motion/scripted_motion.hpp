// scripted motion of a 1-dof joint (scripted-bodies paper §4): a timing curve gives the arc length s(t),
// the joint's arc length parameterization gives q(s), so
//
//   q(t) = q(s(t)),   q̇ = q_s ṡ,   q̈ = q_ss ṡ² + q_s s̈        (paper eq. 7–8 with eq. 12–13, 17–18)
//
// where q_s, q_ss come from JointArcLength::derivatives and ṡ, s̈ from TimingCurve::sample. a degenerate
// sample (‖S‖ → 0 or a flat t(v)) is flagged and its derivatives set to 0 instead of divided by.
#pragma once

#include <memory>

#include "core/motion/arc_length.hpp"
#include "core/motion/timing_curve.hpp"

namespace js {

struct MotionSample {
  double q = 0.0, qd = 0.0, qdd = 0.0;  // coordinate (rad or m) and its time derivatives
  double s = 0.0;                       // arc length at t
  bool degenerate = false;              // see the file comment: qd and qdd are not to be trusted
};

class ScriptedMotion {
 public:
  // every key's s must lie in [0, arc.length()] (throws std::invalid_argument naming the key).
  ScriptedMotion(std::shared_ptr<const JointArcLength> arc, TimingCurve timing);

  MotionSample sample(double t) const;

  const JointArcLength& arc_length() const { return *arc_; }
  const TimingCurve& timing() const { return timing_; }

 private:
  std::shared_ptr<const JointArcLength> arc_;
  TimingCurve timing_;
};

}  // namespace js
