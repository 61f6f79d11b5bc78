#include "ui/joint/coordinate_edit.hpp"

#include <QObject>
#include <QRegularExpression>
#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "core/joints/restricted_joint.hpp"
#include "ui/document/commands.hpp"
#include "ui/document/joint_model.hpp"
#include "ui/document/osim_names.hpp"
#include "ui/document/scene_names.hpp"
#include "ui/joint/joint_operations.hpp"

namespace js::ui {
namespace {

// an open bound as core stores it (Coordinate's default)
double stored_min(const std::optional<double>& x) { return x ? *x : Coordinate::kNoLowerLimit; }
double stored_max(const std::optional<double>& x) { return x ? *x : Coordinate::kNoUpperLimit; }

template <class T>
void resize_to(std::vector<T>& v, int n, const T& fill) {
  if (static_cast<int>(v.size()) != n) v.resize(static_cast<std::size_t>(n), fill);
}

// a clone of the model with coordinate i called name; a restricted joint's inner coordinate too, so sampling all of
// the joint's coordinates again (reauthor.hpp) brings the name back with the model as read
std::unique_ptr<JointModel> renamed_clone(const JointModel& m, int i, const std::string& name) {
  if (const auto* r = dynamic_cast<const RestrictedJoint*>(&m))
    for (int k = 0; k < r->inner().dof(); ++k) {
      if (r->free_index_of(k) != i) continue;
      std::unique_ptr<JointModel> inner = r->inner().clone();
      inner->coordinates()[static_cast<std::size_t>(k)].name = name;
      auto out = std::make_unique<RestrictedJoint>(std::move(inner), r->map());
      out->coordinates() = r->coordinates();  // ranges edited on the restricted joint stay
      out->coordinates()[static_cast<std::size_t>(i)].name = name;
      return out;
    }
  std::unique_ptr<JointModel> out = m.clone();
  out->coordinates()[static_cast<std::size_t>(i)].name = name;
  return out;
}

// the name a body had in the opened scene file (its kept keys keep it; the scene's references use it)
std::string body_scene_name(const Body& b) {
  return b.scene_keys.is_object() && b.scene_keys.contains("name") && b.scene_keys["name"].is_string()
             ? b.scene_keys["name"].get<std::string>()
             : std::string();
}

// why coordinate i of joint cannot be called name in d's opensim model: another coordinate of the model has it
// (OpenSim finds coordinates by name across the model), or an empty string
QString osim_name_taken(const DocumentData& d, const Joint& joint, int i, const QString& name) {
  if (!d.osim) return {};
  const std::vector<OsimDocumentName> names = osim_document_names(d);
  for (const OsimDocumentName& n : names)
    if (!(n.id == joint.id && n.index == i) && QString::fromStdString(n.name) == name)
      return QObject::tr("The model already has a coordinate named %1 (in %2): OpenSim needs each coordinate's name once")
          .arg(name, n.joint);
  // a rename the save could not write (no coordinate of the file at its place) is refused now, not at the save
  const bool in_file = std::any_of(names.begin(), names.end(), [&](const OsimDocumentName& n) { return n.id == joint.id && n.index == i; });
  if (!joint.osim_joint.isEmpty() && !in_file)
    return QObject::tr("%1 of %2 is not a coordinate of the model's file (%3), so OpenSim Model could not write a new name")
        .arg(coordinate_name(joint, i), joint.name, joint.osim_joint);
  return {};
}

}  // namespace

CoordinateEdit coordinate_edit_of(const Joint& joint, int i) {
  CoordinateEdit e;
  e.name = coordinate_name(joint, i);
  e.unit = coordinate_unit(joint, i);
  e.min = coordinate_min(joint, i);
  e.max = coordinate_max(joint, i);
  const Eigen::VectorXd d = joint_default_q(joint);
  e.default_value = i >= 0 && i < d.size() ? d[i] : 0.0;
  return e;
}

QString coordinate_edit_problem(const Document& doc, const Joint& joint, int i, const CoordinateEdit& edit) {
  const int dof = joint_q_size(joint);
  if (i < 0 || i >= dof) return QObject::tr("%1 has no coordinate %2").arg(joint.name).arg(i + 1);
  const QString name = edit.name.trimmed();
  if (name.isEmpty()) return QObject::tr("Coordinate %1 of %2 needs a name").arg(i + 1).arg(joint.name);
  // files and scenes refer to a coordinate as body.coordinate
  static const QRegularExpression valid(QStringLiteral("^[A-Za-z_][A-Za-z0-9_\\-]*$"));
  if (!valid.match(name).hasMatch())
    return QObject::tr("\"%1\" cannot name a coordinate: use letters, digits, _ and -, starting with a letter").arg(name);
  for (int k = 0; k < dof; ++k)
    if (k != i && coordinate_name(joint, k) == name)
      return QObject::tr("%1 already has a coordinate named %2").arg(joint.name, name);
  // an opened model's file refers to coordinates by name across the model: a rename is written back with every
  // reference (osim_names.hpp), so the name must be free there too
  if (name != coordinate_name(joint, i))
    if (const QString taken = osim_name_taken(doc.data(), joint, i, name); !taken.isEmpty()) return taken;
  if (unit_translational(edit.unit) != coordinate_translational(joint, i))
    return QObject::tr("%1 is a %2: its unit is %3")
        .arg(coordinate_name(joint, i),
             coordinate_translational(joint, i) ? QObject::tr("translation") : QObject::tr("rotation"),
             coordinate_translational(joint, i) ? QObject::tr("mm or m") : QObject::tr("degrees or radians"));
  for (const auto& bound : {edit.min, edit.max})
    if (bound && !is_limit(*bound)) return QObject::tr("A bound of %1 is not a finite number").arg(name);
  if (edit.min && edit.max && !(*edit.min < *edit.max))
    return QObject::tr("The range of %1 needs min < max (%2 ≥ %3)")
        .arg(name, coordinate_value_text(joint, i, *edit.min), coordinate_value_text(joint, i, *edit.max));
  const bool range_changed = edit.min != coordinate_min(joint, i) || edit.max != coordinate_max(joint, i);
  if (range_changed && joint.model && joint.model->own_range_policy() == RangePolicy::Wrap)
    return QObject::tr("%1 is a closed curve: its range is its period, set by the fit").arg(joint.name);
  if (!std::isfinite(edit.default_value)) return QObject::tr("The default of %1 is not a finite number").arg(name);
  if ((edit.min && edit.default_value < *edit.min) || (edit.max && edit.default_value > *edit.max))
    return QObject::tr("The default of %1, %2, is outside its range %3")
        .arg(name, coordinate_value_text(joint, i, edit.default_value), coordinate_range_text(joint, i));
  return {};
}

OpResult<bool> edit_coordinate(Document& doc, JointId id, int i, const CoordinateEdit& edit_in) {
  const Joint* j = doc.data().joint(id);
  if (!j) return {false, QObject::tr("No joint with id %1").arg(id)};
  CoordinateEdit edit = edit_in;
  edit.name = edit.name.trimmed();
  if (const QString problem = coordinate_edit_problem(doc, *j, i, edit); !problem.isEmpty()) return {false, problem};
  const CoordinateEdit now = coordinate_edit_of(*j, i);
  if (edit == now) return {false, {}};
  const int dof = joint_q_size(*j);
  const auto k = static_cast<std::size_t>(i);
  Joint after = *j;
  resize_to(after.degrees, dof, false);
  resize_to(after.millimetres, dof, false);
  after.degrees[k] = edit.unit == CoordinateUnit::degrees;
  after.millimetres[k] = edit.unit == CoordinateUnit::millimetres;
  // what the user changed is kept for the next fit; what they left alone stays the fit's to choose
  resize_to(after.user_coordinates, dof, Coordinate{"", Coordinate::kNoLowerLimit, Coordinate::kNoUpperLimit, false});
  Coordinate& user = after.user_coordinates[k];
  if (edit.name != now.name) user.name = edit.name.toStdString();
  if (edit.min != now.min) user.min = stored_min(edit.min);
  if (edit.max != now.max) user.max = stored_max(edit.max);
  if (after.default_q.size() != dof) after.default_q = Eigen::VectorXd::Zero(dof);
  after.default_q[i] = edit.default_value;
  const QString text = QObject::tr("Edit coordinate %1 of %2").arg(edit.name, j->name);
  if (!j->model) {
    push_swap(doc, *j, after, text);
    return {true, {}};
  }
  // models are immutable: a clone with the new coordinate
  const std::string name = edit.name.toStdString(), old_name = now.name.toStdString();
  const bool renamed = edit.name != now.name;
  std::unique_ptr<JointModel> model = renamed_clone(*j->model, i, name);
  Coordinate& c = model->coordinates()[k];
  if (model->own_range_policy() != RangePolicy::Wrap) {
    c.min = stored_min(edit.min);
    c.max = stored_max(edit.max);
  }
  // a chosen wrap or clamp must still fit the new range (wrap: its ends meet)
  if (!model->out_of_range_is_own()) {
    try {
      model->set_out_of_range(model->out_of_range());
    } catch (const std::invalid_argument& e) {
      return {false, QObject::tr("%1 is set to %2 past its range, which this range does not allow: %3 (choose "
                                 "Extrapolate under Past the range first)")
                         .arg(j->name, out_of_range_text(model->out_of_range()).toLower(),
                              QString::fromStdString(e.what()).section(QStringLiteral(": "), 1))};
    }
  }
  after.model = std::move(model);
  // an opened scene's joint keys describe the range and names as read: the scene export writes the model instead
  if (renamed || edit.min != now.min || edit.max != now.max) after.scene_joint = nullptr;
  // a re-authored joint's candidate stands in for these coordinates, and the original it replaced holds them as the
  // file has them (Restore Original brings it back): both follow the name
  if (renamed && j->candidate && j->candidate->dof() == dof) after.candidate = renamed_clone(*j->candidate, i, name);
  if (renamed && j->original && j->original->dof() == dof) after.original = renamed_clone(*j->original, i, name);
  after.q = clamp_to_range(after, j->q);
  const Body* child = doc.data().body(j->child);
  if (!child) return {false, QObject::tr("Joint %1 has no child body").arg(j->name)};
  Body moved = *child;
  moved.pose = joint_transform(*after.model, after.q);
  // an opened scene names the coordinate as body.coordinate in its springs, motors, couplers and initial state, and
  // the child's drive by its name: they follow in the same undo step, so the export and Simulate still find it
  const std::string body = body_scene_name(*child);
  if (renamed && !body.empty()) {
    rename_drive_coordinate(moved.scene_keys, old_name, name);
    nlohmann::json keys = doc.data().scene_keys;
    if (rename_scene_coordinate(keys, body, old_name, name) > 0) {
      DocumentData data = doc.data();
      data.scene_keys = std::move(keys);
      *data.joint(id) = std::move(after);
      *data.body(moved.id) = std::move(moved);
      push_swap(doc, doc.data(), std::move(data), text);
      return {true, {}};
    }
  }
  push_swap(doc, JointMotion{*j, *child}, JointMotion{std::move(after), std::move(moved)}, text);
  return {true, {}};
}

OpResult<bool> set_out_of_range(Document& doc, JointId id, OutOfRange policy) {
  const Joint* j = doc.data().joint(id);
  if (!j) return {false, QObject::tr("No joint with id %1").arg(id)};
  if (!j->model) return {false, QObject::tr("%1 has no model yet: fit it first").arg(j->name)};
  if (j->model->out_of_range() == policy) return {false, {}};
  std::unique_ptr<JointModel> model = j->model->clone();
  try {
    model->set_out_of_range(policy);
  } catch (const std::invalid_argument& e) {
    return {false, QObject::tr("%1 cannot %2 past its range: %3")
                       .arg(j->name, QString::fromLatin1(out_of_range_name(policy)),
                            QString::fromStdString(e.what()).section(QStringLiteral(": "), 1))};
  }
  const Body* child = doc.data().body(j->child);
  if (!child) return {false, QObject::tr("Joint %1 has no child body").arg(j->name)};
  Joint after = *j;
  after.model = std::move(model);
  // the scene's joint keys describe the model as read: the export writes this one instead
  after.scene_joint = nullptr;
  Body moved = *child;
  moved.pose = joint_transform(*after.model, after.q);
  const QString text = QObject::tr("%1 past the range of %2").arg(out_of_range_text(policy), j->name);
  push_swap(doc, JointMotion{*j, *child}, JointMotion{std::move(after), std::move(moved)}, text);
  return {true, {}};
}

QString out_of_range_text(OutOfRange policy) {
  switch (policy) {
    case OutOfRange::Extrapolate: return QObject::tr("Extrapolate");
    case OutOfRange::Clamp: return QObject::tr("Clamp");
    case OutOfRange::Wrap: return QObject::tr("Wrap");
  }
  return {};
}

OpResult<bool> reset_joint_q(Document& doc, JointId id) {
  const Joint* j = doc.data().joint(id);
  if (!j) return {false, QObject::tr("No joint with id %1").arg(id)};
  return set_joint_q(doc, id, joint_default_q(*j));
}

}  // namespace js::ui
