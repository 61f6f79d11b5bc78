#include "ui/document/joint_model.hpp"

#include <QObject>
#include <algorithm>
#include <cmath>
#include <numbers>

#include "core/io/joint_file.hpp"
#include "core/joints/lower_pairs.hpp"
#include "core/joints/spline_curve_joint.hpp"
#include "core/lie/so3.hpp"

namespace js::ui {
namespace {


}  // namespace

std::shared_ptr<const JointModel> default_joint_model(JointKind kind, const SE3& parent_T_child) {
  std::unique_ptr<JointModel> m;
  // axes in the child's frame: z for hinges and slides (the mesh's own axis), x then y for a universal
  if (kind == JointKind::Revolute) m = std::make_unique<RevoluteJoint>(Vec3::UnitZ());
  else if (kind == JointKind::Prismatic) m = std::make_unique<PrismaticJoint>(Vec3::UnitZ());
  else if (kind == JointKind::Cylindrical) m = std::make_unique<CylindricalJoint>(Vec3::UnitZ());
  else if (kind == JointKind::Universal) m = std::make_unique<UniversalJoint>(Vec3::UnitX(), Vec3::UnitY());
  else if (kind == JointKind::Spherical) m = std::make_unique<SphericalJoint>("zyx");
  else if (kind == JointKind::Planar) m = std::make_unique<PlanarJoint>(Vec3::UnitZ());
  if (!m) return nullptr;
  m->set_offsets(parent_T_child, SE3::identity());
  return m;
}

QString model_kind_name(const JointModel& model) { return QString::fromLatin1(joint_kind_name(model.kind())); }

SE3 joint_transform(const JointModel& model, const Eigen::VectorXd& q) {
  JointData d(model.dof());
  model.evaluate(q, d, EvalLevel::Transform);
  return d.G;
}

void coordinate_range(const Joint& joint, int i, double& lo, double& hi) {
  if (joint.model && i < joint.model->dof()) {
    const Coordinate& c = joint.model->coordinates()[static_cast<std::size_t>(i)];
    if (c.has_range()) {
      lo = c.min;
      hi = c.max;
      return;
    }
  } else if (!joint.model && i >= 0 && static_cast<std::size_t>(i) < joint.user_coordinates.size() &&
             joint.user_coordinates[static_cast<std::size_t>(i)].has_range()) {
    // not fitted yet: the range the user gave it for the fit
    lo = joint.user_coordinates[static_cast<std::size_t>(i)].min;
    hi = joint.user_coordinates[static_cast<std::size_t>(i)].max;
    return;
  }
  bool any = false;
  for (const Sample& s : joint.samples) {
    if (i >= s.q.size()) continue;
    lo = any ? std::min(lo, s.q[i]) : s.q[i];
    hi = any ? std::max(hi, s.q[i]) : s.q[i];
    any = true;
  }
  if (!any) {
    lo = -kPi;
    hi = kPi;
    return;
  }
  // room to move past the captured poses; at least one turn either way for angle-like coordinates
  const double mid = 0.5 * (lo + hi);
  lo = std::min(lo, mid - kPi);
  hi = std::max(hi, mid + kPi);
}

Eigen::VectorXd clamp_to_range(const Joint& joint, const Eigen::VectorXd& q) {
  Eigen::VectorXd out = q;
  if (!joint.model) return out;
  const auto& coords = joint.model->coordinates();
  const bool wraps = joint.model->range_policy() == RangePolicy::Wrap;
  for (Eigen::Index i = 0; i < out.size() && i < static_cast<Eigen::Index>(coords.size()); ++i) {
    const Coordinate& c = coords[static_cast<std::size_t>(i)];
    if (wraps || !c.is_bounded()) continue;
    out[i] = std::clamp(out[i], c.min, c.max);
  }
  return out;
}

nlohmann::json model_to_json(const JointModel& model) {
  // doubles print in round-trip form, so the unordered copy is lossless
  return nlohmann::json::parse(io::joint_to_json(model).dump());
}

std::shared_ptr<const JointModel> model_from_json(const nlohmann::json& doc, const std::string& where) {
  return std::shared_ptr<const JointModel>(io::read_joint_json(doc, where));
}

std::vector<PoseError> sample_errors(const Joint& joint) {
  std::vector<PoseError> out;
  // a re-authored joint's residuals are its fitted candidate's
  const JointModel* model = joint.candidate ? joint.candidate.get() : joint.model.get();
  if (!model) return out;
  const int dof = model->dof();
  JointData d(dof);
  for (const Sample& s : joint.samples) {
    if (s.q.size() != dof) return {};
    model->evaluate(s.q, d, EvalLevel::Transform);
    PoseError e;
    e.translation = (d.G.p - s.parent_T_child.p).norm();
    e.rotation = so3_log(d.G.R.transpose() * s.parent_T_child.R).norm();
    out.push_back(e);
  }
  return out;
}

}  // namespace js::ui
