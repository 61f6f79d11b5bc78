// generalized inertia (eq. 8) and the newton–euler wrench (eq. 7), checked against a rigid cloud of point
// masses: kinetic energy summed point by point, and the wrench as the rate of change of the cloud's world
// momentum (finite differences), moved into the body frame.
#include <gtest/gtest.h>

#include <Eigen/Eigenvalues>

#include "core/lie/inertia.hpp"
#include "tests/core/lie/lie_samples.hpp"

namespace js::test {
namespace {

// a rigid body made of point masses at body-frame positions.
struct PointCloud {
  std::vector<double> mass;
  std::vector<Vec3> r;

  double total_mass() const {
    double m = 0.0;
    for (double mk : mass) m += mk;
    return m;
  }
  Vec3 com() const {
    Vec3 c = Vec3::Zero();
    for (std::size_t k = 0; k < r.size(); ++k) c += mass[k] * r[k];
    return c / total_mass();
  }
  // rotational inertia about the centre of mass, straight from the definition
  Mat3 inertia_com() const {
    const Vec3 c = com();
    Mat3 I = Mat3::Zero();
    for (std::size_t k = 0; k < r.size(); ++k) {
      const Vec3 d = r[k] - c;
      I += mass[k] * (d.squaredNorm() * Mat3::Identity() - d * d.transpose());
    }
    return I;
  }
  Mat6 generalized_inertia() const { return js::generalized_inertia(total_mass(), com(), inertia_com()); }

