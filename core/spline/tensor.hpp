// tensor-product b-spline bases in 2 or 3 variables and scalar splines on them
//   phi(q) = sum_{i0,i1[,i2]} c[i0,i1[,i2]] B_{i0}(q0) B_{i1}(q1) [B_{i2}(q2)],
// with gradient and hessian w.r.t. q (the phi_j of the multi-dof spline joint, paper eq. 25).
// each axis has its own KnotVector (open or periodic, any order). coefficients are indexed by
// control point (not basis function), row-major: c[(i0 * n1 + i1) * n2 + i2], n_a = num_control
// of axis a, so a periodic axis wraps onto its controls. header-only, allocation-free.
#pragma once

#include <Eigen/Core>
#include <array>
#include <cstddef>
#include <span>
#include <stdexcept>
#include <string>

#include "core/spline/basis.hpp"
#include "core/spline/knots.hpp"

namespace js::spline {

// value, gradient (size N) and hessian (N x N) of a function of N variables.
template <int N>
struct SplineJet {
  double value = 0.0;
  Eigen::Matrix<double, N, 1> gradient = Eigen::Matrix<double, N, 1>::Zero();
  Eigen::Matrix<double, N, N> hessian = Eigen::Matrix<double, N, N>::Zero();

  void set_zero() {
    value = 0.0;
    gradient.setZero();
    hessian.setZero();
  }
};

// the non-zero basis functions of each axis at one point q (size N).
template <int N>
struct TensorBasis {
  static_assert(N == 2 || N == 3, "tensor-product splines are provided for 2 and 3 variables");

  std::array<BasisValues, N> axis{};
  std::array<int, N> num_control{};
  std::array<bool, N> periodic{};

