// what a fit achieved, for people (millimetres and degrees, worst samples named) and for tools (json with
// the fields of issue 3: rms/max translation and rotation, per-sample errors, iterations, objective
// history, seconds, smoothing weight, frames, min |S|).
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/fit/cross_validation.hpp"
#include "core/fit/samples.hpp"
#include "core/fit/surface_fit.hpp"
#include "core/joints/joint.hpp"

namespace js::fit {

// the error of one sample under the fitted joint.
struct SampleResidual {
  int index = 0;             // position in the sample set
  int line = 0;              // source line (0: none)
  JointVector q;             // the q it was fitted at
  double translation = 0.0;  // |p − p_d| (m)
  double rotation = 0.0;     // angle of Rᵀ R_d (rad)
};

struct FitReport {
  std::string samples_file;
  std::string method;
  int dof = 1;
  int order = 4;
  bool closed = false;
  int frames = 0;                 // control frames (1-dof) or control values per coordinate (n-dof, product)
  std::vector<int> net;           // n-dof: control values per coordinate (empty for 1-dof)
  double length_scale = 0.0;
  double smoothing_weight = 0.0;
  double rms_translation_m = 0.0, max_translation_m = 0.0;
  double rms_rotation_rad = 0.0, max_rotation_rad = 0.0;
  double min_jacobian_norm = 0.0;  // smallest |W S(q)| (1-dof, per knot span) or smallest singular value of W S (grid)
  bool dead_stop = false;          // S vanishes somewhere: `check` rejects the joint (find_dead_stop)
  std::string check_problem;       // why `check` rejects the joint ("" when it passes; check_joint)
  int iterations = 0;
  bool converged = false;
  bool stalled = false;           // levenberg–marquardt found no step lowering the objective
  bool cancelled = false;
  double seconds = 0.0;
  std::vector<double> objective_history;
  std::vector<SampleResidual> per_sample;
  std::vector<ScorePoint> smoothing_curve;  // empty unless w was chosen automatically
  std::vector<ScorePoint> frames_curve;     // empty unless frames were chosen automatically
  bool frames_at_edge = false;    // the automatic frame count is the largest the samples let it try
  int frames_limit = 0;           // that largest count (0: frames not chosen automatically)
  int search_samples = 0;         // samples the automatic search scored (< N: an even subsample)
  double coordinatewise_rms_translation_m = -1.0;  // n-dof: before the SE(3) refinement (−1: not applicable)
  double coordinatewise_rms_rotation_rad = -1.0;
  // per coordinate: it turns the child (coordinate_rotation.hpp), so report_summary prints its q in degrees (the
  // json keeps radians)
  std::vector<bool> rotational;
};

// residuals of `joint` at each sample (q[k] of size dof per sample), min |W S| over [q_min, q_max] per
// coordinate (sampled densely), and the rms/max statistics. other fields are left for the caller.
FitReport measure_fit(const JointModel& joint, const SampleSet& samples, const std::vector<JointVector>& q,
                      double length_scale);

// the fields of a 1-dof fit (method, frames, iterations, curves …) copied into report.
void describe_curve_fit(const AutoFitResult& fit, const CurveFitOptions& options, FitReport& report);

// the fields of an n-dof fit copied into report; start: measure_fit of the coordinate-wise joint (its rms
// errors become coordinatewise_rms_*).
void describe_surface_fit(const SurfaceFitResult& fit, const SurfaceFitOptions& options, const FitReport& start,
                          FitReport& report);

nlohmann::ordered_json report_to_json(const FitReport& report);

// a few lines for people: rms and max in mm and degrees, the worst `worst` samples by line with their q (degrees
// for a rotational coordinate), iterations, time, smoothing and frames.
std::string report_summary(const FitReport& report, int worst = 3);

}  // namespace js::fit
