#include "core/scene/skeleton_scene.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include <Eigen/Cholesky>

#include "core/dynamics/algorithms.hpp"
#include "core/joints/lower_pairs.hpp"

namespace js::scene {

namespace {

using io::ErrorKind;
using io::FileError;

[[noreturn]] void refuse(const std::string& source, const std::string& path, const std::string& why) {
  throw FileError(ErrorKind::InvalidValue, source, path,
                  why + " (the maximal-coordinate solver takes revolute and spherical joints with gravity, joint "
                        "damping and motors; see docs/scene-file.md)");
}

std::string body_path(int i) { return "/bodies/" + std::to_string(i); }

std::string in_quotes(const std::string& s) { return "\"" + s + "\""; }

std::string number(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", x);
  return buf;
}

// checks body i's joint and its coordinates; returns the revolute axis (joint base frame) or zero for a
// spherical joint.
Vec3 mappable_joint(const Scene& scene, int i, const std::string& source) {
  const Body& body = scene.model.body(i);
  const JointModel& joint = *body.joint;
  const std::string who = "body " + in_quotes(body.name) + ": ";
  const auto* hinge = dynamic_cast<const RevoluteJoint*>(&joint);
  if (hinge == nullptr && dynamic_cast<const SphericalJoint*>(&joint) == nullptr) {
    refuse(source, body_path(i) + "/joint",
           who + "a " + joint_kind_name(joint.kind()) + " joint has no maximal-coordinate form here (only revolute and "
                                                        "spherical joints, hakenberg's hinges and ball joints)");
  }
  if (body.num_prescribed > 0) {
    refuse(source, body_path(i), who + "its joint is prescribed (a \"motion\" or \"drive\"); the skeleton has no "
                                       "kinematically driven joints");
  }
  for (std::size_t k = 0; k < joint.coordinates().size(); ++k) {
    const Coordinate& c = joint.coordinates()[k];
    const std::string path = body_path(i) + "/joint/coordinates/" + std::to_string(k);
    if (c.locked) refuse(source, path, who + "coordinate " + in_quotes(c.name) + " is locked; the skeleton has no locks");
    if (c.has_lower_limit() || c.has_upper_limit()) {
      refuse(source, path, who + "coordinate " + in_quotes(c.name) +
                               " has limits (unilateral constraints in the reduced solver); the skeleton has none");
    }
  }
  return hinge != nullptr ? hinge->axis() : Vec3::Zero();
}

// the scene's forces: every term the skeleton cannot carry is refused. adds joint damping and damping-only
// springs to the hinges' friction μ_j and collects the motors.
void map_forces(const Scene& scene, const std::string& source, SkeletonScene& out) {
  const ForceSet& f = scene.forces;
  const MultibodyModel& model = scene.model;
  auto joint_of = [&](int coordinate) { return model.coordinate(coordinate).body; };
  auto name_of = [&](int coordinate) { return in_quotes(model.coordinate_names()[static_cast<std::size_t>(coordinate)]); };
  if (!f.point_springs.empty()) {
    refuse(source, "/forces/point_springs/0", "a point spring between bodies is not a joint force; the skeleton has none");
  }
  if (!f.external.empty()) {
    refuse(source, "/forces/external/0", "external force on body " +
                                             in_quotes(model.body(f.external.front().body).name) +
                                             ": the skeleton has no applied forces besides gravity and joint torques");
  }
  for (int i = 0; i < model.num_bodies(); ++i) {
    SkeletonJoint& joint = out.model.joint(i);
    if (joint.is_hinge()) {
      joint.friction += f.joint_damping;
    } else if (f.joint_damping != 0.0) {
      // the scene damps each euler-angle rate, τ = −c q̇; the skeleton damps the relative angular velocity,
      // e = −μ ω_rel: different forces unless Sᵀ S = 1
      refuse(source, "/forces/joint_damping",
             "joint damping on the spherical joint of body " + in_quotes(model.body(i).name) +
                 " acts on its euler-angle rates, which the skeleton's friction (on the relative angular velocity) "
                 "does not reproduce");
    }
  }
  for (std::size_t s = 0; s < f.springs.size(); ++s) {
    const CoordinateSpring& sp = f.springs[s];
    const std::string path = "/forces/springs/" + std::to_string(s);
    if (sp.stiffness != 0.0) {
      refuse(source, path, "spring on " + name_of(sp.coordinate) + " has stiffness " + number(sp.stiffness) +
                               "; the skeleton has no joint springs (only damping, stiffness 0, maps to its friction)");
    }
    SkeletonJoint& joint = out.model.joint(joint_of(sp.coordinate));
    if (!joint.is_hinge()) {
      refuse(source, path, "damping spring on " + name_of(sp.coordinate) +
                               " is on a spherical joint's euler angle; the skeleton's friction is on hinges only");
    }
    joint.friction += sp.damping;
  }
  for (std::size_t m = 0; m < f.motors.size(); ++m) {
    const CoordinateMotor& motor = f.motors[m];
    const int j = joint_of(motor.coordinate);
    if (!out.model.joint(j).is_hinge()) {
      refuse(source, "/forces/motors/" + std::to_string(m),
             "motor on " + name_of(motor.coordinate) +
                 " drives a spherical joint's euler angle; the skeleton's motors act about hinge axes only");
    }
    out.motors.emplace_back(j, motor);
  }
  for (int i = 0; i < model.num_bodies(); ++i) {
    if (out.model.joint(i).friction < 0.0) {
      refuse(source, "/forces", "the damping on the joint of body " + in_quotes(model.body(i).name) + " adds up to " +
                                    number(out.model.joint(i).friction) + " < 0");
    }
  }
}

// x minimizing |A x − b| for the angular rows A of a joint's S: the normal equations, with a roundoff-sized
// ridge so a singular euler chart (gimbal lock) still gives a finite step.
template <typename Rows>
JointVector least_squares(const Rows& A, const Vec3& b) {
  JointSquare N = A.transpose() * A;
  N.diagonal().array() += 1e-15 * std::max(1.0, N.trace());
  return N.ldlt().solve(A.transpose() * b);
}

}  // namespace

SkeletonScene skeleton_from_scene(const Scene& scene, const std::string& source) {
  const MultibodyModel& model = scene.model;
  if (!model.root_is_fixed()) refuse(source, "/root/spin", "the root frame spins; the skeleton's ground is fixed");
  if (!scene.loops.couplers().empty()) {
    refuse(source, "/couplers", "coupler \"" + scene.loops.couplers()[0].name +
                                    "\": coordinate couplers are not mapped to the skeleton (its bodies have no "
                                    "coordinates to couple)");
  }
  if (!scene.loops.loops().empty()) {
    refuse(source, "/loops", "loop \"" + scene.loops.loop(0).name +
                                 "\": closed loops are not mapped to the skeleton (its 6n system could close a point or "
                                 "revolute loop as one more joint; not done yet)");
  }
  if (!scene.loops.rolling().empty()) {
    refuse(source, "/loops", "rolling contact \"" + scene.loops.rolling()[0].name +
                                 "\": no-slip contacts are not mapped to the skeleton (use the reduced solver)");
  }
  SkeletonScene out;
  out.model.gravity = model.gravity;
  SkeletonBody ground;
  ground.fixed = true;
  out.model.add_body(ground);
  for (int i = 0; i < model.num_bodies(); ++i) {
    const BodyInertia& in = model.body(i).inertia;
    SkeletonBody b;
    b.mass = in.mass;
    b.inertia = 0.5 * (in.inertia_com + in.inertia_com.transpose());
    out.model.add_body(b);
  }
  for (int i = 0; i < model.num_bodies(); ++i) {
    const Body& body = model.body(i);
    const Vec3 axis = mappable_joint(scene, i, source);
    const SE3& P = body.joint->parent_T_joint();
    const SE3& C = body.joint->moving_T_child();
    // the joint centre and axis on the parent side: the parent's centre-of-mass frame, or the world for the
    // ground (whose frame is the world's)
    Vec3 anchor1, axis1;
    int body1 = 0;
    if (body.parent < 0) {
      anchor1 = model.world_T_root.act(P.p);
      axis1 = model.world_T_root.R * (P.R * axis);
    } else {
      body1 = body.parent + 1;
      anchor1 = P.p - model.body(body.parent).inertia.com;
      axis1 = P.R * axis;
    }
    // on the child side: the moving frame's origin and the axis in the child frame (child_T_moving = C⁻¹)
    const Vec3 anchor2 = -(C.R.transpose() * C.p) - body.inertia.com;
    const Vec3 axis2 = C.R.transpose() * axis;
    if (axis.isZero()) {
      out.model.add_spherical(body1, i + 1, anchor1, anchor2);
    } else {
      out.model.add_hinge(body1, i + 1, anchor1, anchor2, axis1, axis2);
    }
  }
  map_forces(scene, source, out);
  return out;
}

std::vector<SkeletonBodyState> skeleton_state(const Scene& scene, const SimulationState& state) {
  const MultibodyModel& model = scene.model;
  MultibodyData data(model);
  forward_kinematics(model, data, state.t, state.q, state.qd, Eigen::VectorXd(), KinematicsLevel::Velocity);
  std::vector<SkeletonBodyState> out(static_cast<std::size_t>(model.num_bodies() + 1));
  for (int i = 0; i < model.num_bodies(); ++i) {
    const BodyData& b = data.bodies[static_cast<std::size_t>(i)];
    const Vec3& com = model.body(i).inertia.com;
    const Vec3 w = b.v.head<3>();
    SkeletonBodyState& s = out[static_cast<std::size_t>(i + 1)];
    s.R = b.world_T_body.R;
    s.p = b.world_T_body.act(com);
    s.v = s.R * (b.v.tail<3>() + w.cross(com));
    s.w = w;
  }
  return out;
}

void set_skeleton_motors(SkeletonScene& skeleton, double t) {
  for (const auto& [j, motor] : skeleton.motors) skeleton.model.joint(j).motor = 0.0;
  for (const auto& [j, motor] : skeleton.motors) {
    // the scene's τ acts +on the child about the axis; hakenberg's β_j acts +on body1, the parent
    skeleton.model.joint(j).motor -= motor.torque + (motor.profile ? motor.profile(t) : 0.0);
  }
}

SkeletonCoordinates::SkeletonCoordinates(const Scene& scene, const Eigen::VectorXd& q0)
    : scene_(scene), q_(q0), qd_(Eigen::VectorXd::Zero(q0.size())) {
  for (const Body& b : scene.model.bodies()) joint_data_.emplace_back(b.dof);
}

void SkeletonCoordinates::update(const std::vector<SkeletonBodyState>& state) {
  const MultibodyModel& model = scene_.model;
  for (int i = 0; i < model.num_bodies(); ++i) {
    const Body& body = model.body(i);
    const SkeletonBodyState& child = state[static_cast<std::size_t>(i + 1)];
    Mat3 parent_R_child;
    Vec3 w_parent_in_child = Vec3::Zero();
    if (body.parent < 0) {
      parent_R_child = model.world_T_root.R.transpose() * child.R;
    } else {
      const SkeletonBodyState& parent = state[static_cast<std::size_t>(body.parent + 1)];
      parent_R_child = parent.R.transpose() * child.R;
      w_parent_in_child = parent_R_child.transpose() * parent.w;
    }
    JointData& d = joint_data_[static_cast<std::size_t>(i)];
    auto q = q_.segment(body.q_index, body.dof);
    // gauss–newton on the rotation residual; S's angular rows map q̇ to the child-frame relative ω
    for (int it = 0; it < 30; ++it) {
      body.joint->evaluate(q, d, EvalLevel::Jacobian);
      const Vec3 e = so3_log(d.G.R.transpose() * parent_R_child);
      const auto Sw = d.S.topRows<3>();
      const JointVector dq = least_squares(Sw, e);
      q += dq;
      if (dq.norm() < 1e-14) break;
    }
    body.joint->evaluate(q, d, EvalLevel::Jacobian);
    const auto Sw = d.S.topRows<3>();
    qd_.segment(body.q_index, body.dof) = least_squares(Sw, child.w - w_parent_in_child);
  }
}

MechanicalState skeleton_mechanical_state(const SkeletonModel& model, const std::vector<SkeletonBodyState>& state) {
  MechanicalState m;
  for (int i = 0; i < model.num_bodies(); ++i) {
    const SkeletonBody& b = model.body(i);
    if (b.fixed) continue;
    const SkeletonBodyState& s = state[static_cast<std::size_t>(i)];
    m.kinetic += 0.5 * b.mass * s.v.squaredNorm() + 0.5 * s.w.dot(b.inertia * s.w);
    m.potential -= b.mass * model.gravity.dot(s.p);
    m.linear_momentum += b.mass * s.v;
    m.angular_momentum += s.p.cross(b.mass * s.v) + s.R * (b.inertia * s.w);
  }
  return m;
}

}  // namespace js::scene
