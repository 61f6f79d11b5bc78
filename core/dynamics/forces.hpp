// applied forces on a multibody: joint springs and damping, motors, damped point-to-point springs between
// bodies (the paper holds the scapula to the clavicle this way, §7) and external forces. gravity is part
// of the model (MultibodyModel::gravity) and handled inside the recursions.
#pragma once

#include <functional>
#include <vector>

#include "core/dynamics/algorithms.hpp"

namespace js {

// a linear spring and damper on one coordinate: τ = −k (q − rest) − c q̇.
struct CoordinateSpring {
  int coordinate = 0;      // index into q
  double stiffness = 0.0;  // k (N m/rad or N/m)
  double rest = 0.0;       // rest value (rad or m)
  double damping = 0.0;    // c (N m s/rad or N s/m)
};

// a motor on one coordinate: τ = torque + profile(t) (when set).
struct CoordinateMotor {
  int coordinate = 0;
  double torque = 0.0;                  // constant part (N m or N)
  std::function<double(double)> profile;  // optional time-varying part τ(t)
};

// a damped spring between a point of body a and a point of body b (body −1: a point fixed in the world).
// force magnitude k (ℓ − rest) + c ℓ̇ along the line between the points, pulling them together when
// stretched.
struct PointSpring {
  int body_a = -1;
  Vec3 point_a = Vec3::Zero();  // in body a's frame (world frame when body_a = −1), m
  int body_b = -1;
  Vec3 point_b = Vec3::Zero();
  double stiffness = 0.0;    // N/m
  double rest_length = 0.0;  // m
  double damping = 0.0;      // N s/m
};

// a constant force and torque, both world-frame, with the force applied at a body point.
struct ExternalForce {
  int body = 0;
  Vec3 point = Vec3::Zero();  // body frame, m
  Vec3 force = Vec3::Zero();  // world frame, N
  Vec3 torque = Vec3::Zero(); // world frame, N m
};

struct ForceSet {
  double joint_damping = 0.0;  // uniform viscous damping on every coordinate (added to the springs')
  std::vector<CoordinateSpring> springs;
  std::vector<CoordinateMotor> motors;
  std::vector<PointSpring> point_springs;
  std::vector<ExternalForce> external;
};

// generalized forces tau (size nq) and body wrenches data.bodies[i].f_ext at (t, q, q̇). needs
// forward_kinematics at Velocity level or higher for the same (t, q, q̇) when there are point springs or
// external forces.
// overwrites tau and every f_ext. allocates nothing.
void apply_forces(const MultibodyModel& model, const ForceSet& forces, MultibodyData& data, double t,
                  const ConstVectorRef& q, const ConstVectorRef& qd, Eigen::Ref<Eigen::VectorXd> tau);

// energies and momenta, from a forward_kinematics sweep at Velocity level for the current state.
struct MechanicalState {
  double kinetic = 0.0;    // ½ Σ vᵀ J v (J)
  double potential = 0.0;  // gravity + coordinate springs + point springs (J)
  Vec3 linear_momentum = Vec3::Zero();   // world frame, kg m/s
  Vec3 angular_momentum = Vec3::Zero();  // about the world origin, world frame, kg m²/s
};

MechanicalState mechanical_state(const MultibodyModel& model, const ForceSet& forces, const MultibodyData& data,
                                 const ConstVectorRef& q);

// world position and world velocity of a body point (body −1: the root frame). point: body frame, m.
Vec3 body_point_position(const MultibodyData& data, int body, const Vec3& point);
Vec3 body_point_velocity(const MultibodyData& data, int body, const Vec3& point);

}  // namespace js
