#include "tests/core/joints/series_cases.hpp"

#include <functional>
#include <random>
#include <string>

#include "core/joints/lower_pairs.hpp"
#include "core/joints/series_joint.hpp"
#include "tests/core/joints/spline_cases.hpp"

namespace js::test {

namespace {

using Maker = std::function<std::unique_ptr<JointModel>()>;

// a part with random offsets, so that the parts' own frames enter the composition.
template <typename J>
std::unique_ptr<JointModel> placed(J joint, unsigned seed) {
  std::mt19937 rng(seed);
  auto p = std::make_unique<J>(std::move(joint));
  p->set_offsets(random_transform(rng), random_transform(rng));
  return p;
}

std::unique_ptr<JointModel> series(std::unique_ptr<JointModel> a, std::unique_ptr<JointModel> b) {
  return std::make_unique<SeriesJoint>(std::move(a), std::move(b));
}

// bounded coordinates over their range and a margin (knots, ends); unbounded (wrapping) ones over [-4, 4].
QSampler range_or_wide(const JointModel& joint) {
  JointVector lo(joint.dof()), hi(joint.dof());
  for (int i = 0; i < joint.dof(); ++i) {
    const Coordinate& c = joint.coordinates()[static_cast<std::size_t>(i)];
    const bool bounded = c.is_bounded();
    lo[i] = bounded ? c.min - 0.3 : -4.0;
    hi[i] = bounded ? c.max + 0.3 : 4.0;
  }
  return box_sampler(lo, hi);
}

JointCase make_case(std::string name, Maker make) {
  JointCase c;
  c.name = std::move(name);
  c.make = std::move(make);
  c.sampler = range_or_wide;
  c.options.samples = 40;
  return c;
}

}  // namespace

std::vector<JointCase> series_cases() {
  std::vector<JointCase> cases;
  cases.push_back(make_case("revolute_prismatic", [] {
    return series(placed(RevoluteJoint(Vec3(0.3, -1.0, 0.2)), 1), placed(PrismaticJoint(Vec3(1.0, 0.5, 0.0)), 2));
  }));
  cases.push_back(make_case("fixed_then_universal", [] {
    return series(placed(FixedJoint(), 3), placed(UniversalJoint(Vec3::UnitX(), Vec3(0.0, 1.0, 0.4)), 4));
  }));
  cases.push_back(make_case("surface2_closed_curve", [] {
    return series(placed(random_spline_surface(5, 2, 5), 6), placed(random_spline_curve(7, 9, 4, true), 8));
  }));
  cases.push_back(make_case("open_curve_spherical", [] {
    return series(placed(random_spline_curve(9, 8, 5, false), 10), placed(SphericalJoint("zyx"), 11));
  }));
  // the letters demo's slide on both surfaces: (depth ∘ outline) then (inverse outline ∘ depth)
  cases.push_back(make_case("nested_both_surfaces", [] {
    auto a = series(placed(PrismaticJoint(Vec3::UnitZ()), 12), placed(random_spline_curve(13, 10, 4, true), 14));
    auto b = series(placed(random_spline_curve(15, 10, 4, true), 16), placed(PrismaticJoint(-Vec3::UnitZ()), 17));
    return series(std::move(a), std::move(b));
  }));
  cases.push_back(make_case("six_dof_surface3_spherical", [] {
    return series(placed(random_spline_surface(18, 3, 4), 19), placed(SphericalJoint("xyz"), 20));
  }));
  return cases;
}

}  // namespace js::test
