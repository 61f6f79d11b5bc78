#include "core/fit/banded.hpp"

#include <algorithm>
#include <cmath>

namespace js::fit {

void BandedSystem::reset(int num_blocks, int coupling, bool cyclic) {
  const int bw = std::max(0, std::min(cyclic ? 2 * coupling : coupling, num_blocks - 1));
  n_ = 6 * num_blocks;
  p_ = 6 * (bw + 1) - 1;
  position_.resize(static_cast<std::size_t>(num_blocks));
  if (cyclic) {
    // 0, n−1, 1, n−2, …: cyclic neighbours end up at most two positions apart
    int front = 0, back = num_blocks - 1;
    for (int pos = 0; pos < num_blocks; ++pos) {
      position_[static_cast<std::size_t>(pos % 2 == 0 ? front++ : back--)] = pos;
    }
  } else {
    for (int i = 0; i < num_blocks; ++i) position_[static_cast<std::size_t>(i)] = i;
  }
  const auto band_size = static_cast<std::size_t>(n_ * (p_ + 1));
  band_.assign(band_size, 0.0);
  factor_.assign(band_size, 0.0);
  rhs_.assign(static_cast<std::size_t>(n_), 0.0);
  work_.assign(static_cast<std::size_t>(n_), 0.0);
}

void BandedSystem::set_zero() {
  std::fill(band_.begin(), band_.end(), 0.0);
  std::fill(rhs_.begin(), rhs_.end(), 0.0);
}

void BandedSystem::add_block(int i, int j, const Mat6& block) {
  const int pi = position_[static_cast<std::size_t>(i)];
  const int pj = position_[static_cast<std::size_t>(j)];
  if (pi == pj) {
    const bool same = i == j;
    for (int a = 0; a < 6; ++a) {
      for (int c = 0; c <= a; ++c) {
        // two different frames at one position cannot happen; i == j reads the lower triangle only
        at(band_, row(i, a), row(i, c)) += same ? block(a, c) : block(a, c) + block(c, a);
      }
    }
    return;
  }
  // store the lower block: rows of the later position; each row's 6 columns are contiguous in the band
  const bool lower = pi > pj;
  const int r0 = 6 * (lower ? pi : pj);
  const int c0 = 6 * (lower ? pj : pi);
  for (int a = 0; a < 6; ++a) {
    double* dst = &band_[static_cast<std::size_t>((r0 + a) * (p_ + 1) + c0 - (r0 + a) + p_)];
    for (int c = 0; c < 6; ++c) dst[c] += lower ? block(a, c) : block(c, a);
  }
}

void BandedSystem::add_rhs(int i, const Vec6& v) {
  for (int a = 0; a < 6; ++a) rhs_[static_cast<std::size_t>(row(i, a))] += v[a];
}

double BandedSystem::mean_diagonal() const {
  double s = 0.0;
  for (int r = 0; r < n_; ++r) s += at(band_, r, r);
  return n_ > 0 ? s / n_ : 0.0;
}

void BandedSystem::add_marquardt(double lambda, double floor) {
  for (int r = 0; r < n_; ++r) {
    double& d = at(band_, r, r);
    d += lambda * (d + floor);
  }
}

double BandedSystem::coeff(int r, int c) const {
  const int rr = row(r / 6, r % 6);
  const int cc = row(c / 6, c % 6);
  const int hi = std::max(rr, cc), lo = std::min(rr, cc);
  return hi - lo > p_ ? 0.0 : at(band_, hi, lo);
}

bool BandedSystem::solve(Eigen::VectorXd& x) {
  factor_ = band_;
  // banded cholesky A = L Lᵀ, row by row; the dot products run over contiguous band storage
  for (int i = 0; i < n_; ++i) {
    const int first = std::max(0, i - p_);
    for (int j = first; j <= i; ++j) {
      double s = at(factor_, i, j);
      const double* li = &factor_[static_cast<std::size_t>(i * (p_ + 1) + first - i + p_)];
      const double* lj = &factor_[static_cast<std::size_t>(j * (p_ + 1) + first - j + p_)];
      for (int t = 0; t < j - first; ++t) s -= li[t] * lj[t];
      if (i == j) {
        if (!(s > 0.0) || !std::isfinite(s)) return false;
        at(factor_, i, i) = std::sqrt(s);
      } else {
        at(factor_, i, j) = s / at(factor_, j, j);
      }
    }
  }
  // L y = b, then Lᵀ x = y
  for (int i = 0; i < n_; ++i) {
    double s = rhs_[static_cast<std::size_t>(i)];
    for (int t = std::max(0, i - p_); t < i; ++t) s -= at(factor_, i, t) * work_[static_cast<std::size_t>(t)];
    work_[static_cast<std::size_t>(i)] = s / at(factor_, i, i);
  }
  for (int i = n_ - 1; i >= 0; --i) {
    double s = work_[static_cast<std::size_t>(i)];
    for (int t = i + 1; t <= std::min(n_ - 1, i + p_); ++t) s -= at(factor_, t, i) * work_[static_cast<std::size_t>(t)];
    work_[static_cast<std::size_t>(i)] = s / at(factor_, i, i);
  }
  x.resize(n_);
  const int blocks = static_cast<int>(position_.size());
  for (int b = 0; b < blocks; ++b) {
    for (int a = 0; a < 6; ++a) x[6 * b + a] = work_[static_cast<std::size_t>(row(b, a))];
  }
  return true;
}

double BandedSystem::trace_inverse_times(const BandedSystem& B) const {
  // takahashi's recursion for the band of Z = A⁻¹ from A = L D Lᵀ (L unit lower):
  //   Z_ij = δ_ij / d_j − Σ_{k=j+1}^{j+p} Z_ik L_kj   for i ≥ j, columns from the last one back
  std::vector<double> Z(factor_.size(), 0.0);
  auto z = [&](int i, int j) -> double& { return i >= j ? at(Z, i, j) : at(Z, j, i); };
  auto unit_l = [&](int k, int j) { return at(factor_, k, j) / at(factor_, j, j); };
  for (int j = n_ - 1; j >= 0; --j) {
    const int last = std::min(n_ - 1, j + p_);
    for (int i = last; i > j; --i) {
      double s = 0.0;
      for (int k = j + 1; k <= last; ++k) {
        if (std::abs(i - k) <= p_) s -= z(i, k) * unit_l(k, j);
      }
      z(i, j) = s;
    }
    const double d = at(factor_, j, j) * at(factor_, j, j);
    double s = 1.0 / d;
    for (int k = j + 1; k <= last; ++k) s -= z(k, j) * unit_l(k, j);
    z(j, j) = s;
  }
  // tr(Z B) over the band (both symmetric)
  double trace = 0.0;
  for (int i = 0; i < n_; ++i) {
    for (int j = std::max(0, i - p_); j <= i; ++j) {
      trace += (i == j ? 1.0 : 2.0) * at(Z, i, j) * at(B.band_, i, j);
    }
  }
  return trace;
}

}  // namespace js::fit
