// the hinge and ball baselines: a true hinge and a true ball are recovered exactly (noiseless), a knee-like
// rolling-sliding motion leaves a hinge error of millimetres, the hinge residual's jacobian matches finite
// differences, and samples that do not rotate get one clear message.
#include <gtest/gtest.h>

#include "core/fit/baseline.hpp"
#include "tests/core/fit/motions.hpp"

namespace js::fit {
namespace {

// a hinge about an oblique axis through a point away from both origins, with child offset
SE3 true_hinge(double q) {
  SE3 A;
  A.R = so3_exp(Vec3(0.3, -0.2, 0.5));
  A.p = Vec3(0.01, -0.02, 0.03);
  SE3 B;
  B.R = so3_exp(Vec3(-0.1, 0.4, 0.2));
  B.p = Vec3(0.0, -0.04, 0.005);
  SE3 z;
  z.R = motions::rot_z(0.2 + 1.4 * q);
  return A * z * B;
}

// a ball about centre a (parent) = R c + p (child point c), with the child swinging and twisting
const Vec3 kCentreParent(0.02, -0.01, 0.015);
const Vec3 kCentreChild(0.0, 0.03, -0.01);
SE3 true_ball(double q) {
  SE3 g;
  g.R = so3_exp(Vec3(0.6 * q, 0.3 * std::sin(3.0 * q), 0.4 * std::cos(2.0 * q)));
  g.p = kCentreParent - g.R * kCentreChild;
  return g;
}

TEST(HingeBaseline, RecoversATrueHingeExactly) {
  const SampleSet set = motions::sample_motion(true_hinge, 15, 0.0, 1.5);
  const HingeFit h = fit_hinge(set, 0.05);
  EXPECT_TRUE(h.converged);
  EXPECT_LT(h.errors.max_translation_m, 1e-9);
  EXPECT_LT(h.errors.max_rotation_rad, 1e-9);
  // the axis is the true one (up to sign; normalization makes θ increase along the samples: +z here)
  const Vec3 axis = so3_exp(Vec3(0.3, -0.2, 0.5)) * Vec3::UnitZ();
  EXPECT_NEAR(h.axis_in_parent().dot(axis), 1.0, 1e-9);
  // θ steps by 1.4 per unit q, like the truth
  EXPECT_NEAR(h.angle.back() - h.angle.front(), 1.4 * 1.5, 1e-9);
  // the axis point lies on the true axis
  const Vec3 off = h.point_in_parent() - Vec3(0.01, -0.02, 0.03);
  EXPECT_LT((off - off.dot(axis) * axis).norm(), 1e-9);
}

TEST(HingeBaseline, RecoversAHingeWithSmallRangeAndNoise) {
  // 20° of motion with 0.1 mm / 0.1° noise: the axis within a degree or so and errors at the noise level
  const SampleSet set = motions::sample_motion(true_hinge, 40, 0.0, 0.25, 1e-4, 1.7e-3, 7);
  const HingeFit h = fit_hinge(set, 0.05);
  const Vec3 axis = so3_exp(Vec3(0.3, -0.2, 0.5)) * Vec3::UnitZ();
  EXPECT_GT(h.axis_in_parent().dot(axis), std::cos(2.0 * kPi / 180.0));
  EXPECT_LT(h.errors.rms_translation_m, 3e-4);
  EXPECT_LT(h.errors.rms_rotation_rad, 5e-3);
}

TEST(HingeBaseline, KneeRollingSlidingCostsMillimetres) {
  const SampleSet set = motions::sample_motion(motions::knee, 30, 0.0, 2.1);
  const HingeFit h = fit_hinge(set, 0.05);
  EXPECT_TRUE(h.converged);
  // the knee's condyle radius shrinks by 8 mm and its contact slides 10 mm: no fixed axis explains it
  EXPECT_GT(h.errors.max_translation_m, 1e-3);
  EXPECT_LT(h.errors.max_translation_m, 3e-2);
  EXPECT_GT(h.errors.max_rotation_rad, 1.0 * kPi / 180.0);  // screw home rotates about another axis
  // the ball leaves no rotation error but a larger position error than the hinge's rms can absorb
  const BallFit b = fit_ball(set);
  EXPECT_EQ(b.errors.max_rotation_rad, 0.0);
  EXPECT_GT(b.errors.max_translation_m, 1e-3);
  // the worst sample is named
  EXPECT_GE(h.errors.worst_translation, 0);
  EXPECT_LT(h.errors.worst_translation, set.size());
  const std::string line = baseline_line("hinge", h.errors, set, true);
  EXPECT_NE(line.find("mm at q = "), std::string::npos) << line;
  EXPECT_NE(line.find("°"), std::string::npos) << line;
}

TEST(HingeBaseline, LocalMinimumIsAMinimumOfTheMetric) {
  // perturbing the fitted hinge in any parameter does not lower the cost (the fit is a least-squares optimum)
  const SampleSet set = motions::sample_motion(motions::knee, 20, 0.0, 2.1);
  const HingeFit h = fit_hinge(set, 0.05);
  auto cost = [&](const SE3& A, const SE3& B, const std::vector<double>& angle) {
    double f = 0.0;
    Vec6 r;
    for (int k = 0; k < set.size(); ++k) {
      hinge_residual(A, B, angle[static_cast<std::size_t>(k)], set.samples[static_cast<std::size_t>(k)].parent_T_child,
                     20.0, r, nullptr);
      f += r.squaredNorm();
    }
    return f;
  };
  const double f0 = cost(h.parent_T_axis, h.axis_T_child, h.angle);
  for (int i = 0; i < 6; ++i) {
    for (double s : {-1e-4, 1e-4}) {
      Twist d = Twist::Zero();
      d[i] = s;
      EXPECT_GE(cost(h.parent_T_axis * se3_exp(d), h.axis_T_child, h.angle), f0 - 1e-12) << i;
      EXPECT_GE(cost(h.parent_T_axis, se3_exp(d) * h.axis_T_child, h.angle), f0 - 1e-12) << i;
    }
  }
}

TEST(HingeBaseline, ResidualJacobianMatchesFiniteDifferences) {
  SE3 A, B, D;
  A.R = so3_exp(Vec3(0.2, 0.7, -0.3));
  A.p = Vec3(0.01, 0.02, -0.03);
  B.R = so3_exp(Vec3(-0.5, 0.1, 0.4));
  B.p = Vec3(0.03, -0.01, 0.02);
  D.R = so3_exp(Vec3(0.4, 0.5, 0.1));
  D.p = Vec3(0.02, 0.0, -0.01);
  const double angle = 0.8, inv_length = 20.0;
  Vec6 r;
  Eigen::Matrix<double, 6, 10> J;
  hinge_residual(A, B, angle, D, inv_length, r, &J);
  const int a_cols[4] = {0, 1, 3, 4}, b_cols[5] = {0, 1, 3, 4, 5};
  const double h = 1e-6;
  for (int c = 0; c < 10; ++c) {
    Vec6 rp, rm;
    auto eval = [&](double s, Vec6& out) {
      Twist d = Twist::Zero();
      if (c < 4) {
        d[a_cols[c]] = s;
        hinge_residual(A * se3_exp(d), B, angle, D, inv_length, out, nullptr);
      } else if (c < 9) {
        d[b_cols[c - 4]] = s;
        hinge_residual(A, se3_exp(d) * B, angle, D, inv_length, out, nullptr);
      } else {
        hinge_residual(A, B, angle + s, D, inv_length, out, nullptr);
      }
    };
    eval(h, rp);
    eval(-h, rm);
    const Vec6 fd = (rp - rm) / (2.0 * h);
    EXPECT_LT((fd - J.col(c)).norm(), 1e-6 * std::max(1.0, fd.norm())) << "column " << c;
  }
}

TEST(BallBaseline, RecoversATrueBallExactly) {
  const SampleSet set = motions::sample_motion(true_ball, 25, 0.0, 1.2);
  const BallFit b = fit_ball(set);
  EXPECT_TRUE(b.determined);
  EXPECT_LT((b.centre_in_parent - kCentreParent).norm(), 1e-10);
  EXPECT_LT((b.centre_in_child - kCentreChild).norm(), 1e-10);
  EXPECT_LT(b.errors.max_translation_m, 1e-10);
  EXPECT_EQ(b.errors.max_rotation_rad, 0.0);
  // a ball explains a hinge too; its centre is then free along the axis and reported as such
  const BallFit on_hinge = fit_ball(motions::sample_motion(true_hinge, 15, 0.0, 1.5));
  EXPECT_FALSE(on_hinge.determined);
  EXPECT_LT(on_hinge.errors.max_translation_m, 1e-9);
}

TEST(Baselines, SamplesThatDoNotRotateGetOneMessage) {
  SampleSet set = motions::sample_motion([](double q) { return SE3::translation(Vec3(q, 0, 0)); }, 5, 0.0, 0.1);
  set.source = "slide.csv";
  try {
    fit_hinge(set, 0.05);
    FAIL() << "no error";
  } catch (const SampleError& e) {
    EXPECT_EQ(e.kind(), SampleErrorKind::Degenerate);
    EXPECT_NE(std::string(e.what()).find("slide.csv"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("do not rotate"), std::string::npos) << e.what();
  }
  SampleSet one = motions::sample_motion(true_hinge, 2, 0.0, 1.0);
  one.samples.pop_back();
  EXPECT_THROW(fit_hinge(one, 0.05), SampleError);
  EXPECT_THROW(fit_ball(one), SampleError);
}

}  // namespace
}  // namespace js::fit
