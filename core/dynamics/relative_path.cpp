#include "core/dynamics/relative_path.hpp"

#include <algorithm>

namespace js {

std::vector<LoopPathBody> relative_path(const MultibodyModel& model, int body_a, int body_b) {
  // ancestors of one side that are not ancestors of the other
  std::vector<int> up_a, up_b;
  for (int j = body_a; j >= 0; j = model.body(j).parent) up_a.push_back(j);
  for (int j = body_b; j >= 0; j = model.body(j).parent) up_b.push_back(j);
  auto contains = [](const std::vector<int>& v, int x) { return std::find(v.begin(), v.end(), x) != v.end(); };
  std::vector<LoopPathBody> path;
  for (int j : up_b) {
    if (!contains(up_a, j) && model.body(j).dof > 0) path.push_back({j, 1.0});
  }
  for (int j : up_a) {
    if (!contains(up_b, j) && model.body(j).dof > 0) path.push_back({j, -1.0});
  }
  return path;
}

}  // namespace js
