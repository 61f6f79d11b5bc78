// exporting a 1-dof joint (any kind; a spline curve joint is the main case) as an OpenSim CustomJoint whose
// six TransformAxis functions are splines of the coordinate, refined until the joint that OpenSim would
// evaluate (osim_joint.hpp with the OpenSim function semantics of osim_function.hpp) stays within the
// tolerances of ours over the whole coordinate range. conventions and the fidelity report: docs/opensim.md.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/interop/euler.hpp"
#include "core/interop/osim_joint.hpp"
#include "core/joints/joint.hpp"

namespace js::interop {

struct OsimExportOptions {
  double position_tolerance = 1e-5;  // m: largest allowed |p_ours − p_osim| of the child origin
  double angle_tolerance = 1e-4;     // rad: largest allowed angle of R_oursᵀ R_osim
  OsimFunctionKind spline_kind = OsimFunctionKind::SimmSpline;  // or NaturalCubicSpline
  int initial_knots = 9;             // evenly spaced knots to start from (≥ 4)
  int max_knots = 4000;              // refinement stops here even if the tolerance is not met
  int checks_per_interval = 8;       // interior points per knot interval tested while refining
  std::optional<std::pair<double, double>> range;  // overrides the coordinate range (needed when unbounded)
  std::string joint_name = "joint";
  std::string parent_body = "parent";
  std::string child_body = "child";
};

// how closely the exported CustomJoint follows the joint, over a dense uniform grid of the range.
struct OsimFidelity {
  double max_position_error_m = 0.0;   // child origin, parent frame
  double max_angle_error_rad = 0.0;    // angle of R_oursᵀ R_osim
  double worst_position_q = 0.0;       // where each maximum occurs
  double worst_angle_q = 0.0;
  int points = 0;                      // coordinate values compared
  int knots = 0;                       // knots per exported function
  bool within_tolerance = false;       // both maxima ≤ their tolerances
  AxisOrder rotation_order{0, 1, 2};   // axes of rotation1..3 in the parent offset frame
  double min_gimbal_margin = 1.0;      // smallest cos(rotation2) over the range (0: gimbal lock)
  // n-dof (MultivariatePolynomialFunction): every coordinate where each maximum occurs (worst_*_q holds the
  // first), and the polynomials' total degree; 1-dof: worst_*_at = {worst_*_q}, degree 0
  std::vector<double> worst_position_at, worst_angle_at;
  int degree = 0;
};

struct OsimExport {
  OsimCustomJoint joint;
  OsimFidelity fidelity;
};

// throws std::invalid_argument when the joint is not 1-dof, or its range is empty or unbounded (give
// options.range), or a tolerance is not positive.
OsimExport export_osim(const JointModel& joint, const OsimExportOptions& options = {});

// compares the 1-dof joint with osim at `points` evenly spaced values of [q_min, q_max], given to our
// joint's coordinate and to osim's coordinate `coordinate` (the others at their defaults), or, with a drive,
// to the independent coordinate of that coupling (OsimCustomJoint::path_q). used for the export report and,
// after an import and refit, for the difference between the refit and the original.
OsimFidelity measure_osim_fidelity(const JointModel& joint, const OsimCustomJoint& osim, int coordinate, double q_min,
                                   double q_max, int points, const OsimCoupling* drive = nullptr);

// a few lines for people: max errors in mm and degrees with where they occur, knots, rotation order.
std::string fidelity_summary(const OsimFidelity& fidelity, const OsimExportOptions& options);

}  // namespace js::interop
