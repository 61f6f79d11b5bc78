// polygonal wires as cubic spline curve joints with a knot of multiplicity k − 1 = 3 at every vertex (so a
// corner there, SplineCurveJoint::corners): each edge is a cubic bézier piece through its two ends and the
// points at a third and two thirds, straight and linear in q. frames keep the identity rotation unless
// `turn` gives each control frame a rotation about z (radians per control), so the wire also twists.
#pragma once

#include <memory>
#include <vector>

#include "core/joints/spline_curve_joint.hpp"

namespace js::test {

// an open polyline through points (≥ 2) with vertex i at params[i] (increasing).
inline std::unique_ptr<SplineCurveJoint> polyline_joint(const std::vector<Vec3>& points, const std::vector<double>& params,
                                                        double turn = 0.0) {
  std::vector<SE3> frames;
  std::vector<double> knots(4, params.front());
  for (std::size_t i = 0; i + 1 < points.size(); ++i) {
    for (int m = 0; m < 3; ++m) frames.push_back(SE3(Mat3::Identity(), points[i] + (points[i + 1] - points[i]) * (m / 3.0)));
    for (int m = 0; m < 3; ++m) knots.push_back(params[i + 1]);
  }
  frames.push_back(SE3(Mat3::Identity(), points.back()));
  knots.push_back(params.back());  // the last knot four times: three from the loop and this one
  for (std::size_t i = 0; i < frames.size(); ++i) frames[i].R = Eigen::AngleAxisd(turn * static_cast<double>(i), Vec3::UnitZ()).toRotationMatrix();
  const int n = static_cast<int>(frames.size());
  return std::make_unique<SplineCurveJoint>(frames, spline::KnotVector(n, 4, knots));
}

// a closed polygon through points (≥ 3), vertex i at params[i] (increasing), back to points[0] at period_end.
inline std::unique_ptr<SplineCurveJoint> polygon_joint(const std::vector<Vec3>& points, const std::vector<double>& params,
                                                       double period_end) {
  const std::size_t N = points.size();
  std::vector<SE3> frames;
  for (std::size_t i = 0; i < N; ++i) {
    const Vec3& b = points[(i + 1) % N];
    for (int m = 0; m < 3; ++m) frames.push_back(SE3(Mat3::Identity(), points[i] + (b - points[i]) * (m / 3.0)));
  }
  // t_0 = q_{N−1} − period, then every vertex three times: t_i = q_{(i−1)/3} extended by the period
  const double period = period_end - params.front();
  auto vertex = [&](long v) {
    const long n = static_cast<long>(N);
    const long wraps = v >= 0 ? v / n : -((-v + n - 1) / n);
    return params[static_cast<std::size_t>(v - wraps * n)] + static_cast<double>(wraps) * period;
  };
  const int n = static_cast<int>(frames.size());
  std::vector<double> knots{vertex(-1)};
  for (int i = 1; i < n + 7; ++i) knots.push_back(vertex((i - 1) / 3));
  return std::make_unique<SplineCurveJoint>(frames, spline::KnotVector(n, 4, knots, true));
}

}  // namespace js::test
