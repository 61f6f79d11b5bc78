// the non-zero products of a tensor-product b-spline basis in n = 1..3 coordinates at one point (the φ_j
// of the spline surface joint, paper eq. 25): coefficient index and weight of each product, and for the
// smoothing term its second derivatives in unit-rescaled coordinates.
#pragma once

#include <vector>

#include "core/spline/knots.hpp"

namespace js::fit {

// products of one point, ∏_a order_a of them.
struct SurfaceStencil {
  std::vector<int> index;       // row-major coefficient index (the last coordinate varies fastest)
  std::vector<double> value;    // ∏_a B_a(q_a)
  // L_a L_b ∂²(product p)/∂q_a∂q_b at p·n² + a·n + b (only when asked), L_a = q_max − q_min of axis a: the
  // hessian with every axis rescaled to [0, 1], so the smoothness weight does not depend on units of q
  std::vector<double> hessian;
};

// number of products of the basis of knots: ∏_a order_a.
int surface_products(const std::vector<spline::KnotVector>& knots);

// stencil at q (size knots.size(), each q_a clamped/wrapped into its domain). knots: 1..3 knot vectors.
void surface_stencil(const std::vector<spline::KnotVector>& knots, const double* q, bool with_hessian,
                     SurfaceStencil& out);

}  // namespace js::fit
