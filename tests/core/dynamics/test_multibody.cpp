// multibody kinematics and dynamics: structured transforms, fk derivatives by finite differences,
// rnea ∘ aba round trips, aba = M⁻¹(τ − h), allocation-free hot loop, mesh inertia.
#include <gtest/gtest.h>

#include <cstdio>

#include <Eigen/Dense>

#include "core/dynamics/algorithms.hpp"
#include "core/dynamics/spatial.hpp"
#include "tests/support/alloc_counter.hpp"
#include "tests/core/dynamics/dynamics_test_util.hpp"

namespace js {
namespace {

using test::random_transform;
using test::random_tree;
using test::random_vector;

TEST(Spatial, InertiaToParentMatchesDenseAdjoint) {
  std::mt19937 rng(1);
  for (int trial = 0; trial < 20; ++trial) {
    const SE3 G = random_transform(rng, 1.0);
    const Mat6 A = test::random_inertia(rng).generalized();
    const Mat6 X = Ad(G.inverse());
    const Mat6 expected = X.transpose() * A * X;
    EXPECT_LT((inertia_to_parent(G, A) - expected).cwiseAbs().maxCoeff(), 1e-13);
    const Wrench f = Wrench(test::random_vector(6, rng));
    EXPECT_LT((Ad_inv_star_apply(G, f) - X.transpose() * f).cwiseAbs().maxCoeff(), 1e-14);
    // the fused forms add into the parent: A alone, and aba's 1-dof reduction A − d U Uᵀ
    const Mat6 P = test::random_inertia(rng).generalized();
    Mat6 sum = P;
    add_inertia_to_parent(G, A, sum);
    EXPECT_LT((sum - (P + expected)).cwiseAbs().maxCoeff(), 1e-13);
    const Wrench U = A * Twist(test::random_vector(6, rng));
    const double d = 0.37;
    sum = P;
    add_articulated_to_parent(G, A, d, U, sum);
    const Mat6 reduced = X.transpose() * (A - d * U * U.transpose()) * X;
    EXPECT_LT((sum - (P + reduced)).cwiseAbs().maxCoeff(), 1e-12);
    // with the bias force carried in the same pass
    const Wrench b0 = Wrench(test::random_vector(6, rng));
    Wrench b = b0;
    sum = P;
    add_articulated_to_parent(G, A, d, U, sum, f, b);
    EXPECT_LT((sum - (P + reduced)).cwiseAbs().maxCoeff(), 1e-12);
    EXPECT_LT((b - (b0 + X.transpose() * f)).cwiseAbs().maxCoeff(), 1e-14);
    // β = J̃ c + b and U = J̃ s in one pass (lane form)
    const Twist c = Twist(test::random_vector(6, rng));
    const Twist s = Twist(test::random_vector(6, rng));
    Wrench beta, Us;
    detail::mat6_times_two(A, c.data(), b0.data(), s.data(), beta.data(), Us.data());
    EXPECT_LT((beta - (A * c + b0)).cwiseAbs().maxCoeff(), 1e-13);
    EXPECT_LT((Us - A * s).cwiseAbs().maxCoeff(), 1e-13);
  }
}

// ad*_g f = ad_gᵀ f (eq. 5) in scalar form, and composition of transforms against 4×4 matrices.
TEST(Spatial, AdStarAndCompositionMatchDenseForms) {
  std::mt19937 rng(2);
  for (int trial = 0; trial < 20; ++trial) {
    const Twist g = Twist(test::random_vector(6, rng));
    const Wrench f = Wrench(test::random_vector(6, rng));
    EXPECT_LT((ad_star_apply(g, f) - ad(g).transpose() * f).cwiseAbs().maxCoeff(), 1e-15);
    const SE3 A = random_transform(rng, 1.0);
    const SE3 B = random_transform(rng, 1.0);
    EXPECT_LT(((A * B).matrix() - A.matrix() * B.matrix()).cwiseAbs().maxCoeff(), 1e-15);
    SE3 C = A;
    C *= B;
    EXPECT_TRUE(C.is_approx(A * B, 0.0));
  }
}

// body velocity (eq. 11) and acceleration (eq. 14) against central differences of the poses.
TEST(Kinematics, VelocityAndAccelerationMatchFiniteDifferences) {
  std::mt19937 rng(2);
  const MultibodyModel model = random_tree(8, rng);
  MultibodyData data(model), dp(model), dm(model);
  const Eigen::VectorXd q = random_vector(model.nq(), rng);
  const Eigen::VectorXd qd = random_vector(model.nq(), rng);
  const Eigen::VectorXd qdd = random_vector(model.nq(), rng);
  forward_kinematics(model, data, 0.0, q, qd, qdd, KinematicsLevel::Acceleration);
  const double h = 1e-6;
  // q(t ± h) to second order, q̇(t ± h) to first
  const Eigen::VectorXd qp = q + h * qd + 0.5 * h * h * qdd, qm = q - h * qd + 0.5 * h * h * qdd;
  forward_kinematics(model, dp, h, qp, qd + h * qdd, Eigen::VectorXd(), KinematicsLevel::Velocity);
  forward_kinematics(model, dm, -h, qm, qd - h * qdd, Eigen::VectorXd(), KinematicsLevel::Velocity);
  for (int i = 0; i < model.num_bodies(); ++i) {
    const auto& b = data.bodies[static_cast<std::size_t>(i)];
    const Twist v_fd = (se3_log(b.world_T_body.inverse() * dp.bodies[static_cast<std::size_t>(i)].world_T_body) -
                        se3_log(b.world_T_body.inverse() * dm.bodies[static_cast<std::size_t>(i)].world_T_body)) /
                       (2 * h);
    EXPECT_LT((v_fd - b.v).norm(), 1e-7 * (1 + b.v.norm())) << "body " << i;
    const Twist a_fd = (dp.bodies[static_cast<std::size_t>(i)].v - dm.bodies[static_cast<std::size_t>(i)].v) / (2 * h);
    EXPECT_LT((a_fd - b.a).norm(), 1e-6 * (1 + b.a.norm())) << "body " << i;
  }
}

class RandomTrees : public ::testing::TestWithParam<int> {};

// q̈ → τ (rnea) → q̈ (aba) and aba = M⁻¹(τ − h), on trees mixing every joint kind.
TEST_P(RandomTrees, AbaInvertsRneaAndMatchesMassMatrix) {
  std::mt19937 rng(100 + static_cast<unsigned>(GetParam()));
  const int n = 1 + GetParam() * 3;
  MultibodyModel model = random_tree(n, rng, GetParam());
  model.gravity = Vec3(0.3, -1.0, -9.81);
  MultibodyData data(model);
  double worst_round_trip = 0.0, worst_mass = 0.0, worst_cond = 0.0;
  for (int trial = 0; trial < 5; ++trial) {
    const Eigen::VectorXd q = random_vector(model.nq(), rng);
    const Eigen::VectorXd qd = random_vector(model.nq(), rng);
    const Eigen::VectorXd qdd = random_vector(model.nq(), rng);
    for (auto& b : data.bodies) b.f_ext = Wrench(test::random_vector(6, rng));
    const Eigen::VectorXd tau = rnea(model, data, 0.0, q, qd, qdd);
    const Eigen::VectorXd qdd_aba = aba(model, data, 0.0, q, qd, tau);
    ASSERT_FALSE(data.singular);
    const Eigen::MatrixXd M = crba(model, data, 0.0, q);
    // the round trip loses cond(M) digits; scale the tolerance by it
    Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> eig(M);
    const double cond = eig.eigenvalues().maxCoeff() / eig.eigenvalues().minCoeff();
    EXPECT_LT((qdd_aba - qdd).cwiseAbs().maxCoeff(), 1e-10 * std::max(1.0, cond / 1e4)) << "cond " << cond;
    worst_round_trip = std::max(worst_round_trip, (qdd_aba - qdd).cwiseAbs().maxCoeff());
    const Eigen::VectorXd h = nonlinear_effects(model, data, 0.0, q, qd);
    EXPECT_LT((M - M.transpose()).cwiseAbs().maxCoeff(), 1e-12);
    const Eigen::VectorXd qdd_m = M.llt().solve(tau - h);
    EXPECT_LT((qdd_aba - qdd_m).cwiseAbs().maxCoeff(), 1e-10 * std::max(1.0, cond / 1e4));
    worst_mass = std::max(worst_mass, (qdd_aba - qdd_m).cwiseAbs().maxCoeff());
    worst_cond = std::max(worst_cond, cond);
    EXPECT_LT((M * qdd + h - tau).cwiseAbs().maxCoeff(), 1e-10 * (1 + tau.norm()));
  }
  RecordProperty("worst_round_trip", std::to_string(worst_round_trip));
  std::printf("bodies %d nq %d: |aba(rnea(qdd)) - qdd| %.2e, |aba - M^-1(tau - h)| %.2e, cond(M) %.1e\n", n,
              model.nq(), worst_round_trip, worst_mass, worst_cond);
}

INSTANTIATE_TEST_SUITE_P(Sizes, RandomTrees, ::testing::Range(0, 12));

// a root moving along a smooth trajectory: the same round trip holds with non-zero root v and v̇.
TEST(Dynamics, DrivenRootRoundTrip) {
  std::mt19937 rng(7);
  MultibodyModel model = random_tree(6, rng);
  const Twist spin = make_twist(Vec3(0.3, 0.2, 2.0), Vec3(0.1, 0.0, 0.0));
  model.root_trajectory = [spin](double t) {
    RootState s;
    // exp(spin·t²/2): v = spin t, v̇ = spin (a constant screw, so body and spatial agree)
    s.world_T_root = se3_exp(spin * (0.5 * t * t));
    s.v = spin * t;
    s.v_dot = spin;
    return s;
  };
  MultibodyData data(model);
  const Eigen::VectorXd q = random_vector(model.nq(), rng);
  const Eigen::VectorXd qd = random_vector(model.nq(), rng);
  const Eigen::VectorXd qdd = random_vector(model.nq(), rng);
  const Eigen::VectorXd tau = rnea(model, data, 1.3, q, qd, qdd);
  EXPECT_LT((aba(model, data, 1.3, q, qd, tau) - qdd).cwiseAbs().maxCoeff(), 1e-10);
  // the root's motion must show up: a fixed root gives another τ
  MultibodyModel fixed = model;
  fixed.root_trajectory = nullptr;
  MultibodyData fixed_data(fixed);
  EXPECT_GT((rnea(fixed, fixed_data, 1.3, q, qd, qdd) - tau).norm(), 1e-3);
}

TEST(Dynamics, HotLoopAllocatesNothing) {
  std::mt19937 rng(9);
  const MultibodyModel model = random_tree(12, rng);
  MultibodyData data(model);
  const Eigen::VectorXd q = random_vector(model.nq(), rng);
  const Eigen::VectorXd qd = random_vector(model.nq(), rng);
  const Eigen::VectorXd tau = random_vector(model.nq(), rng);
  aba(model, data, 0.0, q, qd, tau);
  const long before = test::allocation_count();
  for (int k = 0; k < 10; ++k) {
    aba(model, data, 0.0, q, qd, tau);
    rnea(model, data, 0.0, q, qd, tau);
    crba(model, data, 0.0, q);
  }
  EXPECT_EQ(test::allocation_count(), before);
}

// a closed cube mesh of side 2a integrates to the box formula.
TEST(RigidBody, MeshInertiaOfCubeMatchesBox) {
  const double a = 0.1, density = 1000.0;
  const Vec3 shift(0.3, -0.2, 0.05);
  std::vector<Vec3> v;
  for (int i = 0; i < 8; ++i) v.push_back(shift + a * Vec3(i & 1 ? 1 : -1, i & 2 ? 1 : -1, i & 4 ? 1 : -1));
  // outward-facing triangles of the six faces
  const std::vector<std::array<int, 3>> t = {{0, 2, 1}, {1, 2, 3}, {4, 5, 6}, {5, 7, 6}, {0, 1, 4}, {1, 5, 4},
                                             {2, 6, 3}, {3, 6, 7}, {0, 4, 2}, {2, 4, 6}, {1, 3, 5}, {3, 7, 5}};
  const BodyInertia b = inertia_from_mesh(v, t, density);
  const double mass = density * 8 * a * a * a;
  EXPECT_NEAR(b.mass, mass, 1e-12);
  EXPECT_LT((b.com - shift).norm(), 1e-14);
  EXPECT_LT((b.inertia_com - BodyInertia::box(mass, Vec3(a, a, a)).inertia_com).cwiseAbs().maxCoeff(), 1e-14);
  // inside out
  std::vector<std::array<int, 3>> flipped = t;
  for (auto& f : flipped) std::swap(f[1], f[2]);
  EXPECT_THROW(inertia_from_mesh(v, flipped, density), std::invalid_argument);
}

}  // namespace
}  // namespace js
