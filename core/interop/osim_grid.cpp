#include "core/interop/osim_grid.hpp"

#include <stdexcept>

namespace js::interop {

fit::SampleSet sample_osim_grid(const OsimCustomJoint& joint, int c0, int c1, std::pair<double, double> r0,
                                std::pair<double, double> r1, int n0, int n1, const std::string& source) {
  const int n = static_cast<int>(joint.coordinates.size());
  if (c0 < 0 || c1 < 0 || c0 >= n || c1 >= n || c0 == c1) throw std::invalid_argument("a grid needs two different coordinates of the joint");
  if (n0 < 2 || n1 < 2) throw std::invalid_argument("a grid needs at least 2 values along each coordinate");
  if (!(r0.second > r0.first) || !(r1.second > r1.first)) throw std::invalid_argument("a grid needs non-empty ranges");
  fit::SampleSet set;
  set.dof = 2;
  set.has_q = true;
  set.source = source;
  std::vector<double> q = joint.default_q();
  for (int i = 0; i < n0; ++i) {
    const double a = i == n0 - 1 ? r0.second : r0.first + (r0.second - r0.first) * i / (n0 - 1);
    for (int j = 0; j < n1; ++j) {
      const double b = j == n1 - 1 ? r1.second : r1.first + (r1.second - r1.first) * j / (n1 - 1);
      q[static_cast<std::size_t>(c0)] = a;
      q[static_cast<std::size_t>(c1)] = b;
      fit::Sample s;
      s.q = JointVector(2);
      s.q << a, b;
      s.parent_T_child = joint.parent_T_child(q);
      set.samples.push_back(s);
    }
  }
  return set;
}

}  // namespace js::interop
