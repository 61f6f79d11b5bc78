// the multi-dof spline joint (paper §5.2, eq. 25): G(q) = H ∏_{j=1..6} exp(ê_j φ_j(q)) with each φ_j a
// tensor-product B-spline in n = 1, 2 or 3 coordinates. default basis twists: three translations (x, y, z)
// then three rotations (x, y, z), as §5.2 advises; the rotation part is an euler-angle chart.
#pragma once

#include <array>
#include <vector>

#include "core/joints/joint.hpp"
#include "core/spline/knots.hpp"

namespace js {

class SplineSurfaceJoint final : public JointModel {
 public:
  // translations along x, y, z then rotations about x, y, z.
  static std::array<Twist, 6> default_basis();

  // H: constant base transform; knots: one knot vector per coordinate (n = knots.size() ∈ {1, 2, 3});
  // coefficients[j]: the control values of φ_j, ∏_d knots[d].num_control() of them, row-major (the last
  // coordinate's index varies fastest); basis: the six constant twists ê_j. coordinate ranges are the
  // knot domains; open directions extrapolate with a constant twist, periodic ones wrap.
  SplineSurfaceJoint(const SE3& H, std::vector<spline::KnotVector> knots,
                     std::array<std::vector<double>, 6> coefficients,
                     const std::array<Twist, 6>& basis = default_basis(), const std::vector<std::string>& names = {});

  JointKind kind() const override { return JointKind::SplineSurface; }
  std::unique_ptr<JointModel> clone() const override { return std::make_unique<SplineSurfaceJoint>(*this); }

  const SE3& base() const { return H_; }
  const std::vector<spline::KnotVector>& knots() const { return knots_; }
  const std::array<std::vector<double>, 6>& coefficients() const { return coefficients_; }
  const std::array<Twist, 6>& basis() const { return basis_; }

 protected:
  void evaluate_local(const ConstJointRef& q, JointData& data, EvalLevel level) const override;

 private:
  SE3 H_;
  std::vector<spline::KnotVector> knots_;
  std::array<std::vector<double>, 6> coefficients_;
  std::array<Twist, 6> basis_;
};

}  // namespace js
