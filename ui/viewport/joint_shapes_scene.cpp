#include "ui/viewport/joint_shapes_scene.hpp"

#include <Eigen/Geometry>
#include <algorithm>

#include "core/joints/lower_pairs.hpp"
#include "ui/mesh/shapes.hpp"
#include "ui/viewport/line_builder.hpp"

namespace js::ui {
namespace {

using Shape = JointGlyph::Shape;

constexpr int kShaftSegments = 24;
constexpr int kBallSlices = 24, kBallStacks = 16;
constexpr float kChildFrameBrightness = 0.7f;  // the C triad a little dimmer than D
// artisynth's examples: a blue shaft, a green ball
const Eigen::Vector4f kShaftColour(0.3f, 0.5f, 0.95f, 1.0f);
const Eigen::Vector4f kBallColour(0.35f, 0.8f, 0.4f, 1.0f);
const Eigen::Vector4f kBarColour(0.95f, 0.7f, 0.25f, 1.0f);
const Eigen::Vector4f kPlateColour(0.65f, 0.6f, 0.9f, 1.0f);

// the unit meshes, made once and shared by every frame (the renderer uploads each once)
const std::shared_ptr<const MeshData>& unit_cylinder() {
  static const auto mesh = std::make_shared<const MeshData>(shapes::unit_cylinder(kShaftSegments));
  return mesh;
}
const std::shared_ptr<const MeshData>& unit_box() {
  static const auto mesh = std::make_shared<const MeshData>(shapes::unit_box());
  return mesh;
}
const std::shared_ptr<const MeshData>& unit_sphere() {
  static const auto mesh = std::make_shared<const MeshData>(
      shapes::ellipsoid(Eigen::Vector3f::Zero(), Eigen::Vector3f::Ones(), Eigen::Matrix3f::Identity(), kBallSlices, kBallStacks));
  return mesh;
}

// world_T_mesh of a unit mesh: centred at centre, its z along axis, scaled by (radial, radial, along)
Eigen::Matrix4f scaled_pose(const Vec3& centre, const Vec3& axis, double radial, double along) {
  const Mat3 R = Eigen::Quaterniond::FromTwoVectors(Vec3::UnitZ(), axis).toRotationMatrix();
  Mat4 m = Mat4::Identity();
  m.topLeftCorner<3, 3>() = R * Vec3(radial, radial, along).asDiagonal();
  m.topRightCorner<3, 1>() = centre;
  return m.cast<float>();
}

// the shape of a lower pair and its axis in the D frame; none for the other kinds
Shape lower_pair_shape(const JointModel& model, Vec3& axis_in_d) {
  if (const auto* r = dynamic_cast<const RevoluteJoint*>(&model)) return axis_in_d = r->axis(), Shape::shaft;
  if (const auto* h = dynamic_cast<const HelicalJoint*>(&model)) return axis_in_d = h->axis(), Shape::shaft;
  if (const auto* c = dynamic_cast<const CylindricalJoint*>(&model)) return axis_in_d = c->axis(), Shape::shaft;
  if (const auto* p = dynamic_cast<const PrismaticJoint*>(&model)) return axis_in_d = p->axis(), Shape::bar;
  if (const auto* u = dynamic_cast<const UniversalJoint*>(&model)) return axis_in_d = u->axis0(), Shape::cross;
  if (const auto* pl = dynamic_cast<const PlanarJoint*>(&model)) return axis_in_d = pl->normal(), Shape::plate;
  if (dynamic_cast<const SphericalJoint*>(&model)) return axis_in_d = Vec3::UnitZ(), Shape::ball;
  return Shape::none;
}

void push_shape(const std::shared_ptr<const MeshData>& mesh, const Eigen::Matrix4f& world_T_mesh,
                const Eigen::Vector4f& colour, const Joint& j, bool highlighted, Scene& scene) {
  MeshItem item;
  item.mesh = mesh;
  item.world_T_mesh = world_T_mesh;
  item.colour = colour;
  item.role = MeshItem::Role::joint_shape;
  item.body = j.child;
  item.highlighted = highlighted;
  scene.opaque.push_back(std::move(item));
}

void draw_shape(const JointGlyph& g, const Joint& j, bool highlighted, Scene& scene) {
  const double shaft_radius = g.length * kShaftRadiusRatio;
  switch (g.shape) {
    case Shape::none:
      return;
    case Shape::shaft:
      push_shape(unit_cylinder(), scaled_pose(g.centre, g.axis, shaft_radius, g.length), kShaftColour, j, highlighted, scene);
      return;
    case Shape::cross:
      push_shape(unit_cylinder(), scaled_pose(g.centre, g.axis, shaft_radius, g.length), kShaftColour, j, highlighted, scene);
      push_shape(unit_cylinder(), scaled_pose(g.centre, g.second_axis, shaft_radius, g.length), kShaftColour, j,
                 highlighted, scene);
      return;
    case Shape::bar:
      push_shape(unit_box(), scaled_pose(g.centre, g.axis, 2.0 * g.radius, g.length), kBarColour, j, highlighted, scene);
      return;
    case Shape::plate:
      push_shape(unit_box(), scaled_pose(g.centre, g.axis, g.length, g.length * kPlateThicknessRatio), kPlateColour, j,
                 highlighted, scene);
      return;
    case Shape::ball:
      push_shape(unit_sphere(), scaled_pose(g.centre, g.axis, g.radius, g.radius), kBallColour, j, highlighted, scene);
      return;
  }
}

}  // namespace

double joint_scale(const DocumentData& d, const Joint& j, MeshLibrary& meshes) {
  double scale = 0.0;
  for (BodyId id : {j.parent, j.child})
    if (const Body* b = d.body(id); b && !b->frame_only)
      if (auto mesh = meshes.mesh(*b)) scale = std::max(scale, static_cast<double>(mesh->radius()));
  return scale > 0.0 ? scale : kDefaultJointScale;
}

bool make_joint_glyph(const DocumentData& d, const Joint& j, MeshLibrary& meshes, JointGlyph& g) {
  if (!j.model) return false;
  const JointModel& model = *j.model;
  const double scale = joint_scale(d, j, meshes);
  g = JointGlyph{};
  g.joint = j.id;
  g.world_T_d = d.world_T_body(j.parent) * model.parent_T_joint();
  g.world_T_c = d.world_T_body(j.child) * model.moving_T_child().inverse();
  Vec3 axis_in_d = Vec3::UnitZ();
  g.shape = lower_pair_shape(model, axis_in_d);
  g.centre = g.world_T_d.p;
  g.axis = (g.world_T_d.R * axis_in_d).normalized();
  g.length = kShaftLengthFraction * scale;
  g.radius = g.shape == Shape::ball ? kBallRadiusFraction * scale : kShaftRadiusRatio * g.length;
  g.frame_length = kFrameAxisFraction * scale;
  // a universal's second axis is fixed in the moving frame: R₁(q₁) a₁ = a₁, so C carries it
  if (const auto* u = dynamic_cast<const UniversalJoint*>(&model)) g.second_axis = (g.world_T_c.R * u->axis1()).normalized();
  return true;
}

void append_joint_glyphs(const DocumentData& d, const Selection& sel, MeshLibrary& meshes, bool frames, bool shapes,
                         Scene& scene) {
  if (!frames && !shapes) return;
  for (const Joint& j : d.joints) {
    JointGlyph g;
    if (!make_joint_glyph(d, j, meshes, g)) continue;
    if (frames) {
      append_triad(scene.overlay, g.world_T_d, g.frame_length, 1.0f);
      append_triad(scene.overlay, g.world_T_c, kChildFrameRatio * g.frame_length, 1.0f, kChildFrameBrightness);
    }
    if (shapes) draw_shape(g, j, sel.joint == j.id, scene);
    scene.joint_glyphs.push_back(g);
  }
}

void append_rod(const Vec3& centre, const Vec3& axis, double radius, double length, const Eigen::Vector4f& colour,
                BodyId body, Scene& scene) {
  MeshItem item;
  item.mesh = unit_cylinder();
  item.world_T_mesh = scaled_pose(centre, axis, radius, length);
  item.colour = colour;
  item.role = MeshItem::Role::joint_shape;
  item.body = body;
  scene.opaque.push_back(std::move(item));
}

}  // namespace js::ui
