// the banded block cholesky of the normal equations against a dense solve (tests only), open and cyclic.
#include <gtest/gtest.h>

#include <Eigen/Dense>
#include <random>

#include "core/fit/banded.hpp"

namespace js::fit {
namespace {

struct Built {
  BandedSystem system;
  BandedSystem data_part;
  Eigen::MatrixXd dense;
  Eigen::MatrixXd dense_data;
  Eigen::VectorXd rhs;
};

// random "normal equations" of a curve with `blocks` frames coupling up to `coupling` neighbours.
Built build(int blocks, int coupling, bool cyclic, unsigned seed) {
  std::mt19937 rng(seed);
  std::normal_distribution<double> n(0.0, 1.0);
  Built b;
  b.system.reset(blocks, coupling, cyclic);
  b.data_part.reset(blocks, coupling, cyclic);
  b.dense = Eigen::MatrixXd::Zero(6 * blocks, 6 * blocks);
  b.dense_data = b.dense;
  b.rhs = Eigen::VectorXd::Zero(6 * blocks);
  // a sum of outer products J_sᵀ J_s over "samples" that touch coupling+1 consecutive frames
  for (int s = 0; s < 3 * blocks; ++s) {
    const int first = cyclic ? s % blocks : std::min(s % blocks, blocks - coupling - 1);
    Eigen::MatrixXd J(6, 6 * (coupling + 1));
    for (int i = 0; i < J.rows(); ++i) {
      for (int j = 0; j < J.cols(); ++j) J(i, j) = n(rng);
    }
    Vec6 r;
    for (int i = 0; i < 6; ++i) r[i] = n(rng);
    for (int a = 0; a <= coupling; ++a) {
      const int fa = (first + a) % blocks;
      b.system.add_rhs(fa, J.middleCols<6>(6 * a).transpose() * r);
      b.rhs.segment<6>(6 * fa) += J.middleCols<6>(6 * a).transpose() * r;
      for (int c = 0; c <= coupling; ++c) {
        const int fc = (first + c) % blocks;
        const Mat6 block = J.middleCols<6>(6 * a).transpose() * J.middleCols<6>(6 * c);
        b.dense.block<6, 6>(6 * fa, 6 * fc) += block;
        if (a >= c) {
          // each unordered pair once; the diagonal block once
          b.system.add_block(fa, fc, block);
          b.data_part.add_block(fa, fc, block);
        }
      }
    }
  }
  b.dense_data = b.dense;
  // a smoothing-like extra term on the diagonal
  for (int i = 0; i < blocks; ++i) {
    b.system.add_block(i, i, 0.5 * Mat6::Identity());
    b.dense.block<6, 6>(6 * i, 6 * i) += 0.5 * Mat6::Identity();
  }
  return b;
}

TEST(Banded, SolveAndTraceMatchDense) {
  for (bool cyclic : {false, true}) {
    for (int blocks : {4, 5, 9, 16}) {
      for (int coupling : {1, 2, 3}) {
        if (coupling + 1 > blocks) continue;
        Built b = build(blocks, coupling, cyclic, 7u * static_cast<unsigned>(blocks + coupling));
        for (int r = 0; r < 6 * blocks; ++r) {
          for (int c = 0; c < 6 * blocks; ++c) ASSERT_NEAR(b.system.coeff(r, c), b.dense(r, c), 1e-12) << r << "," << c;
        }
        Eigen::VectorXd x;
        ASSERT_TRUE(b.system.solve(x));
        const Eigen::VectorXd ref = b.dense.ldlt().solve(b.rhs);
        EXPECT_LT((x - ref).norm() / ref.norm(), 1e-10) << blocks << " " << coupling << " " << cyclic;
        const double trace = b.system.trace_inverse_times(b.data_part);
        const double ref_trace = b.dense.ldlt().solve(b.dense_data).trace();
        EXPECT_NEAR(trace, ref_trace, 1e-8 * ref_trace) << blocks << " " << coupling << " " << cyclic;
      }
    }
  }
}

TEST(Banded, CyclicOrderKeepsTheBandNarrow) {
  BandedSystem s;
  s.reset(200, 3, true);
  EXPECT_EQ(s.half_bandwidth(), 6 * 7 - 1);
  s.reset(200, 3, false);
  EXPECT_EQ(s.half_bandwidth(), 6 * 4 - 1);
}

TEST(Banded, RejectsIndefinite) {
  BandedSystem s;
  s.reset(3, 1, false);
  s.add_block(1, 1, -Mat6::Identity());
  Eigen::VectorXd x;
  EXPECT_FALSE(s.solve(x));
}

}  // namespace
}  // namespace js::fit
