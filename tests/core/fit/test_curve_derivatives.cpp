// the fitter's own evaluation of the spline curve and its derivatives w.r.t. control frames, checked
// against the joint (core/joints) and against finite differences through the joint.
#include <gtest/gtest.h>

#include <cstdio>

#include "core/fit/curve_derivatives.hpp"
#include "tests/core/fit/fit_test_util.hpp"

namespace js::fit {
namespace {

struct Case {
  int num_control;
  int order;
  bool closed;
};

class CurveDerivatives : public ::testing::TestWithParam<Case> {};

// G, S, ∇S of a joint with frame `index` right-perturbed by exp(δ).
JointData perturbed(const SplineCurveJoint& joint, int index, const Twist& delta, double q) {
  std::vector<SE3> frames = joint.control_frames();
  frames[static_cast<std::size_t>(index)] = frames[static_cast<std::size_t>(index)] * se3_exp(delta);
  SplineCurveJoint p(frames, joint.knots());
  JointData d(1);
  p.evaluate(JointVector::Constant(1, q), d, EvalLevel::Hessian);
  return d;
}

TEST_P(CurveDerivatives, MatchJointAndFiniteDifferences) {
  const Case c = GetParam();
  std::mt19937 rng(17 + c.num_control * 3 + c.order);
  const SplineCurveJoint joint = test::random_curve(rng, c.num_control, c.order, c.closed);
  const auto& knots = joint.knots();
  ControlTwists twists;
  twists.update(joint.control_frames(), knots);
  std::uniform_real_distribution<double> uq(knots.q_min(), knots.q_max());
  const double eps = 1e-6;
  double worst_g = 0, worst_j = 0, worst_h = 0, worst_n = 0;
  for (int trial = 0; trial < 6; ++trial) {
    const double q = trial == 0 ? knots.q_min() + 1e-9 : uq(rng);
    const CurveSpan span = make_curve_span(knots, q);
    CurvePoint pt;
    curve_point(joint.control_frames(), knots, twists, span, CurveDerivative::Exact, pt);
    CurveHessianPoint hp;
    curve_hessian(twists, span, true, hp);
    JointData ref(1);
    joint.evaluate(JointVector::Constant(1, q), ref, EvalLevel::Hessian);
    worst_g = std::max(worst_g, twist_norm(se3_log(ref.G.inverse() * pt.G)));
    worst_h = std::max(worst_h, (hp.h - ref.dS.col(0)).norm());
    // finite differences frame by frame, direction by direction
    for (int f = 0; f < knots.num_control(); ++f) {
      Mat6 fd_J, fd_N, an_J = Mat6::Zero(), an_N = Mat6::Zero();
      for (int i = 0; i < span.order; ++i) {
        if (knots.control_index(span.base + i) != f) continue;
        an_J += pt.J[static_cast<std::size_t>(i)];
        an_N += hp.N[static_cast<std::size_t>(i)];
      }
      for (int a = 0; a < 6; ++a) {
        const Twist d = Twist::Unit(a) * eps;
        const JointData plus = perturbed(joint, f, d, q);
        const JointData minus = perturbed(joint, f, -d, q);
        fd_J.col(a) = (se3_log(ref.G.inverse() * plus.G) - se3_log(ref.G.inverse() * minus.G)) / (2 * eps);
        fd_N.col(a) = (plus.dS.col(0) - minus.dS.col(0)) / (2 * eps);
      }
      worst_j = std::max(worst_j, (fd_J - an_J).cwiseAbs().maxCoeff() / (1.0 + an_J.cwiseAbs().maxCoeff()));
      worst_n = std::max(worst_n, (fd_N - an_N).cwiseAbs().maxCoeff() / (1.0 + an_N.cwiseAbs().maxCoeff()));
    }
  }
  std::printf("G %.1e  h %.1e  J %.1e  N %.1e\n", worst_g, worst_h, worst_j, worst_n);
  EXPECT_LT(worst_g, 1e-12);
  EXPECT_LT(worst_h, 1e-9);
  EXPECT_LT(worst_j, 1e-7);
  EXPECT_LT(worst_n, 1e-6);
}

INSTANTIATE_TEST_SUITE_P(Curves, CurveDerivatives,
                         ::testing::Values(Case{4, 4, false}, Case{7, 4, false}, Case{9, 5, false}, Case{6, 3, false},
                                           Case{8, 6, false}, Case{6, 4, true}, Case{9, 4, true}, Case{7, 5, true}));

// the paper's approximation (eq. 34) agrees with the exact derivative at the ends of a clamped curve
// and when only one frame moves along its own control twist's direction.
TEST(CurveDerivatives, PaperApproximationIsExactAtClampedEnd) {
  std::mt19937 rng(5);
  const SplineCurveJoint joint = test::random_curve(rng, 6, 4, false);
  ControlTwists twists;
  twists.update(joint.control_frames(), joint.knots());
  const CurveSpan span = make_curve_span(joint.knots(), joint.knots().q_min());
  CurvePoint exact, paper;
  curve_point(joint.control_frames(), joint.knots(), twists, span, CurveDerivative::Exact, exact);
  curve_point(joint.control_frames(), joint.knots(), twists, span, CurveDerivative::Paper, paper);
  for (int i = 0; i < 4; ++i) {
    EXPECT_LT((exact.J[static_cast<std::size_t>(i)] - paper.J[static_cast<std::size_t>(i)]).norm(), 1e-12) << i;
  }
}

}  // namespace
}  // namespace js::fit
