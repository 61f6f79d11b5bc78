// the selected joint's instantaneous screw axis (helical axis, the biomechanist's IHA) at its current q, built
// without GL: the twist S(q) e_k of each coordinate k (spline-joint paper eq. 13, child frame, [ω; v] with v
// the velocity of the child origin) moves the child as a screw about the line through
//   r = ω × v / |ω|²   along   ω / |ω|,   with pitch h = ω·v / |ω|²  (m per rad)
// (r is the axis point nearest the child origin). a coordinate whose S turns nothing (|ω| ≈ 0) slides: its
// axis is the direction of v through the child origin, with infinite pitch.
#pragma once

#include <optional>

#include "ui/document/document.hpp"
#include "ui/mesh/mesh_library.hpp"
#include "ui/viewport/scene.hpp"

namespace js::ui {

// below this |ω| (rad per unit of q) per metre of |v| over the joint's scale, a twist counts as a translation
inline constexpr double kScrewRotationFloor = 1e-9;
// the drawn axis: this many joint scales long (joint_shapes_scene.hpp), centred on r
inline constexpr double kScrewAxisLengthFraction = 1.2;
// the rod's radius, of its length: thinner than a hinge's shaft (joint_shapes_scene.hpp)
inline constexpr double kScrewRodRadiusRatio = 0.012;

// the screw axis of twist s (body twist of the frame world_T_frame); nullopt for a zero twist. scale: the
// length the rotation floor is measured against (m).
std::optional<ScrewAxis> screw_axis(const SE3& world_T_frame, const Twist& s, double scale);

// the axes of the selected joint (or of the selected body's joint) at its current q, one per coordinate, drawn
// as a thin rod (scene.opaque) and a line on top (scene.overlay), magenta (a slide orange), and kept in
// scene.screw_axes; nothing without a model
void append_screw_axes(const DocumentData& d, const Selection& selection, MeshLibrary& meshes, Scene& scene);

}  // namespace js::ui
