// the shared levenberg–marquardt schedule on scripted problems: what it counts, when λ moves and which
// test stops it, in the fitters' form (λ rises within an iteration) and the ik's (a rejection is an
// iteration, shortened steps keep λ, a stationary point stops).
#include <gtest/gtest.h>

#include <vector>

#include "core/solve/damped_least_squares.hpp"

namespace js {
namespace {

// no step improves
struct NeverBetter {
  int solves = 0;
  double objective() const { return 1.0; }
  bool solve(double) {
    ++solves;
    return true;
  }
  double try_step(double& step_size) {
    step_size = 1.0;
    return 2.0;
  }
  double accept() { return 2.0; }
};

TEST(DampedLeastSquares, NoImprovingStepIsStalled) {
  NeverBetter problem;
  DampedLeastSquaresOptions o;
  DampedLeastSquaresReport report;
  std::vector<double> history;
  damped_least_squares(problem, o, report, history);
  EXPECT_TRUE(report.stalled);
  EXPECT_FALSE(report.converged);
  EXPECT_EQ(report.iterations, 0);
  EXPECT_TRUE(history.empty());
  EXPECT_EQ(problem.solves, 16);  // λ = 1e-6, 1e-5, …, 1e9
}

TEST(DampedLeastSquares, RejectionsCountAsIterationsWhenTheyEndOne) {
  NeverBetter problem;
  DampedLeastSquaresOptions o;
  o.rejection_ends_iteration = true;
  DampedLeastSquaresReport report;
  damped_least_squares(problem, o, report);
  EXPECT_TRUE(report.stalled);
  EXPECT_EQ(problem.solves, 16);
  EXPECT_EQ(report.iterations, 16);  // one λ each

  NeverBetter capped;
  o.max_iterations = 5;
  DampedLeastSquaresReport short_report;
  damped_least_squares(capped, o, short_report);
  EXPECT_FALSE(short_report.stalled);  // ran out of iterations at λ = 1e-2, not out of damping
  EXPECT_EQ(capped.solves, 5);
  EXPECT_EQ(short_report.iterations, 5);
}

// F halves at every accepted step; records the λ of every solve; the steps can be marked shortened, the
// point stationary after a given iteration, and every k-th trial rejected
struct Halving {
  double F = 1.0;
  double F_trial = 0.0;
  bool shortened_steps = false;
  int stationary_after = 1000;
  int reject_every = 0;
  int trials = 0;
  int accepted = 0;
  std::vector<double> lambdas;

  double objective() const { return F; }
  bool solve(double lambda) {
    lambdas.push_back(lambda);
    return true;
  }
  double try_step(double& step_size) {
    ++trials;
    step_size = 1.0;
    F_trial = reject_every > 0 && trials % reject_every == 0 ? 2.0 * F : 0.5 * F;
    return F_trial;
  }
  double accept() {
    ++accepted;
    F = F_trial;
    return F;
  }
  bool shortened() const { return shortened_steps; }
  bool stationary(double) const { return accepted >= stationary_after; }
};

TEST(DampedLeastSquares, DampingFallsAfterFullStepsOnly) {
  DampedLeastSquaresOptions o;
  o.max_iterations = 3;
  o.initial_damping = 1e-2;
  Halving full;
  DampedLeastSquaresReport report;
  std::vector<double> history;
  damped_least_squares(full, o, report, history);
  ASSERT_EQ(full.lambdas.size(), 3u);
  EXPECT_DOUBLE_EQ(full.lambdas[1], 1e-3);
  EXPECT_DOUBLE_EQ(full.lambdas[2], 1e-4);
  EXPECT_EQ(history, (std::vector<double>{0.5, 0.25, 0.125}));
  EXPECT_EQ(report.iterations, 3);
  EXPECT_FALSE(report.converged);

  Halving shortened;
  shortened.shortened_steps = true;
  DampedLeastSquaresReport shortened_report;
  damped_least_squares(shortened, o, shortened_report);
  EXPECT_EQ(shortened.lambdas, (std::vector<double>{1e-2, 1e-2, 1e-2}));
}

TEST(DampedLeastSquares, ARejectionRaisesDampingAndEndsItsIteration) {
  DampedLeastSquaresOptions o;
  o.max_iterations = 4;
  o.initial_damping = 1e-2;
  o.rejection_ends_iteration = true;
  Halving p;
  p.reject_every = 2;  // trials 2 and 4 fail
  DampedLeastSquaresReport report;
  damped_least_squares(p, o, report);
  EXPECT_EQ(report.iterations, 4);
  EXPECT_EQ(p.accepted, 2);
  ASSERT_EQ(p.lambdas.size(), 4u);
  EXPECT_DOUBLE_EQ(p.lambdas[1], 1e-3);  // after the first accepted step
  EXPECT_DOUBLE_EQ(p.lambdas[2], 1e-2);  // after the rejection
  EXPECT_DOUBLE_EQ(p.lambdas[3], 1e-3);
}

TEST(DampedLeastSquares, StopsAtTheTargetAtAStationaryPointAndAfterSlowSteps) {
  DampedLeastSquaresOptions o;
  o.target = 0.1;
  Halving to_target;
  DampedLeastSquaresReport report;
  damped_least_squares(to_target, o, report);
  EXPECT_TRUE(report.converged);
  EXPECT_EQ(report.iterations, 4);  // 1/16 ≤ 0.1

  Halving already;
  already.F = 0.05;
  DampedLeastSquaresReport at_start;
  damped_least_squares(already, o, at_start);
  EXPECT_TRUE(at_start.converged);
  EXPECT_EQ(at_start.iterations, 0);

  o.target = 0.0;
  Halving stationary;
  stationary.stationary_after = 2;
  DampedLeastSquaresReport still;
  damped_least_squares(stationary, o, still);
  EXPECT_TRUE(still.stationary);
  EXPECT_FALSE(still.converged);
  EXPECT_EQ(still.iterations, 2);

  // halving F is slow against a tolerance of 60 %: converged after slow_steps of them in a row
  o.objective_tolerance = 0.6;
  o.slow_steps = 3;
  Halving slow;
  DampedLeastSquaresReport slow_report;
  damped_least_squares(slow, o, slow_report);
  EXPECT_TRUE(slow_report.converged);
  EXPECT_EQ(slow_report.iterations, 3);
}

}  // namespace
}  // namespace js
