// the coordinates that move one body relative to another: the bodies on the tree path between them, each with
// the sign its joint's columns take in the relative jacobian J_b − Ad_{b_T_a} J_a (common ancestors cancel).
// loops (loop_constraint.hpp) and rolling contacts (rolling_contact.hpp) both build their rows from it.
#pragma once

#include <vector>

#include "core/dynamics/multibody.hpp"

namespace js {

// one body on the path: its joint's columns enter as sign · Ad_{b_T_j} S_j.
struct LoopPathBody {
  int body = 0;
  double sign = 1.0;  // +1: ancestor of b only, −1: ancestor of a only
};

// the bodies (with joint coordinates) that are ancestors of b but not of a (+1), then of a but not of b (−1).
// a = −1: the root frame.
std::vector<LoopPathBody> relative_path(const MultibodyModel& model, int body_a, int body_b);

}  // namespace js
