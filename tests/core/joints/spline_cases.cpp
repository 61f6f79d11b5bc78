#include "tests/core/joints/spline_cases.hpp"

#include <string>

#include "core/joints/natural_parameterization.hpp"

namespace js::test {

std::vector<SE3> random_path(std::mt19937& rng, int count, double step) {
  std::normal_distribution<double> n(0.0, step);
  std::vector<SE3> frames;
  SE3 T = random_transform(rng);
  for (int i = 0; i < count; ++i) {
    Twist t;
    for (int k = 0; k < 6; ++k) t[k] = n(rng);
    T = T * se3_exp(t);
    frames.push_back(T);
  }
  return frames;
}

SplineCurveJoint random_spline_curve(unsigned seed, int frames, int order, bool closed) {
  std::mt19937 rng(seed);
  return make_natural_spline_curve(random_path(rng, frames, 0.4), order, closed, 1.0);
}

SplineSurfaceJoint random_spline_surface(unsigned seed, int n, int controls_per_axis) {
  std::mt19937 rng(seed);
  std::vector<spline::KnotVector> knots;
  std::size_t count = 1;
  for (int d = 0; d < n; ++d) {
    knots.push_back(spline::KnotVector::clamped(controls_per_axis, 4, -1.0 + 0.1 * d, 1.0 + 0.2 * d));
    count *= static_cast<std::size_t>(controls_per_axis);
  }
  std::normal_distribution<double> c(0.0, 0.4);
  std::array<std::vector<double>, 6> coefficients;
  for (auto& v : coefficients) {
    v.resize(count);
    for (double& x : v) x = c(rng);
  }
  return SplineSurfaceJoint(random_transform(rng), knots, coefficients);
}

namespace {

// q in [min − margin, max + margin] of every coordinate: covers knots, the wrap and the ends.
std::function<QSampler(const JointModel&)> range_sampler(double margin) {
  return [margin](const JointModel& joint) {
    JointVector lo(joint.dof()), hi(joint.dof());
    for (int i = 0; i < joint.dof(); ++i) {
      const Coordinate& c = joint.coordinates()[static_cast<std::size_t>(i)];
      lo[i] = c.min - margin;
      hi[i] = c.max + margin;
    }
    return box_sampler(lo, hi);
  };
}

}  // namespace

std::vector<JointCase> spline_curve_cases() {
  std::vector<JointCase> cases;
  unsigned seed = 7;
  for (bool closed : {false, true}) {
    // order 3 is only C¹ (∇S jumps at knots, see QuadraticIsFlaggedNotC2), so FD of S across knots fails by design
    for (int order : {4, 5, 6}) {
      for (int frames : {order + 1, 12}) {
        JointCase c;
        c.name = std::string(closed ? "closed" : "open") + "_order" + std::to_string(order) + "_frames" +
                 std::to_string(frames);
        const unsigned s = seed++;
        c.make = [=] { return std::make_unique<SplineCurveJoint>(random_spline_curve(s, frames, order, closed)); };
        c.sampler = range_sampler(0.5);
        c.options.samples = 60;
        cases.push_back(c);
      }
    }
  }
  return cases;
}

std::vector<JointCase> spline_surface_cases() {
  std::vector<JointCase> cases;
  for (int n : {1, 2, 3}) {
    JointCase c;
    c.name = "dof" + std::to_string(n);
    c.make = [=] { return std::make_unique<SplineSurfaceJoint>(random_spline_surface(100 + n, n, 6)); };
    c.sampler = range_sampler(0.3);
    c.options.samples = 60;
    cases.push_back(c);
  }
  return cases;
}

}  // namespace js::test
