#include "ui/viewport/scene_builder.hpp"

#include <algorithm>

#include "ui/document/joint_model.hpp"
#include "ui/joint/reauthor.hpp"
#include "ui/joint/residual_colour.hpp"
#include "ui/viewport/joint_scene.hpp"
#include "ui/viewport/joint_shapes_scene.hpp"
#include "ui/viewport/screw_axis_scene.hpp"
#include "ui/viewport/line_builder.hpp"

namespace js::ui {
namespace {

Eigen::Vector4f rgba(const QColor& c, float alpha = 1.0f) {
  return {static_cast<float>(c.redF()), static_cast<float>(c.greenF()), static_cast<float>(c.blueF()), alpha};
}

// the ground grid in the plane normal to the view's up axis
void append_grid(std::vector<LineVertex>& out, double extent, double spacing, const Mat3& world_from_up) {
  const int n = static_cast<int>(std::round(extent / spacing));
  for (int i = -n; i <= n; ++i) {
    const double s = i * spacing;
    // every fifth line brighter
    const float k = (i % 5 == 0) ? 0.42f : 0.28f;
    const Eigen::Vector4f c(k, k, k + 0.02f, 1.0f);
    push_line(out, world_from_up * Vec3(s, 0, -extent), world_from_up * Vec3(s, 0, extent), c);
    push_line(out, world_from_up * Vec3(-extent, 0, s), world_from_up * Vec3(extent, 0, s), c);
  }
}

}  // namespace

Scene build_scene(const DocumentData& d, const Selection& sel, MeshLibrary& meshes, const CameraState& cam,
                  const SceneOptions& opt) {
  Scene scene;
  scene.light_frame = world_from_view_up(cam).cast<float>();
  const Vec3 eye = camera_eye(cam);

  // bodies
  for (const Body& b : d.bodies) {
    const SE3 world_T_body = d.world_T_body(b.id);
    if (auto mesh = meshes.mesh(b)) {
      MeshItem item;
      item.mesh = mesh;
      item.world_T_mesh = world_T_body.matrix().cast<float>();
      item.colour = rgba(b.colour);
      item.body = b.id;
      item.highlighted = sel.body == b.id;
      scene.opaque.push_back(item);
    }
    if (opt.body_triads) append_triad(scene.lines, world_T_body, 0.05, 1.0f);
  }
  if (opt.driven_surfaces) append_driven_surfaces(d, meshes, cam, opt.surface_cache, scene);
  append_joint_glyphs(d, sel, meshes, opt.joint_frames, opt.joint_shapes, scene);
  if (opt.screw_axis) append_screw_axes(d, sel, meshes, scene);

  // ghosts of each joint's child at its captured poses; the active joint's ghosts are stronger
  if (opt.ghosts) {
    for (const Joint& j : d.joints) {
      const Body* child = d.body(j.child);
      const auto mesh = child ? meshes.mesh(*child) : nullptr;
      if (!mesh) continue;
      const SE3 world_T_parent = d.world_T_body(j.parent);
      const bool active = sel.joint == j.id;
      const std::vector<PoseError> errors = opt.residual_colours ? sample_errors(j) : std::vector<PoseError>{};
      for (std::size_t i = 0; i < j.samples.size(); ++i) {
        const SE3 world_T_ghost = world_T_parent * j.samples[i].parent_T_child;
        MeshItem g;
        g.mesh = mesh;
        g.world_T_mesh = world_T_ghost.matrix().cast<float>();
        g.role = MeshItem::Role::ghost;
        g.body = child->id;
        g.sample = static_cast<int>(i);
        g.highlighted = active && sel.sample == static_cast<int>(i);
        const QColor base = i < errors.size() ? residual_colour(residual_distance(errors[i], d.fit.length_scale))
                                              : child->colour;
        const float alpha = i < errors.size() ? (active ? 0.16f : 0.08f) : (active ? 0.13f : 0.07f);
        g.colour = g.highlighted ? Eigen::Vector4f(1.0f, 0.78f, 0.25f, 0.55f) : rgba(base, alpha);
        scene.translucent.push_back(g);
        if (g.highlighted) append_triad(scene.lines, world_T_ghost, 0.04, 1.0f);
      }
    }
    // a re-authored joint: the child where the model it is compared with puts it at the same q — the fitted
    // candidate (teal) before Replace in Model, the original (orange) after
    for (const Joint& j : d.joints) {
      const Comparison c = joint_comparison(j);
      const Body* child = d.body(j.child);
      const auto mesh = child ? meshes.mesh(*child) : nullptr;
      // both models must take the joint's q (a replacement of another dof has no ghost)
      if (!c.fitted || !mesh || j.q.size() != c.fitted->dof() || j.q.size() != c.reference->dof()) continue;
      const SE3 parent_T_other = joint_transform(c.replaced ? *c.reference : *c.fitted, j.q);
      if (!parent_T_other.R.allFinite() || !parent_T_other.p.allFinite()) continue;
      MeshItem g;
      g.mesh = mesh;
      g.world_T_mesh = (d.world_T_body(j.parent) * parent_T_other).matrix().cast<float>();
      g.role = MeshItem::Role::ghost;
      g.body = child->id;
      const bool active = sel.joint == j.id || sel.body == j.child;
      g.colour = c.replaced ? Eigen::Vector4f(0.95f, 0.55f, 0.2f, active ? 0.45f : 0.25f)
                            : Eigen::Vector4f(0.2f, 0.75f, 0.85f, active ? 0.45f : 0.25f);
      scene.translucent.push_back(g);
    }
    // far to near so blending composes correctly
    std::sort(scene.translucent.begin(), scene.translucent.end(), [&eye](const MeshItem& a, const MeshItem& b) {
      const Eigen::Vector3f ea = eye.cast<float>();
      const Eigen::Vector4f ha = a.world_T_mesh * a.mesh->centre().homogeneous();
      const Eigen::Vector4f hb = b.world_T_mesh * b.mesh->centre().homogeneous();
      const Eigen::Vector3f ca = ha.head<3>(), cb = hb.head<3>();
      return (ca - ea).squaredNorm() > (cb - ea).squaredNorm();
    });
  }

  if (opt.joint_motion)
    for (const Joint& j : d.joints) append_joint_motion(d, j, meshes, sel.joint == j.id || sel.body == j.child, scene);
  if (opt.grid) append_grid(scene.lines, opt.grid_extent, opt.grid_spacing, world_from_view_up(cam));
  if (opt.world_axes) {
    push_line(scene.lines, Vec3::Zero(), Vec3(0.2, 0, 0), {0.95f, 0.25f, 0.25f, 1.0f});
    push_line(scene.lines, Vec3::Zero(), Vec3(0, 0.2, 0), {0.3f, 0.9f, 0.3f, 1.0f});
    push_line(scene.lines, Vec3::Zero(), Vec3(0, 0, 0.2), {0.3f, 0.5f, 1.0f, 1.0f});
  }
  if (opt.loops) append_loop_closures(d, cam, opt.loop_cache, scene);
  if (opt.gizmo) append_gizmo_lines(*opt.gizmo, opt.gizmo_hovered, scene.overlay);
  if (opt.ik_target) {
    const auto& [grabbed, target] = *opt.ik_target;
    const Eigen::Vector4f colour(1.0f, 0.85f, 0.2f, 1.0f);
    // the cross scales with the view so it reads at any zoom
    const double s = 0.02 * cam.distance;
    push_line(scene.overlay, grabbed, target, colour);
    for (int k = 0; k < 3; ++k)
      push_line(scene.overlay, target - s * Vec3::Unit(k), target + s * Vec3::Unit(k), colour);
  }
  if (!opt.measure_points.empty()) {
    const Eigen::Vector4f colour(0.2f, 0.9f, 1.0f, 1.0f);
    const double s = 0.012 * cam.distance;
    for (const Vec3& p : opt.measure_points)
      for (int k = 0; k < 3; ++k) push_line(scene.overlay, p - s * Vec3::Unit(k), p + s * Vec3::Unit(k), colour);
    if (opt.measure_points.size() == 2) push_line(scene.overlay, opt.measure_points[0], opt.measure_points[1], colour);
  }
  return scene;
}

bool selection_bounds(const DocumentData& d, const Selection& sel, MeshLibrary& meshes, Vec3& centre,
                      double& radius) {
  std::vector<std::pair<Vec3, double>> spheres;
  auto add_body = [&](const Body& b, const SE3& world_T) {
    if (auto m = meshes.mesh(b))
      spheres.emplace_back(world_T.act(m->centre().cast<double>()), static_cast<double>(m->radius()));
    else
      spheres.emplace_back(world_T.p, 0.05);
  };
  const Joint* j = d.joint(sel.joint);
  if (j && sel.sample >= 0 && sel.sample < static_cast<int>(j->samples.size())) {
    if (const Body* c = d.body(j->child))
      add_body(*c, d.world_T_body(j->parent) * j->samples[static_cast<std::size_t>(sel.sample)].parent_T_child);
  } else if (const Body* b = d.body(sel.body)) {
    add_body(*b, d.world_T_body(b->id));
  } else if (j) {
    for (BodyId id : {j->parent, j->child})
      if (const Body* jb = d.body(id)) add_body(*jb, d.world_T_body(id));
  } else {
    // everything drawn: a frame-only body (an opened scene's root frame) is no part of the picture
    for (const Body& all : d.bodies)
      if (!all.frame_only) add_body(all, d.world_T_body(all.id));
    // and the surfaces driven joints ride (a ball alone would fill the view and hide the wave it rides)
    for (const Joint& driven : d.joints) {
      if (driven_coordinates(d, driven).empty()) continue;
      const Body* child = d.body(driven.child);
      const SE3 world_T_parent = d.world_T_body(driven.parent);
      const auto child_mesh = child ? meshes.mesh(*child) : nullptr;
      if (auto s = build_driven_surface(d, driven, child_mesh.get(), world_T_parent.R.transpose() * world_up(d.camera)))
        spheres.emplace_back(world_T_parent.act(s->centre().cast<double>()), static_cast<double>(s->radius()));
    }
  }
  if (spheres.empty()) return false;
  // a loose enclosing sphere: centre of the centres, radius reaching every sphere
  centre = Vec3::Zero();
  for (const auto& s : spheres) centre += s.first;
  centre /= static_cast<double>(spheres.size());
  radius = 0.0;
  for (const auto& s : spheres) radius = std::max(radius, (s.first - centre).norm() + s.second);
  return true;
}

}  // namespace js::ui
