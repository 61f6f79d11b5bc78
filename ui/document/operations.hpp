// user operations on a document: plain functions, each one undo step (or none when it fails).
// they validate their input and return an error message instead of throwing; no widgets involved.
#pragma once

#include <QString>
#include <optional>

#include "ui/document/document.hpp"

namespace js::ui {

// the result of an operation: a value, or an error message for the status bar / a dialog.
template <class T>
struct OpResult {
  T value{};
  QString error;
  bool ok() const { return error.isEmpty(); }
};

// adds a root body (its pose is world_T_body); assigns and returns its id.
OpResult<BodyId> add_body(Document& doc, Body body);
// removes a body and every joint that references it; children of the body become roots in place. what an
// opened scene keeps that names the body (loops, point springs, external forces) or a coordinate of a joint
// removed with it (springs, motors, initial q̇; the children's motion or drive) goes in the same undo step.
// value: what was removed, for the status bar ("Deleted body rocker, and the scene's loop ground_pin …").
OpResult<QString> remove_body(Document& doc, BodyId id);
// edits a body's non-pose fields (name, mesh, units, colour, mass, com, inertia); pose is kept.
OpResult<bool> set_body_properties(Document& doc, const Body& edited, int merge_key = 0);
// sets a body's pose (parent_T_body, or world_T_body for roots). equal merge keys merge into one step.
// relinks a body to another mesh file (a moved or renamed file): one undo step; the file must exist.
OpResult<bool> replace_body_mesh(Document& doc, BodyId id, const QString& path);
OpResult<bool> set_body_pose(Document& doc, BodyId id, const SE3& pose, int merge_key = 0);

// joins child to parent with a joint of one of joint_kinds(); the child keeps its world placement (its pose
// becomes parent_T_child).
OpResult<JointId> add_joint(Document& doc, BodyId parent, BodyId child, JointKind kind,
                            const QString& name = {});
// removes a joint and its samples; the child becomes a root in place, and what an opened scene keeps on the
// joint's coordinates (springs, motors, initial q̇, the child's motion or drive) goes in the same undo step.
// value: what was removed, for the status bar.
OpResult<QString> remove_joint(Document& doc, JointId id);
OpResult<bool> set_joint_name(Document& doc, JointId id, const QString& name);
// what giving joint j a new model (to_what: "kind revolute", "the model of knee.json") with dof coordinates
// throws away or rewrites: a fitted model, the samples' q. a sentence for a question before the change,
// empty when nothing is lost.
QString joint_change_loss(const Joint& j, const QString& to_what, int dof);
// changes the kind (one of joint_kinds()); every sample's q is resized to the new dof count (padding with zeros).
OpResult<bool> set_joint_kind(Document& doc, JointId id, JointKind kind);

// the q the next capture of the child at parent_T_child gets: for a joint with a model, its current q (the
// slider's value); for one not fitted yet, zeros first, then the next free value: the largest first
// coordinate so far plus the rotation angle from the last sample's pose (rad; for a pure slide, metres; 1
// for the very same pose).
Eigen::VectorXd next_sample_q(const Joint& joint, const SE3& parent_T_child);
// why capturing the child at parent_T_child with q needs the user's word (q outside the model's range, or the range the
// user set for the fit of a joint not fitted yet; the pose identical to a sample's), or an empty string.
QString capture_concern(const Joint& joint, const SE3& parent_T_child, const Eigen::VectorXd& q);
// records the child's current parent_T_child as a sample; q automatic when not given. returns the index.
OpResult<int> capture_sample(Document& doc, JointId id, std::optional<Eigen::VectorXd> q = std::nullopt);
OpResult<bool> set_sample_q(Document& doc, JointId id, int index, const Eigen::VectorXd& q);
// removes the samples at the given indices (any order, duplicates ignored).
OpResult<bool> remove_samples(Document& doc, JointId id, std::vector<int> indices);
// moves the sample at `from` so it ends at index `to`.
OpResult<bool> move_sample(Document& doc, JointId id, int from, int to);
// poses the child at a captured sample (one undo step).
OpResult<bool> pose_at_sample(Document& doc, JointId id, int index);

OpResult<bool> set_fit_settings(Document& doc, const FitSettings& fit, int merge_key = 0);
// dt > 0, a known integrator, damping ≥ 0; equal merge keys merge into one step.
OpResult<bool> set_simulation_settings(Document& doc, const SimulationSettings& s, int merge_key = 0);

// deletes what is selected: a sample, else a body, else a joint. value: what was deleted, for the status bar.
OpResult<QString> delete_selection(Document& doc);

}  // namespace js::ui
