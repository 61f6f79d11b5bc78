// automatic smoothing (§6.3) and frame count: the smoothing weight w and, when asked, the number of control
// frames are chosen by generalized cross-validation (GCV, from the linearized influence matrix of the
// converged fit) or by k-fold cross-validation (refits without each fold, scored on the left-out samples).
//
//   GCV(w) = D(w) / (1 − tr(A(w)) / 6N)²,  D = Σ c_k |r_k|² (the data term), tr(A) = tr((H_d + H_s)⁻¹ H_d)
//
// the score curve is reported so a user (and the tests) can see where the choice lies.
#pragma once

#include <vector>

#include "core/fit/curve_fit.hpp"

namespace js::fit {

enum class CrossValidation { Generalized, KFold };

struct AutoFitOptions {
  bool auto_smoothing = true;       // choose w (else options.smoothing is used)
  bool auto_frames = false;         // choose the number of frames (else options.num_frames)
  CrossValidation method = CrossValidation::Generalized;
  int folds = 5;                    // k-fold only
  double min_smoothing = 1e-9;      // w grid: log-spaced in w/(1 − w) between these
  double max_smoothing = 0.3;
  int grid_points = 12;
  int refine_steps = 6;             // golden-section steps around the best grid point
  int max_frames = 60;              // largest frame count tried (also below what the samples support)
  // sets larger than this choose frames and w on an even subsample of this many (in sample order); the
  // final fit uses every sample. keeps the search linear in N with a small constant (0: never subsample)
  int max_search_samples = 20000;
};

// one evaluated candidate.
struct ScorePoint {
  double value = 0.0;                 // w, or the number of frames
  double score = 0.0;                 // GCV or k-fold score (lower is better)
  double effective_parameters = 0.0;  // tr(A) (GCV)
  double rms = 0.0;                   // sqrt of the data term (metric units)
};

struct AutoFitResult {
  explicit AutoFitResult(CurveFitResult f) : fit(std::move(f)) {}
  CurveFitResult fit;                     // the fit at the chosen values
  double smoothing = 0.0;                 // chosen w
  int frames = 0;                         // chosen number of frames
  std::vector<ScorePoint> smoothing_curve;  // in increasing w
  std::vector<ScorePoint> frames_curve;     // in increasing frame count (auto_frames only)
  // the chosen frame count is the largest the search tried, and it stopped there because the samples
  // support no more (or max_frames), not because the score rose: more data could use more frames
  bool frames_at_edge = false;
  int frames_limit = 0;                     // the largest count the search could try (auto_frames only)
  int search_samples = 0;                   // samples the search scored (N unless subsampled)
};

// fits with automatically chosen w and/or frame count; options supplies everything else (method, order,
// closed, length scale, huber, progress, cancel). throws like fit_spline_curve.
AutoFitResult fit_spline_curve_auto(const SampleSet& samples, const CurveFitOptions& options,
                                    const AutoFitOptions& automatic = {});

}  // namespace js::fit
