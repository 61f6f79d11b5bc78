// the letters-chain demo (issue 6, demo 5; paper §7, fig. 5c): a word of extruded letters, the first fixed to
// the root, each next one held on the surface of the one before by a 2-dof joint
//
//   parent_T_child = T_z(depth) · C(around) · F · K⁻¹                       (one surface)
//   parent_T_child = T_z(depth) · C(around) · F · C̃(around′)              (both surfaces)
//
// C: a closed cubic spline curve joint through frames on the parent's outer outline (x the outward normal,
// y the tangent, z the extrusion axis), T_z a prismatic joint across the depth, F = diag(−1, −1, 1) turns the
// child to face the parent, K the child's own outline frame where it touches. the variant replaces the fixed
// K⁻¹ by a spline C̃ through the inverse control frames of the child's outline, as the paper describes, so the
// child also slides on its own surface (3 dof: a slide across the child's depth would repeat T_z). every
// composition is a SeriesJoint (core/joints/series_joint.hpp).
//
// a 2-dof joint of the default-basis spline surface kind (eq. 25) cannot go round a closed outline: the
// normal turns once, a loop that is not contractible in SO(3), while every product of exponentials of periodic
// φ_j is. the closed curve joint's relative twists have no such limit, hence the series of curve and slide.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/joints/spline_curve_joint.hpp"
#include "ui/demo/letter_mesh.hpp"

namespace js::ui {

struct LetterChainOptions {
  double height = 0.3;     // letter height (m)
  double depth = 0.06;     // extrusion depth (m)
  double density = 600.0;  // kg/m³ (hard wood)
  int frames = 72;         // control frames per outline
  double corner = 0.06;    // the normal turns round a sharp corner over this much outline (m)
  bool both_surfaces = false;
  double dt = 0.001, duration = 3.0;
  std::string integrator = "rk4";
};

// count frames evenly spaced in arc length on a closed counter-clockwise contour: origin on the contour,
// x the outward normal, y the tangent, z = depth. the tangent is the chord over `window` metres of outline
// (at least one spacing), so at a sharp corner the frame turns while its origin moves that far: a letter
// pivoting round a corner in no distance would make the generalized inertia jump (a stiff system).
std::vector<SE3> outline_frames(const std::vector<Vec2>& contour, int count, double window = 0.0);

// the closed cubic spline curve through frames (naturally parameterized, paper §6.1).
SplineCurveJoint outline_curve(const std::vector<SE3>& frames, const std::string& coordinate);

// the coordinate where the curve's origin (of G, or of G⁻¹ when inverse) comes nearest point (dense search
// over one period).
double nearest_parameter(const SplineCurveJoint& curve, const Vec3& point, bool inverse);

// largest distance from the curve's origin (of G, or of G⁻¹) to the polygon in its plane over one period:
// the joint's fit error (m).
double curve_outline_error(const SplineCurveJoint& curve, const std::vector<Vec2>& contour, bool inverse);

// distance from a point of the plane to a closed polygon's edges.
double polygon_distance(const Vec2& x, const std::vector<Vec2>& contour);

// the scene document: letters[i] named names[i], meshes mesh_files[i] (relative to the scene), the chain
// laid out as the word reads, each child touching its parent's right side with its left side at rest.
// errors: std::invalid_argument for fewer than two letters or mismatched lists.
nlohmann::ordered_json letters_scene(const std::vector<LetterOutline>& letters, const std::vector<std::string>& names,
                                     const std::vector<std::string>& mesh_files, const LetterChainOptions& options,
                                     std::vector<double>* fit_errors = nullptr);

}  // namespace js::ui
