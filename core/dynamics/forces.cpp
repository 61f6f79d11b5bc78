#include "core/dynamics/forces.hpp"

namespace js {

namespace {

// a world force F at body point x (body frame) as a body-frame wrench [x × f; f], f = Rᵀ F.
Wrench wrench_at_point(const SE3& world_T_body, const Vec3& x, const Vec3& force_world) {
  const Vec3 f = world_T_body.R.transpose() * force_world;
  return make_twist(x.cross(f), f);
}

}  // namespace

Vec3 body_point_position(const MultibodyData& data, int body, const Vec3& point) {
  return body_pose(data, body).act(point);
}

Vec3 body_point_velocity(const MultibodyData& data, int body, const Vec3& point) {
  const Twist& v = body_velocity(data, body);
  return body_pose(data, body).R * (linear(v) + angular(v).cross(point));
}

void apply_forces(const MultibodyModel& model, const ForceSet& forces, MultibodyData& data, double t,
                  const ConstVectorRef& q, const ConstVectorRef& qd, Eigen::Ref<Eigen::VectorXd> tau) {
  tau = -forces.joint_damping * qd;
  for (const CoordinateSpring& s : forces.springs) {
    tau[s.coordinate] -= s.stiffness * (q[s.coordinate] - s.rest) + s.damping * qd[s.coordinate];
  }
  for (const CoordinateMotor& m : forces.motors) {
    tau[m.coordinate] += m.torque + (m.profile ? m.profile(t) : 0.0);
  }
  (void)model;
  for (BodyData& bd : data.bodies) bd.f_ext.setZero();
  for (const PointSpring& s : forces.point_springs) {
    const Vec3 d = body_point_position(data, s.body_b, s.point_b) - body_point_position(data, s.body_a, s.point_a);
    const double length = d.norm();
    if (length < 1e-12) continue;  // direction undefined; the force is continuous only for rest_length = 0
    const Vec3 n = d / length;
    const double rate =
        n.dot(body_point_velocity(data, s.body_b, s.point_b) - body_point_velocity(data, s.body_a, s.point_a));
    // pulls a towards b when stretched
    const Vec3 F = (s.stiffness * (length - s.rest_length) + s.damping * rate) * n;
    if (s.body_a >= 0) {
      data.bodies[static_cast<std::size_t>(s.body_a)].f_ext += wrench_at_point(body_pose(data, s.body_a), s.point_a, F);
    }
    if (s.body_b >= 0) {
      data.bodies[static_cast<std::size_t>(s.body_b)].f_ext += wrench_at_point(body_pose(data, s.body_b), s.point_b, -F);
    }
  }
  for (const ExternalForce& e : forces.external) {
    BodyData& bd = data.bodies[static_cast<std::size_t>(e.body)];
    bd.f_ext += wrench_at_point(bd.world_T_body, e.point, e.force);
    angular(bd.f_ext) += bd.world_T_body.R.transpose() * e.torque;
  }
}

MechanicalState mechanical_state(const MultibodyModel& model, const ForceSet& forces, const MultibodyData& data,
                                 const ConstVectorRef& q) {
  MechanicalState s;
  for (int i = 0; i < model.num_bodies(); ++i) {
    const Body& body = model.body(i);
    const BodyData& bd = data.bodies[static_cast<std::size_t>(i)];
    const Wrench h = body.J * bd.v;  // body momentum [angular about origin; linear], body frame
    s.kinetic += 0.5 * bd.v.dot(h);
    const Vec3 p = bd.world_T_body.R * linear(h);  // linear momentum, world frame
    s.linear_momentum += p;
    s.angular_momentum += bd.world_T_body.R * angular(h) + bd.world_T_body.p.cross(p);
    s.potential -= body.inertia.mass * model.gravity.dot(bd.world_T_body.act(body.inertia.com));
  }
  for (const CoordinateSpring& sp : forces.springs) {
    const double e = q[sp.coordinate] - sp.rest;
    s.potential += 0.5 * sp.stiffness * e * e;
  }
  for (const PointSpring& sp : forces.point_springs) {
    const double stretch = (body_point_position(data, sp.body_b, sp.point_b) -
                            body_point_position(data, sp.body_a, sp.point_a)).norm() - sp.rest_length;
    s.potential += 0.5 * sp.stiffness * stretch * stretch;
  }
  return s;
}

}  // namespace js
