// the simulator's steps through the corners of spline curve joints (corner_impulse.hpp): a step that carries
// a coordinate over a corner is cut at the crossing, found to round-off by regula falsi on the integrator's
// own step size, the impulse is applied there (held to the loops' hard rows when there are any) and the rest
// of the step is taken from the new side.
#include <cmath>

#include "core/dynamics/simulator.hpp"

namespace js {

namespace {

// corners one step may pass; past them the rest of the step is taken as it comes
constexpr int kMaxCornersPerStep = 16;
// regula falsi (illinois) iterations per crossing; it converges superlinearly, in 5–10 as a rule
constexpr int kMaxSearch = 60;

}  // namespace

bool Simulator::earliest_crossing(const Eigen::VectorXd& q0, const Eigen::VectorXd& q1, int skip,
                                  CornerCrossing& out) const {
  // the crossing that comes first by a linear guess between the step's ends
  double first = 2.0;
  CornerCrossing c;
  for (int i = 0; i < static_cast<int>(corners_.coordinates().size()); ++i) {
    if (i == skip) continue;
    const int k = corners_.coordinates()[static_cast<std::size_t>(i)].coordinate;
    if (!corners_.first_crossing(i, q0[k], q1[k], c)) continue;
    const double fraction = (c.q - q0[k]) / (q1[k] - q0[k]);
    if (fraction < first) {
      first = fraction;
      out = c;
    }
  }
  return first <= 1.0;
}

void Simulator::advance_through_corners(SimulationState& s, double dt, Integrator integrator) {
  const double t_end = s.t + dt;
  double left = dt;
  for (int pass = 0; left > 0.0; ++pass) {
    corner_q_ = s.q;
    corner_qd_ = s.qd;
    const double t0 = s.t;
    advance(s, left, integrator);
    CornerCrossing crossing;
    if (pass == kMaxCornersPerStep || !earliest_crossing(corner_q_, s.q, -1, crossing)) break;
    // h in (0, left] where the coordinate reaches the corner. the target is a little short of it, so the
    // state found is on the old side: the momentum-based implicit midpoint ends its step with M of the end
    // point, which on the corner would already be the new side's. g(h) = q_k(h) − target changes sign on [a, b]
    int k = 0;
    double a = 0.0, b = left, fa = 0.0, fb = 0.0, fs = 0.0, tolerance = 0.0;
    auto aim = [&](double b_end) {
      k = corners_.coordinates()[static_cast<std::size_t>(crossing.index)].coordinate;
      tolerance = 1e-13 * (1.0 + std::abs(crossing.q));
      const double target = crossing.q - (crossing.upward ? 0.5 : -0.5) * tolerance;
      a = 0.0;
      fa = corner_q_[k] - target;
      b = b_end;
      fb = fs = s.q[k] - target;
    };
    aim(left);
    double at = left;  // the step whose end state s holds
    int kept = 0;      // which end regula falsi kept last (illinois: halve its value when kept twice)
    const bool started_on_it = (fa > 0.0) == crossing.upward || fa == 0.0;
    for (int it = 0; it < kMaxSearch && !started_on_it; ++it) {
      if (std::abs(fs) <= 0.25 * tolerance || b - a <= 1e-15 * dt) break;
      double trial = b - fb * (b - a) / (fb - fa);
      if (!(trial > a && trial < b)) trial = 0.5 * (a + b);
      s.t = t0;
      s.q = corner_q_;
      s.qd = corner_qd_;
      advance(s, trial, integrator);
      at = trial;
      // another coordinate meeting its corner before this one: find that crossing instead
      CornerCrossing sooner;
      if (earliest_crossing(corner_q_, s.q, crossing.index, sooner)) {
        crossing = sooner;
        aim(trial);
        kept = 0;
        continue;
      }
      fs = s.q[k] - (crossing.q - (crossing.upward ? 0.5 : -0.5) * tolerance);
      if ((fs > 0.0) == (fa > 0.0) && fs != 0.0) {
        // short of the target: the crossing is in [trial, b]
        a = trial;
        fa = fs;
        if (kept == 1) fb *= 0.5;
        kept = 1;
      } else {
        b = trial;
        fb = fs;
        if (kept == -1) fa *= 0.5;
        kept = -1;
      }
    }
    // the bracket closed without a state within the tolerance: a's (short of the corner)
    if (started_on_it || !(std::abs(fs) <= 0.25 * tolerance)) {
      const double h = started_on_it ? 0.0 : a;
      if (h != at) {
        s.t = t0;
        s.q = corner_q_;
        s.qd = corner_qd_;
        if (h > 0.0) advance(s, h, integrator);
      }
    }
    if (!(std::abs(s.q[k] - crossing.q) <= 1e-9 * (1.0 + std::abs(crossing.q)))) {
      // not found (a coordinate that turns back inside the step): the whole step as it comes, no impulse
      s.t = t0;
      s.q = corner_q_;
      s.qd = corner_qd_;
      advance(s, left, integrator);
      break;
    }
    // on the corner, a hair past it so that evaluate() takes the new side from here on
    s.q[k] = crossing.q + (crossing.upward ? 1.0 : -1.0) * 1e-12 * (1.0 + std::abs(crossing.q));
    corners_.apply(data_, s.t, s.q, s.qd, crossing);
    // with loops, couplers or rolling contacts the plastic impulse must also keep their rows: the least
    // kinetic-energy change subject to the new side's tangent and G⁺ q̇⁺ = 0 is the tree's impulse followed
    // by the kinetic-metric projection onto the hard rows (M q̇⁺ = p⁺ + G⁺ᵀμ), G⁺ taken on the new side
    if (loops_) {
      forward_kinematics(model_, data_, s.t, s.q, s.qd, Eigen::VectorXd(), KinematicsLevel::Velocity);
      loops_->project_velocities(model_, data_, s.t, s.q, s.qd);
    }
    ++corners_crossed_;
    left = t_end - s.t;
    if (left <= 1e-14 * dt) break;
  }
  s.t = t_end;
  apply_prescribed(s);
}

}  // namespace js
