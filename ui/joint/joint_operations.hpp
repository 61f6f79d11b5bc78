// user operations that move a joint: drive its coordinates (the q sliders) and give it a new model (a fit,
// a joint file). each is one undo step that also carries the child body to parent_T_child = G(q).
#pragma once

#include <memory>
#include <optional>

#include "core/joints/joint.hpp"
#include "ui/document/operations.hpp"

namespace js::ui {

// sets the joint's q (size dof, finite) and poses the child at G(q). needs a model. equal non-zero merge
// keys merge (one slider drag = one undo step).
OpResult<bool> set_joint_q(Document& doc, JointId id, const Eigen::VectorXd& q, int merge_key = 0);

// replaces the joint's model (its kind follows the model's), keeps q (clamped into the new range, or `q`
// when given; a joint's first model starts at its default, Joint::default_q) and poses the child at G(q).
// text names the undo step ("Fit Knee", "Load joint file").
// fit: what the app keeps of the fit that made the model (none for a joint file).
OpResult<bool> set_joint_model(Document& doc, JointId id, std::shared_ptr<const JointModel> model,
                               const QString& text, std::optional<Eigen::VectorXd> q = std::nullopt,
                               const FitRecord& fit = {});

// the joint after a new model: kind, samples' q size, q clamped into the range (start when given); false
// with a message when the model cannot drive the joint. shared by set_joint_model and the live refit.
OpResult<Joint> joint_with_model(const Joint& j, std::shared_ptr<const JointModel> model,
                                 std::optional<Eigen::VectorXd> q, const FitRecord& fit);

// world_T_child the joint's model puts the child at: world_T_parent · G(q). false without a model.
bool joint_world_pose(const DocumentData& d, const Joint& joint, const Eigen::VectorXd& q, SE3& world_T_child);

}  // namespace js::ui
