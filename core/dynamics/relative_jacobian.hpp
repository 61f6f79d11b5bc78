// the rows N J_rel of the relative jacobian J_rel = J_b − Ad_{b_T_a} J_a (body b frame), which loops
// (loop_constraint.cpp) and rolling contacts (rolling_contact.cpp) both constrain: column ±N Ad_{b_T_j} s_k for each
// coordinate k of the bodies j on the tree path between a and b (relative_path.hpp), zero elsewhere.
#pragma once

#include <vector>

#include "core/dynamics/relative_path.hpp"

namespace js {

using RowBasis = Eigen::Matrix<double, Eigen::Dynamic, 6, 0, 6, 6>;

// G (rows of N × nq, every column written) after a kinematics sweep at Velocity level. allocates nothing.
inline void relative_jacobian_rows(const MultibodyModel& model, const MultibodyData& data,
                                   const std::vector<LoopPathBody>& path, const SE3& b_T_world, const RowBasis& N,
                                   Eigen::Ref<Eigen::MatrixXd> G) {
  G.setZero();
  for (const LoopPathBody& pb : path) {
    const Body& body = model.body(pb.body);
    const BodyData& bd = data.bodies[static_cast<std::size_t>(pb.body)];
    const SE3 b_T_j = b_T_world * bd.world_T_body;
    for (int k = 0; k < body.dof; ++k) {
      const Twist col = pb.sign * Ad_apply(b_T_j, bd.joint.S.col(k));
      G.col(body.q_index + k).noalias() = N * col;
    }
  }
}

}  // namespace js