  // control index on axis a of the local entry r in [0, axis[a].order).
  int control(int a, int r) const {
    const auto s = static_cast<std::size_t>(a);
    const int i = axis[s].first_index() + r;
    return periodic[s] ? i % num_control[s] : i;
  }
  // size of the coefficient array: the product of num_control.
  int num_coefficients() const {
    int n = 1;
    for (int c : num_control) n *= c;
    return n;
  }
  // number of non-zero products: the product of the orders.
  int num_products() const {
    int n = 1;
    for (const auto& b : axis) n *= b.order;
    return n;
  }
  // row-major coefficient index of the product with local entries r (each r[a] < order of a).
  int coefficient_index(const std::array<int, N>& r) const {
    int idx = 0;
    for (int a = 0; a < N; ++a) idx = idx * num_control[static_cast<std::size_t>(a)] + control(a, r[static_cast<std::size_t>(a)]);
    return idx;
  }
};

namespace detail {
template <int N>
void fill_axis(TensorBasis<N>& out, int a, const KnotVector& knots, double q) {
  const auto s = static_cast<std::size_t>(a);
  evaluate_basis(knots, q, out.axis[s]);
  out.num_control[s] = knots.num_control();
  out.periodic[s] = knots.periodic();
}
}  // namespace detail

// basis of each axis at q (each q_a mapped into its domain like evaluate_basis).
inline void evaluate_tensor_basis(const KnotVector& k0, const KnotVector& k1, const Eigen::Vector2d& q,
                                  TensorBasis<2>& out) {
  detail::fill_axis(out, 0, k0, q[0]);
  detail::fill_axis(out, 1, k1, q[1]);
}
inline void evaluate_tensor_basis(const KnotVector& k0, const KnotVector& k1, const KnotVector& k2,
                                  const Eigen::Vector3d& q, TensorBasis<3>& out) {
  detail::fill_axis(out, 0, k0, q[0]);
  detail::fill_axis(out, 1, k1, q[1]);
  detail::fill_axis(out, 2, k2, q[2]);
}

// the product weight w(q) = prod_a B_a[r_a](q_a) of local entries r with its gradient and hessian.
template <int N>
void product_weight(const TensorBasis<N>& basis, const std::array<int, N>& r, SplineJet<N>& out) {
  std::array<double, N> v{};
  std::array<double, N> d1{};
  std::array<double, N> d2{};
  for (std::size_t a = 0; a < static_cast<std::size_t>(N); ++a) {
    const auto i = static_cast<std::size_t>(r[a]);
    v[a] = basis.axis[a].value[i];
    d1[a] = basis.axis[a].d1[i];
    d2[a] = basis.axis[a].d2[i];
  }
  // product of v over all axes except a and b (a == b: except a).
  auto others = [&](std::size_t a, std::size_t b) {
    double p = 1.0;
    for (std::size_t c = 0; c < static_cast<std::size_t>(N); ++c) {
      if (c != a && c != b) p *= v[c];
    }
    return p;
  };
  out.value = others(N, N);
  for (std::size_t a = 0; a < static_cast<std::size_t>(N); ++a) {
    out.gradient[static_cast<Eigen::Index>(a)] = d1[a] * others(a, a);
    for (std::size_t b = 0; b < static_cast<std::size_t>(N); ++b) {
      out.hessian(static_cast<Eigen::Index>(a), static_cast<Eigen::Index>(b)) =
          a == b ? d2[a] * others(a, a) : d1[a] * d1[b] * others(a, b);
    }
  }
}

namespace detail {
// contracts axes axis..N-1 for the coefficient block starting at row-major prefix `offset`.
// entries of out for axes < axis stay zero.
template <int N>
void contract(const TensorBasis<N>& basis, std::span<const double> coeffs, int axis, int offset,
              SplineJet<N>& out) {
  out.set_zero();
  const auto s = static_cast<std::size_t>(axis);
  const BasisValues& b = basis.axis[s];
  for (int r = 0; r < b.order; ++r) {
    const auto ri = static_cast<std::size_t>(r);
    const int idx = offset * basis.num_control[s] + basis.control(axis, r);
    if (axis == N - 1) {
      const double c = coeffs[static_cast<std::size_t>(idx)];
      out.value += b.value[ri] * c;
      out.gradient[axis] += b.d1[ri] * c;
      out.hessian(axis, axis) += b.d2[ri] * c;
    } else {
      SplineJet<N> inner;
      contract(basis, coeffs, axis + 1, idx, inner);
      out.value += b.value[ri] * inner.value;
      out.gradient += b.value[ri] * inner.gradient;
      out.gradient[axis] += b.d1[ri] * inner.value;
      out.hessian += b.value[ri] * inner.hessian;
      out.hessian(axis, axis) += b.d2[ri] * inner.value;
      // mixed terms; inner.gradient[axis] is zero so the diagonal is untouched.
      out.hessian.row(axis) += b.d1[ri] * inner.gradient.transpose();
      out.hessian.col(axis) += b.d1[ri] * inner.gradient;
    }
  }
}
}  // namespace detail

// phi, its gradient and hessian from an evaluated basis. coeffs: num_coefficients() values,
// row-major by control index (see top). throws std::invalid_argument on a size mismatch.
template <int N>
void evaluate_scalar_spline(const TensorBasis<N>& basis, std::span<const double> coeffs, SplineJet<N>& out) {
  if (coeffs.size() != static_cast<std::size_t>(basis.num_coefficients())) {
    throw std::invalid_argument("evaluate_scalar_spline: " + std::to_string(coeffs.size()) +
                                " coefficients, expected " + std::to_string(basis.num_coefficients()));
  }
  detail::contract(basis, coeffs, 0, 0, out);
}

// convenience: basis and spline in one call. q: size 2 / 3, coeffs as above.
inline void evaluate_scalar_spline(const KnotVector& k0, const KnotVector& k1, std::span<const double> coeffs,
                                   const Eigen::Vector2d& q, SplineJet<2>& out) {
  TensorBasis<2> basis;
  evaluate_tensor_basis(k0, k1, q, basis);
  evaluate_scalar_spline(basis, coeffs, out);
}
inline void evaluate_scalar_spline(const KnotVector& k0, const KnotVector& k1, const KnotVector& k2,
                                   std::span<const double> coeffs, const Eigen::Vector3d& q, SplineJet<3>& out) {
  TensorBasis<3> basis;
  evaluate_tensor_basis(k0, k1, k2, q, basis);
  evaluate_scalar_spline(basis, coeffs, out);
}

}  // namespace js::spline
