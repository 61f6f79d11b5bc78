// the timing curve ("velocity spline") of the scripted-bodies paper §3, §4.3: V(v) → (t(v), s(v)), a
// piecewise cubic through keys (t_k, s_k) at v = k. both coordinates use monotone (fritsch–carlson)
// hermite tangents: t(v) is increasing when the key times are, and s(v) never overshoots its keys, so a
// motion held between two keys does not creep and s stays inside the range of the keys. s(v) has zero
// tangents at the first and last key: the motion starts and ends at rest, C¹ in t everywhere.
//
// s(t) = s(v(t)) with v(t) from t(v) = t by safeguarded newton; its derivatives are eq. 17–18:
//   ṡ = s_v / t_v,    s̈ = (s_vv t_v − s_v t_vv) / t_v³.
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

class TimingCurve {
 public:
  // keys: ≥ 2, times strictly increasing and finite (throws std::invalid_argument naming the key).
  explicit TimingCurve(std::vector<TimingKey> keys);

  const std::vector<TimingKey>& keys() const { return keys_; }
  double t_begin() const { return keys_.front().t; }
  double t_end() const { return keys_.back().t; }

  // s, ṡ, s̈ at time t. before the first key and after the last, s holds the end value with ṡ = s̈ = 0.
  TimingSample sample(double t) const;

  // the curve at parameter v ∈ [0, keys − 1]: t, s and their first and second v-derivatives.
  struct Point {
    double t, t_v, t_vv, s, s_v, s_vv;
  };
  Point at(double v) const;

 private:
  std::vector<TimingKey> keys_;
  std::vector<double> dt_, ds_;  // hermite tangents dt/dv, ds/dv at the keys
};

}  // namespace js
