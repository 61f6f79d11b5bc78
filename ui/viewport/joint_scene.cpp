#include "ui/viewport/joint_scene.hpp"

#include <Eigen/Geometry>
#include <algorithm>
#include <cmath>

#include "core/joints/spline_curve_joint.hpp"
#include "core/joints/spline_surface_joint.hpp"
#include "ui/document/joint_model.hpp"
#include "ui/viewport/line_builder.hpp"

namespace js::ui {
namespace {

// fig. 4's frames: small triads at the sample positions, the current pose a red box
constexpr double kSurfaceFrameLength = 0.03;  // m, at most
constexpr double kSurfaceFrameCells = 0.5;    // of a grid cell's diagonal, so neighbouring frames do not cross
constexpr double kCurrentBoxHalf = 0.01;      // m
const Eigen::Vector4f kCurrentBoxColour(1.0f, 0.2f, 0.15f, 1.0f);

// the q at which a 2-dof joint's frames are drawn: its samples' q, else its knot grid's greville points
std::vector<Eigen::VectorXd> surface_frame_qs(const Joint& j) {
  std::vector<Eigen::VectorXd> qs;
  for (const Sample& s : j.samples)
    if (s.q.size() == 2) qs.push_back(s.q);
  const auto* surface = dynamic_cast<const SplineSurfaceJoint*>(j.model.get());
  if (!qs.empty() || !surface || surface->knots().size() != 2) return qs;
  const auto& k = surface->knots();
  for (int a = 0; a < k[0].num_basis(); ++a)
    for (int b = 0; b < k[1].num_basis(); ++b) qs.push_back(Eigen::Vector2d(k[0].greville(a), k[1].greville(b)));
  return qs;
}

// a wire box of half size h in frame world_T (its 12 edges)
void append_box(std::vector<LineVertex>& out, const SE3& world_T, double h, const Eigen::Vector4f& colour) {
  auto corner = [&](int i) { return world_T.act(h * Vec3(i & 1 ? 1 : -1, i & 2 ? 1 : -1, i & 4 ? 1 : -1)); };
  for (int i = 0; i < 8; ++i)
    for (int bit : {1, 2, 4})
      if (!(i & bit)) push_line(out, corner(i), corner(i | bit), colour);
}

// paper fig. 4: "the orientations of the frame at sample positions are drawn on the surface. the red box on the
// surface represents the current position and orientation". placed at the traced point, so they sit on the grid
void append_surface_frames(const Joint& j, const SE3& world_T_parent, const Vec3& child_point, float k,
                           JointOverlay& overlay, Scene& scene) {
  auto on_surface = [&](const Eigen::VectorXd& q) {
    SE3 world_T = world_T_parent * joint_transform(*j.model, q);
    world_T.p = world_T.act(child_point);
    return world_T;
  };
  // the grid's extent over its cells: a small surface gets small frames
  Eigen::AlignedBox3d box;
  for (const Vec3& p : overlay.path) box.extend(p);
  const double length = std::min(kSurfaceFrameLength, kSurfaceFrameCells * box.diagonal().norm() / kGridLines);
  for (const Eigen::VectorXd& q : surface_frame_qs(j)) {
    overlay.surface_frames.push_back(on_surface(q));
    append_triad(scene.lines, overlay.surface_frames.back(), length, 1.0f, k);
  }
  if (j.q.size() != 2) return;
  overlay.surface_current = on_surface(j.q);
  append_box(scene.lines, overlay.surface_current, kCurrentBoxHalf, kCurrentBoxColour);
}

}  // namespace

int current_control_frame(const JointModel& model, double q) {
  const auto* curve = dynamic_cast<const SplineCurveJoint*>(&model);
  if (!curve) return -1;
  const spline::KnotVector& k = curve->knots();
  if (k.periodic()) q = k.wrap(q);
  // distance along the coordinate; a closed curve measures around its period
  auto distance = [&](int i) {
    const double e = std::abs(k.greville(i) - q);
    return k.periodic() ? std::min(e, std::abs(k.period() - std::fmod(e, k.period()))) : e;
  };
  int best = 0;
  for (int i = 1; i < k.num_basis(); ++i)
    if (distance(i) < distance(best)) best = i;
  return k.control_index(best);
}

void append_joint_motion(const DocumentData& d, const Joint& j, MeshLibrary& meshes, bool active, Scene& scene) {
  if (!j.model || j.model->dof() < 1 || j.model->dof() > 2) return;
  const JointModel& model = *j.model;
  const SE3 world_T_parent = d.world_T_body(j.parent);
  Vec3 child_point = Vec3::Zero();
  if (const Body* c = d.body(j.child))
    if (auto mesh = meshes.mesh(*c)) child_point = mesh->centre().cast<double>();
  auto trace = [&](const Eigen::VectorXd& q) { return world_T_parent.act(joint_transform(model, q).act(child_point)); };
  const float k = active ? 1.0f : 0.55f;
  const Eigen::Vector4f path_colour(1.0f * k, 0.62f * k, 0.2f * k, 1.0f);

  JointOverlay overlay;
  overlay.joint = j.id;
  if (model.dof() == 1) {
    double lo = 0.0, hi = 1.0;
    coordinate_range(j, 0, lo, hi);
    for (int s = 0; s <= kPathSegments; ++s)
      overlay.path.push_back(trace(Eigen::VectorXd::Constant(1, lo + (hi - lo) * s / kPathSegments)));
    for (std::size_t s = 1; s < overlay.path.size(); ++s)
      push_line(scene.lines, overlay.path[s - 1], overlay.path[s], path_colour);
  } else {
    double lo[2], hi[2];
    for (int c = 0; c < 2; ++c) coordinate_range(j, c, lo[c], hi[c]);
    overlay.grid_rows = overlay.grid_cols = kGridLines + 1;
    for (int a = 0; a <= kGridLines; ++a)
      for (int b = 0; b <= kGridLines; ++b) {
        Eigen::VectorXd q(2);
        q << lo[0] + (hi[0] - lo[0]) * a / kGridLines, lo[1] + (hi[1] - lo[1]) * b / kGridLines;
        overlay.path.push_back(trace(q));
      }
    const int n = kGridLines + 1;
    auto at = [&](int a, int b) { return overlay.path[static_cast<std::size_t>(a * n + b)]; };
    for (int a = 0; a < n; ++a)
      for (int b = 1; b < n; ++b) {
        push_line(scene.lines, at(a, b - 1), at(a, b), path_colour);
        push_line(scene.lines, at(b - 1, a), at(b, a), path_colour);
      }
    append_surface_frames(j, world_T_parent, child_point, k, overlay, scene);
  }

  // control frames where they place the child (Ğ_i with the joint's offsets), the current one larger
  if (const auto* curve = dynamic_cast<const SplineCurveJoint*>(&model)) {
    overlay.current_frame = j.q.size() >= 1 ? current_control_frame(model, j.q[0]) : -1;
    const SE3 world_T_joint = world_T_parent * model.parent_T_joint();
    const auto& frames = curve->control_frames();
    for (std::size_t i = 0; i < frames.size(); ++i) {
      const SE3 world_T_frame = world_T_joint * frames[i] * model.moving_T_child();
      overlay.control_frames.push_back(world_T_frame);
      const bool current = static_cast<int>(i) == overlay.current_frame;
      append_triad(scene.lines, world_T_frame, current ? 0.07 : 0.03, 1.0f, current ? 1.1f : 0.6f * k);
      // the control polygon
      if (i > 0) push_line(scene.lines, overlay.control_frames[i - 1].p, world_T_frame.p, {0.5f * k, 0.5f * k, 0.55f * k, 1.0f});
    }
  }
  scene.joints.push_back(std::move(overlay));
}

}  // namespace js::ui
