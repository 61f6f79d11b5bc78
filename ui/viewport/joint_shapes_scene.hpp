// every joint drawn as the seeds draw it, built without GL: its two frames as axis triads (x red, y green, z
// blue) — D on the parent (world_T_parent · parent_T_joint) and C on the child (world_T_child ·
// moving_T_child⁻¹), artisynth's drawFrameD and drawFrameC — and a lower pair's shape (hakenberg: "we visualize a
// hinge by a cylinder … a spherical joint by a sphere"; artisynth's shaft and ball): revolute, helical and
// cylindrical joints as a shaft along the axis through the joint, spherical joints as a ball at the centre,
// prismatic as a square bar along the axis, universal as two crossed shafts, planar as a thin plate. spline and
// other joints keep their swept drawing (joint_scene.hpp) and get frames only.
// sizes follow the joint's bones (joint_scale), so a toe's hinge is not drawn as large as a hip's ball.
// the shapes are one unit mesh each, made once and scaled by MeshItem::world_T_mesh: nothing is built per frame.
#pragma once

#include "ui/document/document.hpp"
#include "ui/mesh/mesh_library.hpp"
#include "ui/viewport/scene.hpp"

namespace js::ui {

// fractions of the joint's scale
inline constexpr double kFrameAxisFraction = 0.3;     // the D triad's axis length: longer than a body's triad
inline constexpr double kChildFrameRatio = 0.7;       // the C triad, shorter: both show where they coincide
inline constexpr double kShaftLengthFraction = 0.4;   // a shaft or bar long enough to stand out of the bones
inline constexpr double kShaftRadiusRatio = 0.05;     // shaft radius, bar half width: of the shaft's length
inline constexpr double kBallRadiusFraction = 0.1;    // about a femoral head beside a femur
inline constexpr double kPlateThicknessRatio = 0.05;  // of the plate's side
inline constexpr double kDefaultJointScale = 0.1;     // m: a joint between bodies without meshes

// the size a joint is drawn at: the larger bounding radius of its two bodies' meshes (the bones at the joint),
// kDefaultJointScale when neither has one (m)
double joint_scale(const DocumentData& d, const Joint& j, MeshLibrary& meshes);

// the glyph of joint j at the document's current pose (its child where it stands, its q for a universal's
// second axis); shape none for kinds other than the lower pairs. false when j has no model.
bool make_joint_glyph(const DocumentData& d, const Joint& j, MeshLibrary& meshes, JointGlyph& glyph);

// a rod, the shafts' unit cylinder, centred at centre along axis (unit), radius and length in m, into
// scene.opaque as a joint shape of body (the screw axis draws one)
void append_rod(const Vec3& centre, const Vec3& axis, double radius, double length, const Eigen::Vector4f& colour,
                BodyId body, Scene& scene);

// appends every joint's glyph to scene.joint_glyphs and draws it: frames, the two triads into scene.overlay (on
// top, as the gizmo: a joint's frames lie inside its bones);
// shapes, the shape into scene.opaque (MeshItem::Role::joint_shape, highlighted when the joint is selected)
void append_joint_glyphs(const DocumentData& d, const Selection& selection, MeshLibrary& meshes, bool frames,
                         bool shapes, Scene& scene);

}  // namespace js::ui
