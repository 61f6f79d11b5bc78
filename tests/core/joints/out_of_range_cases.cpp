#include "tests/core/joints/out_of_range_cases.hpp"

#include <numbers>

#include "core/joints/lower_pairs.hpp"
#include "tests/core/joints/spline_cases.hpp"

namespace js::test {

namespace {

// q drawn over three times each coordinate's range, centred on it (so most samples are past an end)
QSampler past_the_range(const JointModel& joint) {
  JointVector lo(joint.dof()), hi(joint.dof());
  for (int i = 0; i < joint.dof(); ++i) {
    const Coordinate& c = joint.coordinates()[static_cast<std::size_t>(i)];
    const double mid = c.is_bounded() ? 0.5 * (c.min + c.max) : 0.0;
    const double half = c.is_bounded() ? 1.5 * (c.max - c.min) : 2.0;
    lo[i] = mid - half;
    hi[i] = mid + half;
  }
  return box_sampler(lo, hi);
}

template <class Make>
JointCase policy_case(const char* name, Make make, OutOfRange policy) {
  return {name,
          [make, policy]() -> std::unique_ptr<JointModel> {
            std::unique_ptr<JointModel> joint = make();
            joint->set_out_of_range(policy);
            return joint;
          },
          past_the_range};
}

}  // namespace

std::vector<JointCase> out_of_range_cases() {
  return {
      policy_case(
          "clamped_open_curve",
          [] { return std::make_unique<SplineCurveJoint>(random_spline_curve(21, 7, 4, false)); }, OutOfRange::Clamp),
      policy_case(
          "clamped_closed_curve",
          [] { return std::make_unique<SplineCurveJoint>(random_spline_curve(22, 7, 4, true)); }, OutOfRange::Clamp),
      policy_case(
          "clamped_surface",
          [] { return std::make_unique<SplineSurfaceJoint>(random_spline_surface(23, 2, 5)); }, OutOfRange::Clamp),
      policy_case(
          "wrapped_revolute",
          [] {
            auto hinge = std::make_unique<RevoluteJoint>(Vec3(0.3, -0.2, 1.0));
            hinge->coordinates()[0].min = 0.0;
            hinge->coordinates()[0].max = 2.0 * std::numbers::pi;
            return hinge;
          },
          OutOfRange::Wrap),
      policy_case(
          "clamped_slider",
          [] {
            auto slider = std::make_unique<PrismaticJoint>(Vec3(1.0, 0.0, 0.0));
            slider->coordinates()[0].min = -0.1;
            slider->coordinates()[0].max = 0.3;
            return slider;
          },
          OutOfRange::Clamp),
  };
}

}  // namespace js::test
