// one levenberg–marquardt schedule for the fitters' damped least-squares problems (issue 13: the curve
// and surface fitters each wrote it): damp the normal equations by λ relative to their diagonal, raise
// λ ×10 until a step lowers F (stalled past max_damping), lower it ×0.1 after an accepted step; cancel,
// progress, and three stopping tests (step, relative decrease, F ≈ 0).
//
// the problem owns its unknowns, normal equations, solve and retraction (x ← x ⊕ step: a sum for spline
// coefficients, right perturbations G exp(ŭ) for control frames), so the loop never copies a point:
//
//   double objective();                          F at the current point (normal equations assembled there)
//   bool solve(double lambda);                   the step of the current normal equations damped by λ;
//                                                false when they are not positive definite
//   double try_step(double& step_size);          F at the retracted trial point; step_size: largest step
//                                                component in the problem's metric
//   double accept();                             the trial becomes the current point; returns F there
#pragma once

#include <algorithm>
#include <atomic>
#include <cmath>
#include <vector>

#include "core/fit/curve_fit.hpp"

namespace js::fit {

struct DampedLeastSquaresOptions {
  int max_iterations = 100;
  double step_tolerance = 1e-12;       // converged when the largest step component falls below
  double objective_tolerance = 1e-10;  // … or when F decreases by less than this fraction of itself
  double initial_damping = 1e-6;       // λ, relative to the diagonal
  double min_damping = 1e-12;
  double max_damping = 1e10;           // no step lowering F below this: stalled
  const ProgressCallback* progress = nullptr;  // after every accepted step (false: stop, cancelled)
  const std::atomic<bool>* cancel = nullptr;   // checked before every iteration
};

struct DampedLeastSquaresReport {
  int iterations = 0;  // accepted steps
  bool converged = false;
  bool stalled = false;
  bool cancelled = false;
};

// runs the schedule from the problem's current point; appends F after every accepted step to history.
template <typename Problem>
void damped_least_squares(Problem& problem, const DampedLeastSquaresOptions& o, DampedLeastSquaresReport& report,
                          std::vector<double>& history) {
  double F = problem.objective();
  double lambda = o.initial_damping;
  for (int it = 1; it <= o.max_iterations; ++it) {
    if (o.cancel != nullptr && o.cancel->load()) {
      report.cancelled = true;
      return;
    }
    double step_size = 0.0;
    double F_new = F;
    bool accepted = false;
    while (lambda < o.max_damping) {
      if (problem.solve(lambda)) {
        F_new = problem.try_step(step_size);
        if (F_new <= F) {
          accepted = true;
          break;
        }
      }
      lambda *= 10.0;
    }
    if (!accepted) {
      // no damping up to max_damping lowers F: not a converged fit (its tests were not met), say so apart
      report.stalled = true;
      return;
    }
    lambda = std::max(lambda * 0.1, o.min_damping);
    const double F_old = F;
    F = problem.accept();
    report.iterations = it;
    history.push_back(F);
    if (o.progress != nullptr && *o.progress && !(*o.progress)(FitProgress{it, F, step_size})) {
      report.cancelled = true;
      return;
    }
    if (step_size < o.step_tolerance || F < 1e-30 || std::abs(F_old - F) <= o.objective_tolerance * F_old) {
      report.converged = true;
      return;
    }
  }
}

}  // namespace js::fit
