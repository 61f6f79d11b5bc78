#include "core/interop/osim_export.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <stdexcept>
#include <vector>

#include "core/lie/so3.hpp"

namespace js::interop {

namespace {

// the joint's own motion G_local(q) (offsets removed), evaluated through the public interface.
struct LocalMotion {
  const JointModel& joint;
  mutable JointData data;
  SE3 joint_T_parent, child_T_moving;
  explicit LocalMotion(const JointModel& j)
      : joint(j), data(1), joint_T_parent(j.parent_T_joint().inverse()), child_T_moving(j.moving_T_child().inverse()) {}
  SE3 full(double q) const {
    joint.evaluate(JointVector::Constant(1, q), data, EvalLevel::Transform);
    return data.G;
  }
  SE3 local(double q) const { return joint_T_parent * full(q) * child_T_moving; }
};

double angle_between(const Mat3& a, const Mat3& b) { return so3_log(a.transpose() * b).norm(); }

double unwrap_near(double angle, double reference) {
  return angle + 2.0 * kPi * std::round((reference - angle) / (2.0 * kPi));
}

// the six channel values (three angles, three translations) of X_FM at each knot, angles unwrapped along q
std::array<std::vector<double>, 6> channel_values(const LocalMotion& motion, const SE3& mid_T_joint,
                                                  const AxisOrder& order, const std::vector<double>& knots) {
  std::array<std::vector<double>, 6> v;
  Vec3 previous = Vec3::Zero();
  for (std::size_t i = 0; i < knots.size(); ++i) {
    const SE3 X = mid_T_joint * motion.local(knots[i]);
    Vec3 a = decompose_body_fixed(order, X.R);
    if (i > 0) {
      for (int k = 0; k < 3; ++k) a[k] = unwrap_near(a[k], previous[k]);
    }
    previous = a;
    for (int k = 0; k < 3; ++k) {
      v[static_cast<std::size_t>(k)].push_back(a[k]);
      v[static_cast<std::size_t>(k + 3)].push_back(X.p[k]);
    }
  }
  return v;
}

void set_functions(OsimCustomJoint& osim, const OsimExportOptions& options, const std::vector<double>& knots,
                   const std::array<std::vector<double>, 6>& values) {
  for (std::size_t i = 0; i < 6; ++i) osim.axes[i].function = OsimFunction::spline(options.spline_kind, knots, values[i]);
}

// largest of the two error ratios (error / tolerance) at q
double error_ratio(const LocalMotion& motion, const OsimCustomJoint& osim, double q, const OsimExportOptions& o) {
  const SE3 ours = motion.full(q);
  const SE3 theirs = osim.parent_T_child({q});
  return std::max((ours.p - theirs.p).norm() / o.position_tolerance, angle_between(ours.R, theirs.R) / o.angle_tolerance);
}

}  // namespace

OsimFidelity measure_osim_fidelity(const JointModel& joint, const OsimCustomJoint& osim, int coordinate, double q_min,
                                   double q_max, int points, const OsimCoupling* drive) {
  const LocalMotion motion(joint);
  OsimFidelity f;
  f.points = points;
  for (int k = 0; k < points; ++k) {
    const double x = points == 1 ? q_min : q_min + (q_max - q_min) * k / (points - 1);
    const SE3 ours = motion.full(x);
    const SE3 theirs = osim.parent_T_child(osim.path_q(coordinate, drive, x));
    // a pose that is not finite counts as an infinite error, never as none
    const bool finite = ours.R.allFinite() && ours.p.allFinite() && theirs.R.allFinite() && theirs.p.allFinite();
    const double dp = finite ? (ours.p - theirs.p).norm() : std::numeric_limits<double>::infinity();
    const double da = finite ? angle_between(ours.R, theirs.R) : std::numeric_limits<double>::infinity();
    if (dp > f.max_position_error_m) {
      f.max_position_error_m = dp;
      f.worst_position_q = x;
    }
    if (da > f.max_angle_error_rad) {
      f.max_angle_error_rad = da;
      f.worst_angle_q = x;
    }
  }
  f.knots = static_cast<int>(osim.axes[0].function.x().size());  // 0 unless the functions are splines
  return f;
}

OsimExport export_osim(const JointModel& joint, const OsimExportOptions& options) {
  if (joint.dof() != 1) {
    throw std::invalid_argument("OpenSim export needs a 1-dof joint, got " + std::to_string(joint.dof()) + " dof");
  }
  if (!(options.position_tolerance > 0.0) || !(options.angle_tolerance > 0.0)) {
    throw std::invalid_argument("OpenSim export: tolerances must be positive");
  }
  const Coordinate& coord = joint.coordinates()[0];
  const double q0 = options.range ? options.range->first : coord.min;
  const double q1 = options.range ? options.range->second : coord.max;
  if (!is_limit(q0) || !is_limit(q1)) {
    throw std::invalid_argument("OpenSim export: coordinate '" + coord.name +
                                "' has an unbounded range; give the range to export");
  }
  if (!(q1 > q0)) throw std::invalid_argument("OpenSim export: empty coordinate range");

  const LocalMotion motion(joint);
  // turn the parent offset frame to the mid-range pose so the angles stay small, then pick the axis order
  // farthest from gimbal lock over the range
  const double q_mid = 0.5 * (q0 + q1);
  const SE3 mid = SE3::rotation(motion.local(q_mid).R);
  const SE3 mid_T_joint = mid.inverse();
  OsimExport out;
  out.fidelity.min_gimbal_margin = -1.0;
  for (const AxisOrder& order : tait_bryan_orders()) {
    double margin = 1.0;
    for (int k = 0; k <= 200; ++k) {
      margin = std::min(margin, gimbal_margin(order, (mid_T_joint * motion.local(q0 + (q1 - q0) * k / 200.0)).R));
    }
    if (margin > out.fidelity.min_gimbal_margin + 1e-12) {
      out.fidelity.min_gimbal_margin = margin;
      out.fidelity.rotation_order = order;
    }
  }
  const AxisOrder order = out.fidelity.rotation_order;

  OsimCustomJoint& osim = out.joint;
  osim.name = options.joint_name;
  osim.parent_body = options.parent_body;
  osim.child_body = options.child_body;
  OsimCoordinate oc;
  oc.name = coord.name;
  oc.min = q0;
  oc.max = q1;
  oc.has_range = true;
  oc.default_value = std::min(std::max(0.0, q0), q1);
  osim.coordinates = {oc};
  // offsets go through xyz euler angles, as the file stores them
  const SE3 pframe = joint.parent_T_joint() * mid;
  const SE3 cframe = joint.moving_T_child().inverse();
  osim.parent_T_pframe = SE3{compose_body_fixed({0, 1, 2}, decompose_body_fixed({0, 1, 2}, pframe.R)), pframe.p};
  osim.child_T_cframe = SE3{compose_body_fixed({0, 1, 2}, decompose_body_fixed({0, 1, 2}, cframe.R)), cframe.p};
  static const char* names[6] = {"rotation1", "rotation2", "rotation3", "translation1", "translation2", "translation3"};
  for (std::size_t i = 0; i < 6; ++i) {
    osim.axes[i].name = names[i];
    osim.axes[i].coordinate = 0;
    osim.axes[i].axis = Vec3::Unit(i < 3 ? order[i] : static_cast<int>(i) - 3);
  }

  std::vector<double> knots;
  const int n0 = std::max(4, options.initial_knots);
  knots.reserve(static_cast<std::size_t>(n0));
  for (int k = 0; k < n0; ++k) knots.push_back(k == n0 - 1 ? q1 : q0 + (q1 - q0) * k / (n0 - 1));
  while (true) {
    set_functions(osim, options, knots, channel_values(motion, mid_T_joint, order, knots));
    // split every interval with a test point over tolerance
    std::vector<double> added;
    for (std::size_t i = 0; i + 1 < knots.size(); ++i) {
      for (int c = 1; c <= options.checks_per_interval; ++c) {
        const double x = knots[i] + (knots[i + 1] - knots[i]) * c / (options.checks_per_interval + 1);
        if (error_ratio(motion, osim, x, options) > 1.0) {
          added.push_back(0.5 * (knots[i] + knots[i + 1]));
          break;
        }
      }
    }
    if (added.empty() || static_cast<int>(knots.size() + added.size()) > options.max_knots) break;
    knots.insert(knots.end(), added.begin(), added.end());
    std::sort(knots.begin(), knots.end());
  }

  const int points = std::max(4001, 32 * static_cast<int>(knots.size()));
  const double margin = out.fidelity.min_gimbal_margin;
  out.fidelity = measure_osim_fidelity(joint, osim, 0, q0, q1, points);
  out.fidelity.rotation_order = order;
  out.fidelity.min_gimbal_margin = margin;
  out.fidelity.within_tolerance = out.fidelity.max_position_error_m <= options.position_tolerance &&
                                  out.fidelity.max_angle_error_rad <= options.angle_tolerance;
  return out;
}

std::string fidelity_summary(const OsimFidelity& f, const OsimExportOptions& o) {
  char buf[512];
  std::snprintf(buf, sizeof buf,
                "fidelity over %d points of the range: max position error %.3g mm (at q = %.6g), max angle error "
                "%.3g deg (at q = %.6g); tolerance %.3g mm, %.3g deg: %s\n"
                "  %d knots per function (%s), rotations about %s, smallest cos(rotation2) %.3f\n",
                f.points, f.max_position_error_m * 1e3, f.worst_position_q, f.max_angle_error_rad * 180.0 / kPi,
                f.worst_angle_q, o.position_tolerance * 1e3, o.angle_tolerance * 180.0 / kPi,
                f.within_tolerance ? "met" : "NOT met", f.knots, osim_function_element(o.spline_kind),
                axis_order_name(f.rotation_order).c_str(), f.min_gimbal_margin);
  return buf;
}

}  // namespace js::interop
