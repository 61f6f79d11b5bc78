#include "ui/document/document_data.hpp"

#include <QStringList>
#include <algorithm>
#include <utility>

#include "core/dynamics/simulator.hpp"
#include "core/fit/curve_fit.hpp"
#include "core/joints/joint.hpp"

namespace js::ui {

int joint_dof(JointKind kind) {
  switch (kind) {
    case JointKind::SplineSurface:
    case JointKind::Universal:
    case JointKind::Cylindrical:
      return 2;
    case JointKind::Spherical:
    case JointKind::Planar:
      return 3;
    case JointKind::Fixed:
      return 0;
    default:
      return 1;
  }
}

int joint_q_size(const Joint& joint) { return joint.model ? joint.model->dof() : joint_dof(joint.kind); }

const std::vector<JointKind>& joint_kinds() {
  static const std::vector<JointKind> kinds{JointKind::SplineCurve, JointKind::SplineSurface, JointKind::Revolute,
                                            JointKind::Prismatic,   JointKind::Cylindrical,   JointKind::Universal,
                                            JointKind::Spherical,   JointKind::Planar};
  return kinds;
}

bool is_spline_kind(JointKind kind) { return kind == JointKind::SplineCurve || kind == JointKind::SplineSurface; }

QString joint_kind_text(JointKind kind) { return QString::fromLatin1(joint_kind_name(kind)); }
QString fit_method_text(fit::FitMethod method) {
  return method == fit::FitMethod::Paper ? QStringLiteral("paper") : QStringLiteral("gauss_newton");
}

bool fit_method_from_text(const QString& name, fit::FitMethod& method) {
  if (name == QLatin1String("paper")) {
    method = fit::FitMethod::Paper;
    return true;
  }
  if (name == QLatin1String("gauss_newton") || name == QLatin1String("levenberg_marquardt")) {
    method = fit::FitMethod::GaussNewton;
    return true;
  }
  return false;
}
QString integrator_text(Integrator integrator) { return QString::fromLatin1(integrator_name(integrator)); }

bool integrator_from_text(const QString& name, Integrator& integrator) {
  return integrator_from_name(name.toStdString(), integrator);
}

fit::FitMethod default_fit_method() { return fit::FitMethod::GaussNewton; }
Integrator default_integrator() { return Integrator::RK4; }

QStringList joint_kind_texts() {
  QStringList out;
  for (JointKind k : joint_kinds()) out << joint_kind_text(k);
  return out;
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

QString timeline_mode_text(TimelineMode mode) {
  return mode == TimelineMode::arc_length ? QStringLiteral("arc_length") : QStringLiteral("q");
}

}  // namespace js::ui
