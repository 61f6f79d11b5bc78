#include "tests/core/joints/joint_cases.hpp"

#include "core/joints/elliptic_joint.hpp"
#include "core/joints/lower_pairs.hpp"

namespace js::test {

namespace {

template <class T, class... Args>
JointCase make_case(std::string name, double lo, double hi, Args... args) {
  JointCase c;
  c.name = std::move(name);
  c.make = [=] { return std::unique_ptr<JointModel>(std::make_unique<T>(args...)); };
  c.sampler = [=](const JointModel& j) { return uniform_sampler(j.dof(), lo, hi); };
  return c;
}

}  // namespace

std::vector<JointCase> lower_pair_cases() {
  const Vec3 tilted = Vec3(0.3, -0.7, 0.5);  // not unit on purpose: constructors normalise
  return {
      make_case<FixedJoint>("fixed", -1.0, 1.0),
      make_case<RevoluteJoint>("revolute_z", -4.0, 4.0, Vec3::UnitZ()),
      make_case<RevoluteJoint>("revolute_tilted", -4.0, 4.0, tilted),
      make_case<PrismaticJoint>("prismatic_tilted", -2.0, 2.0, tilted),
      make_case<HelicalJoint>("helical", -4.0, 4.0, tilted, 0.05),
      make_case<HelicalJoint>("helical_negative_pitch", -4.0, 4.0, Vec3::UnitX(), -0.2),
      make_case<CylindricalJoint>("cylindrical", -3.0, 3.0, tilted),
      make_case<UniversalJoint>("universal_xy", -3.0, 3.0, Vec3::UnitX(), Vec3::UnitY()),
      make_case<UniversalJoint>("universal_skew", -3.0, 3.0, tilted, Vec3(1.0, 0.2, -0.4)),
      make_case<PlanarJoint>("planar_z", -2.0, 2.0, Vec3::UnitZ()),
      make_case<PlanarJoint>("planar_tilted", -2.0, 2.0, tilted),
      // the euler chart is smooth everywhere, so derivatives are checked across the singular angles too
      make_case<SphericalJoint>("spherical_zyx", -3.0, 3.0, std::string("zyx")),
      make_case<SphericalJoint>("spherical_xyz", -3.0, 3.0, std::string("xyz")),
      make_case<SphericalJoint>("spherical_zxz", -3.0, 3.0, std::string("zxz")),
  };
}

std::vector<JointCase> elliptic_cases() {
  return {
      make_case<EllipticJoint>("elliptic_wide", -7.0, 7.0, 2.0, 0.5, Vec3(Vec3::UnitZ())),
      make_case<EllipticJoint>("elliptic_tall", -7.0, 7.0, 0.3, 1.2, Vec3(Vec3::UnitZ())),
      make_case<EllipticJoint>("elliptic_circle", -7.0, 7.0, 0.7, 0.7, Vec3(Vec3::UnitZ())),
      // a k off the ellipse normal: eq. (20) generalised
      make_case<EllipticJoint>("elliptic_skew_k", -7.0, 7.0, 1.0, 1.5, Vec3(0.2, -0.4, 1.0)),
  };
}

}  // namespace js::test
