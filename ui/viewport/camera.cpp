#include "ui/viewport/camera.hpp"

#include <Eigen/Geometry>
#include <algorithm>
#include <cmath>

namespace js::ui {

namespace {
Vec3 eye_dir(const CameraState& c) {
  return world_from_view_up(c) *
         Vec3(std::cos(c.pitch) * std::sin(c.yaw), std::sin(c.pitch), std::cos(c.pitch) * std::cos(c.yaw));
}
// camera basis in the world: right, up, back (the eye looks along −back)
void basis(const CameraState& c, Vec3& right, Vec3& up, Vec3& back) {
  back = eye_dir(c);
  right = world_up(c).cross(back).normalized();
  up = back.cross(right);
}
}  // namespace

Mat3 world_from_view_up(const CameraState& c) {
  if (!c.z_up) return Mat3::Identity();
  Mat3 m;
  m << 1, 0, 0, 0, 0, -1, 0, 1, 0;  // y → z, z → −y
  return m;
}

Vec3 world_up(const CameraState& c) { return c.z_up ? Vec3::UnitZ() : Vec3::UnitY(); }

Vec3 camera_eye(const CameraState& c) { return c.target + c.distance * eye_dir(c); }

double near_plane(const CameraState& c) { return std::max(1e-4, 0.01 * c.distance); }
double far_plane(const CameraState& c) { return std::max(100.0, 200.0 * c.distance); }

Eigen::Matrix4f view_matrix(const CameraState& c) {
  Vec3 right, up, back;
  basis(c, right, up, back);
  const Vec3 eye = camera_eye(c);
  Eigen::Matrix4d v = Eigen::Matrix4d::Identity();
  v.block<1, 3>(0, 0) = right.transpose();
  v.block<1, 3>(1, 0) = up.transpose();
  v.block<1, 3>(2, 0) = back.transpose();
  v(0, 3) = -right.dot(eye);
  v(1, 3) = -up.dot(eye);
  v(2, 3) = -back.dot(eye);
  return v.cast<float>();
}

double view_half_height(const CameraState& c) { return c.distance * std::tan(0.5 * c.fov_y); }

Eigen::Matrix4f projection_matrix(const CameraState& c, double aspect) {
  const double n = near_plane(c), f = far_plane(c);
  Eigen::Matrix4d p = Eigen::Matrix4d::Zero();
  if (c.orthographic) {
    const double h = view_half_height(c);
    p(0, 0) = 1.0 / (h * aspect);
    p(1, 1) = 1.0 / h;
    p(2, 2) = -2.0 / (f - n);
    p(2, 3) = -(f + n) / (f - n);
    p(3, 3) = 1.0;
    return p.cast<float>();
  }
  const double t = 1.0 / std::tan(0.5 * c.fov_y);
  p(0, 0) = t / aspect;
  p(1, 1) = t;
  p(2, 2) = (f + n) / (n - f);
  p(2, 3) = 2.0 * f * n / (n - f);
  p(3, 2) = -1.0;
  return p.cast<float>();
}

Ray pixel_ray(const CameraState& c, double x, double y, int width, int height) {
  Vec3 right, up, back;
  basis(c, right, up, back);
  const double aspect = static_cast<double>(width) / std::max(1, height);
  const double t = std::tan(0.5 * c.fov_y);
  const double ndc_x = 2.0 * x / width - 1.0;
  const double ndc_y = 1.0 - 2.0 * y / height;
  // parallel rays from the eye's plane
  if (c.orthographic) {
    const double h = view_half_height(c);
    return Ray{camera_eye(c) + ndc_x * h * aspect * right + ndc_y * h * up, -back};
  }
  const Vec3 dir = (-back + ndc_x * t * aspect * right + ndc_y * t * up).normalized();
  return Ray{camera_eye(c), dir};
}

bool project_to_pixel(const CameraState& c, const Vec3& world, int width, int height, Eigen::Vector2d& pixel) {
  Vec3 right, up, back;
  basis(c, right, up, back);
  const Vec3 d = world - camera_eye(c);
  const double depth = -d.dot(back);
  if (depth <= 1e-9) return false;
  const double aspect = static_cast<double>(width) / std::max(1, height);
  // the depth a point is seen at: its own in perspective, the target's in a parallel view
  const double scale = c.orthographic ? view_half_height(c) : depth * std::tan(0.5 * c.fov_y);
  const double ndc_x = d.dot(right) / (scale * aspect);
  const double ndc_y = d.dot(up) / scale;
  pixel = Eigen::Vector2d(0.5 * (ndc_x + 1.0) * width, 0.5 * (1.0 - ndc_y) * height);
  return true;
}

void orbit(CameraState& c, double dx_px, double dy_px) {
  constexpr double rad_per_px = 0.008;
  c.yaw -= dx_px * rad_per_px;
  c.pitch = std::clamp(c.pitch + dy_px * rad_per_px, -1.55, 1.55);
}

void pan(CameraState& c, double dx_px, double dy_px, int height) {
  Vec3 right, up, back;
  basis(c, right, up, back);
  // metres per pixel at the target's depth
  const double m_per_px = 2.0 * c.distance * std::tan(0.5 * c.fov_y) / std::max(1, height);
  c.target += (-dx_px * right + dy_px * up) * m_per_px;
}

void zoom(CameraState& c, double factor) { c.distance = std::clamp(c.distance * factor, 1e-3, 1e4); }

void frame_sphere(CameraState& c, const Vec3& centre, double radius) {
  c.target = centre;
  c.distance = std::max(1e-3, 1.15 * radius / std::sin(0.5 * c.fov_y));
}

}  // namespace js::ui
