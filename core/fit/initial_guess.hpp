// the starting point of a 1-dof fit (paper §6.1–6.2): q of each sample (given, or by natural
// parameterization along the row order), knots over the sampled range, and control frames from the samples
// near each frame's greville abscissa by geodesic interpolation and local averaging on SE(3).
#pragma once

#include <vector>

#include "core/fit/samples.hpp"
#include "core/spline/knots.hpp"

namespace js::fit {

// q of each sample (size set.size()): set.samples[k].q[0] when set.has_q, else q_0 = 0,
// q_k = q_{k−1} + ‖log(G_{k−1}⁻¹ G_k)‖_ℓ with ‖[ω; v]‖²_ℓ = |ω|² + |v/ℓ|² (§6.1; repeated poses give equal q).
// closed: the returned vector has one more entry, the parameter at which the motion returns to sample 0
// (natural: q_last + distance back to the first pose; given q: q_last + the mean spacing).
std::vector<double> sample_parameters(const SampleSet& set, double length_scale, bool closed);

// knots of a curve with num_frames control frames of the given order over [q_min, q_max] (open: clamped,
// uniform) or over one period [q_min, q_end) (closed: periodic, uniform). throws std::invalid_argument
// when the counts do not fit the order.
spline::KnotVector place_knots(int num_frames, int order, bool closed, double q_min, double q_end);

// control frames (size knots.num_control()) from samples with parameters q (size set.size()): the pose
// interpolated at each frame's greville abscissa, refined by a weighted karcher mean of the samples within
// a knot span of it (so noise averages out). period: closed curves only (knots.period()).
std::vector<SE3> initial_frames(const SampleSet& set, const std::vector<double>& q, const spline::KnotVector& knots,
                                double length_scale);

// weighted karcher mean of poses on SE(3) by fixed-point iteration on the twist logs, starting at `start`.
SE3 se3_weighted_mean(const std::vector<SE3>& poses, const std::vector<double>& weights, const SE3& start,
                      int iterations = 4);

}  // namespace js::fit
