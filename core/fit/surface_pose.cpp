#include "core/fit/surface_pose.hpp"

#include <cmath>

namespace js::fit {

void surface_pose(const SE3& H, const std::array<Twist, 6>& basis, const Vec6& phi, SE3& G, Mat6* S) {
  std::array<SE3, 6> E;
  for (std::size_t j = 0; j < 6; ++j) E[j] = se3_exp(basis[j] * phi[static_cast<Eigen::Index>(j)]);
  G = H;
  for (std::size_t j = 0; j < 6; ++j) G *= E[j];
  if (S == nullptr) return;
  // P = E_{j+1}⋯E_5 accumulated from the right
  SE3 P;
  for (int j = 5; j >= 0; --j) {
    const auto s = static_cast<std::size_t>(j);
    S->col(j) = Ad_inv_apply(P, basis[s]);
    P = E[s] * P;
  }
}

Vec6 default_basis_coordinates(const SE3& M) {
  const Mat3& R = M.R;
  Vec6 phi;
  phi.head<3>() = M.p;
  // R_x(a) R_y(b) R_z(c): R02 = sin b, R12 = −sin a cos b, R22 = cos a cos b, R01 = −cos b sin c, R00 = cos b cos c
  phi[3] = std::atan2(-R(1, 2), R(2, 2));
  phi[4] = std::atan2(R(0, 2), std::hypot(R(1, 2), R(2, 2)));
  phi[5] = std::atan2(-R(0, 1), R(0, 0));
  return phi;
}

}  // namespace js::fit
