// the bridge between a document joint and its core joint model (core/joints): default models of the lower
// pairs, evaluation of G(q), coordinate ranges for the sliders, and the model as a joint-file document
// (core/io) so a project stores exactly what a joint file would.
#pragma once

#include <QString>
#include <memory>
#include <nlohmann/json.hpp>

#include "core/joints/joint.hpp"
#include "ui/document/document_data.hpp"

namespace js::ui {

// the model a new joint of `kind` gets: a lower pair whose base frame sits at the child's current pose
// (parent_T_child, so q = 0 leaves the child where it is), or null for the spline kinds, which need a fit
// or a joint file.
std::shared_ptr<const JointModel> default_joint_model(JointKind kind, const SE3& parent_T_child);

// the ui's kind name of a core model ("spline_curve", "revolute", …), as in joint files.
QString model_kind_name(const JointModel& model);

// parent_T_child = G(q) with the model's offsets (paper eq. 21–25 for the spline kinds). q: size model.dof().
SE3 joint_transform(const JointModel& model, const Eigen::VectorXd& q);

// the slider range of coordinate i: the model's range when finite (for a joint without a model, the range the user
// set for its fit), else the captured samples' q (widened
// to at least [−π, π] around them), else [−π, π].
void coordinate_range(const Joint& joint, int i, double& lo, double& hi);

// q clamped into every coordinate's range (closed curves and unbounded coordinates pass through).
Eigen::VectorXd clamp_to_range(const Joint& joint, const Eigen::VectorXd& q);

// the model as a joint-file document (core/io) and back. model_from_json throws std::runtime_error naming
// `where` and the offending field.
nlohmann::json model_to_json(const JointModel& model);
std::shared_ptr<const JointModel> model_from_json(const nlohmann::json& doc, const std::string& where);


// error of one sample under the joint's model at the sample's q: |p − p_d| (m) and the angle of Rᵀ R_d (rad).
struct PoseError {
  double translation = 0.0;
  double rotation = 0.0;
};
// one entry per sample (under the fitted candidate when the joint has one); empty when the joint has no model
// or the q sizes do not match.
std::vector<PoseError> sample_errors(const Joint& joint);

}  // namespace js::ui
