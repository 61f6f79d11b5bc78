#include "ui/export/exports.hpp"
#include "ui/export/timeline_scene.hpp"

#include "ui/export/osim_couplers.hpp"

#include <QFileInfo>
#include <QHash>
#include <QObject>
#include <QSet>
#include <algorithm>
#include <map>
#include <exception>

#include "core/dynamics/simulator.hpp"
#include "core/io/atomic_file.hpp"
#include "core/io/joint_file.hpp"
#include "ui/document/scene_names.hpp"
#include "ui/document/scene_paths.hpp"
#include "ui/document/joint_model.hpp"
#include "ui/joint/joint_operations.hpp"

namespace js::ui {
namespace {

using json = nlohmann::json;

json transform_json(const SE3& T) {
  json R = json::array();
  for (int r = 0; r < 3; ++r) R.push_back({T.R(r, 0), T.R(r, 1), T.R(r, 2)});
  return {{"rotation", R}, {"translation", {T.p.x(), T.p.y(), T.p.z()}}};
}

// scene body names: unique, non-empty, no '.'
QString scene_name(const Body& b, QSet<QString>& used) {
  QString name = b.name.trimmed();
  name.replace(QLatin1Char('.'), QLatin1Char('_'));
  if (name.isEmpty()) name = QStringLiteral("body");
  if (used.contains(name)) name += QStringLiteral("_%1").arg(b.id);
  used.insert(name);
  return name;
}

// the bodies' names as the scene file had them (kept in each body's scene_keys "name") → their names now
std::map<std::string, std::string> renamed_bodies(const DocumentData& d, const QHash<BodyId, QString>& names) {
  std::map<std::string, std::string> out;
  for (auto it = names.begin(); it != names.end(); ++it) {
    const Body* b = d.body(it.key());
    if (!b || !b->scene_keys.is_object() || !b->scene_keys.contains("name") || !b->scene_keys["name"].is_string())
      continue;
    const std::string was = b->scene_keys["name"].get<std::string>(), now = it.value().toStdString();
    if (was != now) out[was] = now;
  }
  return out;
}

}  // namespace

QString export_joint_file(const DocumentData& d, JointId id, const QString& path) {
  const Joint* j = d.joint(id);
  if (!j) return QObject::tr("Select a joint to export");
  if (!j->model) return QObject::tr("%1 has no joint model yet: fit it first").arg(j->name);
  try {
    io::write_joint_file(*j->model, path.toStdString());
  } catch (const std::exception& e) {
    return QObject::tr("Cannot export %1: %2").arg(path, QString::fromUtf8(e.what()));
  }
  return {};
}

OpResult<bool> load_joint_file(Document& doc, JointId id, const QString& path) {
  if (!doc.data().joint(id)) return {false, QObject::tr("Select a joint to load the joint file into")};
  std::shared_ptr<const JointModel> model;
  try {
    model = io::read_joint_file(path.toStdString());
  } catch (const std::exception& e) {
    return {false, QString::fromUtf8(e.what())};
  }
  return set_joint_model(doc, id, std::move(model), QObject::tr("Load %1").arg(QFileInfo(path).fileName()));
}

json scene_to_json(const DocumentData& d, QString& error, std::vector<BodyId>* scene_bodies) {
  error.clear();
  // the scene's root frame: a frame-only root body (a scene opened in the app); its children hang from it
  const Body* root_frame = nullptr;
  for (const Body& b : d.bodies) {
    if (!b.frame_only || d.joint_of_child(b.id)) continue;
    if (root_frame) {
      error = QObject::tr("%1 and %2 are both root frames: a scene has one").arg(root_frame->name, b.name);
      return {};
    }
    root_frame = &b;
  }
  // parents before children: roots first, then breadth-first down the joints
  std::vector<const Body*> order;
  for (const Body& b : d.bodies)
    if (!d.joint_of_child(b.id) && !b.frame_only) order.push_back(&b);
  if (root_frame)
    for (const Joint& j : d.joints)
      if (j.parent == root_frame->id)
        if (const Body* c = d.body(j.child)) order.push_back(c);
  for (std::size_t i = 0; i < order.size(); ++i)
    for (const Joint& j : d.joints)
      if (j.parent == order[i]->id)
        if (const Body* c = d.body(j.child)) order.push_back(c);

  QSet<QString> used;
  QHash<BodyId, QString> names;
  json bodies = json::array();
  json initial_q = json::object();
  for (const Body* b : order) {
    const QString name = scene_name(*b, used);
    names.insert(b->id, name);
    // keys of an opened scene the document does not model come back verbatim
    json body = b->scene_keys.is_object() ? b->scene_keys : json::object();
    body["name"] = name.toStdString();
    const Joint* j = d.joint_of_child(b->id);
    // what the app draws and the joint's name come back when the scene is opened again (a mesh the scene
    // reads for mass already draws)
    const bool mesh_from_scene = b->scene_keys.is_object() && b->scene_keys.contains("mesh");
    if (!b->mesh_path.isEmpty() && !b->mesh_path.startsWith(QLatin1String("inline:")) && !mesh_from_scene)
      body["visual"] = {{"file", b->mesh_path.toStdString()},
                        {"units", b->units == LengthUnit::millimetres ? "mm" : "m"},
                        {"colour", b->colour.name().toStdString()}};
    if (j && !j->name.isEmpty()) body["joint_name"] = j->name.toStdString();
    if (!j) {
      // a root body stays where it is: a fixed joint at its world pose
      body["joint"] = {{"kind", "fixed"}, {"dof", 0}, {"coordinates", json::array()},
                       {"offsets", {{"parent_T_joint", transform_json(b->pose)},
                                    {"moving_T_child", transform_json(SE3::identity())}}}};
    } else {
      if (!j->model) {
        error = QObject::tr("%1 has no joint model yet: fit it (or load a joint file) before exporting a scene")
                    .arg(j->name);
        return {};
      }
      if (!root_frame || j->parent != root_frame->id) body["parent"] = names.value(j->parent).toStdString();
      if (j->scene_joint.is_object()) {
        for (const auto& [key, value] : j->scene_joint.items()) body[key] = value;
      } else {
        body["joint"] = model_to_json(*j->model);
      }
      for (int c = 0; c < j->model->dof() && c < j->q.size(); ++c)
        initial_q[name.toStdString() + "." + j->model->coordinates()[static_cast<std::size_t>(c)].name] = j->q[c];
    }
    const double now[7] = {b->mass, b->com.x(), b->com.y(), b->com.z(),
                           b->inertia_diag.x(), b->inertia_diag.y(), b->inertia_diag.z()};
    const bool mass_as_read = b->scene_keys.is_object() && std::equal(now, now + 7, b->scene_mass);
    if (!mass_as_read) {
      // edited (or never read): the document's mass properties replace the scene's mesh density or inertia
      for (const char* k : {"mesh", "mass", "com", "inertia"}) body.erase(k);
      body["mass"] = b->mass;
      body["com"] = {b->com.x(), b->com.y(), b->com.z()};
      const Vec3& I = b->inertia_diag;
      body["inertia"] = {{I.x(), 0.0, 0.0}, {0.0, I.y(), 0.0}, {0.0, 0.0, I.z()}};
    }
    bodies.push_back(body);
  }
  if (bodies.empty()) {
    error = QObject::tr("The project has no bodies to export");
    return {};
  }
  if (scene_bodies) {
    scene_bodies->clear();
    for (const Body* b : order) scene_bodies->push_back(b->id);
  }
  json scene = d.scene_keys.is_object()
                   ? d.scene_keys
                   : json{{"description", "exported by the Jointsmith app"},
                          {"settings", {{"gravity", {0.0, -9.81, 0.0}}, {"dt", 1e-3}, {"duration", 2.0},
                                        {"integrator", "rk4"}}}};
  // the kept keys (forces, loops, initial q̇) follow bodies renamed since the scene was opened
  rename_scene_bodies(scene, renamed_bodies(d, names));
  // the document's simulation settings: the exported scene runs as Simulate does
  const SimulationSettings& sim = d.simulation;
  scene["settings"]["dt"] = sim.dt;
  scene["settings"]["integrator"] = integrator_name(sim.integrator);
  if (sim.maximal_solver || scene["settings"].contains("solver"))
    scene["settings"]["solver"] = sim.maximal_solver ? "maximal" : "reduced";
  if (sim.energy_projection || scene["settings"].contains("energy_projection"))
    scene["settings"]["energy_projection"] = sim.energy_projection;
  if (sim.damping > 0.0 || (scene.contains("forces") && scene["forces"].contains("joint_damping")))
    scene["forces"]["joint_damping"] = sim.damping;
  scene["format"] = "jointsmith.scene";
  scene["version"] = 1;
  scene["bodies"] = bodies;
  scene["initial_state"]["q"] = initial_q;
  // an opensim model's couplers: simulate holds them (q̇ of the coupled coordinates follows from them)
  if (nlohmann::json couplers = osim_couplers_json(d, names); !couplers.empty()) scene["couplers"] = couplers;
  if (root_frame && (scene.contains("root") || root_frame->pose.R != Mat3::Identity() || !root_frame->pose.p.isZero(0.0)))
    scene["root"]["pose"] = transform_json(root_frame->pose);
  return scene;
}

QString export_scene_file(const DocumentData& d, const QString& path) {
  QString error;
  std::vector<BodyId> ids;
  json scene = scene_to_json(d, error, &ids);
  if (!error.isEmpty()) return error;
  // keyed joints move in the exported scene as Simulate moves them (not in scene_to_json: Simulate prescribes them
  // itself, from the dock's curves)
  if (d.simulation.follow_timeline)
    if (const QString e = add_timeline_to_scene(d, ids, scene); !e.isEmpty()) return e;
  // gravity switched off in the app (the player keeps the scene's gravity to switch it back on)
  if (!d.simulation.gravity) scene["settings"]["gravity"] = {0.0, 0.0, 0.0};
  // the files it names (meshes, joint files) relative to its folder: the scene moves with them
  make_scene_paths_relative(scene, QFileInfo(path).absolutePath());
  try {
    io::write_file_atomic(path.toStdString(), scene.dump(2) + "\n");
  } catch (const std::exception& e) {
    return QObject::tr("Cannot write %1").arg(QString::fromUtf8(e.what()));
  }
  return {};
}

}  // namespace js::ui
