#include "core/interop/osim_grid.hpp"

#include <algorithm>
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

fit::SampleSet sample_osim_model_grid(const OsimModel& model, const std::string& joint, const std::string& c0, const std::string& c1,
                                      std::pair<double, double> r0, std::pair<double, double> r1, int n0, int n1,
                                      const std::string& source) {
  return sample_osim_model_box(model, joint, {c0, c1}, {r0, r1}, {n0, n1}, source);
}

fit::SampleSet sample_osim_model_box(const OsimModel& model, const std::string& joint, const std::vector<std::string>& coordinates,
                                     const std::vector<std::pair<double, double>>& ranges, const std::vector<int>& counts,
                                     const std::string& source) {
  const std::size_t m = coordinates.size();
  if (m < 1 || m > 3 || ranges.size() != m || counts.size() != m) throw std::invalid_argument("a grid needs 1 to 3 coordinates, each with a range and a count");
  const OsimModelJoint* mj = nullptr;
  std::string names;
  for (const OsimModelJoint& j : model.joints) {
    if (j.name == joint) mj = &j;
    names += (names.empty() ? "" : ", ") + j.name;
  }
  if (!mj) throw std::invalid_argument(model.source + ": no joint '" + joint + "' (the model has " + names + ")");
  if (!mj->joint) {
    std::string why;
    for (const OsimIssue& i : model.issues) {
      if (i.element.find("'" + joint + "'") != std::string::npos) why = ": " + i.message();
    }
    throw std::invalid_argument(model.source + ": joint '" + joint + "' could not be read" + why);
  }
  // q in the core joint's order, every coordinate at its default; where[k]: its index in the model's q
  const int n = mj->joint->dof();
  JointVector q(n);
  std::vector<int> slot(m, -1), where(static_cast<std::size_t>(n), -1);
  std::string own;
  for (int k = 0; k < n; ++k) {
    const std::string& name = mj->coordinates[static_cast<std::size_t>(k)];
    const int c = model.find_coordinate(name);
    q[k] = c >= 0 ? model.coordinates[static_cast<std::size_t>(c)].default_value : 0.0;
    if (c >= 0) where[static_cast<std::size_t>(k)] = model.coordinates[static_cast<std::size_t>(c)].model_index;
    for (std::size_t d = 0; d < m; ++d) {
      if (name == coordinates[d]) slot[d] = k;
    }
    own += (own.empty() ? "" : ", ") + name;
  }
  for (std::size_t d = 0; d < m; ++d) {
    if (slot[d] < 0) throw std::invalid_argument(model.source + ": joint '" + joint + "' has no coordinate '" + coordinates[d] + "' (it has " + own + ")");
    for (std::size_t e = 0; e < d; ++e) {
      if (slot[e] == slot[d]) throw std::invalid_argument("a grid needs different coordinates of the joint ('" + coordinates[d] + "' twice)");
    }
    if (counts[d] < 2) throw std::invalid_argument("a grid needs at least 2 values along each coordinate");
    if (!(ranges[d].second > ranges[d].first)) throw std::invalid_argument("a grid needs non-empty ranges");
  }
  // coupler constraints are followed (a knee's tibia translations set by its angle); a grid coordinate that a
  // coupler sets cannot be sampled freely
  for (const OsimCoupler& c : model.couplers) {
    for (std::size_t d = 0; d < m; ++d) {
      if (c.dependent_index >= 0 && c.dependent_index == where[static_cast<std::size_t>(slot[d])]) {
        std::string from;
        for (const std::string& i : c.independents) from += (from.empty() ? "" : ", ") + i;
        throw std::invalid_argument(model.source + ": coordinate '" + coordinates[d] + "' is set by the coupler constraint '" + c.name +
                                    "' from " + from + "; sample the independent coordinate instead");
      }
    }
  }
  const bool coupled = !model.couplers.empty() && model.default_q.size() > 0 &&
                       std::all_of(where.begin(), where.end(), [&](int w) { return w >= 0 && w < model.default_q.size(); });
  Eigen::VectorXd all = coupled ? model.default_q : Eigen::VectorXd();
  fit::SampleSet set;
  set.dof = static_cast<int>(m);
  set.has_q = true;
  set.source = source;
  JointData data(n);
  std::vector<int> i(m, 0);  // odometer, the last coordinate fastest
  while (true) {
    fit::Sample s;
    s.q = JointVector(static_cast<Eigen::Index>(m));
    for (std::size_t d = 0; d < m; ++d) {
      const auto& [lo, hi] = ranges[d];
      const double v = i[d] == counts[d] - 1 ? hi : lo + (hi - lo) * i[d] / (counts[d] - 1);
      q[slot[d]] = v;
      s.q[static_cast<Eigen::Index>(d)] = v;
    }
    if (coupled) {
      for (std::size_t e = 0; e < m; ++e) all[where[static_cast<std::size_t>(slot[e])]] = s.q[static_cast<Eigen::Index>(e)];
      model.apply_couplers(all);
      for (int k = 0; k < n; ++k) q[k] = all[where[static_cast<std::size_t>(k)]];
    }
    mj->joint->evaluate(q, data, EvalLevel::Transform);
    s.parent_T_child = data.G;
    set.samples.push_back(s);
    std::size_t d = m;
    while (d > 0 && ++i[d - 1] == counts[d - 1]) i[--d] = 0;
    if (d == 0) break;
  }
  return set;
}

}  // namespace js::interop
