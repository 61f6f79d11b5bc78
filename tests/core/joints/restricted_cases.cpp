#include "tests/core/joints/restricted_cases.hpp"

#include <random>

#include "core/joints/custom_axes_joint.hpp"
#include "core/joints/lower_pairs.hpp"
#include "core/joints/restricted_joint.hpp"

namespace js::test {

namespace {

CustomAxis restricted_axis(const Vec3& a, std::vector<int> coords, AxisFunction f) {
  CustomAxis c;
  c.axis = a;
  c.coordinates = std::move(coords);
  c.function = std::move(f);
  return c;
}

std::vector<Coordinate> named(std::vector<std::string> names) {
  std::vector<Coordinate> out;
  for (auto& n : names) out.push_back(Coordinate{std::move(n), -2.0, 2.0});
  return out;
}

RestrictedCoordinate free_at(int target, int index) {
  RestrictedCoordinate r;
  r.kind = RestrictedCoordinate::Kind::Free;
  r.target = target;
  r.free_index = index;
  return r;
}

RestrictedCoordinate fixed_at(int target, double value) {
  RestrictedCoordinate r;
  r.target = target;
  r.value = value;
  return r;
}

RestrictedCoordinate coupled(int target, std::vector<int> inputs, AxisFunction f, double scale) {
  RestrictedCoordinate r;
  r.kind = RestrictedCoordinate::Kind::Coupled;
  r.target = target;
  r.inputs = std::move(inputs);
  r.function = std::move(f);
  r.scale = scale;
  return r;
}

AxisFunction tibia_spline(double amplitude) {
  return AxisFunction::spline(AxisFunctionKind::SimmSpline, {-2.0944, -1.22173, -0.523599, -0.349066, 0.0, 0.174533, 0.523599, 2.0944},
                              {-0.0032 * amplitude, 0.00179 * amplitude, 0.00411 * amplitude, 0.0041 * amplitude, 0.00212 * amplitude,
                               -0.001 * amplitude, -0.0031 * amplitude, -0.005227 * amplitude});
}

}  // namespace

std::vector<JointCase> restricted_cases() {
  std::vector<JointCase> cases;
  auto add = [&](std::string name, std::function<std::unique_ptr<JointModel>()> make) {
    JointCase c;
    c.name = std::move(name);
    c.make = std::move(make);
    c.sampler = [](const JointModel& j) { return uniform_sampler(j.dof(), -1.8, 1.8); };
    c.options.tolerance = 2e-6;
    cases.push_back(std::move(c));
  };
  // leg39's knee_r: flexion free, the tibia's translations coupled to it (CoordinateCouplerConstraints)
  add("Leg39Knee", [] {
    auto inner = std::make_unique<CustomAxesJoint>(named({"knee_angle", "tib_tx", "tib_ty"}), std::array<CustomAxis, 6>{
        restricted_axis(Vec3(0, 0, 1), {0}, AxisFunction::linear(1.0, 0.0)), restricted_axis(Vec3(1, 0, 0), {}, AxisFunction::constant(0.0)),
        restricted_axis(Vec3(0, 1, 0), {}, AxisFunction::constant(0.0)), restricted_axis(Vec3(1, 0, 0), {1}, AxisFunction::linear(1.0, 0.0)),
        restricted_axis(Vec3(0, 1, 0), {2}, AxisFunction::linear(1.0, 0.0)), restricted_axis(Vec3(0, 0, 1), {}, AxisFunction::constant(0.0))});
    std::mt19937 rng(7);
    inner->set_offsets(random_transform(rng), random_transform(rng));
    return std::make_unique<RestrictedJoint>(std::move(inner), std::vector<RestrictedCoordinate>{
        free_at(0, 0), coupled(1, {0}, tibia_spline(1.0), 1.0), coupled(2, {0}, tibia_spline(2.0), -1.0)});
  });
  // a free joint through (q2, q0): q1 held, q3 a multivariate polynomial of both, q4 coupled to q3 (a chain)
  add("FreeThroughTwo", [] {
    auto lin = [](const Vec3& a, int c) { return restricted_axis(a, {c}, AxisFunction::linear(1.0, 0.0)); };
    auto inner = std::make_unique<CustomAxesJoint>(named({"a", "b", "c", "x", "y", "z"}), std::array<CustomAxis, 6>{
        lin(Vec3::UnitX(), 0), lin(Vec3::UnitY(), 1), lin(Vec3::UnitZ(), 2), lin(Vec3::UnitX(), 3), lin(Vec3::UnitY(), 4), lin(Vec3::UnitZ(), 5)});
    return std::make_unique<RestrictedJoint>(std::move(inner), std::vector<RestrictedCoordinate>{
        fixed_at(1, 0.3), free_at(2, 0), free_at(0, 1),
        coupled(3, {2, 0}, AxisFunction::multivariate_polynomial(2, 2, {0.01, 0.02, -0.03, 0.04, 0.05, -0.02}), 0.5),
        coupled(4, {3}, AxisFunction::polynomial({2.0, -0.5, 0.01}), 1.0), fixed_at(5, -0.02)});
  });
  // a spherical joint with its second angle held
  add("SphericalOneHeld", [] {
    auto inner = std::make_unique<SphericalJoint>("zxy");
    return std::make_unique<RestrictedJoint>(std::move(inner), std::vector<RestrictedCoordinate>{free_at(0, 0), fixed_at(1, 0.4), free_at(2, 1)});
  });
  return cases;
}

}  // namespace js::test
