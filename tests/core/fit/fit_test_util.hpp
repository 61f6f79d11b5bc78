// shared helpers of the fit tests: random spline curve joints and their noiseless samples.
#pragma once

#include <random>
#include <vector>

#include "core/fit/samples.hpp"
#include "core/joints/spline_curve_joint.hpp"

namespace js::fit::test {

// a random twist with angular part of norm ≈ angle and linear part of norm ≈ length.
inline Twist random_step(std::mt19937& rng, double angle, double length) {
  std::normal_distribution<double> n(0.0, 1.0);
  Vec3 w(n(rng), n(rng), n(rng));
  Vec3 v(n(rng), n(rng), n(rng));
  return make_twist(w.normalized() * angle, v.normalized() * length);
}

// num_control frames as a random walk on SE(3): neighbouring frames differ by ≈ angle rad and length m.
inline std::vector<SE3> random_frames(std::mt19937& rng, int num_control, double angle = 0.4, double length = 0.02) {
  std::vector<SE3> frames;
  frames.push_back(se3_exp(random_step(rng, 1.0, 0.1)));
  for (int i = 1; i < num_control; ++i) frames.push_back(frames.back() * se3_exp(random_step(rng, angle, length)));
  return frames;
}

// a random spline curve joint over [0, 1] (open: clamped uniform knots, closed: periodic uniform knots).
inline SplineCurveJoint random_curve(std::mt19937& rng, int num_control, int order, bool closed) {
  const auto knots = closed ? spline::KnotVector::periodic(num_control, order, 0.0, 1.0)
                            : spline::KnotVector::clamped(num_control, order, 0.0, 1.0);
  return SplineCurveJoint(random_frames(rng, num_control), knots);
}

// n samples of a 1-dof joint at evenly spaced q over [q0, q1] (q1 excluded when `open_end` is false).
inline SampleSet sample_joint(const JointModel& joint, int n, double q0, double q1, bool include_end = true) {
  SampleSet set;
  set.source = "<test>";
  JointData data(1);
  for (int k = 0; k < n; ++k) {
    const double t = include_end ? double(k) / (n - 1) : double(k) / n;
    Sample s;
    s.q = JointVector::Constant(1, q0 + t * (q1 - q0));
    joint.evaluate(s.q, data, EvalLevel::Transform);
    s.parent_T_child = data.G;
    s.line = k + 2;
    set.samples.push_back(s);
  }
  return set;
}

// rotation angle and translation distance between two transforms.
inline double rotation_error(const SE3& a, const SE3& b) { return so3_log(a.R.transpose() * b.R).norm(); }
inline double translation_error(const SE3& a, const SE3& b) { return (a.p - b.p).norm(); }

}  // namespace js::fit::test
