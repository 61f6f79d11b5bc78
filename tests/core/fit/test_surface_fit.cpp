// the n-dof (spline surface) fit: derivatives of G with respect to the spline coefficients against finite
// differences through SplineSurfaceJoint, the euler chart, exact reproduction of known surface joints,
// the sliding-on-an-ellipsoid motion at and between grid points, too few samples, progress and cancel.
#include <gtest/gtest.h>

#include <random>

#include "core/fit/surface_fit.hpp"
#include "core/fit/surface_fitter.hpp"
#include "core/fit/surface_pose.hpp"
#include "tests/core/fit/fit_test_util.hpp"
#include "tests/core/fit/motions.hpp"

namespace js::fit {
namespace {

// a random surface joint over [0, 1]ⁿ: smooth-ish coefficients (translations ≈ 2 cm, angles ≈ 0.4 rad)
SplineSurfaceJoint random_surface(std::mt19937& rng, const std::vector<int>& net, int order) {
  std::normal_distribution<double> normal(0.0, 1.0);
  std::vector<spline::KnotVector> knots;
  int nc = 1;
  for (int m : net) {
    knots.push_back(spline::KnotVector::clamped(m, order, 0.0, 1.0));
    nc *= m;
  }
  std::array<std::vector<double>, 6> c;
  for (int j = 0; j < 6; ++j) {
    for (int i = 0; i < nc; ++i) c[static_cast<std::size_t>(j)].push_back(normal(rng) * (j < 3 ? 0.02 : 0.4));
  }
  return SplineSurfaceJoint(se3_exp(test::random_step(rng, 0.8, 0.05)), knots, c);
}

// samples of a joint on a grid of `per_axis` points per coordinate over its range
SampleSet sample_surface(const JointModel& joint, int per_axis) {
  SampleSet set;
  set.dof = joint.dof();
  set.source = "<surface>";
  JointData d(joint.dof());
  std::vector<int> idx(static_cast<std::size_t>(joint.dof()), 0);
  while (true) {
    Sample s;
    s.q = JointVector(joint.dof());
    for (int a = 0; a < joint.dof(); ++a) {
      const auto& c = joint.coordinates()[static_cast<std::size_t>(a)];
      s.q[a] = c.min + (c.max - c.min) * idx[static_cast<std::size_t>(a)] / (per_axis - 1.0);
    }
    joint.evaluate(s.q, d, EvalLevel::Transform);
    s.parent_T_child = d.G;
    s.line = set.size() + 2;
    set.samples.push_back(s);
    int a = 0;
    while (a < joint.dof() && ++idx[static_cast<std::size_t>(a)] == per_axis) idx[static_cast<std::size_t>(a++)] = 0;
    if (a == joint.dof()) break;
  }
  return set;
}

double translation_error(const SE3& a, const SE3& b) { return (a.p - b.p).norm(); }
double rotation_error(const SE3& a, const SE3& b) { return so3_log(a.R.transpose() * b.R).norm(); }

TEST(SurfacePose, DerivativeWithRespectToPhiMatchesFiniteDifferences) {
  std::mt19937 rng(3);
  std::normal_distribution<double> normal(0.0, 1.0);
  const auto basis = SplineSurfaceJoint::default_basis();
  const SE3 H = se3_exp(test::random_step(rng, 0.7, 0.1));
  for (int trial = 0; trial < 5; ++trial) {
    Vec6 phi;
    for (int j = 0; j < 6; ++j) phi[j] = normal(rng) * (j < 3 ? 0.05 : 0.8);
    SE3 G;
    Mat6 S;
    surface_pose(H, basis, phi, G, &S);
    const double h = 1e-6;
    for (int j = 0; j < 6; ++j) {
      SE3 Gp, Gm;
      Vec6 d = Vec6::Zero();
      d[j] = h;
      surface_pose(H, basis, phi + d, Gp, nullptr);
      surface_pose(H, basis, phi - d, Gm, nullptr);
      const Twist fd = (se3_log(G.inverse() * Gp) - se3_log(G.inverse() * Gm)) / (2 * h);
      EXPECT_LT((fd - S.col(j)).norm(), 1e-8 * (1.0 + S.col(j).norm())) << "phi_" << j;
    }
  }
}

TEST(SurfacePose, EulerChartInvertsTheProduct) {
  std::mt19937 rng(5);
  std::uniform_real_distribution<double> angle(-3.0, 3.0), half(-1.5, 1.5), t(-0.1, 0.1);
  const auto basis = SplineSurfaceJoint::default_basis();
  for (int trial = 0; trial < 50; ++trial) {
    Vec6 phi;
    phi << t(rng), t(rng), t(rng), angle(rng), half(rng), angle(rng);
    SE3 G;
    surface_pose(SE3::identity(), basis, phi, G, nullptr);
    EXPECT_LT((default_basis_coordinates(G) - phi).cwiseAbs().maxCoeff(), 1e-9) << phi.transpose();
  }
}

// ∂G(q_k)/∂c_{i,j} = B_i(q_k) S_j(q_k) (right perturbation) against the joint of core/joints evaluated at
// perturbed coefficients: checks the product structure and the stencil's coefficient indexing together
TEST(SurfaceFitter, CoefficientDerivativesMatchFiniteDifferencesThroughTheJoint) {
  std::mt19937 rng(11);
  for (const std::vector<int>& net : {std::vector<int>{6, 5}, std::vector<int>{4, 5, 4}, std::vector<int>{7}}) {
    const SplineSurfaceJoint truth = random_surface(rng, net, net.size() == 3 ? 3 : 4);
    SampleSet samples = sample_surface(truth, net.size() == 3 ? 4 : net.size() == 2 ? 6 : 12);
    // move the samples off the knots: random q inside the range
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    for (Sample& s : samples.samples) {
      for (int a = 0; a < s.q.size(); ++a) s.q[a] = unit(rng);
    }
    SurfaceFitOptions options;
    SurfaceFitter fitter(samples, truth.knots(), truth.base(), options);
    const int nc = fitter.num_coefficients();
    SurfaceCoefficients C(nc, 6);
    for (int j = 0; j < 6; ++j) {
      for (int i = 0; i < nc; ++i) C(i, j) = truth.coefficients()[static_cast<std::size_t>(j)][static_cast<std::size_t>(i)];
    }
    JointData d(truth.dof());
    for (int k = 0; k < samples.size(); k += 3) {
      SE3 G;
      Mat6 S;
      fitter.sample_pose(C, k, G, &S);
      truth.evaluate(samples.samples[static_cast<std::size_t>(k)].q, d, EvalLevel::Transform);
      ASSERT_TRUE(G.is_approx(d.G, 1e-12));
      const SurfaceStencil& st = fitter.stencil(k);
      for (std::size_t p = 0; p < st.index.size(); p += 2) {
        for (int j = 0; j < 6; ++j) {
          const double h = 1e-6;
          auto plus = truth.coefficients(), minus = truth.coefficients();
          plus[static_cast<std::size_t>(j)][static_cast<std::size_t>(st.index[p])] += h;
          minus[static_cast<std::size_t>(j)][static_cast<std::size_t>(st.index[p])] -= h;
          JointData dp(truth.dof()), dm(truth.dof());
          SplineSurfaceJoint(truth.base(), truth.knots(), plus).evaluate(samples.samples[static_cast<std::size_t>(k)].q, dp, EvalLevel::Transform);
          SplineSurfaceJoint(truth.base(), truth.knots(), minus).evaluate(samples.samples[static_cast<std::size_t>(k)].q, dm, EvalLevel::Transform);
          const Twist fd = (se3_log(G.inverse() * dp.G) - se3_log(G.inverse() * dm.G)) / (2 * h);
          const Twist analytic = st.value[p] * S.col(j);
          EXPECT_LT((fd - analytic).norm(), 1e-8 * (1.0 + analytic.norm())) << "n = " << net.size() << " k " << k;
        }
      }
    }
  }
}

TEST(SurfaceFit, NoiselessSamplesOfASurfaceJointAreReproduced) {
  std::mt19937 rng(21);
  struct Case {
    std::vector<int> net;
    int order;
    int per_axis;
  };
  for (const Case& c : {Case{{6, 5}, 4, 13}, Case{{5, 7}, 3, 15}, Case{{4, 4, 5}, 3, 7}, Case{{9}, 4, 40}}) {
    const SplineSurfaceJoint truth = random_surface(rng, c.net, c.order);
    const SampleSet samples = sample_surface(truth, c.per_axis);
    SurfaceFitOptions options;
    options.knots = truth.knots();
    options.base = truth.base();
    const SurfaceFitResult r = fit_spline_surface(samples, options);
    const SplineSurfaceJoint fitted = r.joint();
    const SplineSurfaceJoint start = r.coordinatewise_joint();
    JointData a(truth.dof()), b(truth.dof()), s(truth.dof());
    double worst = 0.0, worst_start = 0.0;
    // at the samples and at random q in the range
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    std::vector<JointVector> qs;
    for (const Sample& x : samples.samples) qs.push_back(x.q);
    for (int t = 0; t < 50; ++t) {
      JointVector q(truth.dof());
      for (int d = 0; d < truth.dof(); ++d) q[d] = unit(rng);
      qs.push_back(q);
    }
    for (const JointVector& q : qs) {
      truth.evaluate(q, a, EvalLevel::Transform);
      fitted.evaluate(q, b, EvalLevel::Transform);
      start.evaluate(q, s, EvalLevel::Transform);
      worst = std::max({worst, translation_error(a.G, b.G), rotation_error(a.G, b.G)});
      worst_start = std::max({worst_start, translation_error(a.G, s.G), rotation_error(a.G, s.G)});
    }
    EXPECT_LT(worst, 1e-9) << "net of " << c.net.size() << " axes, order " << c.order;
    EXPECT_LT(worst_start, 1e-9) << "coordinate-wise, net of " << c.net.size() << " axes";
  }
}

TEST(SurfaceFit, BodySlidingOnAnEllipsoidIsWithinHalfAMillimetreAtAndBetweenGridPoints) {
  const double u0 = -0.6, u1 = 0.6, v0 = -0.9, v1 = 0.9;
  const SampleSet samples = motions::sample_grid(motions::ellipsoid, 21, 21, u0, u1, v0, v1);
  SurfaceFitOptions options;  // bicubic 8×8 net, no smoothing
  const SurfaceFitResult r = fit_spline_surface(samples, options);
  EXPECT_TRUE(r.converged);
  // the SE(3) refinement improves on the coordinate-wise fit it starts from
  EXPECT_LT(r.data_term, r.coordinatewise_data_term);
  const SplineSurfaceJoint joint = r.joint();
  JointData d(2);
  double worst_grid = 0.0, worst_mid = 0.0, worst_rotation = 0.0;
  for (int i = 0; i <= 40; ++i) {
    for (int j = 0; j <= 40; ++j) {
      // even (i, j): grid points; odd: midpoints between them (edges and cell centres)
      JointVector q(2);
      q << u0 + (u1 - u0) * i / 40.0, v0 + (v1 - v0) * j / 40.0;
      joint.evaluate(q, d, EvalLevel::Transform);
      const SE3 truth = motions::ellipsoid(q[0], q[1]);
      const double e = translation_error(d.G, truth);
      (i % 2 == 0 && j % 2 == 0 ? worst_grid : worst_mid) = std::max(i % 2 == 0 && j % 2 == 0 ? worst_grid : worst_mid, e);
      worst_rotation = std::max(worst_rotation, rotation_error(d.G, truth));
    }
  }
  EXPECT_LT(worst_grid, 0.5e-3);
  EXPECT_LT(worst_mid, 0.5e-3);
  EXPECT_LT(worst_rotation, 0.01);
  std::cout << "ellipsoid 21×21, 8×8: max translation error " << worst_grid * 1e3 << " mm at grid points, "
            << worst_mid * 1e3 << " mm between; max rotation " << worst_rotation << " rad; " << r.iterations
            << " iterations; data term " << r.coordinatewise_data_term << " → " << r.data_term << "\n";
}

// a body riding a tilting turntable once and a bit around (v over 400°: the euler angle about z passes
// ±180° and must be unwrapped), with and without noise: the joint stays close to the noiseless truth
// between the samples, and the SE(3) refinement lowers the metric's residual below the coordinate-wise fit's
SE3 turntable(double u, double v) {
  SE3 g;
  g.R = motions::rot_z(v) * motions::rot_x(0.4 * u + 0.1 * std::sin(v)) * motions::rot_y(0.2 * u * u);
  g.p = Vec3(0.04 * std::cos(v), 0.03 * std::sin(v), 0.02 * u + 0.005 * std::sin(2.0 * v));
  return g;
}

TEST(SurfaceFit, RevolvingMotionUnwrapsAnglesAndTheRefinementImprovesOnTheCoordinatewiseFit) {
  const double u0 = -1.0, u1 = 1.0, v0 = -3.5, v1 = 3.5;
  for (const double sigma : {0.0, 0.5e-3}) {
    const SampleSet samples = motions::sample_grid(turntable, 11, 41, u0, u1, v0, v1, sigma, sigma * 17.45, 9);
    SurfaceFitOptions options;
    options.net = {6, 16};
    const SurfaceFitResult r = fit_spline_surface(samples, options);
    EXPECT_TRUE(r.converged);
    EXPECT_LT(r.data_term, r.coordinatewise_data_term);
    const SplineSurfaceJoint joint = r.joint();
    JointData d(2);
    double worst = 0.0, worst_rotation = 0.0, sum = 0.0, sum_rotation = 0.0;
    for (int i = 0; i < 20; ++i) {
      for (int j = 0; j < 80; ++j) {
        JointVector q(2);
        q << u0 + (u1 - u0) * (i + 0.5) / 20.0, v0 + (v1 - v0) * (j + 0.5) / 80.0;
        joint.evaluate(q, d, EvalLevel::Transform);
        const double t = translation_error(d.G, turntable(q[0], q[1])), a = rotation_error(d.G, turntable(q[0], q[1]));
        worst = std::max(worst, t);
        worst_rotation = std::max(worst_rotation, a);
        sum += t * t;
        sum_rotation += a * a;
      }
    }
    const double rms = std::sqrt(sum / 1600.0), rms_rotation = std::sqrt(sum_rotation / 1600.0);
    if (sigma == 0.0) {
      EXPECT_LT(worst, 0.1e-3);
      EXPECT_LT(worst_rotation, 0.005);
    } else {
      // closer to the truth than the samples are (their noise has rms σ√3 in translation and rotation)
      EXPECT_LT(rms, 0.5 * std::sqrt(3.0) * sigma);
      EXPECT_LT(rms_rotation, 0.5 * std::sqrt(3.0) * sigma * 17.45);
    }
    std::cout << "turntable, sigma " << sigma * 1e3 << " mm: data term coordinate-wise " << r.coordinatewise_data_term
              << " → SE(3) " << r.data_term << " in " << r.iterations << " iterations; between samples max "
              << worst * 1e3 << " mm, " << worst_rotation << " rad, rms " << rms * 1e3 << " mm, " << rms_rotation << " rad\n";
  }
}

TEST(SurfaceFit, SmoothingLowersTheRoughnessOfNoisySamples) {
  const SampleSet noisy = motions::sample_grid(motions::ellipsoid, 15, 15, -0.6, 0.6, -0.9, 0.9, 1e-3, 0.0175, 4);
  SurfaceFitOptions options;
  options.net = {10};
  const SurfaceFitResult raw = fit_spline_surface(noisy, options);
  options.smoothing = 1e-5;
  const SurfaceFitResult smooth = fit_spline_surface(noisy, options);
  EXPECT_LT(smooth.smoothness_term, 0.5 * raw.smoothness_term);
  EXPECT_GT(smooth.data_term, raw.data_term);
}

TEST(SurfaceFit, TooFewSamplesForTheNetAreAnError) {
  const SampleSet few = motions::sample_grid(motions::ellipsoid, 7, 7, -0.6, 0.6, -0.9, 0.9);
  SurfaceFitOptions options;  // 8×8 = 64 coefficients per φ_j, 49 samples
  try {
    fit_spline_surface(few, options);
    FAIL() << "expected TooFewSamples";
  } catch (const SampleError& e) {
    EXPECT_EQ(e.kind(), SampleErrorKind::TooFewSamples);
    EXPECT_NE(std::string(e.what()).find("8×8 net"), std::string::npos) << e.what();
  }
  // enough samples but only 5 distinct values of q0 for 8 control values along it
  const SampleSet thin = motions::sample_grid(motions::ellipsoid, 5, 30, -0.6, 0.6, -0.9, 0.9);
  try {
    fit_spline_surface(thin, options);
    FAIL() << "expected TooFewSamples";
  } catch (const SampleError& e) {
    EXPECT_EQ(e.kind(), SampleErrorKind::TooFewSamples);
    EXPECT_NE(std::string(e.what()).find("q0 takes 5 distinct values"), std::string::npos) << e.what();
  }
  // with smoothing the extra control values are tied down: the same samples fit
  options.smoothing = 1e-6;
  EXPECT_NO_THROW(fit_spline_surface(thin, options));
}

TEST(SurfaceFit, ProgressIsReportedAndCancelStopsTheFit) {
  const SampleSet samples = motions::sample_grid(motions::ellipsoid, 12, 12, -0.6, 0.6, -0.9, 0.9, 1e-3, 0.01, 2);
  SurfaceFitOptions options;
  options.net = {6};
  std::vector<FitProgress> seen;
  options.progress = [&](const FitProgress& p) {
    seen.push_back(p);
    return true;
  };
  const SurfaceFitResult full = fit_spline_surface(samples, options);
  ASSERT_FALSE(seen.empty());
  EXPECT_EQ(static_cast<int>(seen.size()), full.iterations);
  EXPECT_EQ(full.objective_history.size(), seen.size() + 1);
  EXPECT_DOUBLE_EQ(seen.back().objective, full.objective_history.back());
  options.progress = [](const FitProgress&) { return false; };
  const SurfaceFitResult stopped = fit_spline_surface(samples, options);
  EXPECT_TRUE(stopped.cancelled);
  EXPECT_EQ(stopped.iterations, 1);
  std::atomic<bool> cancel{true};
  options.progress = nullptr;
  options.cancel = &cancel;
  const SurfaceFitResult never = fit_spline_surface(samples, options);
  EXPECT_TRUE(never.cancelled);
  EXPECT_EQ(never.iterations, 0);
}

}  // namespace
}  // namespace js::fit
