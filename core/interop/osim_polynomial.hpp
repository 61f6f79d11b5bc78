// exporting a 2- or 3-dof joint (a spline surface joint is the main case) as an OpenSim CustomJoint whose six
// TransformAxis functions are MultivariatePolynomialFunctions of all its coordinates (opensim ≥ 4.4):
//
//   parent_T_child(q) = parent_T_pframe · X_FM(q) · child_T_cframe⁻¹,
//   X_FM(q) = (R_a1(r_1(q)) R_a2(r_2(q)) R_a3(r_3(q)),  t_1(q) x + t_2(q) y + t_3(q) z)
//
// two charts are tried: as the 1-dof export does (osim_export.hpp), the parent offset frame holding the rotation at
// the centre of the coordinate box, so the three angles stay small, with the rotation order farthest from gimbal
// lock over the box; and for a spline surface joint of the default basis (G = H · T(φ0..2) · R_x R_y R_z, paper
// eq. 25) its own chart: the parent offset frame at H, rotations about x, y, z, so the channels are its φ_j. the
// lower degree that meets the tolerance is kept. each channel is fitted by least squares on a chebyshev grid with the coordinates scaled to
// [−1, 1] (conditioning), then expanded into the raw monomials OpenSim evaluates; the total degree is raised
// until the joint that OpenSim would evaluate stays within the tolerances over a fine uniform grid, or stops at
// max_degree with the fidelity reached. docs/opensim.md "Replacing a 2-dof joint".
#pragma once

#include <array>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "core/interop/euler.hpp"
#include "core/joints/axis_function.hpp"
#include "core/joints/joint.hpp"

namespace js::interop {

struct OsimPolynomialOptions {
  double position_tolerance = 1e-4;                                // m: 0.1 mm
  double angle_tolerance = 0.05 * kPi / 180.0;  // rad: 0.05°
  int max_degree = 10;  // total degree (the function's <order>) at which the search stops
  // the box over which the polynomials must hold, one range per coordinate of the joint (required)
  std::vector<std::pair<double, double>> ranges;
  int fit_points = 0;    // chebyshev points per coordinate of the fit grid (0: 41 for 2 dof, 17 for 3)
  int check_points = 0;  // uniform points per coordinate of the fidelity grid (0: 101 for 2 dof, 31 for 3)
};

// the largest errors over a grid of the coordinate box and where they occur
struct OsimGridFidelity {
  double max_position_error_m = 0.0;    // child origin, parent frame
  double max_angle_error_rad = 0.0;     // angle of R_oursᵀ R_osim
  std::vector<double> worst_position_q;  // the coordinates where each maximum occurs
  std::vector<double> worst_angle_q;
  int points = 0;                        // grid points compared
  bool within(double position_tolerance, double angle_tolerance) const {
    return max_position_error_m <= position_tolerance && max_angle_error_rad <= angle_tolerance;
  }
};

// the exported joint: offsets, rotation order and the six functions (rotation1..3, translation1..3), each a
// multivariate polynomial of the joint's coordinates in their order
struct OsimPolynomialJoint {
  SE3 parent_T_pframe, child_T_cframe;
  AxisOrder rotation_order{0, 1, 2};
  std::array<AxisFunction, 6> functions;
  int degree = 0;

  // the axis of TransformAxis i (rotation1..3: the rotation order's axes; translation1..3: x, y, z)
  Vec3 axis(int i) const;
  // the child body in the parent body, as OpenSim evaluates the CustomJoint (q: one value per coordinate)
  SE3 parent_T_child(const double* q) const;
};

struct OsimPolynomialExport {
  OsimPolynomialJoint joint;
  OsimGridFidelity fidelity;        // of the degree returned
  bool within_tolerance = false;
  double min_gimbal_margin = 1.0;   // smallest cos(rotation2) over the box
  std::string chart;                // where the parent offset frame sits and which angles the rotations are
  // the fidelity of every degree tried, lowest first (the report shows how it went down)
  std::vector<std::pair<int, OsimGridFidelity>> tried;
};

// throws std::invalid_argument: dof not 2 or 3, a range missing, empty or not finite, tolerances not positive,
// max_degree outside 1…20.
OsimPolynomialExport export_osim_polynomial(const JointModel& joint, const OsimPolynomialOptions& options);

// the largest difference between parent_T_child of `joint` and `theirs` (called with the coordinates) over a
// uniform grid of `points` values per coordinate of the box `ranges`.
OsimGridFidelity measure_grid_fidelity(const JointModel& joint, const std::function<SE3(const double*)>& theirs,
                                       const std::vector<std::pair<double, double>>& ranges, int points);

// "degree 8 reaches 0.31 mm at (flexion, deviation) = (0.1, -0.2) and 0.02 deg at (…); tolerance 0.1 mm, 0.05 deg"
std::string polynomial_fidelity_sentence(const OsimGridFidelity& f, int degree, const std::vector<std::string>& names,
                                         double position_tolerance, double angle_tolerance);

// the raw-monomial coefficients, in opensim-core's order (MultivariatePolynomialFunction: every exponent set of
// total degree ≤ order, the first coordinate's exponent in the outermost loop), of the polynomial whose
// coefficients `scaled` (same order) are in s_d = (q_d − centre_d) / half_d. exposed for the tests.
std::vector<double> unscale_polynomial(int dimension, int order, const std::vector<double>& scaled,
                                       const std::vector<double>& centre, const std::vector<double>& half);

// the exponent sets of a multivariate polynomial in opensim-core's order: terms × dimension, row-major.
std::vector<int> polynomial_exponents(int dimension, int order);

}  // namespace js::interop
