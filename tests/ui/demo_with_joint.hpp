// the knee demo with its joint replaced by another model, for scene-building tests without GL
// (test_joint_shapes_scene.cpp, test_screw_axis_scene.cpp).
#pragma once

#include <Eigen/Geometry>
#include <memory>

#include "core/joints/joint.hpp"
#include "ui/demo/demo_project.hpp"
#include "ui/document/joint_model.hpp"

namespace js::ui::test {

// the knee demo's joint replaced by `model`, given offsets that line nothing up by chance (a base frame turned and
// moved off the femur's origin, a child offset), no samples, and the tibia at G(q)
inline DocumentData demo_with_joint(std::unique_ptr<JointModel> model, const Eigen::VectorXd& q) {
  DocumentData d = make_demo_project();
  Joint& j = d.joints.front();
  const SE3 parent_T_joint{Eigen::AngleAxisd(0.4, Vec3(1, 2, 3).normalized()).toRotationMatrix(),
                           Vec3(0.01, -0.42, 0.02)};
  const SE3 moving_T_child{Eigen::AngleAxisd(-0.3, Vec3::UnitY()).toRotationMatrix(), Vec3(0.0, -0.03, 0.01)};
  model->set_offsets(parent_T_joint, moving_T_child);
  j.kind = model->kind();
  j.model = std::move(model);
  j.q = q;
  j.samples.clear();
  d.body(j.child)->pose = joint_transform(*j.model, q);
  return d;
}

}  // namespace js::ui::test
