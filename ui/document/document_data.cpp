#include "ui/document/document_data.hpp"

#include <QStringList>
#include <algorithm>
#include <utility>

#include "core/joints/joint.hpp"

namespace js::ui {

int joint_dof(const QString& kind) {
  if (kind == QLatin1String("spline_surface") || kind == QLatin1String("universal") ||
      kind == QLatin1String("cylindrical"))
    return 2;
  if (kind == QLatin1String("spherical")) return 3;
  if (kind == QLatin1String("planar")) return 3;
  if (kind == QLatin1String("fixed")) return 0;
  return 1;
}

int joint_q_size(const Joint& joint) { return joint.model ? joint.model->dof() : joint_dof(joint.kind); }

QStringList joint_kinds() {
  return {QStringLiteral("spline_curve"), QStringLiteral("spline_surface"), QStringLiteral("revolute"),
          QStringLiteral("prismatic"),    QStringLiteral("cylindrical"),    QStringLiteral("universal"),
          QStringLiteral("spherical"),    QStringLiteral("planar")};
}

const Body* DocumentData::body(BodyId id) const {
  auto it = std::find_if(bodies.begin(), bodies.end(), [id](const Body& b) { return b.id == id; });
  return it == bodies.end() ? nullptr : &*it;
}
Body* DocumentData::body(BodyId id) { return const_cast<Body*>(std::as_const(*this).body(id)); }

const Joint* DocumentData::joint(JointId id) const {
  auto it = std::find_if(joints.begin(), joints.end(), [id](const Joint& j) { return j.id == id; });
  return it == joints.end() ? nullptr : &*it;
}
Joint* DocumentData::joint(JointId id) { return const_cast<Joint*>(std::as_const(*this).joint(id)); }

const Joint* DocumentData::joint_of_child(BodyId child) const {
  auto it = std::find_if(joints.begin(), joints.end(), [child](const Joint& j) { return j.child == child; });
  return it == joints.end() ? nullptr : &*it;
}

SE3 DocumentData::world_T_parent(BodyId id) const {
  const Joint* j = joint_of_child(id);
  return j ? world_T_body(j->parent) : SE3::identity();
}

SE3 DocumentData::world_T_body(BodyId id) const {
  // collect the chain child → root, then compose root-first
  std::vector<const Body*> chain;
  BodyId cur = id;
  while (const Body* b = body(cur)) {
    if (std::find(chain.begin(), chain.end(), b) != chain.end()) break;
    chain.push_back(b);
    const Joint* j = joint_of_child(cur);
    if (!j) break;
    cur = j->parent;
  }
  SE3 world_T = SE3::identity();
  for (auto it = chain.rbegin(); it != chain.rend(); ++it) world_T = world_T * (*it)->pose;
  return world_T;
}

}  // namespace js::ui
