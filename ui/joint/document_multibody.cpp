#include "ui/joint/document_multibody.hpp"

#include <QObject>
#include <algorithm>
#include <exception>

#include "ui/export/exports.hpp"
#include "ui/document/joint_model.hpp"

namespace js::ui {

int DocumentMultibody::scene_body(BodyId id) const {
  const auto it = std::find(bodies.begin(), bodies.end(), id);
  return it == bodies.end() ? -1 : static_cast<int>(it - bodies.begin());
}

Eigen::VectorXd DocumentMultibody::q_of(const DocumentData& d) const {
  Eigen::VectorXd q = scene.initial.q;
  for (const Link& link : links)
    if (const Joint* j = d.joint(link.joint))
      for (std::size_t c = 0; c < link.coordinates.size(); ++c)
        if (link.coordinates[c] >= 0 && static_cast<Eigen::Index>(c) < j->q.size())
          q[link.coordinates[c]] = j->q[static_cast<Eigen::Index>(c)];
  return q;
}

QString build_document_multibody(const DocumentData& d, DocumentMultibody& out) {
  QString error;
  const nlohmann::json json = scene_to_json(d, error, &out.bodies);
  if (!error.isEmpty()) return error;
  try {
    // relative names kept from an opened scene resolve against its folder
    out.scene = scene::read_scene_json(json, "the project", d.scene_dir.toStdString());
  } catch (const std::exception& e) {
    return QObject::tr("Cannot build the multibody of the project: %1").arg(QString::fromUtf8(e.what()));
  }
  const MultibodyModel& model = out.scene.model;
  out.links.clear();
  for (std::size_t k = 0; k < out.bodies.size(); ++k) {
    const Joint* j = d.joint_of_child(out.bodies[k]);
    if (!j) continue;
    DocumentMultibody::Link link{j->id, std::vector<int>(static_cast<std::size_t>(j->model->dof()), -1)};
    for (int c = 0; c < model.nq(); ++c)
      if (model.coordinate(c).body == static_cast<int>(k))
        link.coordinates[static_cast<std::size_t>(model.coordinate(c).local)] = c;
    out.links.push_back(std::move(link));
  }
  out.root_frame = 0;
  for (const Body& b : d.bodies)
    if (b.frame_only && !d.joint_of_child(b.id)) out.root_frame = b.id;
  return {};
}

std::vector<JointPose> joint_poses(const DocumentData& d, const DocumentMultibody& mb, const Eigen::VectorXd& q) {
  std::vector<JointPose> out;
  for (const DocumentMultibody::Link& link : mb.links) {
    const Joint* j = d.joint(link.joint);
    const Body* child = j ? d.body(j->child) : nullptr;
    if (!child || !j->model) continue;
    Joint after = *j;
    for (std::size_t c = 0; c < link.coordinates.size(); ++c)
      if (link.coordinates[c] >= 0) after.q[static_cast<Eigen::Index>(c)] = q[link.coordinates[c]];
    if (after.q == j->q) continue;
    Body moved = *child;
    moved.pose = joint_transform(*after.model, after.q);
    out.push_back({std::move(after), std::move(moved)});
  }
  return out;
}

}  // namespace js::ui
