// motion-capture markers as joint samples: per frame, the pose of a parent marker cluster and of a child marker
// cluster by least squares (kabsch / söderkvist & wedin 1993, with the reflection guard), and the child's pose
// relative to the parent as one sample; q from a coordinate column of a .mot file, or none (natural
// parameterization along the frames when fitted). docs/opensim.md.
#pragma once

#include <string>
#include <vector>

#include "core/fit/samples.hpp"
#include "core/interop/trc_file.hpp"
#include "core/lie/se3.hpp"

namespace js::interop {

// the rigid motion T minimizing Σ |T·reference_i − observed_i|² (at least 3 points, the same count): the rotation
// from the svd of the cross-covariance H = Σ (a_i − ā)(b_i − b̄)ᵀ = U S Vᵀ as R = V diag(1, 1, det(V Uᵀ)) Uᵀ (the
// last factor keeps R a rotation when the best orthogonal fit would be a reflection), t = b̄ − R ā. rms, when
// given, receives sqrt(Σ |T a_i − b_i|² / n).
SE3 fit_cluster_pose(const std::vector<Vec3>& reference, const std::vector<Vec3>& observed, double* rms = nullptr);

// the second-largest over the largest singular value of the centred points: 0 for collinear points, about 1 for
// a well spread cluster.
double cluster_spread(const std::vector<Vec3>& points);

struct TrcSampleOptions {
  std::vector<std::string> parent_markers, child_markers;  // ≥ 3 each, distinct
  // the markers' positions in the parent and child body frames (a model's MarkerSet), in the order of the names;
  // empty: the lab positions in the first frame where every marker of both clusters is present, less each
  // cluster's centroid (each cluster frame: at its centroid, axes of the lab at that frame)
  std::vector<Vec3> parent_reference, child_reference;
  const MotData* mot = nullptr;  // q from column mot_column of mot at each frame's time (linear interpolation)
  int mot_column = -1;
  double q_scale = 1.0;          // multiplies the column (π/180 for a rotational coordinate in degrees)
  double min_spread = 0.02;      // cluster_spread below this: collinear markers
};

struct TrcSampleResult {
  fit::SampleSet samples;        // 1-dof with q (a .mot column) or without (natural parameterization)
  std::vector<int> frames;       // the frame number of each sample
  std::vector<double> times;
  std::vector<double> parent_rms, child_rms;  // cluster residuals (m) of each sample
  int reference_frame = -1;      // frame index of the reference positions (−1: from a model)
  int skipped_missing = 0;       // frames with a marker of either cluster missing
  int skipped_outside_mot = 0;   // frames outside the .mot's time span
  int total_frames = 0;
};

// throws std::invalid_argument with one clear sentence naming the file: an unknown marker, fewer than 3 markers
// in a cluster, a marker in both clusters, a marker missing in every frame, no frame with every marker, collinear
// markers, no sample left.
TrcSampleResult trc_samples(const TrcData& trc, const TrcSampleOptions& options);

// csv as docs/samples.md describes (q when present, R00..R22, px, py, pz) with the extra columns frame, time,
// parent_rms and child_rms (readers ignore unknown columns); 17 significant digits. throws std::runtime_error.
void write_trc_samples_csv(const TrcSampleResult& result, const std::string& path);

}  // namespace js::interop
