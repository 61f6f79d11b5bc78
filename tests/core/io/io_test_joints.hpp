// one non-trivial model of every joint kind (odd axes, offsets, limits, a locked coordinate) for the
// joint-file tests, and bitwise comparison helpers.
#pragma once

#include <bit>
#include <cmath>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/joints/elliptic_joint.hpp"
#include "core/joints/lower_pairs.hpp"
#include "core/joints/series_joint.hpp"
#include "core/joints/spline_curve_joint.hpp"
#include "core/joints/spline_surface_joint.hpp"
#include "core/spline/knots.hpp"

namespace js::test {

inline SE3 odd_transform(double s) {
  return SE3{so3_exp(Vec3(0.3 * s, -1.1 * s, 0.7 + s)), Vec3(0.1 / 3.0 * s, -0.2 * s, 1.0 / 7.0)};
}

inline std::unique_ptr<JointModel> with_extras(std::unique_ptr<JointModel> m) {
  m->set_offsets(odd_transform(1.0), odd_transform(-0.4));
  if (m->dof() > 0) {
    m->coordinates()[0].min = -0.1 / 3.0;
    m->coordinates()[0].max = 2.1;
    m->coordinates()[0].name = "first";
  }
  if (m->dof() > 1) m->coordinates()[1].locked = true;
  return m;
}

// a closed or open cubic spline curve joint with frames along a twisted helix.
inline std::unique_ptr<JointModel> make_spline_curve(bool closed) {
  const int n = closed ? 6 : 8;
  std::vector<SE3> frames;
  for (int i = 0; i < n; ++i) {
    const double t = i / static_cast<double>(n);
    frames.push_back(SE3{so3_exp(Vec3(0.2 * t, 0.9 * t, 0.1)), Vec3(std::cos(t), std::sin(t), 0.3 * t * t)});
  }
  spline::KnotVector kv = closed ? spline::KnotVector::periodic(n, 4, 0.0, 2.0 * std::acos(-1.0))
                                 : spline::KnotVector::clamped(n, 4, 0.0, 2.1);
  return std::make_unique<SplineCurveJoint>(std::move(frames), std::move(kv), "flexion");
}

// a 2-dof spline surface joint with awkward coefficient values (subnormal, −0, 1/3, huge).
inline std::unique_ptr<JointModel> make_spline_surface() {
  std::vector<spline::KnotVector> knots{spline::KnotVector::clamped(5, 4, -0.5, 0.5),
                                        spline::KnotVector::periodic(4, 3, 0.0, 1.0)};
  std::array<std::vector<double>, 6> c;
  const double specials[] = {5e-324, -0.0, 1.0 / 3.0, 0.1, 1.7976931348623157e308 * 1e-300, 2.2250738585072014e-308};
  for (std::size_t j = 0; j < 6; ++j) {
    for (int i = 0; i < 20; ++i) c[j].push_back(0.01 * std::sin(1.3 * i + static_cast<double>(j)) + 1e-3 / 7.0);
    c[j][static_cast<std::size_t>(j)] = specials[j];
  }
  auto basis = SplineSurfaceJoint::default_basis();
  basis[5] = make_twist(Vec3(0.0, 0.6, 0.8), Vec3(0.01, 0.0, 0.0));
  return std::make_unique<SplineSurfaceJoint>(odd_transform(0.3), std::move(knots), std::move(c), basis,
                                              std::vector<std::string>{"elevation", "protraction"});
}

// every kind, each a distinct non-trivial instance.
inline std::vector<std::unique_ptr<JointModel>> every_kind() {
  const Vec3 odd = Vec3(1.0, -2.0, 0.3).normalized();
  std::vector<std::unique_ptr<JointModel>> out;
  out.push_back(with_extras(std::make_unique<FixedJoint>()));
  out.push_back(with_extras(std::make_unique<RevoluteJoint>(odd)));
  out.push_back(with_extras(std::make_unique<PrismaticJoint>(Vec3(0.1, 0.2, 0.3))));
  out.push_back(with_extras(std::make_unique<HelicalJoint>(odd, 0.1 / 3.0)));
  out.push_back(with_extras(std::make_unique<CylindricalJoint>(Vec3(-1.0, 1.0, 1.0))));
  out.push_back(with_extras(std::make_unique<UniversalJoint>(Vec3(1.0, 0.1, 0.0), Vec3(0.0, 1.0, 0.2))));
  out.push_back(with_extras(std::make_unique<PlanarJoint>(Vec3(0.2, 0.3, 1.0))));
  out.push_back(with_extras(std::make_unique<SphericalJoint>("zxz")));
  out.push_back(with_extras(std::make_unique<EllipticJoint>(0.05, 0.1 / 3.0, Vec3(0.1, 0.0, 1.0))));
  out.push_back(with_extras(make_spline_curve(false)));
  out.push_back(with_extras(make_spline_curve(true)));
  out.push_back(with_extras(make_spline_surface()));
  // a series with offsets on its parts, one of them a series itself (curve, slide, revolute: 3 dof)
  auto inner = std::make_unique<SeriesJoint>(make_spline_curve(true), std::make_unique<PrismaticJoint>(odd));
  inner->set_offsets(odd_transform(0.2), odd_transform(-0.9));
  out.push_back(with_extras(std::make_unique<SeriesJoint>(std::move(inner), with_extras(std::make_unique<RevoluteJoint>(odd)))));
  return out;
}

inline std::uint64_t bits(double x) { return std::bit_cast<std::uint64_t>(x); }

// true when a and b hold the same doubles bit for bit (so −0 ≠ 0 and NaN payloads count).
template <typename A, typename B>
bool same_bits(const A& a, const B& b) {
  if (a.size() != b.size()) return false;
  for (Eigen::Index i = 0; i < a.size(); ++i) {
    if (bits(a.data()[i]) != bits(b.data()[i])) return false;
  }
  return true;
}

inline bool same_bits(const SE3& a, const SE3& b) { return same_bits(a.R, b.R) && same_bits(a.p, b.p); }

}  // namespace js::test
