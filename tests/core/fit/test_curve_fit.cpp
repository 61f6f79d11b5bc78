// 1-dof fitting: noiseless samples of known spline joints are reproduced by both methods, at the samples
// and between them; progress and cancellation.
#include <gtest/gtest.h>

#include <cstdio>

#include "core/fit/curve_fit.hpp"
#include "tests/core/fit/fit_test_util.hpp"
#include "tests/core/fit/motions.hpp"

namespace js::fit {
namespace {

struct Errors {
  double translation = 0.0;  // m
  double rotation = 0.0;     // rad
};

// largest difference of two 1-dof joints over n evenly spaced q in [q0, q1]
Errors compare(const JointModel& a, const JointModel& b, double q0, double q1, int n) {
  Errors e;
  JointData da(1), db(1);
  for (int i = 0; i < n; ++i) {
    const JointVector q = JointVector::Constant(1, q0 + (q1 - q0) * i / (n - 1));
    a.evaluate(q, da, EvalLevel::Transform);
    b.evaluate(q, db, EvalLevel::Transform);
    e.translation = std::max(e.translation, test::translation_error(da.G, db.G));
    e.rotation = std::max(e.rotation, test::rotation_error(da.G, db.G));
  }
  return e;
}

struct Case {
  int num_control;
  int order;
  bool closed;
};

class NoiselessRecovery : public ::testing::TestWithParam<std::tuple<Case, FitMethod>> {};

TEST_P(NoiselessRecovery, BelowOneNanometreAndNanoradian) {
  const auto [c, method] = GetParam();
  std::mt19937 rng(100 + 7 * c.num_control + c.order + (c.closed ? 1 : 0));
  const SplineCurveJoint truth = test::random_curve(rng, c.num_control, c.order, c.closed);
  const SampleSet samples = test::sample_joint(truth, 6 * c.num_control, 0.0, 1.0, !c.closed);
  CurveFitOptions options;
  options.method = method;
  options.knots = truth.knots();
  options.max_iterations = 200;
  const CurveFitResult result = fit_spline_curve(samples, options);
  const SplineCurveJoint fitted = result.joint();
  // at the samples and at 7 points between each pair of samples
  const Errors e = compare(truth, fitted, 0.0, c.closed ? 1.0 - 1e-9 : 1.0, 8 * samples.size());
  std::printf("%-12s m+1=%2d k=%d %-6s: %3d iterations, %.2f ms, max %.1e m %.1e rad\n", fit_method_name(method),
              c.num_control, c.order, c.closed ? "closed" : "open", result.iterations, result.seconds * 1e3,
              e.translation, e.rotation);
  EXPECT_LT(e.translation, 1e-9);
  EXPECT_LT(e.rotation, 1e-9);
  EXPECT_TRUE(result.converged);
}

INSTANTIATE_TEST_SUITE_P(
    Curves, NoiselessRecovery,
    ::testing::Combine(::testing::Values(Case{4, 4, false}, Case{8, 4, false}, Case{16, 4, false}, Case{7, 3, false},
                                         Case{10, 5, false}, Case{12, 6, false}, Case{6, 4, true}, Case{12, 4, true},
                                         Case{9, 5, true}),
                       ::testing::Values(FitMethod::GaussNewton, FitMethod::Paper)));

TEST(CurveFit, ProgressIsReportedAndCancellationStops) {
  std::mt19937 rng(3);
  const SplineCurveJoint truth = test::random_curve(rng, 10, 4, false);
  const SampleSet samples = test::sample_joint(truth, 60, 0.0, 1.0);
  std::atomic<bool> cancel{false};
  std::vector<FitProgress> seen;
  CurveFitOptions options;
  options.knots = truth.knots();
  options.method = FitMethod::Paper;
  options.cancel = &cancel;
  options.progress = [&](const FitProgress& p) {
    seen.push_back(p);
    if (p.iteration == 2) cancel = true;  // as the app's stop button would, from another thread
    return true;
  };
  const CurveFitResult result = fit_spline_curve(samples, options);
  EXPECT_TRUE(result.cancelled);
  ASSERT_EQ(seen.size(), 2u);
  EXPECT_EQ(seen[1].iteration, 2);
  EXPECT_LE(seen[1].objective, result.objective_history.front());
  EXPECT_EQ(result.iterations, 2);
  // returning false from the callback stops too
  options.cancel = nullptr;
  options.progress = [](const FitProgress&) { return false; };
  EXPECT_TRUE(fit_spline_curve(samples, options).cancelled);
}

// issue 13: a levenberg–marquardt run that finds no step lowering F (damping up to 1e10) was reported as
// converged. a rotation sampled about one radian apart (aliased: the residual sits near π, where the
// logarithm folds) stalls that way at 8 frames.
TEST(CurveFit, StalledRunIsReportedAsStalledNotConverged) {
  SampleSet samples;
  samples.source = "<aliased>";
  for (int k = 0; k < 25; ++k) {
    Sample s;
    const double q = -2.094 + 12.094 * k / 24.0;
    s.q = JointVector::Constant(1, q);
    s.parent_T_child = SE3{so3_exp(Vec3(0.0, 0.0, 2.0 * q)), Vec3(0.05 * std::cos(q), -0.02 + 0.01 * std::sin(q), 0.0)};
    s.line = k + 2;
    samples.samples.push_back(s);
  }
  CurveFitOptions options;
  options.num_frames = 8;
  const CurveFitResult r = fit_spline_curve(samples, options);
  EXPECT_TRUE(r.stalled);
  EXPECT_FALSE(r.converged);
  EXPECT_FALSE(r.cancelled);
  EXPECT_LT(r.iterations, options.max_iterations);
}

}  // namespace
}  // namespace js::fit
