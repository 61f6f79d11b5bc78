// orbit camera math on CameraState: view/projection matrices, mouse rays, orbit/pan/zoom/frame.
// no GL. y is up (z with CameraState::z_up); yaw turns about the up axis, pitch lifts the eye above the
// horizon.
#pragma once

#include <Eigen/Core>

#include "ui/document/document_data.hpp"

namespace js::ui {

struct Ray {
  Vec3 origin;
  Vec3 dir;  // unit
};

// the rotation taking the y-up orbit frame to the world (identity, or y → z for a z-up world)
Mat3 world_from_view_up(const CameraState& c);
Vec3 world_up(const CameraState& c);

Vec3 camera_eye(const CameraState& c);
Eigen::Matrix4f view_matrix(const CameraState& c);
// perspective, or parallel (CameraState::orthographic) spanning view_half_height above and below the target
Eigen::Matrix4f projection_matrix(const CameraState& c, double aspect);
// half the height the view spans at the target's distance (m): what a parallel view shows
double view_half_height(const CameraState& c);
// near and far planes follow the orbit distance so small and large scenes both resolve depth
double near_plane(const CameraState& c);
double far_plane(const CameraState& c);

// the ray through pixel (x, y) of a width × height viewport (y down, pixel centres at +0.5)
Ray pixel_ray(const CameraState& c, double x, double y, int width, int height);
// the pixel a world point projects to; returns false behind the camera
bool project_to_pixel(const CameraState& c, const Vec3& world, int width, int height, Eigen::Vector2d& pixel);

// rotates the eye about the target by pixel deltas
void orbit(CameraState& c, double dx_px, double dy_px);
// moves target and eye together so the point under the mouse follows it
void pan(CameraState& c, double dx_px, double dy_px, int height);
// factor < 1 moves closer
void zoom(CameraState& c, double factor);
// centres a sphere and backs off until it fills the view
void frame_sphere(CameraState& c, const Vec3& centre, double radius);

}  // namespace js::ui
