// paper §7, "SIGGRAPH Joint 2": a child sliding on its parent's outline and on its own outline,
//   G(a, b) = C(a) · F · C̃(b),
// C a closed curve through the parent's outline frames (x out of the material, y the tangent, z the extrusion axis),
// F = diag(−1, −1, 1) turning the child to face the parent, C̃ through the inverse frames of the child's outline.
// at the contact, S's two columns are, per unit of slide along the common tangent t, a turn about z at the rate of
// each outline's curvature: (κ_p ẑ; t) and (−κ_c ẑ; t). they are parallel — S loses rank and M is singular — exactly
// where κ_p + κ_c = 0: a flat on a flat, or a disc in a hole of its own radius. no parameterization of either curve
// changes that (it only scales the columns). docs/demos.md, "Both surfaces".
#include <array>
#include <cmath>
#include <numbers>
#include <vector>

#include <gtest/gtest.h>

#include "core/joints/natural_parameterization.hpp"
#include "core/joints/series_joint.hpp"
#include "core/joints/spline_curve_joint.hpp"
#include "tests/core/joints/joint_harness.hpp"

namespace js::test {
namespace {

constexpr double kTau = 2.0 * std::numbers::pi;

SE3 frame(const Vec3& x, const Vec3& y, const Vec3& p) {
  SE3 T;
  T.R.col(0) = x;
  T.R.col(1) = y;
  T.R.col(2) = x.cross(y);
  T.p = p;
  return T;
}

// n frames round a circle of radius r about the z axis, counterclockwise: round a disc (x outward) or round a hole in
// the material (x towards the centre, out of the material round it)
std::vector<SE3> circle_frames(double r, bool hole, int n) {
  std::vector<SE3> frames;
  for (int k = 0; k < n; ++k) {
    const double t = kTau * k / n;
    const Vec3 radial(std::cos(t), std::sin(t), 0.0);
    const Vec3 x = hole ? Vec3(-radial) : radial;
    frames.push_back(frame(x, Vec3::UnitZ().cross(x), r * radial));
  }
  return frames;
}

// n frames along a straight edge of length l (x out of the material, y along the edge)
std::vector<SE3> edge_frames(double l, int n) {
  std::vector<SE3> frames;
  for (int k = 0; k < n; ++k) frames.push_back(frame(Vec3::UnitX(), Vec3::UnitY(), Vec3(0.0, l * k / (n - 1), 0.0)));
  return frames;
}

std::vector<SE3> inverted(std::vector<SE3> frames) {
  for (SE3& f : frames) f = f.inverse();
  return frames;
}

// C(a) · F · C̃(b) for a parent outline and a child outline
SeriesJoint contact_joint(const std::vector<SE3>& parent, const std::vector<SE3>& child, bool closed) {
  auto on_parent = std::make_unique<SplineCurveJoint>(make_natural_spline_curve(parent, 4, closed, 0.05, "around"));
  SE3 facing;
  facing.R = Eigen::Vector3d(-1.0, -1.0, 1.0).asDiagonal();
  on_parent->set_offsets(SE3::identity(), facing);
  auto own = std::make_unique<SplineCurveJoint>(make_natural_spline_curve(inverted(child), 4, closed, 0.05, "around_own"));
  return SeriesJoint(std::move(on_parent), std::move(own));
}

// the two columns of S moved to the contact frame (where C(a) puts it): per unit of slide along its y, the turn
// about z (the curvature the column turns the child at), and how far the column is from a pure turn-and-slide
struct ContactColumn {
  double curvature;  // ω_z / v_y
  double off_plane;  // |(ω_x, ω_y, v_x, v_z)| / |v_y|
};

std::array<ContactColumn, 2> contact_columns(const SeriesJoint& joint, double a, double b) {
  JointData d(2);
  joint.evaluate(qv({a, b}), d);
  JointData c(1);
  joint.first().evaluate(qv({a}), c, EvalLevel::Transform);
  // contact_T_child = (world_T_contact)⁻¹ world_T_child, with the facing offset of the first part undone
  SE3 contact_pose = c.G;
  contact_pose = contact_pose * joint.first().moving_T_child().inverse();
  const SE3 contact_T_child = contact_pose.inverse() * d.G;
  std::array<ContactColumn, 2> out{};
  for (int i = 0; i < 2; ++i) {
    const Twist s = Ad_apply(contact_T_child, d.S.col(i));
    const double vy = s[4];
    out[static_cast<std::size_t>(i)] = {s[2] / vy, Eigen::Vector4d(s[0], s[1], s[3], s[5]).norm() / std::abs(vy)};
  }
  return out;
}

// |sin| of the angle between S's two columns: 0 when they are parallel (S loses rank)
double column_sine(const SeriesJoint& joint, double a, double b) {
  JointData d(2);
  joint.evaluate(qv({a, b}), d);
  const Twist u = d.S.col(0).normalized(), v = d.S.col(1).normalized();
  return std::sqrt(std::max(0.0, 1.0 - u.dot(v) * u.dot(v)));
}

TEST(TwoSurfaceContact, ColumnsTurnAtEachOutlinesCurvature) {
  // a disc of 0.10 m on a disc of 0.05 m: κ_p = 10, κ_c = 20 per metre
  const SeriesJoint joint = contact_joint(circle_frames(0.10, false, 48), circle_frames(0.05, false, 48), true);
  const Coordinate& ca = joint.coordinates()[0];
  const Coordinate& cb = joint.coordinates()[1];
  for (double fa : {0.1, 0.37, 0.8})
    for (double fb : {0.2, 0.55, 0.9}) {
      const double a = ca.min + fa * (ca.max - ca.min), b = cb.min + fb * (cb.max - cb.min);
      const auto cols = contact_columns(joint, a, b);
      // 48 frames round each circle: the spline follows a circle to about 1e-3 of its curvature
      EXPECT_NEAR(cols[0].curvature, 10.0, 0.05) << a << " " << b;
      EXPECT_NEAR(cols[1].curvature, -20.0, 0.1) << a << " " << b;
      EXPECT_LT(cols[0].off_plane, 1e-3);
      EXPECT_LT(cols[1].off_plane, 1e-3);
      EXPECT_GT(column_sine(joint, a, b), 0.1);
    }
}

TEST(TwoSurfaceContact, RankIsLostExactlyWhereTheCurvaturesCancel) {
  // a disc of 0.05 m in a hole of 0.05 m: κ_p = −20, κ_c = 20 — sliding both contacts by the same arc spins the disc
  // in place, the same pose for a 1-parameter family of (a, b)
  const SeriesJoint hole = contact_joint(circle_frames(0.05, true, 48), circle_frames(0.05, false, 48), true);
  // a flat on a flat: κ_p = κ_c = 0
  const SeriesJoint flats = contact_joint(edge_frames(0.3, 8), edge_frames(0.3, 8), false);
  // a disc of 0.05 m in a hole of 0.10 m: κ_p + κ_c = 10, full rank
  const SeriesJoint loose = contact_joint(circle_frames(0.10, true, 48), circle_frames(0.05, false, 48), true);
  double worst_hole = 0.0, worst_flats = 0.0, best_loose = 1.0;
  for (double f : {0.15, 0.4, 0.65, 0.9}) {
    const auto at = [f](const SeriesJoint& j, int i) {
      const Coordinate& c = j.coordinates()[static_cast<std::size_t>(i)];
      return c.min + f * (c.max - c.min);
    };
    worst_hole = std::max(worst_hole, column_sine(hole, at(hole, 0), at(hole, 1)));
    worst_flats = std::max(worst_flats, column_sine(flats, at(flats, 0), at(flats, 1)));
    best_loose = std::min(best_loose, column_sine(loose, at(loose, 0), at(loose, 1)));
    // the columns turn at κ_p and −κ_c: their difference is κ_p + κ_c (per metre)
    const auto relative = [&](const SeriesJoint& j) {
      const auto cols = contact_columns(j, at(j, 0), at(j, 1));
      return cols[0].curvature - cols[1].curvature;
    };
    EXPECT_NEAR(relative(hole), 0.0, 0.1);  // −20 + 20
    EXPECT_NEAR(relative(flats), 0.0, 1e-12);
    EXPECT_NEAR(relative(loose), 10.0, 0.1);  // −10 + 20
  }
  EXPECT_LT(worst_hole, 1e-3);
  EXPECT_LT(worst_flats, 1e-12);
  // in the (turn, slide) plane the columns' sine is |κ_p + κ_c| / √((κ_p² + 1)(κ_c² + 1)), 0.05 here
  EXPECT_GT(best_loose, 0.03);
}

}  // namespace
}  // namespace js::test
