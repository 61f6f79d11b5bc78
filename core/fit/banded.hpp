// the normal equations of the fitters: a symmetric positive definite system in 6×6 blocks (one per
// control frame) whose blocks couple only frames that share a knot span, so it is banded (paper §6.2:
// "M is a banded matrix"). a closed curve couples the last frames with the first ones; its blocks are
// reordered 0, n−1, 1, n−2, 2, … so that cyclic neighbours stay within twice the band and one banded
// cholesky still serves. never a dense solve: factoring costs O(n·p²) for n unknowns and half-band p.
#pragma once

#include <vector>

#include <Eigen/Core>

#include "core/lie/types.hpp"

namespace js::fit {

class BandedSystem {
 public:
  // num_blocks: number of 6-vectors of unknowns (control frames). coupling: largest |i − j| (cyclically when
  // cyclic) of two blocks that interact (a curve of order k: k − 1). allocates; everything after does not.
  void reset(int num_blocks, int coupling, bool cyclic);

  // clears matrix and right-hand side.
  void set_zero();
  // A(i, j) += block and, by symmetry, A(j, i) += blockᵀ; i, j: frame indices. for i == j only the lower
  // triangle of block is read (pass a symmetric block).
  void add_block(int i, int j, const Mat6& block);
  // b(i) += v.
  void add_rhs(int i, const Vec6& v);
  // A += lambda·(diag(A) + floor·I): levenberg–marquardt damping (floor keeps empty rows solvable).
  void add_marquardt(double lambda, double floor);
  // mean of the diagonal (for scaling damping floors).
  double mean_diagonal() const;

  // cholesky of a copy of A, then x = A⁻¹ b (size 6·num_blocks, by frame index). returns false when A is
  // not positive definite (numerically); x is then unchanged.
  bool solve(Eigen::VectorXd& x);
  // after a successful solve(): tr(A⁻¹ B) for a system B of the same shape (the effective number of
  // parameters of generalized cross-validation, with B the data part of A).
  double trace_inverse_times(const BandedSystem& B) const;

  int size() const { return n_; }
  int half_bandwidth() const { return p_; }
  // A(r, c) by scalar row/column in frame order (for tests).
  double coeff(int r, int c) const;

 private:
  double& at(std::vector<double>& band, int r, int c) const { return band[static_cast<std::size_t>(r * (p_ + 1) + c - r + p_)]; }
  double at(const std::vector<double>& band, int r, int c) const {
    return band[static_cast<std::size_t>(r * (p_ + 1) + c - r + p_)];
  }
  // scalar row of frame block i, coordinate a, in the (possibly reordered) system
  int row(int block, int a) const { return 6 * position_[static_cast<std::size_t>(block)] + a; }

  int n_ = 0;                  // scalar size
  int p_ = 0;                  // scalar half-bandwidth
  std::vector<int> position_;  // frame index → block position
  std::vector<double> band_;   // lower band of A, row-major: row r holds columns r − p .. r
  std::vector<double> factor_; // cholesky factor L in the same layout
  std::vector<double> rhs_;    // b in position order
  std::vector<double> work_;
};

}  // namespace js::fit
