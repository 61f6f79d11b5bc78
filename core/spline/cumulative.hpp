// cumulative b-spline basis (kim et al. 1995; lee & terzopoulos 2008 eq. 22-23):
//   B̃_l(q) = sum_{i >= l} B_i(q).
// in span j only l = j-k+2 .. j vary; B̃_l = 1 for l <= j-k+1 and 0 for l > j, so the spline
// curve joint (eq. 24) is G(q) = Ğ_{c(j-k+1)} prod_{l=j-k+2..j} exp(z_l B̃_l(q)),
// z_l = log(Ğ_{c(l-1)}^-1 Ğ_{c(l)}), c = KnotVector::control_index.
// same indices as the paper (its q̆_j is our t_j); eq. 23 holds unshifted:
//   dB̃_l/dq = (k-1) / (t_{l+k-1} - t_l) * B_{l,k-1}(q)   (0 where t_{l+k-1} = t_l).
#pragma once

#include <array>
#include <vector>

#include "core/spline/basis.hpp"
#include "core/spline/knots.hpp"

namespace js::spline {

// the k-1 non-constant cumulative basis functions at q and their derivatives w.r.t. q.
// value[r], d1[r], d2[r] belong to B̃_{span - order + 2 + r}, r in [0, order-1); entries
// r >= order-1 are unused (zero).
struct CumulativeValues {
  int span = 0;   // j with t_j <= q < t_{j+1}
  int order = 0;  // k
  // left uninitialised on purpose: every producer writes all kMaxOrder entries, and zeroing 24 doubles
  // per call showed up in the spline curve joint's hot path
  std::array<double, kMaxOrder> value;
  std::array<double, kMaxOrder> d1;
  std::array<double, kMaxOrder> d2;

  // basis index of the base control frame (B̃ = 1 up to here): span - order + 1.
  int base_index() const { return span - order + 1; }
  // basis index l of the entry stored at r = 0: span - order + 2.
  int first_index() const { return span - order + 2; }
  // number of stored entries: order - 1.
  int count() const { return order - 1; }
};

// cumulative basis at q (mapped like evaluate_basis: clamped for open, wrapped for periodic).
// allocation-free.
void evaluate_cumulative(const KnotVector& knots, double q, CumulativeValues& out);

// the same from already evaluated basis values (for callers that need both).
void cumulative_from_basis(const BasisValues& basis, CumulativeValues& out);

// for tests and tools: all num_basis cumulative values B̃_0 .. B̃_{nb-1} (derivative 0),
// or their first (1) or second (2) derivatives. size num_basis.
std::vector<double> cumulative_dense(const KnotVector& knots, double q, int derivative = 0);

}  // namespace js::spline
