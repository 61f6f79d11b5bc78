#include "core/fit/coordinate_rotation.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace js::fit {

bool coordinate_rotates(const JointModel& joint, int i) {
  const int n = joint.dof();
  if (i < 0 || i >= n) return false;
  const auto& coords = joint.coordinates();
  Eigen::VectorXd q(n);
  for (int k = 0; k < n; ++k) {
    const Coordinate& c = coords[static_cast<std::size_t>(k)];
    q[k] = c.has_range() ? 0.5 * (c.min + c.max) : 0.0;
  }
  const Coordinate& c = coords[static_cast<std::size_t>(i)];
  const bool bounded = c.has_range();
  JointData data(n);
  for (double x : bounded ? std::vector<double>{c.min, 0.5 * (c.min + c.max), c.max} : std::vector<double>{-1.0, 0.0, 1.0}) {
    q[i] = x;
    joint.evaluate(q, data, EvalLevel::Jacobian);
    // twists are [ω; v]
    const double w = angular(data.S.col(i)).norm(), v = linear(data.S.col(i)).norm();
    if (w > 1e-9 * std::max(1.0, v)) return true;
  }
  return false;
}

std::vector<bool> rotating_coordinates(const JointModel& joint) {
  std::vector<bool> out;
  out.reserve(static_cast<std::size_t>(joint.dof()));
  for (int i = 0; i < joint.dof(); ++i) out.push_back(coordinate_rotates(joint, i));
  return out;
}

std::string coordinate_value_text(double q, bool rotates, int precision) {
  std::ostringstream s;
  s.precision(precision);
  if (rotates) {
    s << q * 180.0 / kPi << "°";
  } else {
    s << q << " m";
  }
  return s.str();
}

}  // namespace js::fit
