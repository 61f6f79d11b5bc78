// a joint's motion as six curves against one coordinate, like OpenSim's function view: three angles in a
// chosen sequence and the three coordinates of the child origin in the parent frame, with the samples'
// own components as dots over them.
//
// angle conventions (R = parent_R_child):
// - grood–suntay (1983) joint coordinate system for a knee: e1 = the parent's medio-lateral axis (fixed in
//   the parent: flexion–extension about it), e3 = the child's long axis (fixed in the child: internal–external
//   rotation about it), e2 = e3 × e1, the floating axis (ab/adduction about it). this is the body-fixed
//   sequence (e1, e2, e3) = (i, k, j) with k the third coordinate axis: R = R_i(α) R_k(β) R_j(γ), so
//   e2 is the intermediate frame's k axis, perpendicular to e1 and e3. angles are right-handed about the +axes
//   (no left/right sign flips: a right knee in opensim's frames flexes about +z with negative angles).
// - plain body-fixed euler/cardan sequences (xyz, zxy, …; euler.hpp).
// the outer two angles are unwrapped along the curve so that a motion through ±180° stays continuous.
#pragma once

#include <array>
#include <optional>
#include <utility>
#include <string>
#include <vector>

#include "core/fit/samples.hpp"
#include "core/interop/euler.hpp"
#include "core/joints/joint.hpp"

namespace js::interop {

struct AngleConvention {
  bool grood_suntay = true;
  int flexion_axis = 0;  // grood–suntay: e1, the parent's axis (0 x, 1 y, 2 z)
  int long_axis = 1;     // grood–suntay: e3, the child's axis (≠ flexion_axis)
  AxisOrder order{0, 1, 2};  // body-fixed sequence when not grood–suntay

  // the body-fixed sequence the angles are taken in
  AxisOrder sequence() const;
  // names for the plot's legend: "flexion (+z)", "ab/adduction (floating +x)", "internal rotation (+y)",
  // or "rotation 1 (x)" … for a plain sequence
  std::array<std::string, 3> angle_names() const;
  // "Grood–Suntay (z, floating x, y)" or "body-fixed zxy"
  std::string name() const;
};

// a grood–suntay convention for this joint: flexion about the parent's coordinate axis closest to the
// dominant rotation axis over the coordinate's range (the principal direction of the rotation vectors of
// G(q)·G(q_mid)⁻¹), the long axis y (z when flexion is about y), as in opensim's and the demo's frames.
AngleConvention guess_grood_suntay(const JointModel& joint, int coordinate, const JointVector& at);

struct MotionCurves {
  int coordinate = 0;  // the swept coordinate
  JointVector at;      // the values of the other coordinates (the swept entry is ignored)
  std::vector<double> q;                                // swept values (rad or m, as the joint)
  std::array<std::vector<double>, 3> angle;             // rad, per q
  std::array<std::vector<double>, 3> translation;       // m, child origin in the parent frame, per q
  // the joint's speed along the swept coordinate a and how fast it changes (paper §5: a joint stalls where
  // the speed nears 0), per q, with translations over the length scale ℓ (m per rad) like the fit's metric:
  //   speed = ‖W S e_a‖,   bend = ‖W (∂S/∂q_a) e_a‖,   W = diag(1, 1, 1, 1/ℓ, 1/ℓ, 1/ℓ)
  double length_scale = 1.0;
  std::vector<double> speed, bend;
  std::vector<int> sample_index;                        // samples drawn as dots (those at `at`)
  std::vector<double> sample_q;                         // their swept coordinate
  std::array<std::vector<double>, 3> sample_angle;      // rad, unwrapped towards the curve
  std::array<std::vector<double>, 3> sample_translation;  // m
};

// the curves of `joint` over `range` of `coordinate` (count points; without a range: the joint's declared
// one, else the samples' range of that coordinate, else [−π, π]) with the other coordinates at `at`, and
// the samples whose other coordinates lie within `tolerance` (same units) of `at`. samples may be null.
// throws std::invalid_argument for a coordinate outside the joint's dof, an at of the wrong size or an
// empty range.
// length_scale: ℓ of speed and bend (> 0; throws std::invalid_argument otherwise).
MotionCurves motion_curves(const JointModel& joint, int coordinate, const JointVector& at,
                           const AngleConvention& convention, const fit::SampleSet* samples, int count = 201,
                           double tolerance = 1e-6, std::optional<std::pair<double, double>> range = std::nullopt,
                           double length_scale = 1.0);

// the curves m as csv for a spreadsheet: q, the three angles in degrees, the three translations in mm, the
// speed and bend (per rad of q, or per m of a translational q; empty on sample rows), with a header naming them; then the samples as rows marked "sample" in a first column ("curve" for the curve).
std::string motion_curves_csv(const MotionCurves& m, const AngleConvention& convention,
                              const std::string& coordinate_name, bool coordinate_in_degrees);

}  // namespace js::interop
