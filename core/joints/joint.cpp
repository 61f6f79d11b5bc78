#include "core/joints/joint.hpp"

#include <algorithm>
#include <array>
#include <cstdio>
#include <stdexcept>
#include <cmath>
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

const char* out_of_range_name(OutOfRange policy) {
  switch (policy) {
    case OutOfRange::Extrapolate: return "extrapolate";
    case OutOfRange::Clamp: return "clamp";
    case OutOfRange::Wrap: return "wrap";
  }
  return "unknown";
}

bool out_of_range_from_name(const std::string& name, OutOfRange& policy) {
  for (OutOfRange p : {OutOfRange::Extrapolate, OutOfRange::Clamp, OutOfRange::Wrap}) {
    if (name == out_of_range_name(p)) {
      policy = p;
      return true;
    }
  }
  return false;
}

OutOfRange JointModel::out_of_range() const {
  if (range_policy_ == RangePolicy::Clamp) return OutOfRange::Clamp;
  if (range_policy_ == RangePolicy::Wrap) return OutOfRange::Wrap;
  return OutOfRange::Extrapolate;
}

void JointModel::set_out_of_range(OutOfRange policy) {
  const std::string name = out_of_range_name(policy);
  if (policy == OutOfRange::Extrapolate) {
    if (own_range_policy_ == RangePolicy::Wrap)
      throw std::invalid_argument("out_of_range \"extrapolate\": a periodic joint has no ends to extrapolate from "
                                  "(use \"wrap\" or \"clamp\")");
    range_policy_ = own_range_policy_;
    return;
  }
  if (policy == OutOfRange::Clamp) {
    const bool any = std::any_of(coordinates_.begin(), coordinates_.end(), [](const Coordinate& c) {
      return c.has_lower_limit() || c.has_upper_limit();
    });
    if (!any) throw std::invalid_argument("out_of_range \"clamp\": no coordinate has a bound to clamp to");
    range_policy_ = RangePolicy::Clamp;
    return;
  }
  if (own_range_policy_ == RangePolicy::Wrap) {
    range_policy_ = RangePolicy::Wrap;
    return;
  }
  // wrapping q jumps from max to min: only where the joint comes back to where it started
  const int n = dof();
  JointVector q(n);
  for (int i = 0; i < n; ++i) {
    const Coordinate& c = coordinates_[static_cast<std::size_t>(i)];
    if (!c.has_range())
      throw std::invalid_argument("out_of_range \"wrap\": coordinate '" + c.name + "' has no range to wrap into");
    q[i] = 0.5 * (c.min + c.max);
  }
  JointData at_min(n), at_max(n);
  for (int i = 0; i < n; ++i) {
    const Coordinate& c = coordinates_[static_cast<std::size_t>(i)];
    JointVector q_min = q, q_max = q;
    q_min[i] = c.min;
    q_max[i] = c.max;
    evaluate_local(q_min, at_min, EvalLevel::Transform);
    evaluate_local(q_max, at_max, EvalLevel::Transform);
    const SE3 gap = at_min.G.inverse() * at_max.G;
    const double metres = gap.p.norm();
    const double radians = se3_log(gap).head<3>().norm();
    if (metres > 1e-6 || radians > 1e-6) {
      char text[200];
      std::snprintf(text, sizeof text, "ends do not meet (G at min and at max differ by %.3g mm and %.3g deg)",
                    metres * 1e3, radians * 180.0 / 3.141592653589793);
      throw std::invalid_argument("out_of_range \"wrap\": coordinate '" + c.name + "': " + text +
                                  ", so wrapping would jump; wrap suits a coordinate that comes back to where it "
                                  "started (a revolute over 360°, a closed curve)");
    }
  }
  range_policy_ = RangePolicy::Wrap;
}

void JointModel::map_into_range(JointVector& q) const {
  for (int i = 0; i < q.size(); ++i) {
    const Coordinate& c = coordinates_[static_cast<std::size_t>(i)];
    if (range_policy_ == RangePolicy::Clamp) {
      if (c.has_lower_limit()) q[i] = std::max(q[i], c.min);
      if (c.has_upper_limit()) q[i] = std::min(q[i], c.max);
    } else {
      // wrap into [min, max)
      const double period = c.max - c.min;
      double r = std::fmod(q[i] - c.min, period);
      if (r < 0) r += period;
      q[i] = c.min + r;
    }
  }
}

void JointModel::set_offsets(const SE3& parent_T_joint, const SE3& moving_T_child) {
  parent_T_joint_ = parent_T_joint;
  moving_T_child_ = moving_T_child;
  has_parent_offset_ = !parent_T_joint.is_approx(SE3::identity(), 0.0);
  parent_offset_is_translation_ = parent_T_joint.R == Mat3::Identity();
  has_child_offset_ = !moving_T_child.is_approx(SE3::identity(), 0.0);
}

JS_HOT_PATH void JointModel::evaluate(const ConstJointRef& q, JointData& data, EvalLevel level) const {
  if (maps_q()) {
    JointVector mapped = q;
    map_into_range(mapped);
    evaluate_local(mapped, data, level);
  } else {
    evaluate_local(q, data, level);
  }
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