  // ½ Σ m |v + ω × r|² for a body velocity [ω; v]
  double kinetic_energy(const Twist& v) const {
    double e = 0.0;
    for (std::size_t k = 0; k < r.size(); ++k) {
      e += 0.5 * mass[k] * (v.tail<3>() + v.head<3>().cross(r[k])).squaredNorm();
    }
    return e;
  }
  // world momentum [Σ m x × ẋ; Σ m ẋ] of the cloud at pose T moving with body velocity v
  Wrench world_momentum(const SE3& T, const Twist& v) const {
    Vec3 L = Vec3::Zero(), P = Vec3::Zero();
    for (std::size_t k = 0; k < r.size(); ++k) {
      const Vec3 x = T.act(r[k]);
      const Vec3 xd = T.R * (v.head<3>().cross(r[k]) + v.tail<3>());
      L += mass[k] * x.cross(xd);
      P += mass[k] * xd;
    }
    return make_twist(L, P);
  }
};

PointCloud random_cloud(std::mt19937_64& rng) {
  PointCloud c;
  std::uniform_real_distribution<double> m(0.1, 2.0);
  const Vec3 offset = random_vec(rng, 0.5);  // keep the com away from the origin
  for (int k = 0; k < 7; ++k) {
    c.mass.push_back(m(rng));
    c.r.push_back(offset + random_vec(rng, 0.3));
  }
  return c;
}

class InertiaProperty : public ::testing::TestWithParam<LieSample> {};

TEST_P(InertiaProperty, KineticEnergyMatchesPointMasses) {
  std::mt19937_64 rng = sample_rng(GetParam(), 4);
  const PointCloud cloud = random_cloud(rng);
  const Mat6 J = cloud.generalized_inertia();
  const Twist v = GetParam().g;
  const double e = 0.5 * v.dot(J * v);
  EXPECT_NEAR(e, cloud.kinetic_energy(v), 1e-13 * std::max(1.0, e));
}

TEST_P(InertiaProperty, InertiaIsSymmetricPositiveDefinite) {
  std::mt19937_64 rng = sample_rng(GetParam(), 5);
  const Mat6 J = random_cloud(rng).generalized_inertia();
  EXPECT_LE(max_abs_diff(J, J.transpose()), 1e-15);
  Eigen::SelfAdjointEigenSolver<Mat6> eig(J);
  EXPECT_GT(eig.eigenvalues().minCoeff(), 0.0);
}

// the body moves on T(t) = exp(ĝ₁t) exp(ĝ₂t): v(t) = Ad_{exp(−ĝ₂t)} g₁ + g₂ and
// v̇(t) = −ad_{g₂} Ad_{exp(−ĝ₂t)} g₁. eq. (7) must equal Ad*_T d/dt(world momentum).
TEST_P(InertiaProperty, NewtonEulerIsRateOfMomentum) {
  std::mt19937_64 rng = sample_rng(GetParam(), 6);
  const PointCloud cloud = random_cloud(rng);
  const Mat6 J = cloud.generalized_inertia();
  const Twist g1 = GetParam().g;
  const Twist g2 = random_twist(rng, 2.0, 1.0);
  const auto pose = [&](double t) { return se3_exp(g1 * t) * se3_exp(g2 * t); };
  const auto vel = [&](double t) { return Twist(Ad_inv_apply(se3_exp(g2 * t), g1) + g2); };
  const auto momentum = [&](double t) { return cloud.world_momentum(pose(t), vel(t)); };
  for (double t : {0.0, 0.35, 1.2}) {
    const Twist v = vel(t);
    const Twist v_dot = -ad_apply(g2, Ad_inv_apply(se3_exp(g2 * t), g1));
    // sanity: v really is the body velocity of the pose curve
    const double h = 1e-3;
    const Mat4 Td = (pose(t - 2 * h).matrix() - 8.0 * pose(t - h).matrix() + 8.0 * pose(t + h).matrix() -
                     pose(t + 2 * h).matrix()) / (12.0 * h);
    ASSERT_LE(max_abs_diff(vee6(pose(t).inverse().matrix() * Td), v), 1e-9);

    const Wrench world_rate =
        (momentum(t - 2 * h) - 8.0 * momentum(t - h) + 8.0 * momentum(t + h) - momentum(t + 2 * h)) / (12.0 * h);
    const Wrench expected = Ad_star_apply(pose(t), world_rate);
    const Wrench f = newton_euler_wrench(J, v, v_dot);
    EXPECT_LE(max_abs_diff(f, expected), 1e-8 * std::max(1.0, expected.norm())) << "t = " << t;
  }
}

INSTANTIATE_TEST_SUITE_P(Lie, InertiaProperty, ::testing::ValuesIn(lie_samples()), SampleName{});

// torque-free spinning about a principal axis through the com: no wrench needed.
TEST(Inertia, SteadySpinAboutPrincipalAxisNeedsNoWrench) {
  const Mat3 I = Vec3(1.0, 2.0, 3.0).asDiagonal();
  const Mat6 J = generalized_inertia(4.0, Vec3::Zero(), I);
  const Twist v = make_twist(Vec3(0, 0, 5.0), Vec3::Zero());
  EXPECT_LE(newton_euler_wrench(J, v, Twist::Zero()).norm(), 1e-15);
  // off-axis spin needs the gyroscopic torque ω × Iω (euler's equations)
  const Vec3 w(1.0, 2.0, 0.5);
  const Twist u = make_twist(w, Vec3::Zero());
  const Wrench f = newton_euler_wrench(J, u, Twist::Zero());
  EXPECT_LE(max_abs_diff(f.head<3>(), w.cross(I * w)), 1e-14);
  EXPECT_LE(f.tail<3>().norm(), 1e-15);
}

// eq. (8) block layout with the parallel-axis rule.
TEST(Inertia, Eq8BlockLayout) {
  const double m = 2.0;
  const Vec3 r(0.1, -0.2, 0.3);
  const Mat3 Ic = Vec3(0.5, 0.6, 0.7).asDiagonal();
  const Mat6 J = generalized_inertia(m, r, Ic);
  EXPECT_EQ(Mat3(J.bottomRightCorner<3, 3>()), m * Mat3::Identity());
  EXPECT_EQ(Mat3(J.topRightCorner<3, 3>()), m * hat3(r));
  EXPECT_EQ(Mat3(J.bottomLeftCorner<3, 3>()), m * hat3(r).transpose());
  const Mat3 Io = Ic + m * (r.squaredNorm() * Mat3::Identity() - r * r.transpose());
  EXPECT_LE(max_abs_diff(Mat3(J.topLeftCorner<3, 3>()), Io), 1e-15);
}

}  // namespace
}  // namespace js::test
