#include "core/joints/joint.hpp"

#include <array>
#include <utility>

#include "core/lie/hot_path.hpp"

namespace js {

namespace {
constexpr std::array<std::pair<JointKind, const char*>, 15> kKindNames{{
    {JointKind::Fixed, "fixed"},
    {JointKind::Revolute, "revolute"},
    {JointKind::Prismatic, "prismatic"},
    {JointKind::Helical, "helical"},
    {JointKind::Cylindrical, "cylindrical"},
    {JointKind::Universal, "universal"},
    {JointKind::Planar, "planar"},
    {JointKind::Spherical, "spherical"},
    {JointKind::Elliptic, "elliptic"},
    {JointKind::SplineCurve, "spline_curve"},
    {JointKind::SplineSurface, "spline_surface"},
    {JointKind::Series, "series"},
    {JointKind::CustomAxes, "custom_axes"},
    {JointKind::Ellipsoid, "ellipsoid"},
    {JointKind::Restricted, "restricted"},
}};
}  // namespace

const char* joint_kind_name(JointKind kind) {
  for (const auto& [k, name] : kKindNames) {
    if (k == kind) return name;
  }
  return "unknown";
}

bool joint_kind_from_name(const std::string& name, JointKind& kind) {
  for (const auto& [k, n] : kKindNames) {
    if (name == n) {
      kind = k;
      return true;
    }
  }
  return false;
}

void JointModel::set_offsets(const SE3& parent_T_joint, const SE3& moving_T_child) {
  parent_T_joint_ = parent_T_joint;
  moving_T_child_ = moving_T_child;
  has_parent_offset_ = !parent_T_joint.is_approx(SE3::identity(), 0.0);
  parent_offset_is_translation_ = parent_T_joint.R == Mat3::Identity();
  has_child_offset_ = !moving_T_child.is_approx(SE3::identity(), 0.0);
}

JS_HOT_PATH void JointModel::evaluate(const ConstJointRef& q, JointData& data, EvalLevel level) const {
  evaluate_local(q, data, level);
  // G = P · G_local · C; body twists move to the child frame by Ad_{C⁻¹}
  if (has_parent_offset_) {
    if (parent_offset_is_translation_) {
      data.G.p += parent_T_joint_.p;  // exactly P · G when P's rotation is exactly 1
    } else {
      data.G = parent_T_joint_ * data.G;
    }
  }
  if (has_child_offset_) data.G *= moving_T_child_;
  if (!has_child_offset_ || level == EvalLevel::Transform) return;
  const int n = dof();
  for (int i = 0; i < n; ++i) data.S.col(i) = Ad_inv_apply(moving_T_child_, data.S.col(i));
  if (level == EvalLevel::Hessian) {
    for (int c = 0; c < n * n; ++c) data.dS.col(c) = Ad_inv_apply(moving_T_child_, data.dS.col(c));
  }
}

}  // namespace js
