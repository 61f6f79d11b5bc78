// gauss–legendre nodes and weights on [0, 1] for the smoothness integrals of the curve and surface fits.
#pragma once

#include <array>
#include <cmath>

namespace js::fit {

// n ∈ 1..4 points (larger n: 4) into x and w (entries ≥ n unused).
inline void gauss_legendre(int n, std::array<double, 4>& x, std::array<double, 4>& w) {
  switch (n) {
    case 1: x = {0.5}; w = {1.0}; break;
    case 2: x = {0.5 - 0.5 / std::sqrt(3.0), 0.5 + 0.5 / std::sqrt(3.0)}; w = {0.5, 0.5}; break;
    case 3: {
      const double d = 0.5 * std::sqrt(0.6);
      x = {0.5 - d, 0.5, 0.5 + d};
      w = {5.0 / 18.0, 8.0 / 18.0, 5.0 / 18.0};
      break;
    }
    default: {
      const double a = std::sqrt(3.0 / 7.0 - 2.0 / 7.0 * std::sqrt(6.0 / 5.0));
      const double b = std::sqrt(3.0 / 7.0 + 2.0 / 7.0 * std::sqrt(6.0 / 5.0));
      const double wa = (18.0 + std::sqrt(30.0)) / 72.0, wb = (18.0 - std::sqrt(30.0)) / 72.0;
      x = {0.5 - 0.5 * b, 0.5 - 0.5 * a, 0.5 + 0.5 * a, 0.5 + 0.5 * b};
      w = {wb, wa, wa, wb};
    }
  }
}

}  // namespace js::fit
