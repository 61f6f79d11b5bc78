#include "ui/document/operations.hpp"

#include "core/dynamics/simulator.hpp"

#include <QFileInfo>
#include <QObject>
#include <QStringList>
#include <algorithm>
#include <cmath>
#include <set>
#include <string>

#include "ui/document/commands.hpp"
#include "ui/document/scene_names.hpp"
#include "ui/document/coordinate_units.hpp"
#include "ui/document/joint_model.hpp"

namespace js::ui {
namespace {

template <class T>
OpResult<T> fail(const QString& msg) {
  return OpResult<T>{T{}, msg};
}

// true when `maybe_descendant` hangs below `ancestor` through joints
bool is_descendant(const DocumentData& d, BodyId maybe_descendant, BodyId ancestor) {
  BodyId cur = maybe_descendant;
  for (std::size_t guard = 0; guard <= d.joints.size(); ++guard) {
    if (cur == ancestor) return true;
    const Joint* j = d.joint_of_child(cur);
    if (!j) return false;
    cur = j->parent;
  }
  return false;
}

// drops a joint from d, re-expressing its child's pose in the world so nothing moves
void detach_joint(DocumentData& d, JointId id) {
  auto it = std::find_if(d.joints.begin(), d.joints.end(), [id](const Joint& j) { return j.id == id; });
  if (it == d.joints.end()) return;
  const BodyId child = it->child;
  const SE3 world_T_child = d.world_T_body(child);
  d.joints.erase(it);
  if (Body* c = d.body(child)) c->pose = world_T_child;
}

// a body's name as the opened scene file had it (its kept keys name it so); empty for a body made in the app
std::string scene_name_as_read(const Body& b) {
  return b.scene_keys.is_object() && b.scene_keys.contains("name") && b.scene_keys["name"].is_string()
             ? b.scene_keys["name"].get<std::string>()
             : std::string();
}

// what an opened scene keeps that would name the removed bodies, or coordinates of bodies whose joint is
// removed, goes with them (a kept loop on a deleted body would make the exported scene unreadable): the
// loops, forces and initial velocities (scene_names.hpp), and a jointless body's own motion and drive,
// which drive coordinates it no longer has. before: the data the ids are looked up in. returns the phrases.
QStringList remove_references(const DocumentData& before, DocumentData& after, const std::vector<BodyId>& removed,
                              const std::vector<BodyId>& jointless) {
  std::set<std::string> gone, fixed;
  for (BodyId id : removed)
    if (const Body* b = before.body(id); b && !scene_name_as_read(*b).empty()) gone.insert(scene_name_as_read(*b));
  QStringList out;
  for (BodyId id : jointless) {
    Body* b = after.body(id);
    if (!b || scene_name_as_read(*b).empty()) continue;
    fixed.insert(scene_name_as_read(*b));
    for (const char* key : {"motion", "drive"})
      if (b->scene_keys.contains(key)) {
        b->scene_keys.erase(key);
        out << QObject::tr("the %1 of %2").arg(QString::fromUtf8(key), b->name);
      }
  }
  for (const std::string& phrase : remove_scene_references(after.scene_keys, gone, fixed))
    out << QString::fromStdString(phrase);
  return out;
}

// the status bar's sentence for a removal: what was deleted, and what of the scene went with it
QString removal_message(const QString& deleted, const QStringList& references) {
  return references.isEmpty()
             ? deleted
             : QObject::tr("%1, and the scene's %2 that named it").arg(deleted, references.join(QStringLiteral(", ")));
}

bool ops_creatable_kind(JointKind kind) {
  const auto& kinds = joint_kinds();
  return std::find(kinds.begin(), kinds.end(), kind) != kinds.end();
}

QString ops_kinds_list() { return joint_kind_texts().join(QStringLiteral(", ")); }

// the undo step's name (the edit menu's "Undo …"): short, counting what went with it
QString removal_text(const QString& deleted, const QStringList& references) {
  if (references.isEmpty()) return deleted;
  return references.size() == 1 ? QObject::tr("%1 and a scene entry naming it").arg(deleted)
                                : QObject::tr("%1 and %2 scene entries naming it").arg(deleted).arg(references.size());
}

}  // namespace

OpResult<BodyId> add_body(Document& doc, Body body) {
  DocumentData after = doc.data();
  body.id = after.next_id++;
  if (body.name.isEmpty()) body.name = QObject::tr("Body %1").arg(body.id);
  after.bodies.push_back(body);
  push_swap(doc, doc.data(), after, QObject::tr("Add body %1").arg(body.name));
  return {body.id, {}};
}

OpResult<QString> remove_body(Document& doc, BodyId id) {
  const Body* b = doc.data().body(id);
  if (!b) return fail<QString>(QObject::tr("No body with id %1").arg(id));
  DocumentData after = doc.data();
  const QString name = b->name;
  // detach every joint touching the body, keeping other bodies where they are
  std::vector<JointId> touching;
  std::vector<BodyId> jointless;
  for (const Joint& j : after.joints)
    if (j.parent == id || j.child == id) {
      touching.push_back(j.id);
      jointless.push_back(j.child);
    }
  for (JointId j : touching) detach_joint(after, j);
  std::erase_if(after.bodies, [id](const Body& x) { return x.id == id; });
  const QStringList references = remove_references(doc.data(), after, {id}, jointless);
  const QString text = removal_text(QObject::tr("Delete body %1").arg(name), references);
  push_swap(doc, doc.data(), after, text);
  return {removal_message(QObject::tr("Deleted body %1").arg(name), references), {}};
}

OpResult<bool> set_body_properties(Document& doc, const Body& edited, int merge_key) {
  const Body* b = doc.data().body(edited.id);
  if (!b) return fail<bool>(QObject::tr("No body with id %1").arg(edited.id));
  if (edited.name.trimmed().isEmpty()) return fail<bool>(QObject::tr("A body needs a name"));
  if (!(edited.mass > 0.0)) return fail<bool>(QObject::tr("Mass must be positive"));
  Body after = edited;
  after.pose = b->pose;
  push_swap(doc, *b, after, QObject::tr("Edit body %1").arg(after.name), merge_key);
  return {true, {}};
}

OpResult<bool> replace_body_mesh(Document& doc, BodyId id, const QString& path) {
  const Body* b = doc.data().body(id);
  if (!b) return fail<bool>(QObject::tr("No body with id %1").arg(id));
  const QFileInfo info(path);
  if (!info.isFile()) return fail<bool>(QObject::tr("Cannot use %1 as the mesh of %2: the file does not exist").arg(path, b->name));
  Body after = *b;
  after.mesh_path = info.absoluteFilePath();
  push_swap(doc, *b, after, QObject::tr("Replace the mesh of %1").arg(b->name));
  return {true, {}};
}

OpResult<bool> set_body_pose(Document& doc, BodyId id, const SE3& pose, int merge_key) {
  const Body* b = doc.data().body(id);
  if (!b) return fail<bool>(QObject::tr("No body with id %1").arg(id));
  if (!pose.R.allFinite() || !pose.p.allFinite()) return fail<bool>(QObject::tr("Pose is not finite"));
  Body after = *b;
  after.pose = pose;
  push_swap(doc, *b, after, QObject::tr("Move %1").arg(b->name), merge_key);
  return {true, {}};
}

OpResult<JointId> add_joint(Document& doc, BodyId parent, BodyId child, JointKind kind, const QString& name) {
  const DocumentData& d = doc.data();
  const Body* p = d.body(parent);
  const Body* c = d.body(child);
  if (!p || !c) return fail<JointId>(QObject::tr("Pick a parent and a child body"));
  if (parent == child) return fail<JointId>(QObject::tr("Parent and child must be different bodies"));
  if (d.joint_of_child(child))
    return fail<JointId>(QObject::tr("%1 already has a parent joint").arg(c->name));
  if (is_descendant(d, parent, child))
    return fail<JointId>(QObject::tr("%1 hangs below %2: that joint would make a loop").arg(p->name, c->name));
  if (!ops_creatable_kind(kind))
    return fail<JointId>(QObject::tr("A %1 joint is not one the app creates (%2)").arg(joint_kind_text(kind), ops_kinds_list()));

  DocumentData after = d;
  Joint j;
  j.id = after.next_id++;
  j.name = name.isEmpty() ? QObject::tr("%1–%2").arg(p->name, c->name) : name;
  j.parent = parent;
  j.child = child;
  j.kind = kind;
  // keep the child where it is: parent_T_child = world_T_parent⁻¹ world_T_child
  after.body(child)->pose = d.world_T_body(parent).inverse() * d.world_T_body(child);
  j.q = Eigen::VectorXd::Zero(joint_dof(kind));
  j.model = default_joint_model(kind, after.body(child)->pose);
  after.joints.push_back(j);
  push_swap(doc, d, after, QObject::tr("Add joint %1").arg(j.name));
  return {j.id, {}};
}

OpResult<QString> remove_joint(Document& doc, JointId id) {
  const Joint* j = doc.data().joint(id);
  if (!j) return fail<QString>(QObject::tr("No joint with id %1").arg(id));
  DocumentData after = doc.data();
  const QString name = j->name;
  const BodyId child = j->child;
  detach_joint(after, id);
  const QStringList references = remove_references(doc.data(), after, {}, {child});
  const QString text = removal_text(QObject::tr("Delete joint %1").arg(name), references);
  push_swap(doc, doc.data(), after, text);
  return {removal_message(QObject::tr("Deleted joint %1").arg(name), references), {}};
}

OpResult<bool> set_joint_name(Document& doc, JointId id, const QString& name) {
  const Joint* j = doc.data().joint(id);
  if (!j) return fail<bool>(QObject::tr("No joint with id %1").arg(id));
  if (name.trimmed().isEmpty()) return fail<bool>(QObject::tr("A joint needs a name"));
  Joint after = *j;
  after.name = name.trimmed();
  push_swap(doc, *j, after, QObject::tr("Rename joint"));
  return {true, {}};
}

QString joint_change_loss(const Joint& j, const QString& to_what, int dof) {
  QStringList lost;
  // a fitted spline is work: minutes of fitting, a chosen smoothing
  if (j.model && is_spline_kind(j.kind))
    lost << QObject::tr("throws away its fitted %1 model").arg(joint_kind_text(j.kind));
  const int old_dof = joint_q_size(j);
  if (dof != old_dof && !j.samples.empty()) {
    const QString shape = dof > old_dof ? QObject::tr("padded with zeros") : QObject::tr("cut");
    lost << QObject::tr("rewrites the q of its %n sample(s) from %1 to %2 value(s) (%3)", nullptr,
                        static_cast<int>(j.samples.size()))
                .arg(old_dof).arg(dof).arg(shape);
  }
  if (lost.isEmpty()) return {};
  return QObject::tr("Changing joint %1 to %2 %3.").arg(j.name, to_what, lost.join(QObject::tr(" and ")));
}

OpResult<bool> set_joint_kind(Document& doc, JointId id, JointKind kind) {
  const Joint* j = doc.data().joint(id);
  if (!j) return fail<bool>(QObject::tr("No joint with id %1").arg(id));
  if (!ops_creatable_kind(kind))
    return fail<bool>(QObject::tr("A %1 joint is not one the app creates (%2)").arg(joint_kind_text(kind), ops_kinds_list()));
  Joint after = *j;
  after.kind = kind;
  const int dof = joint_dof(kind);
  // a fresh model of the new kind at the child's pose (q = 0); spline kinds wait for a fit
  const Body* child = doc.data().body(j->child);
  after.model = default_joint_model(kind, child ? child->pose : SE3::identity());
  after.scene_joint = nullptr;
  after.candidate = nullptr;
  after.degrees.clear();  // the new kind's coordinates are not the file's: q as stored
  if (dof != joint_q_size(*j)) clear_coordinate_settings(after);  // nor, of another dof, the user's
  // an opensim joint keeps the file's model as its original (Save As .osim writes the new kind, once it has a model)
  if (!j->osim_joint.isEmpty() && !j->original && j->model) after.original = j->model;
  after.q = Eigen::VectorXd::Zero(dof);
  for (Sample& s : after.samples) {
    const auto old = s.q.size();
    s.q.conservativeResize(dof);
    for (auto i = old; i < dof; ++i) s.q[i] = 0.0;
  }
  push_swap(doc, *j, after, QObject::tr("Change joint kind to %1").arg(joint_kind_text(kind)));
  return {true, {}};
}

Eigen::VectorXd next_sample_q(const Joint& joint, const SE3& parent_T_child) {
  const int dof = joint_q_size(joint);
  // a joint with a model has a q the user set (slider, or G(q) the child sits at): that is the pose's q
  if (joint.model && joint.q.size() == dof) return clamp_to_range(joint, joint.q);
  if (joint.samples.empty()) return Eigen::VectorXd::Zero(dof);
  // not fitted yet: the next free value past the largest first coordinate, stepped by the rotation from the
  // last sample's pose (rad; for a pure slide the distance in m), so the coordinate reads like the motion
  const Sample& last = joint.samples.back();
  Eigen::VectorXd q = last.q;
  q.conservativeResize(dof);
  double first = q[0];
  for (const Sample& s : joint.samples)
    if (s.q.size() > 0) first = std::max(first, s.q[0]);
  const SE3 last_T_now = last.parent_T_child.inverse() * parent_T_child;
  const double angle = Eigen::AngleAxisd(last_T_now.R).angle();
  double step = angle > 1e-6 ? angle : last_T_now.p.norm();
  // the same pose again (the user agreed to capture it): still a free value, one unit on
  if (step < 1e-9) step = 1.0;
  q[0] = first + step;
  return q;
}

QString capture_concern(const Joint& joint, const SE3& parent_T_child, const Eigen::VectorXd& q) {
  for (int i = 0; i < q.size() && i < joint_q_size(joint); ++i) {
    // the model's range, or the one the user set for a joint not fitted yet (coordinate_units.hpp)
    const auto lo = coordinate_min(joint, i), hi = coordinate_max(joint, i);
    if (!lo || !hi || *hi <= *lo) continue;
    // a closed curve wraps q: every value is in range
    if (joint.model && joint.model->range_policy() == RangePolicy::Wrap) continue;
    if (q[i] < *lo - 1e-9 || q[i] > *hi + 1e-9)
      return QObject::tr("%1 = %2 is outside the joint's range %3: a fit would stretch the joint to reach it.")
          .arg(coordinate_name(joint, i), coordinate_value_text(joint, i, q[i]), coordinate_range_text(joint, i));
  }
  for (std::size_t k = 0; k < joint.samples.size(); ++k) {
    const SE3 d = joint.samples[k].parent_T_child.inverse() * parent_T_child;
    if (Eigen::AngleAxisd(d.R).angle() < 1e-6 && d.p.norm() < 1e-7)
      return QObject::tr("This pose is the same as sample %1's: a second copy adds nothing to a fit.").arg(k + 1);
  }
  return {};
}

OpResult<int> capture_sample(Document& doc, JointId id, std::optional<Eigen::VectorXd> q) {
  const Joint* j = doc.data().joint(id);
  if (!j) return fail<int>(QObject::tr("Select a joint (or its child body) to capture a sample"));
  const Body* child = doc.data().body(j->child);
  if (!child) return fail<int>(QObject::tr("Joint %1 has no child body").arg(j->name));
  const int dof = joint_q_size(*j);
  Sample s;
  s.q = q ? *q : next_sample_q(*j, child->pose);
  if (s.q.size() != dof)
    return fail<int>(QObject::tr("q needs %1 value(s) for a %2 joint, got %3").arg(dof).arg(joint_kind_text(j->kind)).arg(s.q.size()));
  if (!s.q.allFinite()) return fail<int>(QObject::tr("q is not finite"));
  s.parent_T_child = child->pose;
  Joint after = *j;
  after.samples.push_back(s);
  const int index = static_cast<int>(after.samples.size()) - 1;
  push_swap(doc, *j, after, QObject::tr("Capture sample %1").arg(index + 1));
  return {index, {}};
}

OpResult<bool> set_sample_q(Document& doc, JointId id, int index, const Eigen::VectorXd& q) {
  const Joint* j = doc.data().joint(id);
  if (!j) return fail<bool>(QObject::tr("No joint with id %1").arg(id));
  if (index < 0 || index >= static_cast<int>(j->samples.size()))
    return fail<bool>(QObject::tr("No sample %1 in %2").arg(index + 1).arg(j->name));
  if (q.size() != joint_q_size(*j) || !q.allFinite())
    return fail<bool>(QObject::tr("q needs %1 finite value(s)").arg(joint_q_size(*j)));
  Joint after = *j;
  after.samples[static_cast<std::size_t>(index)].q = q;
  push_swap(doc, *j, after, QObject::tr("Edit q of sample %1").arg(index + 1));
  return {true, {}};
}

OpResult<bool> remove_samples(Document& doc, JointId id, std::vector<int> indices) {
  const Joint* j = doc.data().joint(id);
  if (!j) return fail<bool>(QObject::tr("No joint with id %1").arg(id));
  std::sort(indices.begin(), indices.end());
  indices.erase(std::unique(indices.begin(), indices.end()), indices.end());
  if (indices.empty()) return fail<bool>(QObject::tr("No samples selected"));
  if (indices.front() < 0 || indices.back() >= static_cast<int>(j->samples.size()))
    return fail<bool>(QObject::tr("Sample index out of range"));
  Joint after = *j;
  for (auto it = indices.rbegin(); it != indices.rend(); ++it) after.samples.erase(after.samples.begin() + *it);
  const QString text = indices.size() == 1 ? QObject::tr("Delete sample %1").arg(indices.front() + 1)
                                           : QObject::tr("Delete %1 samples").arg(indices.size());
  push_swap(doc, *j, after, text);
  return {true, {}};
}

OpResult<bool> move_sample(Document& doc, JointId id, int from, int to) {
  const Joint* j = doc.data().joint(id);
  if (!j) return fail<bool>(QObject::tr("No joint with id %1").arg(id));
  const int n = static_cast<int>(j->samples.size());
  if (from < 0 || from >= n || to < 0 || to >= n) return fail<bool>(QObject::tr("Sample index out of range"));
  if (from == to) return {true, {}};
  Joint after = *j;
  Sample s = after.samples[static_cast<std::size_t>(from)];
  after.samples.erase(after.samples.begin() + from);
  after.samples.insert(after.samples.begin() + to, s);
  push_swap(doc, *j, after, QObject::tr("Reorder samples"));
  return {true, {}};
}

OpResult<bool> pose_at_sample(Document& doc, JointId id, int index) {
  const Joint* j = doc.data().joint(id);
  if (!j || index < 0 || index >= static_cast<int>(j->samples.size()))
    return fail<bool>(QObject::tr("No such sample"));
  return set_body_pose(doc, j->child, j->samples[static_cast<std::size_t>(index)].parent_T_child);
}

OpResult<bool> set_fit_settings(Document& doc, const FitSettings& fit, int merge_key) {
  if (fit.frames < 2) return fail<bool>(QObject::tr("A spline needs at least 2 control frames"));
  if (fit.order < 2 || fit.order > 8) return fail<bool>(QObject::tr("Spline order must be 2 to 8 (4 = cubic)"));
  if (!(fit.smoothing >= 0.0 && fit.smoothing < 1.0))
    return fail<bool>(QObject::tr("Smoothing weight must be in [0, 1)"));
  if (!(fit.length_scale > 0.0)) return fail<bool>(QObject::tr("Length scale must be positive"));
  if (fit == doc.data().fit) return {true, {}};
  push_swap(doc, doc.data().fit, fit, QObject::tr("Change fit settings"), merge_key);
  return {true, {}};
}

OpResult<bool> set_simulation_settings(Document& doc, const SimulationSettings& s, int merge_key) {
  if (!(s.dt > 0.0) || !std::isfinite(s.dt))
    return fail<bool>(QObject::tr("The time step must be positive (got %1 s)").arg(s.dt));
  if (!(s.damping >= 0.0) || !std::isfinite(s.damping))
    return fail<bool>(QObject::tr("Damping must be zero or positive (got %1)").arg(s.damping));
  if (s == doc.data().simulation) return {true, {}};
  push_swap(doc, doc.data().simulation, s, QObject::tr("Change simulation settings"), merge_key);
  return {true, {}};
}

OpResult<QString> delete_selection(Document& doc) {
  const Selection s = doc.selection();
  if (s.joint && s.sample >= 0) {
    const auto r = remove_samples(doc, s.joint, {s.sample});
    return {r.ok() ? QObject::tr("Deleted the selected sample") : QString(), r.error};
  }
  if (s.body) return remove_body(doc, s.body);
  if (s.joint) return remove_joint(doc, s.joint);
  return fail<QString>(QObject::tr("Nothing selected to delete"));
}

}  // namespace js::ui
