#include "ui/export/osim_import.hpp"

#include <QColor>
#include <QFileInfo>
#include <cmath>
#include <exception>
#include <map>
#include <set>
#include <tuple>

#include "core/interop/osim_model.hpp"
#include "ui/joint/joint_model.hpp"

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
  d.camera.z_up = std::abs(m.gravity.z()) > std::abs(m.gravity.y());
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
    j.kind = model_kind_name(*sb.joint);
    j.q = m.default_q.segment(sb.q_index, sb.dof);
    for (int k = 0; k < sb.dof; ++k) {
      const int c = m.find_coordinate(sb.joint->coordinates()[static_cast<std::size_t>(k)].name);
      j.degrees.push_back(c >= 0 && m.coordinates[static_cast<std::size_t>(c)].motion != interop::OsimMotion::Translational);
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

std::vector<std::pair<JointId, Eigen::VectorXd>> osim_coupled_motion(const DocumentData& d, JointId moved, const Eigen::VectorXd& q) {
  std::vector<std::pair<JointId, Eigen::VectorXd>> out;
  if (!d.osim || d.osim->coupler_list.empty()) return out;
  const Joint* mj = d.joint(moved);
  if (!mj) return out;
  // the current q of every osim joint by element name, the moved one at its new q
  std::map<QString, std::pair<JointId, Eigen::VectorXd>> qs;
  for (const Joint& j : d.joints)
    if (!j.osim_joint.isEmpty()) qs[j.osim_joint] = {j.id, j.id == moved ? q : j.q};
  std::set<QString> changed{mj->osim_joint};
  // joints a coupler wrote; the moved joint is one of them when a coupler drives one of its own coordinates
  // from another (leg39's knee: the tibia's translations follow knee_angle inside the same CustomJoint)
  std::set<QString> written;
  for (const OsimDocumentCoupler& c : d.osim->coupler_list) {
    bool touched = false;
    double x[kMaxAxisFunctionInputs];
    for (std::size_t i = 0; i < c.independents.size() && i < kMaxAxisFunctionInputs; ++i) {
      const auto it = qs.find(c.independents[i].first);
      if (it == qs.end() || c.independents[i].second >= it->second.second.size()) return {};
      x[i] = it->second.second[c.independents[i].second];
      touched = touched || changed.count(c.independents[i].first);
    }
    const auto dep = qs.find(c.dependent_joint);
    if (!touched || dep == qs.end() || c.dependent_index >= dep->second.second.size()) continue;
    double f = 0.0;
    c.function.evaluate(x, f, nullptr, nullptr);
    dep->second.second[c.dependent_index] = c.scale * f;
    changed.insert(c.dependent_joint);
    written.insert(c.dependent_joint);
  }
  for (const QString& name : written) {
    const auto& [id, value] = qs[name];
    out.emplace_back(id, value);
  }
  return out;
}

}  // namespace js::ui
