#include "ui/export/osim_import.hpp"

#include <QColor>
#include <QFileInfo>
#include <cmath>
#include <exception>
#include <map>
#include <set>
#include <tuple>

#include "core/interop/gltf_export.hpp"
#include "core/interop/osim_model.hpp"
#include "ui/document/joint_model.hpp"

namespace js::ui {

bool is_osim_file(const QString& path) { return path.endsWith(QLatin1String(".osim"), Qt::CaseInsensitive); }

OsimLoad load_osim(const QString& path, const QStringList& geometry_paths) {
  OsimLoad out;
  interop::OsimReadOptions options;
  for (const QString& p : geometry_paths) options.geometry_paths.push_back(p.toStdString());
  interop::OsimModel m;
  try {
    m = interop::read_osim_model(QFileInfo(path).absoluteFilePath().toStdString(), options);
  } catch (const std::exception& e) {
    out.error = QString::fromUtf8(e.what());
    return out;
  }
  auto source = std::make_shared<OsimDocumentSource>();
  source->path = QFileInfo(path).absoluteFilePath();
  source->version = m.version;
  source->model_name = QString::fromStdString(m.name);
  for (const interop::OsimKept& k : m.kept) source->not_simulated << QStringLiteral("%1 ×%2").arg(QString::fromStdString(k.type)).arg(k.count);
  for (const interop::OsimIssue& i : m.issues) {
    source->issues << QString::fromStdString(i.message());
    out.issues << QString::fromStdString(i.message());
  }
  // q index → (joint element name, index in the joint)
  std::map<int, std::pair<QString, int>> owner;
  for (const interop::OsimModelJoint& j : m.joints) {
    if (!j.joint) continue;
    const int b = m.multibody.find_body(j.child_body);
    if (b < 0) continue;
    for (int k = 0; k < m.multibody.body(b).dof; ++k) owner[m.multibody.body(b).q_index + k] = {QString::fromStdString(j.name), k};
  }
  for (const interop::OsimCoupler& c : m.couplers) {
    OsimDocumentCoupler dc;
    dc.name = QString::fromStdString(c.name);
    std::tie(dc.dependent_joint, dc.dependent_index) = owner[c.dependent_index];
    for (int i : c.independent_indices) dc.independents.push_back(owner[i]);
    dc.function = c.function;
    dc.scale = c.scale;
    source->coupler_list.push_back(dc);
    QStringList ind;
    for (const std::string& n : c.independents) ind << QString::fromStdString(n);
    source->couplers << QStringLiteral("%1 = %2 · %3(%4)").arg(QString::fromStdString(c.dependent)).arg(c.scale)
                            .arg(QString::fromLatin1(axis_function_element(c.function.kind())), ind.join(QStringLiteral(", ")));
  }

  DocumentData d;
  // opensim is y-up (gravity along −y)
  d.camera.z_up = interop::world_is_z_up(m.gravity);
  // the model's gravity is the scene's: playback and exported scenes fall the way the model does
  d.scene_keys = {{"description", "OpenSim model " + m.name},
                  {"settings", {{"gravity", {m.gravity.x(), m.gravity.y(), m.gravity.z()}}, {"dt", 1e-3},
                                {"duration", 2.0}, {"integrator", "rk4"}}}};
  Body ground;
  ground.id = d.next_id++;
  ground.name = QStringLiteral("ground");
  ground.frame_only = true;
  d.bodies.push_back(ground);

  // meshes by body name, each part in the body frame
  std::map<std::string, std::vector<MeshPart>> parts;
  for (const interop::OsimMesh& mesh : m.meshes) {
    if (!mesh.found()) {
      QStringList tried;
      for (const std::string& t : mesh.tried) tried << QString::fromStdString(t);
      out.missing_meshes << QStringLiteral("%1 (tried %2)").arg(QString::fromStdString(mesh.file), tried.join(QStringLiteral(", ")));
      continue;
    }
    parts[mesh.body].push_back(MeshPart{QString::fromStdString(mesh.path), mesh.scale, mesh.body_T_mesh});
  }
  // meshes on the ground (a floor, a treadmill, a seat) draw with the ground frame
  if (auto it = parts.find("ground"); it != parts.end()) d.bodies.front().mesh_parts = it->second;

  std::vector<BodyId> ids(static_cast<std::size_t>(m.multibody.num_bodies()), 0);
  std::map<int, const interop::OsimModelJoint*> joint_of;  // multibody index → the joint that carries it
  for (const interop::OsimModelJoint& j : m.joints) {
    if (!j.joint) continue;
    const int b = m.multibody.find_body(j.child_body);
    if (b >= 0) joint_of[b] = &j;
  }
  for (int i = 0; i < m.multibody.num_bodies(); ++i) {
    const js::Body& sb = m.multibody.body(i);
    Body b;
    b.id = d.next_id++;
    b.name = QString::fromStdString(sb.name);
    b.colour = QColor(230, 220, 196);  // bone
    b.mass = sb.inertia.mass;
    b.com = sb.inertia.com;
    b.inertia_diag = sb.inertia.inertia_com.diagonal();
    if (auto it = parts.find(sb.name); it != parts.end()) b.mesh_parts = it->second;
    Joint j;
    j.id = d.next_id++;
    j.parent = sb.parent < 0 ? ground.id : ids[static_cast<std::size_t>(sb.parent)];
    j.child = b.id;
    const interop::OsimModelJoint* oj = joint_of.count(i) ? joint_of[i] : nullptr;
    j.name = oj ? QString::fromStdString(oj->name) : b.name;
    j.osim_joint = oj ? QString::fromStdString(oj->name) : QString();
    j.model = sb.joint;
    j.kind = sb.joint->kind();
    j.q = m.default_q.segment(sb.q_index, sb.dof);
    // the model's defaults are where Reset puts the sliders (the coordinate editor can change them)
    j.default_q = j.q;
    for (int k = 0; k < sb.dof; ++k) {
      const int c = m.find_coordinate(sb.joint->coordinates()[static_cast<std::size_t>(k)].name);
      const bool translational = c >= 0 && m.coordinates[static_cast<std::size_t>(c)].motion == interop::OsimMotion::Translational;
      j.degrees.push_back(c >= 0 && !translational);
      // the ui reads lengths in mm
      j.millimetres.push_back(translational);
    }
    b.pose = joint_transform(*j.model, j.q);
    ids[static_cast<std::size_t>(i)] = b.id;
    d.bodies.push_back(b);
    d.joints.push_back(j);
  }
  source->text = std::move(m.text);
  d.osim = source;
  out.summary = QStringLiteral("%1: %2 bodies, %3 joints, %4 coordinates, %5 of %6 meshes found")
                    .arg(QString::fromStdString(m.name)).arg(m.multibody.num_bodies()).arg(m.joints.size())
                    .arg(m.coordinates.size()).arg(m.meshes_found()).arg(m.meshes.size());
  out.data = std::move(d);
  return out;
}

}  // namespace js::ui
