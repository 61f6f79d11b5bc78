// baselines for a spline joint: the best fixed hinge and the best ball joint for the same samples, with their
// errors measured as the fit report measures the spline's (the child origin's distance |p − p_d| and the
// rotation angle of Rᵀ R_d, rms and max, and the sample where each max occurs), so the user sees what the
// spline joint buys over a lower pair.
//
// hinge: parent_T_child_k ≈ parent_T_axis · Rz(θ_k) · axis_T_child with one fixed axis in both bodies and the
//   angle θ_k free per sample — the standard "best fixed axis": it judges the axis alone, not how the
//   coordinate q was parameterized (a θ linear in q would mix both). it minimizes the fit's own metric
//   Σ w_k |r(G_k, G_d^k)|² (metric.hpp, paper eq. 32 with length scale ℓ) by levenberg–marquardt, started
//   from the mean helical axis and the symmetrical axis of rotation approach (sara, ehrig et al. 2007).
// ball: parent_T_child_k ≈ (R_k free, p_k = a − R_k c) with the centre a in the parent and c in the child:
//   the symmetrical centre of rotation estimation (score, ehrig et al. 2006), a linear least-squares
//   problem that minimizes exactly the child origin's squared distance (the rotation is free, its error 0).
#pragma once

#include <string>
#include <vector>

#include "core/fit/samples.hpp"
#include "core/lie/se3.hpp"

namespace js::fit {

// the errors of a baseline joint at each sample and their summary (m and rad).
struct BaselineErrors {
  std::vector<double> translation;  // |p − p_d| of the child origin, per sample
  std::vector<double> rotation;     // angle of Rᵀ R_d, per sample
  double rms_translation_m = 0.0, max_translation_m = 0.0;
  double rms_rotation_rad = 0.0, max_rotation_rad = 0.0;
  int worst_translation = -1;  // sample index of the max (−1: no samples)
  int worst_rotation = -1;
};

struct HingeFit {
  SE3 parent_T_axis;  // the axis is this frame's z; its origin is the axis point nearest the child origins
  SE3 axis_T_child;
  std::vector<double> angle;  // θ_k per sample (rad), unwrapped along the sample order
  BaselineErrors errors;
  int iterations = 0;
  bool converged = false;
  Vec3 axis_in_parent() const { return parent_T_axis.R.col(2); }
  Vec3 point_in_parent() const { return parent_T_axis.p; }
  SE3 pose(int k) const;  // parent_T_child of sample k under the hinge
};

struct BallFit {
  Vec3 centre_in_parent = Vec3::Zero();  // a
  Vec3 centre_in_child = Vec3::Zero();   // c
  bool determined = true;  // false: the rotations span fewer than 3 axes; the centre is the one nearest the child origin
  BaselineErrors errors;
  SE3 pose(int k, const SampleSet& samples) const;  // the sample's rotation about the fixed centre
};

// the best fixed hinge. length_scale ℓ (m) weighs translation against rotation as in the spline fit.
// throws SampleError(TooFewSamples) with fewer than 2 samples and SampleError(Degenerate) naming the set when
// the samples do not rotate (all orientations within 1e-6 rad: no axis is determined).
HingeFit fit_hinge(const SampleSet& set, double length_scale, int max_iterations = 100);

// the best ball joint (score). throws SampleError(TooFewSamples) with fewer than 2 samples.
BallFit fit_ball(const SampleSet& set);

// rms/max of per-sample errors, unweighted as measure_fit's (report.hpp).
BaselineErrors summarize_errors(std::vector<double> translation, std::vector<double> rotation);

// one line for people: "hinge: rms 1.234 mm, max 4.100 mm at q = 1.571; rms 0.5 deg, max 1.2 deg at q = …".
// degrees: print q values of rotational coordinates in degrees (the spline's coordinate unit otherwise).
std::string baseline_line(const std::string& name, const BaselineErrors& errors, const SampleSet& set, bool degrees);

// the residual of one hinge sample (A = parent_T_axis, B = axis_T_child) and its jacobian with respect to the 10
// local parameters (δa: ωx ωy vx vy of A ← A exp(δa); δb: ωx ωy vx vy vz of B ← exp(δb) B; dθ), in the
// metric of metric.hpp. exposed for the finite-difference test.
void hinge_residual(const SE3& A, const SE3& B, double angle, const SE3& desired, double inv_length, Vec6& r,
                    Eigen::Matrix<double, 6, 10>* jacobian);

}  // namespace js::fit
