// the timing curve ("velocity spline") of the scripted-bodies paper §3, §4.3 through keys (t_k, s_k). it
// never overshoots its keys, so a motion held between two keys does not creep and s stays inside the range
// of the keys, and it starts and ends at rest. two kinds (docs/motion.md, "Timing curve"):
//
// c2 (the default): s(t) is a quintic hermite on each key interval, with monotone first derivatives and
// second derivatives chosen inside the bounds that keep each piece monotone (bernstein coefficients of ṡ of
// one sign), so s, ṡ and s̈ are continuous everywhere — also into the rest before the first key and after
// the last (ṡ = s̈ = 0 there). v = k + (t − t_k)/(t_{k+1} − t_k): t(v) is linear on each piece.
//
// c1 (the paper's): V(v) → (t(v), s(v)), both piecewise cubic with monotone (fritsch–carlson) hermite
// tangents, s(t) = s(v(t)) with v(t) from t(v) = t by safeguarded newton; eq. 17–18 give
//   ṡ = s_v / t_v,    s̈ = (s_vv t_v − s_v t_vv) / t_v³,
// continuous ṡ but a jump of s̈ at every key.
#pragma once

#include <vector>

namespace js {

struct TimingKey {
  double t = 0.0;  // time (s)
  double s = 0.0;  // arc length reached at t (metric units)
};

struct TimingSample {
  double s = 0.0, s_dot = 0.0, s_ddot = 0.0;
  double v = 0.0;           // spline parameter
  bool degenerate = false;  // t_v ≤ 0 here (the curve is not monotone in t): ṡ, s̈ are 0, not divided
};

enum class TimingContinuity { c1, c2 };

class TimingCurve {
 public:
  // keys: ≥ 2, times strictly increasing and finite (throws std::invalid_argument naming the key).
  explicit TimingCurve(std::vector<TimingKey> keys, TimingContinuity continuity = TimingContinuity::c2);

  const std::vector<TimingKey>& keys() const { return keys_; }
  double t_begin() const { return keys_.front().t; }
  double t_end() const { return keys_.back().t; }
  TimingContinuity continuity() const { return continuity_; }

  // s, ṡ, s̈ at time t. before the first key and after the last, s holds the end value with ṡ = s̈ = 0.
  TimingSample sample(double t) const;

  // the curve at parameter v ∈ [0, keys − 1]: t, s and their first and second v-derivatives (c2: t_vv = 0).
  struct Point {
    double t, t_v, t_vv, s, s_v, s_vv;
  };
  Point at(double v) const;

 private:
  std::vector<TimingKey> keys_;
  TimingContinuity continuity_;
  std::vector<double> dt_, ds_;  // c1: hermite tangents dt/dv, ds/dv at the keys
  std::vector<double> sd_, sdd_;  // c2: ṡ and s̈ at the keys
};

}  // namespace js
