// the translate/rotate gizmo that poses a body relative to its parent: three axis arrows and three
// rings, aligned with the parent's axes at the body's origin. geometry, hit testing and drag math; no GL.
#pragma once

#include <Eigen/Core>
#include <vector>

#include "ui/document/document_data.hpp"
#include "ui/viewport/camera.hpp"
#include "ui/viewport/scene.hpp"

namespace js::ui {

enum class GizmoHandle { none, translate_x, translate_y, translate_z, rotate_x, rotate_y, rotate_z };

inline bool is_rotate(GizmoHandle h) { return h >= GizmoHandle::rotate_x; }
// 0, 1, 2 for x, y, z handles; −1 for none
int gizmo_axis(GizmoHandle h);

struct GizmoFrame {
  Vec3 origin = Vec3::Zero();     // world
  Mat3 axes = Mat3::Identity();   // columns: the parent's axes in the world
  double size = 0.1;              // arrow length, m; the rings' radius is 0.75 size
};

// the gizmo of a body: at world_T_body.p with world_T_parent's axes, sized to a constant share of the view
GizmoFrame make_gizmo_frame(const DocumentData& d, BodyId body, const CameraState& cam);
// the gizmo of a captured sample's ghost: at world_T_parent · parent_T_child with the parent's axes
GizmoFrame make_sample_gizmo_frame(const DocumentData& d, const Joint& joint, int sample, const CameraState& cam);

// appends the gizmo's segments to `out`; the hovered handle is drawn bright
void append_gizmo_lines(const GizmoFrame& g, GizmoHandle hovered, std::vector<LineVertex>& out);

// the handle under a pixel within tolerance_px, nearest first
GizmoHandle pick_gizmo(const GizmoFrame& g, const CameraState& cam, int width, int height, const Eigen::Vector2d& px,
                       double tolerance_px = 8.0);

// one drag: remembers the pose and the grab point at the start, then maps later rays to new poses
class GizmoDrag {
 public:
  // false when the ray cannot grab the handle (e.g. a ring seen exactly edge-on)
  bool begin(const GizmoFrame& g, GizmoHandle handle, const SE3& parent_T_body, const Ray& ray);
  // the pose for the current mouse ray: parent_T_body translated along / rotated about a parent axis
  SE3 update(const Ray& ray) const;
  GizmoHandle handle() const { return handle_; }

 private:
  bool grab(const Ray& ray, double& value) const;
  GizmoFrame frame_;
  GizmoHandle handle_ = GizmoHandle::none;
  SE3 start_pose_;
  double start_value_ = 0.0;  // metres along the axis, or the grab angle on the ring
};

}  // namespace js::ui
