#include "ui/demo/demo_project.hpp"

#include <Eigen/Geometry>
#include <cmath>
#include <numbers>

#include "core/lie/so3.hpp"
#include "ui/demo/demo_bones.hpp"
#include "ui/joint/fit_job.hpp"
#include "ui/document/joint_model.hpp"

namespace js::ui {

SE3 demo_knee_pose(double theta) {
  // flexion about the femur's x axis through the condyle centre; the tibia rotates internally (−y) and
  // its plateau slides forward under the rolling condyles as the knee bends
  const double internal = -0.26 * std::pow(theta / 2.1, 1.3);
  const double slide = 0.009 * std::sin(0.8 * theta) + 0.003 * theta;
  const double adduction = 0.03 * std::sin(theta);
  SE3 T;
  T.R = so3_exp(Vec3(theta, 0, 0)) * so3_exp(Vec3(0, internal, 0)) * so3_exp(Vec3(0, 0, adduction));
  T.p = T.R * Vec3(0.0, -kDemoCondyleRadius, slide);
  return T;
}

DocumentData make_demo_project() {
  register_demo_meshes();
  DocumentData d;
  Body femur;
  femur.id = 1;
  femur.name = QStringLiteral("Femur");
  femur.mesh_path = QStringLiteral("builtin:femur");
  femur.colour = QColor(233, 222, 190);
  femur.mass = 9.0;
  femur.com = Vec3(0.0, 0.2, 0.0);
  femur.inertia_diag = Vec3(0.13, 0.03, 0.13);
  // a seated leg: the thigh raised kDemoHipFlexion from vertical, so the shank hangs straight down at that
  // knee flexion and Simulate swings it through the middle of the knee's 0–120° range (a straight thigh
  // would drop it onto the 0° limit within a quarter period)
  femur.pose = SE3{so3_exp(Vec3(-kDemoHipFlexion, 0, 0)), Vec3(0.0, 0.48, 0.0)};

  Body tibia;
  tibia.id = 2;
  tibia.name = QStringLiteral("Tibia");
  tibia.mesh_path = QStringLiteral("builtin:tibia");
  tibia.colour = QColor(150, 190, 228);
  tibia.mass = 3.7;
  tibia.com = Vec3(0.0, -0.17, 0.0);
  tibia.inertia_diag = Vec3(0.05, 0.005, 0.05);

  Joint knee;
  knee.id = 3;
  knee.name = QStringLiteral("Knee");
  knee.parent = femur.id;
  knee.child = tibia.id;
  knee.kind = JointKind::SplineCurve;
  // the coordinate as anatomy speaks of it: flexion in degrees (the fit names its spline's coordinate so), starting
  // and resetting at 20°
  knee.user_coordinates = {Coordinate{"flexion", Coordinate::kNoLowerLimit, Coordinate::kNoUpperLimit, false}};
  knee.degrees = {true};
  knee.default_q = Eigen::VectorXd::Constant(1, 20.0 * kPi / 180.0);
  // twelve poses from 0 to 120° with sub-millimetre, sub-degree "capture noise" (deterministic)
  const int n = 12;
  for (int i = 0; i < n; ++i) {
    const double theta = (120.0 * kPi / 180.0) * i / (n - 1);
    SE3 T = demo_knee_pose(theta);
    const double s = static_cast<double>(i);
    T.p += Vec3(std::sin(7.1 * s), std::sin(3.7 * s + 1.0), std::sin(5.3 * s + 2.0)) * 3e-4;
    T.R = T.R * so3_exp(Vec3(std::sin(2.3 * s), std::sin(4.1 * s + 0.5), std::sin(6.7 * s + 1.5)) * 4e-3);
    Sample sample;
    sample.q = Eigen::VectorXd::Constant(1, theta);
    sample.parent_T_child = T;
    knee.samples.push_back(sample);
  }
  // the knee comes fitted (the document's default fit settings), the tibia at 20° of flexion along it:
  // released there it swings between about 20° and 100°
  const double start = 20.0 * kPi / 180.0;
  knee.q = Eigen::VectorXd::Constant(1, start);
  tibia.pose = demo_knee_pose(start);
  const FitOutcome fitted = run_fit(knee, d.fit);
  if (fitted.ok()) {
    knee.model = fitted.model;
    knee.last_fit = fit_record(fitted.report);
    tibia.pose = joint_transform(*knee.model, knee.q);
  }

  d.bodies = {femur, tibia};
  d.joints = {knee};
  d.next_id = 4;
  d.camera.target = Vec3(0.0, 0.42, -0.1);
  d.camera.distance = 1.2;
  d.camera.yaw = 1.2;
  d.camera.pitch = 0.18;
  // the demo's knee flexes about x with its front towards +z (OpenSim's knees: about z, front +x)
  d.camera.facing = -0.5 * kPi;
  return d;
}

}  // namespace js::ui
