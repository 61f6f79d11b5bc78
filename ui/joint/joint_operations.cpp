#include "ui/joint/joint_operations.hpp"

#include <QObject>
#include <algorithm>

#include "ui/document/commands.hpp"
#include "ui/export/osim_import.hpp"
#include "ui/document/coordinate_units.hpp"
#include "ui/document/joint_model.hpp"

namespace js::ui {
namespace {

// pushes one command moving joint `after` and its child to G(after.q)
OpResult<bool> push_motion(Document& doc, const Joint& before, Joint after, const QString& text, int merge_key) {
  const Body* child = doc.data().body(before.child);
  if (!child) return {false, QObject::tr("Joint %1 has no child body").arg(before.name)};
  Body moved = *child;
  moved.pose = joint_transform(*after.model, after.q);
  if (!moved.pose.R.allFinite() || !moved.pose.p.allFinite())
    return {false, QObject::tr("%1 is not defined at q = %2").arg(before.name).arg(after.q[0])};
  push_swap(doc, JointMotion{before, *child}, JointMotion{std::move(after), std::move(moved)}, text, merge_key);
  return {true, {}};
}

}  // namespace

OpResult<bool> set_joint_q(Document& doc, JointId id, const Eigen::VectorXd& q, int merge_key) {
  const Joint* j = doc.data().joint(id);
  if (!j) return {false, QObject::tr("No joint with id %1").arg(id)};
  if (!j->model) return {false, QObject::tr("%1 has no joint model yet: fit it or load a joint file").arg(j->name)};
  if (q.size() != j->model->dof() || !q.allFinite())
    return {false, QObject::tr("q needs %1 finite value(s)").arg(j->model->dof())};
  Joint after = *j;
  after.q = q;
  // an opensim model's coupler constraints: the coordinates they drive follow, in the same undo step
  const auto coupled = osim_coupled_motion(doc.data(), id, q);
  if (!coupled.empty()) {
    JointMotions was, now;
    auto add = [&](const Joint& before, const Eigen::VectorXd& value) {
      const Body* child = doc.data().body(before.child);
      if (!child) return;
      JointMotion m{before, *child};
      was.motions.push_back(m);
      m.joint.q = value;
      m.child.pose = joint_transform(*before.model, value);
      now.motions.push_back(std::move(m));
    };
    // the moved joint's own coupled coordinates come back with it
    Eigen::VectorXd own = q;
    for (const auto& [other, value] : coupled)
      if (other == id) own = value;
    add(*j, own);
    for (const auto& [other, value] : coupled)
      if (other == id) continue;
      else if (const Joint* o = doc.data().joint(other); o && o->model) add(*o, value);
    push_swap(doc, std::move(was), std::move(now), QObject::tr("Move %1").arg(j->name), merge_key);
    return {true, {}};
  }
  return push_motion(doc, *j, std::move(after), QObject::tr("Move %1").arg(j->name), merge_key);
}

OpResult<Joint> joint_with_model(const Joint& j, std::shared_ptr<const JointModel> model,
                                 std::optional<Eigen::VectorXd> q, const FitRecord& fit) {
  if (!model) return {{}, QObject::tr("No joint model given for %1").arg(j.name)};
  const JointKind kind = model->kind();
  const auto& kinds = joint_kinds();
  if (std::find(kinds.begin(), kinds.end(), kind) == kinds.end() || joint_dof(kind) != model->dof())
    return {{}, QObject::tr("A %1-dof %2 joint cannot drive %3 (kinds: %4)")
                    .arg(model->dof())
                    .arg(joint_kind_text(kind), j.name, joint_kind_texts().join(QStringLiteral(", ")))};
  Joint after = j;
  if (after.kind != kind) {
    // the samples keep their poses; their q gain or lose coordinates like a kind change
    after.kind = kind;
    for (Sample& s : after.samples) {
      const auto old = s.q.size();
      s.q.conservativeResize(model->dof());
      for (auto i = old; i < model->dof(); ++i) s.q[i] = 0.0;
    }
  }
  after.model = std::move(model);
  after.scene_joint = nullptr;  // the scene's joint keys described the old model
  after.candidate = nullptr;    // a new model makes an earlier fitted candidate stale
  // not the same coordinates: their units, default, names and ranges go
  if ((j.model && j.model->dof() != after.model->dof()) || joint_q_size(j) != after.model->dof())
    clear_coordinate_settings(after);
  // an opensim joint given another model (a joint file) keeps the file's as its original: Save As .osim writes the
  // new one, and the two are compared
  if (!j.osim_joint.isEmpty() && !j.original && j.model && j.model != after.model) after.original = j.model;
  after.last_fit = fit;
  Eigen::VectorXd start = q ? *q : after.q;
  // a joint's first model (its first fit) starts at the default the user set for it
  if (!q && !j.model && after.default_q.size() == after.model->dof()) start = after.default_q;
  if (start.size() != after.model->dof()) start = Eigen::VectorXd::Zero(after.model->dof());
  if (!start.allFinite()) return {{}, QObject::tr("q is not finite")};
  after.q = clamp_to_range(after, start);
  return {std::move(after), {}};
}

OpResult<bool> set_joint_model(Document& doc, JointId id, std::shared_ptr<const JointModel> model,
                               const QString& text, std::optional<Eigen::VectorXd> q, const FitRecord& fit) {
  const Joint* j = doc.data().joint(id);
  if (!j) return {false, QObject::tr("No joint with id %1").arg(id)};
  OpResult<Joint> after = joint_with_model(*j, std::move(model), std::move(q), fit);
  if (!after.ok()) return {false, after.error};
  return push_motion(doc, *j, std::move(after.value), text, 0);
}

bool joint_world_pose(const DocumentData& d, const Joint& joint, const Eigen::VectorXd& q, SE3& world_T_child) {
  if (!joint.model || q.size() != joint.model->dof()) return false;
  world_T_child = d.world_T_body(joint.parent) * joint_transform(*joint.model, q);
  return true;
}

}  // namespace js::ui
