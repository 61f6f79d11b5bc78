// one levenberg–marquardt schedule for every damped least-squares problem of core (issue 13: the curve and
// surface fitters and inverse kinematics each wrote it): damp the normal equations by λ, raise λ ×10 while
// a step does not lower F (stalled past max_damping), lower it ×0.1 after an accepted step; cancel,
// progress, and the stopping tests (F at its target, step, slow decrease).
//
// the problem owns its unknowns, normal equations, solve and retraction (x ← x ⊕ step: a sum for spline
// coefficients, right perturbations G exp(ŭ) for control frames, a clamped sum of coordinates for ik), so
// the loop never copies a point:
//
//   double objective();                          F at the current point (normal equations assembled there)
//   bool solve(double lambda);                   the step of the current normal equations damped by λ;
//                                                false when they are not positive definite
//   double try_step(double& step_size);          F at the retracted trial point (+inf: no trial point);
//                                                step_size: largest step component in the problem's metric
//   double accept();                             the trial becomes the current point; returns F there
//
// and optionally
//
//   bool shortened() const;                      the accepted trial was a shortened step (ik backtracks
//                                                along it): λ stays, it is lowered after full steps only
//   bool stationary(double F) const;             the last step's gradient vanishes: stop
#pragma once

#include <algorithm>
#include <atomic>
#include <cmath>
#include <functional>
#include <vector>

namespace js {

// reported after every accepted step.
struct DampedLeastSquaresProgress {
  int iteration = 0;       // 1-based
  double objective = 0.0;  // F after the iteration
  double step = 0.0;       // largest step component taken, in the problem's metric
};

struct DampedLeastSquaresOptions {
  int max_iterations = 100;
  double target = 1e-30;               // converged when F ≤ target (at the start and after every step)
  double step_tolerance = 1e-12;       // converged when the largest step component falls below
  double objective_tolerance = 1e-10;  // a slow step: F decreases by at most this fraction of itself;
  int slow_steps = 1;                  // … converged after this many slow steps in a row
  double initial_damping = 1e-6;       // λ (its meaning is the problem's: relative to the diagonal, or λ²)
  double min_damping = 1e-12;
  double max_damping = 1e10;           // λ is tried while below; no step lowering F below it: stalled
  // false: λ rises within an iteration until a step is accepted (an iteration is an accepted step).
  // true: a rejected step raises λ and ends its iteration (ik counts every linearization it solves).
  bool rejection_ends_iteration = false;
  // after every accepted step (false: stop, cancelled)
  const std::function<bool(const DampedLeastSquaresProgress&)>* progress = nullptr;
  const std::atomic<bool>* cancel = nullptr;  // checked before every iteration
};

struct DampedLeastSquaresReport {
  int iterations = 0;  // accepted steps (with rejection_ends_iteration: iterations run)
  bool converged = false;
  bool stalled = false;
  bool stationary = false;
  bool cancelled = false;
};

namespace detail {

struct NoHistory {
  void push_back(double) {}
};

template <typename Problem>
bool shortened_step(const Problem& problem) {
  if constexpr (requires { problem.shortened(); }) {
    return problem.shortened();
  } else {
    return false;
  }
}

template <typename Problem>
bool stationary_point(const Problem& problem, double F) {
  if constexpr (requires { problem.stationary(F); }) {
    return problem.stationary(F);
  } else {
    return false;
  }
}

// raises λ until a step lowers F (or once, with rejection_ends_iteration); true when one was accepted
template <typename Problem>
bool find_step(Problem& problem, const DampedLeastSquaresOptions& o, double F, double& lambda, double& step_size) {
  while (lambda < o.max_damping) {
    if (problem.solve(lambda) && problem.try_step(step_size) <= F) return true;
    lambda *= 10.0;
    if (o.rejection_ends_iteration) return false;
  }
  return false;
}

}  // namespace detail

// runs the schedule from the problem's current point; appends F after every accepted step to history (a
// std::vector<double>, or nothing).
template <typename Problem, typename History = detail::NoHistory>
void damped_least_squares(Problem& problem, const DampedLeastSquaresOptions& o, DampedLeastSquaresReport& report,
                          History& history) {
  double F = problem.objective();
  if (F <= o.target) {
    report.converged = true;
    return;
  }
  double lambda = o.initial_damping;
  int slow = 0;
  for (int it = 1; it <= o.max_iterations; ++it) {
    if (o.cancel != nullptr && o.cancel->load()) {
      report.cancelled = true;
      return;
    }
    double step_size = 0.0;
    const bool accepted = detail::find_step(problem, o, F, lambda, step_size);
    if (o.rejection_ends_iteration) report.iterations = it;
    if (accepted) {
      if (!detail::shortened_step(problem)) lambda = std::max(lambda * 0.1, o.min_damping);
      const double F_old = F;
      F = problem.accept();
      report.iterations = it;
      history.push_back(F);
      if (o.progress != nullptr && *o.progress && !(*o.progress)(DampedLeastSquaresProgress{it, F, step_size})) {
        report.cancelled = true;
        return;
      }
      slow = std::abs(F_old - F) <= o.objective_tolerance * F_old ? slow + 1 : 0;
      if (F <= o.target || step_size < o.step_tolerance || slow >= o.slow_steps) {
        report.converged = true;
        return;
      }
    } else if (!o.rejection_ends_iteration || !(lambda < o.max_damping)) {
      // no damping below max_damping lowers F: not a converged run (its tests were not met), say so apart
      report.stalled = true;
      return;
    }
    if (detail::stationary_point(problem, F)) {
      report.stationary = true;
      return;
    }
  }
}

template <typename Problem>
void damped_least_squares(Problem& problem, const DampedLeastSquaresOptions& o, DampedLeastSquaresReport& report) {
  detail::NoHistory none;
  damped_least_squares(problem, o, report, none);
}

}  // namespace js
