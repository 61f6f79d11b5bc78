#include "ui/viewport/screw_axis_scene.hpp"

#include "ui/viewport/joint_shapes_scene.hpp"
#include "ui/viewport/line_builder.hpp"

namespace js::ui {

namespace {

const Eigen::Vector4f kScrewColour(1.0f, 0.2f, 0.85f, 1.0f);
const Eigen::Vector4f kSlideColour(1.0f, 0.6f, 0.1f, 1.0f);

const Joint* selected_joint(const DocumentData& d, const Selection& s) {
  if (const Joint* j = d.joint(s.joint)) return j;
  return d.joint_of_child(s.body);
}

}  // namespace

std::optional<ScrewAxis> screw_axis(const SE3& world_T_frame, const Twist& s, double scale) {
  const Vec3 w = s.head<3>(), v = s.tail<3>();
  if (!(w.norm() > 0.0) && !(v.norm() > 0.0)) return std::nullopt;
  ScrewAxis a;
  if (w.norm() <= kScrewRotationFloor * v.norm() / scale) {
    a.translation = true;
    a.point = world_T_frame.p;
    a.direction = world_T_frame.R * v.normalized();
    return a;
  }
  const double w2 = w.squaredNorm();
  a.point = world_T_frame.act(w.cross(v) / w2);
  a.direction = world_T_frame.R * w.normalized();
  a.pitch = w.dot(v) / w2;
  return a;
}

void append_screw_axes(const DocumentData& d, const Selection& selection, MeshLibrary& meshes, Scene& scene) {
  const Joint* j = selected_joint(d, selection);
  if (!j || !j->model || j->q.size() != j->model->dof()) return;
  JointData data(j->model->dof());
  j->model->evaluate(j->q, data, EvalLevel::Jacobian);
  const SE3 world_T_child = d.world_T_body(j->child);
  const double scale = joint_scale(d, *j, meshes);
  const double half = 0.5 * kScrewAxisLengthFraction * scale;
  for (int k = 0; k < j->model->dof(); ++k) {
    auto a = screw_axis(world_T_child, data.S.col(k), scale);
    if (!a) continue;
    a->joint = j->id;
    a->coordinate = k;
    // a rod where the bones do not hide it, a line on top where they do
    const Eigen::Vector4f colour = a->translation ? kSlideColour : kScrewColour;
    append_rod(a->point, a->direction, kScrewRodRadiusRatio * 2.0 * half, 2.0 * half, colour, j->child, scene);
    push_line(scene.overlay, a->point - half * a->direction, a->point + half * a->direction, colour);
    scene.screw_axes.push_back(*a);
  }
}

}  // namespace js::ui
