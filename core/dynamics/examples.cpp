#include "core/dynamics/examples.hpp"

#include <cmath>
#include <numbers>

#include "core/joints/lower_pairs.hpp"

namespace js {

namespace {

SE3 rot_x(double a) { return SE3::rotation(so3_exp(Vec3::UnitX() * a)); }
SE3 rot_z(double a) { return SE3::rotation(so3_exp(Vec3::UnitZ() * a)); }

}  // namespace

std::shared_ptr<SplineCurveJoint> example_knee_joint() {
  // flexion θ about x; the contact rolls back and the tibia slides forward (femoral rollback)
  std::vector<SE3> frames;
  const int n = 7;
  for (int k = 0; k < n; ++k) {
    const double theta = 2.4 * k / (n - 1);
    SE3 g = rot_x(theta);
    g.p = Vec3(0.002 * std::sin(theta), -0.015 * theta + 0.004 * theta * theta, 0.006 * (1.0 - std::cos(theta)));
    frames.push_back(g);
  }
  auto j = std::make_shared<SplineCurveJoint>(frames, spline::KnotVector::clamped(n, 0.0, 2.4), "flexion");
  return j;
}

std::shared_ptr<SplineCurveJoint> example_ring_joint(int num_frames, double radius, double tilt, int order) {
  std::vector<SE3> frames;
  const double two_pi = 2.0 * kPi;
  for (int k = 0; k < num_frames; ++k) {
    const double a = two_pi * k / num_frames;
    SE3 g = rot_z(a) * SE3::translation(Vec3(radius * (1.0 + 0.3 * std::cos(2.0 * a)), 0.0, 0.0)) *
            rot_x(tilt * std::sin(a));
    frames.push_back(g);
  }
  return std::make_shared<SplineCurveJoint>(frames, spline::KnotVector::periodic(num_frames, order, 0.0, two_pi), "s");
}

MultibodyModel example_knee() {
  MultibodyModel model;
  model.add_body("tibia", -1, example_knee_joint(), BodyInertia::box(3.0, Vec3(0.04, 0.04, 0.2), Vec3(0, 0, -0.2)));
  return model;
}

MultibodyModel example_spline_chain(int n) {
  MultibodyModel model;
  for (int i = 0; i < n; ++i) {
    auto joint = example_ring_joint(8, 0.1, 0.3 + 0.05 * (i % 3));
    joint->set_offsets(SE3::translation(Vec3(0, 0, i == 0 ? 0.0 : -0.1)), SE3::identity());
    model.add_body("link" + std::to_string(i), i - 1, joint,
                   BodyInertia::box(0.5, Vec3(0.03, 0.03, 0.05), Vec3(0, 0, -0.05)));
  }
  return model;
}

MultibodyModel example_leg() {
  MultibodyModel model;
  auto hip = std::make_shared<RevoluteJoint>(Vec3::UnitX());
  hip->coordinates()[0].min = -1.5;
  hip->coordinates()[0].max = 2.0;
  const int thigh = model.add_body("thigh", -1, hip, BodyInertia::box(8.0, Vec3(0.06, 0.06, 0.2), Vec3(0, 0, -0.2)));
  // forward is −y: knee flexion (+θ about x) swings the shank backwards
  auto knee = example_knee_joint();
  knee->set_offsets(SE3::translation(Vec3(0, 0, -0.42)), SE3::identity());
  const int shank = model.add_body("shank", thigh, knee, BodyInertia::box(3.5, Vec3(0.04, 0.04, 0.2), Vec3(0, 0, -0.2)));
  auto ankle = std::make_shared<RevoluteJoint>(Vec3::UnitX());
  ankle->coordinates()[0].min = -0.8;
  ankle->coordinates()[0].max = 0.6;
  ankle->set_offsets(SE3::translation(Vec3(0, 0, -0.4)), SE3::identity());
  model.add_body("foot", shank, ankle, BodyInertia::box(1.2, Vec3(0.04, 0.1, 0.03), Vec3(0, -0.04, -0.05)));
  return model;
}

}  // namespace js
