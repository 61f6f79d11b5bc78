#include "core/lie/so3.hpp"

#include <Eigen/SVD>
#include <algorithm>

namespace js {

Vec3 so3_log(const Mat3& R) {
  // sinθ·axis from the skew part, cosθ from the trace: atan2 keeps θ accurate everywhere
  const Vec3 s = vee3(R);
  const double sin_theta = s.norm();
  const double cos_theta = std::clamp(0.5 * (R.trace() - 1.0), -1.0, 1.0);
  const double theta = std::atan2(sin_theta, cos_theta);
  if (cos_theta > -0.7) {
    // θ/sinθ has no cancellation; only θ = 0 needs its series
    const double f = theta < 1e-4 ? 1.0 + theta * theta / 6.0 : theta / sin_theta;
    return f * s;
  }
  // near π the skew part vanishes: read the axis from the symmetric part (R + Rᵀ)/2 − cosθ I = (1 − cosθ) a aᵀ
  const Mat3 B = 0.5 * (R + R.transpose()) - cos_theta * Mat3::Identity();
  int i = 0;
  B.diagonal().maxCoeff(&i);
  Vec3 axis = B.col(i) / std::sqrt(std::max(B(i, i), 1e-300));
  axis.normalize();
  // the skew part fixes the sign (it is exactly zero only at θ = π, where both signs are valid)
  if (axis.dot(s) < 0.0) axis = -axis;
  return theta * axis;
}

Mat3 so3_left_jacobian_inverse(const Vec3& w) {
  const double theta = w.norm();
  const double t2 = theta * theta;
  // e = (1 − (θ/2) cot(θ/2)) / θ²
  double e;
  if (theta < 0.25) {
    e = 1.0 / 12.0 + t2 / 720.0 + t2 * t2 / 30240.0 + t2 * t2 * t2 / 1209600.0 + t2 * t2 * t2 * t2 / 47900160.0;
  } else {
    const double half = 0.5 * theta;
    e = (1.0 - half * std::cos(half) / std::sin(half)) / t2;
  }
  const Mat3 W = hat3(w);
  return Mat3::Identity() - 0.5 * W + e * W * W;
}

Mat3 so3_orthonormalize(const Mat3& M) {
  Eigen::JacobiSVD<Mat3> svd(M, Eigen::ComputeFullU | Eigen::ComputeFullV);
  Mat3 U = svd.matrixU();
  const Mat3& V = svd.matrixV();
  if ((U * V.transpose()).determinant() < 0.0) U.col(2) *= -1.0;
  return U * V.transpose();
}

double so3_orthonormality_error(const Mat3& M) {
  const double e = (M.transpose() * M - Mat3::Identity()).cwiseAbs().maxCoeff();
  return std::max(e, std::abs(M.determinant() - 1.0));
}

}  // namespace js
