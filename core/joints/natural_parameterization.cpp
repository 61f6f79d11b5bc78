#include "core/joints/natural_parameterization.hpp"

#include <stdexcept>

namespace js {

std::vector<double> natural_parameters(const std::vector<SE3>& frames, double length_scale, bool closed, double q0) {
  if (frames.size() < 2) throw std::invalid_argument("natural parameterization needs at least 2 frames");
  if (!(length_scale > 0.0)) throw std::invalid_argument("length scale must be positive");
  std::vector<double> params;
  params.reserve(frames.size() + 1);
  params.push_back(q0);
  const std::size_t count = closed ? frames.size() + 1 : frames.size();
  for (std::size_t j = 1; j < count; ++j) {
    const SE3& a = frames[j - 1];
    const SE3& b = frames[j % frames.size()];
    const double d = twist_norm(se3_log(a.inverse() * b), length_scale);
    if (!(d > 1e-12)) {
      throw std::invalid_argument("control frames " + std::to_string(j - 1) + " and " +
                                  std::to_string(j % frames.size()) + " coincide (no motion between them)");
    }
    params.push_back(params.back() + d);
  }
  return params;
}

SplineCurveJoint make_natural_spline_curve(const std::vector<SE3>& frames, int order, bool closed,
                                           double length_scale, const std::string& coordinate) {
  std::vector<double> params = natural_parameters(frames, length_scale, closed);
  if (closed) {
    const double period_end = params.back();
    params.pop_back();
    return SplineCurveJoint(frames, spline::KnotVector::periodic_from_parameters(params, period_end, order),
                            coordinate);
  }
  return SplineCurveJoint(frames, spline::KnotVector::clamped_from_parameters(params, order), coordinate);
}

}  // namespace js
