#include "ui/viewport/gizmo.hpp"

#include <Eigen/Geometry>
#include <algorithm>
#include <cmath>
#include <numbers>

#include "core/lie/so3.hpp"

namespace js::ui {
namespace {

constexpr int kRingSegments = 64;
constexpr double kRingScale = 0.75;

Eigen::Vector4f axis_colour(int axis, bool hot) {
  if (hot) return {1.0f, 0.9f, 0.2f, 1.0f};
  switch (axis) {
    case 0: return {0.95f, 0.25f, 0.25f, 1.0f};
    case 1: return {0.3f, 0.9f, 0.3f, 1.0f};
    default: return {0.3f, 0.5f, 1.0f, 1.0f};
  }
}

Vec3 ring_point(const GizmoFrame& g, int axis, double angle) {
  const Vec3 u = g.axes.col((axis + 1) % 3), w = g.axes.col((axis + 2) % 3);
  return g.origin + kRingScale * g.size * (std::cos(angle) * u + std::sin(angle) * w);
}

// pixel distance from p to the segment ab
double segment_distance(const Eigen::Vector2d& p, const Eigen::Vector2d& a, const Eigen::Vector2d& b) {
  const Eigen::Vector2d ab = b - a;
  const double t = ab.squaredNorm() > 0 ? std::clamp((p - a).dot(ab) / ab.squaredNorm(), 0.0, 1.0) : 0.0;
  return (a + t * ab - p).norm();
}

void push_segment(std::vector<LineVertex>& out, const Vec3& a, const Vec3& b, const Eigen::Vector4f& c) {
  out.push_back({a.cast<float>(), c});
  out.push_back({b.cast<float>(), c});
}

}  // namespace

int gizmo_axis(GizmoHandle h) {
  switch (h) {
    case GizmoHandle::translate_x: case GizmoHandle::rotate_x: return 0;
    case GizmoHandle::translate_y: case GizmoHandle::rotate_y: return 1;
    case GizmoHandle::translate_z: case GizmoHandle::rotate_z: return 2;
    case GizmoHandle::none: break;
  }
  return -1;
}

namespace {
GizmoFrame gizmo_at(const Vec3& origin, const Mat3& axes, const CameraState& cam) {
  GizmoFrame g;
  g.origin = origin;
  g.axes = axes;
  // constant on-screen size: a fixed share of the view height at the gizmo's distance
  g.size = 0.22 * (camera_eye(cam) - g.origin).norm() * std::tan(0.5 * cam.fov_y);
  return g;
}
}  // namespace

GizmoFrame make_gizmo_frame(const DocumentData& d, BodyId body, const CameraState& cam) {
  return gizmo_at(d.world_T_body(body).p, d.world_T_parent(body).R, cam);
}

GizmoFrame make_sample_gizmo_frame(const DocumentData& d, const Joint& joint, int sample, const CameraState& cam) {
  const SE3 world_T_parent = d.world_T_body(joint.parent);
  const SE3& parent_T_child = joint.samples[static_cast<std::size_t>(sample)].parent_T_child;
  return gizmo_at(world_T_parent.act(parent_T_child.p), world_T_parent.R, cam);
}

void append_gizmo_lines(const GizmoFrame& g, GizmoHandle hovered, std::vector<LineVertex>& out) {
  for (int a = 0; a < 3; ++a) {
    const Vec3 dir = g.axes.col(a);
    const bool hot_t = gizmo_axis(hovered) == a && !is_rotate(hovered);
    const Eigen::Vector4f ct = axis_colour(a, hot_t);
    const Vec3 tip = g.origin + g.size * dir;
    push_segment(out, g.origin, tip, ct);
    // arrow head: four short barbs
    const Vec3 u = g.axes.col((a + 1) % 3), w = g.axes.col((a + 2) % 3);
    const Vec3 base = tip - 0.15 * g.size * dir;
    const Vec3 sides[] = {u, -u, w, -w};
    for (const Vec3& side : sides) push_segment(out, tip, base + 0.05 * g.size * side, ct);
    const bool hot_r = gizmo_axis(hovered) == a && is_rotate(hovered);
    const Eigen::Vector4f cr = axis_colour(a, hot_r);
    for (int s = 0; s < kRingSegments; ++s) {
      const double a0 = 2.0 * kPi * s / kRingSegments;
      const double a1 = 2.0 * kPi * (s + 1) / kRingSegments;
      push_segment(out, ring_point(g, a, a0), ring_point(g, a, a1), cr);
    }
  }
}

GizmoHandle pick_gizmo(const GizmoFrame& g, const CameraState& cam, int width, int height, const Eigen::Vector2d& px,
                       double tolerance_px) {
  GizmoHandle best = GizmoHandle::none;
  double best_d = tolerance_px;
  Eigen::Vector2d o;
  if (!project_to_pixel(cam, g.origin, width, height, o)) return best;
  for (int a = 0; a < 3; ++a) {
    Eigen::Vector2d tip;
    if (project_to_pixel(cam, g.origin + g.size * g.axes.col(a), width, height, tip)) {
      // the arrow's first fifth is shared by all three; prefer rings there
      const double d = segment_distance(px, o + 0.2 * (tip - o), tip);
      if (d < best_d) {
        best_d = d;
        best = static_cast<GizmoHandle>(static_cast<int>(GizmoHandle::translate_x) + a);
      }
    }
    Eigen::Vector2d prev;
    bool have_prev = false;
    for (int s = 0; s <= kRingSegments; ++s) {
      Eigen::Vector2d cur;
      const bool ok = project_to_pixel(cam, ring_point(g, a, 2.0 * kPi * s / kRingSegments), width,
                                       height, cur);
      if (ok && have_prev) {
        const double d = segment_distance(px, prev, cur);
        if (d < best_d) {
          best_d = d;
          best = static_cast<GizmoHandle>(static_cast<int>(GizmoHandle::rotate_x) + a);
        }
      }
      prev = cur;
      have_prev = ok;
    }
  }
  return best;
}

bool GizmoDrag::grab(const Ray& ray, double& value) const {
  const int a = gizmo_axis(handle_);
  const Vec3 axis = frame_.axes.col(a);
  if (!is_rotate(handle_)) {
    // closest point on the axis line to the ray: solve for the axis parameter
    const Vec3 w0 = frame_.origin - ray.origin;
    const double b = axis.dot(ray.dir);
    const double denom = 1.0 - b * b;
    if (denom < 1e-6) return false;  // looking straight down the axis
    value = (b * ray.dir.dot(w0) - axis.dot(w0)) / denom;
    return true;
  }
  // intersect with the ring's plane and measure the angle in it
  const double dn = ray.dir.dot(axis);
  if (std::abs(dn) < 1e-6) return false;
  const double t = (frame_.origin - ray.origin).dot(axis) / dn;
  if (t <= 0) return false;
  const Vec3 hit = ray.origin + t * ray.dir - frame_.origin;
  const Vec3 u = frame_.axes.col((a + 1) % 3), w = frame_.axes.col((a + 2) % 3);
  value = std::atan2(hit.dot(w), hit.dot(u));
  return true;
}

bool GizmoDrag::begin(const GizmoFrame& g, GizmoHandle handle, const SE3& parent_T_body, const Ray& ray) {
  frame_ = g;
  handle_ = handle;
  start_pose_ = parent_T_body;
  if (handle == GizmoHandle::none || !grab(ray, start_value_)) {
    handle_ = GizmoHandle::none;
    return false;
  }
  return true;
}

SE3 GizmoDrag::update(const Ray& ray) const {
  double value = 0.0;
  if (handle_ == GizmoHandle::none || !grab(ray, value)) return start_pose_;
  const int a = gizmo_axis(handle_);
  SE3 pose = start_pose_;
  if (!is_rotate(handle_)) {
    // the gizmo's axes are the parent's, so the parent-frame direction is a unit basis vector
    pose.p += (value - start_value_) * Vec3::Unit(a);
  } else {
    // rotate about the parent axis through the body's origin: p stays, R turns
    const double delta = std::remainder(value - start_value_, 2.0 * kPi);
    pose.R = so3_exp(delta * Vec3::Unit(a)) * start_pose_.R;
  }
  return pose;
}

}  // namespace js::ui
