// the pose of the spline surface joint as a function of its six coordinate values φ (paper eq. 25):
// G(φ) = H ∏_{j=0..5} exp(ê_j φ_j), its derivative with respect to φ through the product structure, and the
// inverse map for the default basis (translations x, y, z then rotations about x, y, z: an euler chart).
// written here, not in core/joints, so the fitter can evaluate at trial coefficients cheaply.
#pragma once

#include <array>

#include "core/lie/se3.hpp"

namespace js::fit {

// G = H ∏ exp(ê_j φ_j) into G and, when S is not null, the right-perturbation derivative: G(φ + dφ) ≈
// G exp(S dφ), S (6×6) column j = Ad⁻¹_{E_{j+1}⋯E_5} ê_j with E_j = exp(ê_j φ_j) (exp(ê φ) moves along ê).
void surface_pose(const SE3& H, const std::array<Twist, 6>& basis, const Vec6& phi, SE3& G, Mat6* S);

// φ with H ∏ exp(ê_j φ_j) = H M for the default basis, from M = H⁻¹G: φ_0..2 = M.p, φ_3..5 the x-y-z
// euler angles of M.R = R_x(φ_3) R_y(φ_4) R_z(φ_5), φ_3, φ_5 ∈ (−π, π], φ_4 ∈ [−π/2, π/2] (singular at
// φ_4 = ±π/2, where only φ_3 ± φ_5 is defined).
Vec6 default_basis_coordinates(const SE3& M);

}  // namespace js::fit
