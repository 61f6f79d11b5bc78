#include "core/joints/elliptic_joint.hpp"

#include <cmath>
#include <limits>
#include <sstream>
#include <stdexcept>

namespace js {

namespace {

double positive_semi_axis(double value, const char* name) {
  if (!std::isfinite(value) || value <= 0.0) {
    std::ostringstream msg;
    msg << "elliptic joint: semi-axis " << name << " = " << value << " must be finite and > 0 (m)";
    throw std::invalid_argument(msg.str());
  }
  return value;
}

Vec3 unit_k(const Vec3& k) {
  const double n = k.norm();
  if (!std::isfinite(n) || n < 1e-12) {
    std::ostringstream msg;
    msg << "elliptic joint: rotation axis k (" << k.x() << ", " << k.y() << ", " << k.z()
        << ") must be a finite non-zero vector";
    throw std::invalid_argument(msg.str());
  }
  // an axis already unit to round-off is kept bit for bit: renormalizing is not idempotent in floating
  // point, and joint files must round-trip exactly
  if (std::abs(n - 1.0) <= 8.0 * std::numeric_limits<double>::epsilon()) return k;
  return k / n;
}

}  // namespace

EllipticJoint::EllipticJoint(double a, double b, const Vec3& k)
    : JointModel({Coordinate{"angle"}}, RangePolicy::Natural),
      a_(positive_semi_axis(a, "a")),
      b_(positive_semi_axis(b, "b")),
      k_(unit_k(k)) {}

void EllipticJoint::evaluate_local(const ConstJointRef& q, JointData& data, EvalLevel level) const {
  const double sq = std::sin(q[0]);
  const double cq = std::cos(q[0]);
  // eq. (18); the 2π jump of atan2 at q = π leaves the rotation unchanged
  const double phi = std::atan2(b_ * sq, a_ * cq);
  const Mat3 K = hat3(k_);
  const Mat3 R = Mat3::Identity() + std::sin(phi) * K + (1.0 - std::cos(phi)) * (K * K);
  // eq. (17) with H = identity
  data.G.R = R;
  data.G.p = Vec3(a_ * sq, -b_ * cq, 0.0);
  if (level == EvalLevel::Transform) return;

  // φ′ = ab / D with D = a²cos²q + b²sin²q > 0, so φ′ never vanishes (S ≠ 0, §5 requirement 2)
  const double D = a_ * a_ * cq * cq + b_ * b_ * sq * sq;
  const double dphi = a_ * b_ / D;
  // eq. (19): S = [φ′k; Rᵀ p′], p′ = (a cos q, b sin q, 0)
  const Vec3 dp(a_ * cq, b_ * sq, 0.0);
  data.S.col(0) = make_twist(dphi * k_, R.transpose() * dp);
  if (level == EvalLevel::Jacobian) return;

  // φ″ = −ab D′/D², D′ = (b² − a²) sin 2q
  const double ddphi = -a_ * b_ * (b_ * b_ - a_ * a_) * 2.0 * sq * cq / (D * D);
  // d(Rᵀp′)/dq = Rᵀ(p″ − φ′ k × p′); with k = z this is eq. (20): ((bφ′ − a) sin q, (b − aφ′) cos q, 0)
  const Vec3 ddp(-a_ * sq, b_ * cq, 0.0);
  data.dS.col(0) = make_twist(ddphi * k_, R.transpose() * (ddp - dphi * k_.cross(dp)));
}

}  // namespace js
