// the demos of resources/demos (docs/demos.md): each loads, simulates its stated duration at its stated step
// and integrator without leaving its coordinate ranges, and does what it is for: the knee joint fits its
// shipped samples and ik reaches a foot target, the scapula stays on its rib-cage ellipsoid and at the
// clavicle, the beads stay on the wires and turn with the frame, the planes fly along the globe's tangent
// planes. the geometric constants below are the generator's (resources/demos/demo_*.py).
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <string>

#include "core/dynamics/algorithms.hpp"
#include "core/dynamics/forces.hpp"
#include "core/fit/sample_io.hpp"
#include "core/ik/ik.hpp"
#include "core/lie/so3.hpp"
#include "core/scene/scene_file.hpp"

namespace js::scene {
namespace {

const std::string kDemos = std::string(JS_SOURCE_DIR) + "/resources/demos/";

// simulates the scene as stated (settings dt, integrator, duration); after every step checks that the state
// is finite and every non-wrapping coordinate is inside its range, then calls check(t, q) with poses in
// data (position-level kinematics at t, q). returns the number of steps.
int run_as_stated(const Scene& s, const std::function<void(double, const Eigen::VectorXd&, MultibodyData&)>& check) {
  Simulator sim(s.model, s.forces);
  SimulationState st = s.initial;
  sim.apply_prescribed(st);
  MultibodyData data(s.model);
  const int steps = static_cast<int>(std::llround(s.settings.duration / s.settings.dt));
  for (int k = 1; k <= steps; ++k) {
    sim.step(st, s.settings.dt, s.settings.integrator);
    if (!st.q.allFinite() || !st.qd.allFinite()) {
      ADD_FAILURE() << "state not finite at t = " << st.t;
      return k;
    }
    for (int c = 0; c < s.model.nq(); ++c) {
      const Body& b = s.model.body(s.model.coordinate(c).body);
      if (b.joint->range_policy() == RangePolicy::Wrap) continue;
      const Coordinate& info = s.model.coordinate_info(c);
      EXPECT_GE(st.q[c], info.min - 1e-9) << s.model.coordinate_names()[static_cast<std::size_t>(c)] << " t " << st.t;
      EXPECT_LE(st.q[c], info.max + 1e-9) << s.model.coordinate_names()[static_cast<std::size_t>(c)] << " t " << st.t;
    }
    forward_kinematics(s.model, data, st.t, st.q);
    check(st.t, st.q, data);
  }
  return steps;
}

TEST(Demos, KneeJointFitsItsShippedSamples) {
  const auto joint = read_scene_file(kDemos + "knee.json").model.body(1).joint;
  const fit::SampleSet set = fit::read_samples(kDemos + "samples/knee_samples.csv");
  ASSERT_EQ(set.samples.size(), 41u);
  JointData jd(1);
  double sum2 = 0.0;
  for (const fit::Sample& smp : set.samples) {
    joint->evaluate(smp.q, jd, EvalLevel::Transform);
    // the scene places the joint 0.42 m below the hip; the samples are in the joint's own frame
    const SE3 G = joint->parent_T_joint().inverse() * jd.G;
    sum2 += (G.p - smp.parent_T_child.p).squaredNorm();
  }
  // samples carry 0.5 mm of noise per axis (0.87 mm per sample): the fit sits at the noise, not below it
  const double rms = std::sqrt(sum2 / static_cast<double>(set.samples.size()));
  EXPECT_GT(rms, 0.3e-3);
  EXPECT_LT(rms, 1.2e-3);
}

TEST(Demos, KneeSwingsAndIkReachesAFootTarget) {
  const Scene s = read_scene_file(kDemos + "knee.json");
  ASSERT_EQ(s.model.nq(), 3);
  double hip_lo = 1e9;
  run_as_stated(s, [&](double, const Eigen::VectorXd& q, MultibodyData&) { hip_lo = std::min(hip_lo, q[0]); });
  EXPECT_LT(hip_lo, 0.0);  // released at 0.9 rad, the leg swings through the vertical
  // the toe at a known configuration is a reachable target (paper fig. 3)
  const int foot = s.model.find_body("foot");
  const Vec3 toe(0.0, -0.15, -0.07);
  MultibodyData data(s.model);
  const Eigen::Vector3d q_goal(0.6, 1.0, 0.2);
  forward_kinematics(s.model, data, 0.0, q_goal);
  IkTarget target;
  target.body = foot;
  target.point = toe;
  target.position = body_point_position(data, foot, toe);
  IkSolver solver(s.model);
  const IkReport r = solver.solve({target}, s.initial.q);
  ASSERT_TRUE(r.converged) << r.message;
  forward_kinematics(s.model, data, 0.0, r.q);
  EXPECT_LT((body_point_position(data, foot, toe) - target.position).norm(), 1e-8);
}

TEST(Demos, ScapulaStaysOnItsEllipsoidAndAtTheClavicle) {
  const Scene s = read_scene_file(kDemos + "scapulothoracic.json");
  const int scapula = s.model.find_body("scapula"), clavicle = s.model.find_body("clavicle");
  ASSERT_GE(scapula, 0);
  ASSERT_GE(clavicle, 0);
  const Vec3 axes(0.145, 0.115, 0.205);  // the ellipsoid the samples' frames slide on (ribs + 15 mm)
  const PointSpring& spring = s.forces.point_springs.at(0);
  double off_surface = 0.0, gap = 0.0, elevation_lo = 1e9;
  const int q_elev = s.model.body(scapula).q_index;
  run_as_stated(s, [&](double, const Eigen::VectorXd& q, MultibodyData& data) {
    const Vec3 x = data.bodies[static_cast<std::size_t>(scapula)].world_T_body.p;  // thorax = world here
    const Vec3 grad = 2.0 * x.cwiseQuotient(axes.cwiseProduct(axes));
    off_surface = std::max(off_surface, std::abs(x.cwiseQuotient(axes).squaredNorm() - 1.0) / grad.norm());
    gap = std::max(gap, (body_point_position(data, spring.body_a, spring.point_a) -
                         body_point_position(data, spring.body_b, spring.point_b)).norm());
    elevation_lo = std::min(elevation_lo, q[q_elev]);
  });
  EXPECT_LT(off_surface, 1.5e-3);  // the fit's error (1.1 mm max at the samples, 0.3 mm noise)
  EXPECT_LT(gap, 5e-3);            // the acromion stays at the clavicle's tip
  EXPECT_LT(elevation_lo, 0.0);    // released at 0.2 rad, it slides down past the rest pose
}

TEST(Demos, BeadsStayOnTheirWiresAndTurnWithTheFrame) {
  const Scene s = read_scene_file(kDemos + "beads.json");
  ASSERT_EQ(s.model.nq(), 3);
  const double spin = 1.2, R = 0.2, A = 0.12, d = 0.32, h = 0.45;
  double off_plane = 0.0, off_wire = 0.0;
  Eigen::VectorXd q_min = s.initial.q, q_max = s.initial.q;
  run_as_stated(s, [&](double t, const Eigen::VectorXd& q, MultibodyData& data) {
    q_min = q_min.cwiseMin(q);
    q_max = q_max.cwiseMax(q);
    for (int k = 0; k < 3; ++k) {
      // into the frame turned by spin·t, then into wire k's plane (x radial, z height)
      const Vec3 x_world = data.bodies[static_cast<std::size_t>(1 + k)].world_T_body.p;
      const Vec3 x = Eigen::AngleAxisd(-spin * t - 2.0 * kPi * k / 3.0, Vec3::UnitZ()) * x_world;
      off_plane = std::max(off_plane, std::abs(x.y()));
      const double px = x.x() - d, pz = x.z() - h;
      const double r = std::hypot(px, pz), theta = std::atan2(pz, px);
      off_wire = std::max(off_wire, std::abs(r - R * (1.0 + A * std::cos(5.0 * theta))));
    }
  });
  EXPECT_LT(off_plane, 1e-9);  // planar control frames keep the spline curve in the wire's plane
  EXPECT_LT(off_wire, 2e-3);   // 72 control frames approximate the flower to within the wire's thickness
  EXPECT_GT((q_max - q_min).minCoeff(), 0.1);  // every bead slides
}

TEST(Demos, PlanesFlyInTheGlobesTangentPlanes) {
  const Scene s = read_scene_file(kDemos + "globe.json");
  ASSERT_EQ(s.model.nq(), 4);
  const double radius = 0.5 + 0.04;
  double off_radius = 0.0, tilt = 0.0;
  Eigen::VectorXd q_min = s.initial.q, q_max = s.initial.q;
  run_as_stated(s, [&](double t, const Eigen::VectorXd& q, MultibodyData& data) {
    q_min = q_min.cwiseMin(q);
    q_max = q_max.cwiseMax(q);
    const Vec3 centre = s.model.root_state(t).world_T_root.p;
    for (int k = 1; k <= 4; ++k) {
      const SE3& X = data.bodies[static_cast<std::size_t>(k)].world_T_body;
      const Vec3 r = X.p - centre;
      off_radius = std::max(off_radius, std::abs(r.norm() - radius));
      // the plane's z axis along the sphere's normal: x and y in the tangent plane
      tilt = std::max(tilt, std::acos(std::min(1.0, X.R.col(2).dot(r.normalized()))));
    }
  });
  EXPECT_LT(off_radius, 2e-3);  // 64 control frames per coast: the spline cuts the sphere's chords slightly
  EXPECT_LT(tilt, 0.02);
  EXPECT_GT((q_max - q_min).minCoeff(), 0.05);  // every plane moves along its coast
}

}  // namespace
}  // namespace js::scene
