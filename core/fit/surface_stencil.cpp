#include "core/fit/surface_stencil.hpp"

#include <array>
#include <cstddef>

#include "core/spline/basis.hpp"

namespace js::fit {

int surface_products(const std::vector<spline::KnotVector>& knots) {
  int p = 1;
  for (const auto& kv : knots) p *= kv.order();
  return p;
}

void surface_stencil(const std::vector<spline::KnotVector>& knots, const double* q, bool with_hessian,
                     SurfaceStencil& out) {
  const int n = static_cast<int>(knots.size());
  std::array<spline::BasisValues, 3> b;
  std::array<double, 3> L{};
  for (int a = 0; a < n; ++a) {
    const auto s = static_cast<std::size_t>(a);
    spline::evaluate_basis(knots[s], q[a], b[s]);
    L[s] = knots[s].q_max() - knots[s].q_min();
  }
  const int products = surface_products(knots);
  out.index.resize(static_cast<std::size_t>(products));
  out.value.resize(static_cast<std::size_t>(products));
  out.hessian.assign(with_hessian ? static_cast<std::size_t>(products * n * n) : 0, 0.0);
  std::array<int, 3> r{0, 0, 0};
  for (int p = 0; p < products; ++p) {
    int idx = 0;
    std::array<double, 3> v{}, d1{}, d2{};
    for (int a = 0; a < n; ++a) {
      const auto s = static_cast<std::size_t>(a);
      idx = idx * knots[s].num_control() + knots[s].control_index(b[s].first_index() + r[s]);
      v[s] = b[s].value[static_cast<std::size_t>(r[s])];
      d1[s] = b[s].d1[static_cast<std::size_t>(r[s])] * L[s];
      d2[s] = b[s].d2[static_cast<std::size_t>(r[s])] * L[s] * L[s];
    }
    const auto pp = static_cast<std::size_t>(p);
    out.index[pp] = idx;
    double value = 1.0;
    for (int a = 0; a < n; ++a) value *= v[static_cast<std::size_t>(a)];
    out.value[pp] = value;
    if (with_hessian) {
      for (int a = 0; a < n; ++a) {
        for (int c = 0; c < n; ++c) {
          double h = 1.0;
          for (int e = 0; e < n; ++e) {
            const auto se = static_cast<std::size_t>(e);
            if (a == c) {
              h *= e == a ? d2[se] : v[se];
            } else {
              h *= e == a || e == c ? d1[se] : v[se];
            }
          }
          out.hessian[pp * static_cast<std::size_t>(n * n) + static_cast<std::size_t>(a * n + c)] = h;
        }
      }
    }
    // next local entry, the last axis fastest (matches the row-major coefficient order)
    for (int a = n - 1; a >= 0; --a) {
      const auto s = static_cast<std::size_t>(a);
      if (++r[s] < knots[s].order()) break;
      r[s] = 0;
    }
  }
}

}  // namespace js::fit
