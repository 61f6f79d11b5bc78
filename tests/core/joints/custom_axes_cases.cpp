#include "tests/core/joints/custom_axes_cases.hpp"

#include "core/joints/custom_axes_joint.hpp"
#include "core/joints/ellipsoid_joint.hpp"

namespace js::test {

namespace {

CustomAxis axis(const Vec3& a, std::vector<int> coords, AxisFunction f) {
  CustomAxis c;
  c.axis = a;
  c.coordinates = std::move(coords);
  c.function = std::move(f);
  return c;
}

std::vector<Coordinate> coords(int n) {
  std::vector<Coordinate> out;
  for (int i = 0; i < n; ++i) out.push_back(Coordinate{"q" + std::to_string(i)});
  return out;
}

AxisFunction knee_spline() {
  return AxisFunction::spline(AxisFunctionKind::SimmSpline, {-2.0944, -1.74533, -1.39626, -1.0472, -0.698132, -0.349066, -0.174533, 0.197344, 0.337395, 0.490178, 1.52146, 2.0944},
                              {-0.0032, 0.00179, 0.00411, 0.0041, 0.00212, -0.001, -0.0031, -0.005227, -0.005435, -0.005574, -0.005435, -0.00525});
}

}  // namespace

std::vector<JointCase> custom_axes_cases() {
  std::vector<JointCase> cases;
  auto add = [&](std::string name, std::function<std::unique_ptr<JointModel>()> make, double lo, double hi, double tol = 1e-6) {
    JointCase c;
    c.name = std::move(name);
    c.make = std::move(make);
    c.sampler = [lo, hi](const JointModel& j) { return uniform_sampler(j.dof(), lo, hi); };
    c.options.tolerance = tol;
    cases.push_back(std::move(c));
  };
  // a knee as leg6dof9musc writes it: rotation about z by the angle, translations by splines of it
  add("KneeSplines", [] {
    return std::make_unique<CustomAxesJoint>(coords(1), std::array<CustomAxis, 6>{
        axis(Vec3(0, 0, 1), {0}, AxisFunction::linear(1.0, 0.0)), axis(Vec3(1, 0, 0), {}, AxisFunction::constant(0.0)),
        axis(Vec3(0, 1, 0), {}, AxisFunction::constant(0.0)), axis(Vec3(1, 0, 0), {0}, knee_spline()),
        axis(Vec3(0, 1, 0), {0}, AxisFunction::multiplier(knee_spline(), -2.0)), axis(Vec3(0, 0, 1), {}, AxisFunction::constant(0.01))});
  }, -2.0, 2.0, 2e-6);
  // every one-input kind, tilted axes, coordinates shared between axes
  add("AllKinds", [] {
    return std::make_unique<CustomAxesJoint>(coords(3), std::array<CustomAxis, 6>{
        axis(Vec3(0.2, 0.3, 1), {0}, AxisFunction::polynomial({0.3, -0.2, 1.1, 0.05})),
        axis(Vec3(1, 0.1, 0), {1}, AxisFunction::spline(AxisFunctionKind::NaturalCubicSpline, {-2, -1, 0, 1.5, 2.5}, {0.3, -0.1, 0.2, 0.5, -0.4})),
        axis(Vec3(0, 1, -0.4), {2}, AxisFunction::gcv_spline(5, {-2.5, -1.2, -0.3, 0.4, 1.3, 2.6}, {0.1, 0.4, -0.2, 0.3, 0.2, -0.5})),
        axis(Vec3(1, 0, 0.3), {0}, AxisFunction::gcv_spline(3, {-2, -0.5, 0.5, 2}, {0.01, -0.02, 0.03, 0.0})),
        axis(Vec3(0, 1, 0), {1}, AxisFunction::linear(0.05, 0.01)),
        axis(Vec3(0.3, -0.2, 1), {2}, AxisFunction::multiplier(AxisFunction::polynomial({0.02, 0.01, 0.0}), 0.5))});
  }, -2.2, 2.2, 2e-6);
  // a scapula-like pair of coordinates through multivariate polynomials, one input order swapped
  add("Multivariate", [] {
    const AxisFunction p2 = AxisFunction::multivariate_polynomial(2, 3, {0.1, 0.5, -0.2, 0.05, 0.3, 0.1, -0.05, 0.2, 0.02, 0.01});
    const AxisFunction p3 = AxisFunction::multivariate_polynomial(3, 2, {0.0, 0.2, 0.1, 0.3, -0.1, 0.05, 0.4, 0.02, -0.03, 0.01});
    return std::make_unique<CustomAxesJoint>(coords(3), std::array<CustomAxis, 6>{
        axis(Vec3(0, 0, 1), {0, 1}, p2), axis(Vec3(1, 0, 0), {1, 0}, p2), axis(Vec3(0, 1, 0), {0, 1, 2}, p3),
        axis(Vec3(1, 0, 0), {2, 1}, AxisFunction::multivariate_polynomial(2, 1, {0.01, 0.02, -0.03})),
        axis(Vec3(0, 1, 0), {0}, AxisFunction::linear(0.01, 0.0)), axis(Vec3(0, 0, 1), {2, 0, 1}, p3)});
  }, -1.0, 1.0);
  // a free joint: rotations x, y, z, translations x, y, z, one coordinate each
  add("Free", [] {
    auto lin = [](const Vec3& a, int c) { return axis(a, {c}, AxisFunction::linear(1.0, 0.0)); };
    return std::make_unique<CustomAxesJoint>(coords(6), std::array<CustomAxis, 6>{
        lin(Vec3::UnitX(), 0), lin(Vec3::UnitY(), 1), lin(Vec3::UnitZ(), 2), lin(Vec3::UnitX(), 3), lin(Vec3::UnitY(), 4), lin(Vec3::UnitZ(), 5)});
  }, -1.2, 1.2);
  // simbody's ellipsoid mobilizer (opensim EllipsoidJoint), away from the euler chart's singularity q1 = ±π/2
  add("Ellipsoid", [] { return std::make_unique<EllipsoidJoint>(Vec3(0.07, 0.15, 0.08)); }, -1.2, 1.2);
  add("EllipsoidSphere", [] { return std::make_unique<EllipsoidJoint>(Vec3(0.1, 0.1, 0.1)); }, -1.2, 1.2);
  return cases;
}

}  // namespace js::test
