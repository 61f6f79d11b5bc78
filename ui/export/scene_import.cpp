#include "ui/export/scene_import.hpp"

#include <QColor>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QObject>
#include <cmath>
#include <exception>

#include "core/io/json_text.hpp"
#include "core/dynamics/simulator.hpp"
#include "core/interop/gltf_export.hpp"
#include "core/scene/scene_file.hpp"
#include "ui/document/scene_paths.hpp"
#include "ui/document/joint_model.hpp"

namespace js::ui {
namespace {

using json = nlohmann::json;

json without(const json& object, std::initializer_list<const char*> keys) {
  json out = object;
  for (const char* k : keys) out.erase(k);
  return out;
}

void set_scene_mass(Body& b) {
  b.scene_mass[0] = b.mass;
  for (int k = 0; k < 3; ++k) {
    b.scene_mass[1 + k] = b.com[k];
    b.scene_mass[4 + k] = b.inertia_diag[k];
  }
}

}  // namespace

bool is_scene_file(const QString& path) {
  QFile f(path);
  if (!f.open(QIODevice::ReadOnly)) return false;
  const QByteArray bytes = f.readAll();
  const json j = json::parse(bytes.constBegin(), bytes.constEnd(), nullptr, false);
  return j.is_object() && j.value("format", std::string()) == scene::kSceneFileFormat;
}

SceneLoad load_scene(const QString& path) {
  SceneLoad out;
  const QString dir = QFileInfo(path).absolutePath();
  json doc;
  scene::Scene sc;
  try {
    doc = io::parse_json_text(io::read_text_file(path.toStdString()), path.toStdString());
    sc = scene::read_scene_json(doc, path.toStdString(), dir.toStdString());
  } catch (const std::exception& e) {
    out.error = QString::fromUtf8(e.what());
    return out;
  }
  const MultibodyModel& model = sc.model;
  // prescribed coordinates start where their motion puts them at t = 0, as in the simulator
  SimulationState state = sc.initial;
  Simulator(model, sc.forces).apply_prescribed(state);

  DocumentData d;
  d.scene_dir = dir;
  d.scene_keys = without(doc, {"format", "version", "bodies", "initial_state"});
  if (doc.contains("initial_state")) {
    const json rest = without(doc["initial_state"], {"q"});
    if (!rest.empty()) d.scene_keys["initial_state"] = rest;
  }
  // a loop's joint file, like a body's, made absolute so the kept loops still work from elsewhere
  if (d.scene_keys.contains("loops") && d.scene_keys["loops"].is_array())
    for (json& loop : d.scene_keys["loops"])
      if (loop.is_object() && loop.contains("joint") && loop["joint"].is_string())
        loop["joint"] = absolute_scene_path(dir, loop["joint"].get<std::string>());
  out.description = QString::fromStdString(sc.description);
  // the view's up follows gravity: z-up scenes (gravity along −z) are shown with +z up
  d.camera.z_up = interop::world_is_z_up(model.gravity);

  // the root frame: a frame-only body the parentless scene bodies hang from
  Body world;
  world.id = d.next_id++;
  world.name = model.find_body("world") < 0 ? QStringLiteral("world") : QStringLiteral("world_frame");
  world.frame_only = true;
  world.pose = model.root_state(0.0).world_T_root;
  d.bodies.push_back(world);

  std::vector<BodyId> ids;
  const json& bodies = doc.at("bodies");
  for (int i = 0; i < model.num_bodies(); ++i) {
    const js::Body& sb = model.body(i);
    const json& bj = bodies.at(static_cast<std::size_t>(i));
    Body b;
    b.id = d.next_id++;
    b.name = QString::fromStdString(sb.name);
    b.colour = QColor::fromHsv((i * 67 + 30) % 360, 60, 235);
    b.mass = sb.inertia.mass;
    b.com = sb.inertia.com;
    b.inertia_diag = sb.inertia.inertia_com.diagonal();
    set_scene_mass(b);
    // "name" stays as read: the export maps the scene's loops onto the bodies' names after a rename
    b.scene_keys = without(bj, {"parent", "joint", "joint_offsets", "visual", "joint_name"});
    if (b.scene_keys.contains("mesh")) {
      json& mesh = b.scene_keys["mesh"];
      if (mesh.contains("file")) {
        mesh["file"] = absolute_scene_path(dir, mesh["file"].get<std::string>());
        b.mesh_path = QString::fromStdString(mesh["file"].get<std::string>());
      } else {
        // drawn from the kept vertices and triangles (MeshLibrary::mesh(Body)); the key tells meshes apart
        b.mesh_path = QStringLiteral("inline:%1").arg(qHash(QByteArray::fromStdString(mesh.dump())), 0, 16);
      }
    }
    // the app's own drawing mesh and colour (written by its scene export)
    if (bj.contains("visual")) {
      const json& v = bj.at("visual");
      b.mesh_path = QString::fromStdString(absolute_scene_path(dir, v.at("file").get<std::string>()));
      b.units = v.value("units", std::string("m")) == "mm" ? LengthUnit::millimetres : LengthUnit::metres;
      if (v.contains("colour")) b.colour = QColor(QString::fromStdString(v.at("colour").get<std::string>()));
    }
    Joint j;
    j.id = d.next_id++;
    j.parent = sb.parent < 0 ? world.id : ids[static_cast<std::size_t>(sb.parent)];
    j.child = b.id;
    j.name = bj.contains("joint_name") ? QString::fromStdString(bj.at("joint_name").get<std::string>())
                                       : QStringLiteral("%1–%2").arg(sb.parent < 0 ? world.name : d.body(j.parent)->name, b.name);
    j.model = sb.joint;
    j.kind = sb.joint->kind();
    j.q = state.q.segment(sb.q_index, sb.dof);
    j.scene_joint = json::object();
    j.scene_joint["joint"] = bj.at("joint");
    if (bj.at("joint").is_string()) j.scene_joint["joint"] = absolute_scene_path(dir, bj.at("joint").get<std::string>());
    if (bj.contains("joint_offsets")) j.scene_joint["joint_offsets"] = bj.at("joint_offsets");
    b.pose = joint_transform(*j.model, j.q);
    ids.push_back(b.id);
    d.bodies.push_back(b);
    d.joints.push_back(j);
  }
  // the scene's own step, integrator and damping become the document's: Simulate runs what jointsmith-cli runs
  scene_dynamics_settings(d, d.simulation.dt, d.simulation.integrator, d.simulation.damping);
  // and its solver (the core reader checked the name)
  d.simulation.maximal_solver =
      d.scene_keys.value("settings", json::object()).value("solver", std::string("reduced")) == "maximal";
  d.simulation.energy_projection = d.scene_keys.value("settings", json::object()).value("energy_projection", false);
  out.data = std::move(d);
  return out;
}

bool scene_dynamics_settings(const DocumentData& d, double& dt, Integrator& integrator, double& damping) {
  if (!d.scene_keys.is_object()) return false;
  const json settings = d.scene_keys.value("settings", json::object());
  const json forces = d.scene_keys.value("forces", json::object());
  dt = settings.value("dt", 1e-3);
  // the core reader checked the name when the scene was opened
  integrator = Integrator::RK4;
  integrator_from_name(settings.value("integrator", std::string("rk4")), integrator);
  damping = forces.value("joint_damping", 0.0);
  return true;
}

}  // namespace js::ui
