// random multibody trees for dynamics tests.
#pragma once

#include <memory>
#include <random>

#include "core/dynamics/algorithms.hpp"
#include "core/dynamics/examples.hpp"
#include "core/dynamics/multibody.hpp"
#include "core/dynamics/simulator.hpp"
#include "core/joints/elliptic_joint.hpp"
#include "core/joints/lower_pairs.hpp"
#include "core/joints/spline_curve_joint.hpp"
#include "core/joints/spline_surface_joint.hpp"
#include "tests/core/dynamics/test_joints.hpp"

namespace js::test {

// three c⁴ ring joints in series under gravity (smooth enough for clean convergence orders): the chain of
// the implicit integrators' and the energy projection's tests
inline MultibodyModel ring_chain() {
  MultibodyModel model;
  for (int i = 0; i < 3; ++i) {
    auto ring = example_ring_joint(8, 0.12, 0.4, 6);
    if (i > 0) ring->set_offsets(SE3::translation(Vec3(0, 0, -0.1)), SE3::identity());
    model.add_body("b" + std::to_string(i), i - 1, ring,
                   BodyInertia::box(1.0 - 0.2 * i, Vec3(0.05, 0.04, 0.1), Vec3(0.02, 0, -0.08)));
  }
  return model;
}

// its start: q spread over the rings, every rate 1
inline SimulationState ring_chain_start(const MultibodyModel& model) {
  SimulationState s;
  s.q = Eigen::VectorXd::LinSpaced(model.nq(), 0.3, 1.1);
  s.qd = Eigen::VectorXd::Constant(model.nq(), 1.0);
  return s;
}

// kinetic + potential at s
inline double total_energy(Simulator& sim, const SimulationState& s) {
  const MechanicalState m = sim.measure(s);
  return m.kinetic + m.potential;
}

// a random open cubic spline curve joint on [-1.2, 1.2] through num_frames control frames.
inline std::unique_ptr<SplineCurveJoint> random_spline_curve(std::mt19937& rng, int num_frames = 6) {
  std::vector<SE3> frames;
  SE3 frame = random_transform(rng);
  for (int k = 0; k < num_frames; ++k) {
    frames.push_back(frame);
    frame = frame * random_transform(rng, 0.2);
  }
  return std::make_unique<SplineCurveJoint>(frames, spline::KnotVector::clamped(num_frames, -1.2, 1.2));
}

// a random 2-dof spline surface joint (paper eq. 25) on [-1.2, 1.2]², 5×4 cubic controls.
inline std::unique_ptr<SplineSurfaceJoint> random_spline_surface(std::mt19937& rng) {
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  std::vector<spline::KnotVector> knots{spline::KnotVector::clamped(5, -1.2, 1.2),
                                        spline::KnotVector::clamped(4, -1.2, 1.2)};
  std::array<std::vector<double>, 6> coefficients;
  for (int j = 0; j < 6; ++j) {
    for (int k = 0; k < 20; ++k) coefficients[static_cast<std::size_t>(j)].push_back(u(rng) * (j < 3 ? 0.2 : 0.8));
  }
  return std::make_unique<SplineSurfaceJoint>(random_transform(rng), std::move(knots), std::move(coefficients));
}

inline constexpr int kNumJointKinds = 12;

// joint number `kind` (cycled through every kind of core/joints plus a 3-dof q-dependent stand-in) with
// random parameters and offsets. sample q in [-1, 1]: inside every spline domain, away from chart
// singularities.
inline std::shared_ptr<JointModel> random_joint(int kind, std::mt19937& rng) {
  std::unique_ptr<JointModel> j;
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  const Vec3 axis(u(rng), u(rng), u(rng));
  switch (kind % kNumJointKinds) {
    case 0: j = std::make_unique<SplineCurveJoint>(*random_spline_curve(rng)); break;
    case 1: j = random_spline_surface(rng); break;
    case 2: j = std::make_unique<RevoluteJoint>(axis); break;
    case 3: j = std::make_unique<PrismaticJoint>(axis); break;
    case 4: j = std::make_unique<HelicalJoint>(axis, 0.1 * u(rng)); break;
    case 5: j = std::make_unique<CylindricalJoint>(axis); break;
    case 6: j = std::make_unique<UniversalJoint>(axis, Vec3(u(rng), u(rng), u(rng))); break;
    case 7: j = std::make_unique<PlanarJoint>(axis); break;
    case 8: j = std::make_unique<SphericalJoint>("zyx"); break;
    case 9: j = std::make_unique<EllipticJoint>(0.5 + 0.3 * u(rng), 0.4 + 0.2 * u(rng), Vec3::UnitZ()); break;
    case 10: j = std::make_unique<FixedJoint>(); break;
    default: j = QuadraticPoeJoint::random(3, 3, rng); break;
  }
  j->set_offsets(random_transform(rng), random_transform(rng));
  return j;
}

inline BodyInertia random_inertia(std::mt19937& rng) {
  std::uniform_real_distribution<double> u(0.2, 1.0);
  std::uniform_real_distribution<double> s(-0.2, 0.2);
  BodyInertia b = BodyInertia::box(u(rng) * 2.0, Vec3(u(rng), u(rng), u(rng)) * 0.2, Vec3(s(rng), s(rng), s(rng)));
  const Mat3 R = random_transform(rng).R;
  b.inertia_com = R * b.inertia_com * R.transpose();
  b.inertia_com = (0.5 * (b.inertia_com + b.inertia_com.transpose())).eval();
  return b;
}

// n bodies; each body's parent is a uniformly chosen earlier body or the root; joint kinds cycle.
inline MultibodyModel random_tree(int n, std::mt19937& rng, int kind_offset = 0) {
  MultibodyModel model;
  for (int i = 0; i < n; ++i) {
    std::uniform_int_distribution<int> parent(-1, i - 1);
    model.add_body("b" + std::to_string(i), parent(rng), random_joint(i + kind_offset, rng), random_inertia(rng));
  }
  return model;
}

inline Eigen::VectorXd random_vector(int n, std::mt19937& rng, double scale = 1.0) {
  std::uniform_real_distribution<double> u(-scale, scale);
  Eigen::VectorXd v(n);
  for (int i = 0; i < n; ++i) v[i] = u(rng);
  return v;
}

// where body-fixed point p of `body` is in the world at q
inline Vec3 point_at(const MultibodyModel& model, const Eigen::VectorXd& q, int body, const Vec3& p) {
  MultibodyData d(model);
  forward_kinematics(model, d, 0.0, q);
  return d.bodies[static_cast<std::size_t>(body)].world_T_body.act(p);
}

}  // namespace js::test
