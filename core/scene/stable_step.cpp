#include "core/scene/stable_step.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <stdexcept>

namespace js::scene {

namespace {

bool wraps(const MultibodyModel& model, int k) {
  return model.body(model.coordinate(k).body).joint->range_policy() == RangePolicy::Wrap;
}

bool is_prescribed(const MultibodyModel& model, int k) {
  for (const PrescribedCoordinate& p : model.prescribed()) {
    if (p.coordinate == k) return true;
  }
  return false;
}

double bounded(double x) { return is_limit(x) ? x : 0.0; }

// rk4 at dt for steps steps; states at every step (index i ↔ t = i·dt).
bool run_rk4(const Scene& scene, double dt, int steps, std::vector<double>& t, std::vector<Eigen::VectorXd>& q,
             std::vector<Eigen::VectorXd>& qd, std::vector<MechanicalState>* energies) {
  Simulator sim(scene.model, scene.forces, SimulatorOptions{.loops = &scene.loops});
  SimulationState s = scene.initial;
  sim.apply_prescribed(s);
  t.assign(1, s.t);
  q.assign(1, s.q);
  qd.assign(1, s.qd);
  if (energies) energies->assign(1, sim.measure(s));
  for (int i = 1; i <= steps; ++i) {
    sim.step(s, dt, Integrator::RK4);
    if (!s.q.allFinite() || !s.qd.allFinite()) return false;
    t.push_back(s.t);
    q.push_back(s.q);
    qd.push_back(s.qd);
    if (energies) energies->push_back(sim.measure(s));
  }
  return true;
}

std::string coordinate_label(const Scene& scene, int k) {
  return scene.model.coordinate_names()[static_cast<std::size_t>(k)];
}

}  // namespace

bool scene_is_undriven(const Scene& scene) {
  return scene.model.root_is_fixed() && scene.forces.motors.empty() && scene.model.prescribed().empty() &&
         scene.forces.external.empty();
}

ReferenceRun run_reference(const Scene& scene, double dt, double duration) {
  if (!(dt > 0.0) || !(duration > 0.0)) throw std::invalid_argument("reference run: dt and duration must be > 0");
  ReferenceRun ref;
  ref.dt = dt;
  const int steps = static_cast<int>(std::ceil(duration / dt - 1e-9)) + 1;
  std::vector<MechanicalState> energies;
  ref.finite = run_rk4(scene, dt, steps, ref.t, ref.q, ref.qd, &energies);
  if (!ref.finite) return ref;
  const int nq = scene.model.nq();
  ref.scale.resize(nq);
  for (int k = 0; k < nq; ++k) {
    const Coordinate& c = scene.model.coordinate_info(k);
    if (c.has_range()) {
      ref.scale[k] = c.max - c.min;
    } else {
      double lo = ref.q[0][k], hi = lo;
      for (const Eigen::VectorXd& x : ref.q) {
        lo = std::min(lo, x[k]);
        hi = std::max(hi, x[k]);
      }
      ref.scale[k] = std::max(hi - lo, 1e-6);
    }
  }
  // the energy that moves around (a spinning frame's constant kinetic energy does not count)
  double k_lo = energies[0].kinetic, k_hi = k_lo, v_lo = energies[0].potential, v_hi = v_lo;
  ref.energy_max = energies[0].kinetic + energies[0].potential;
  for (const MechanicalState& m : energies) {
    k_lo = std::min(k_lo, m.kinetic);
    k_hi = std::max(k_hi, m.kinetic);
    v_lo = std::min(v_lo, m.potential);
    v_hi = std::max(v_hi, m.potential);
    ref.energy_max = std::max(ref.energy_max, m.kinetic + m.potential);
  }
  ref.energy_scale = std::max({k_hi - k_lo, v_hi - v_lo, 1e-9});
  // the same run at twice the step: how far the reference is from converged, at the shared times
  std::vector<double> t2;
  std::vector<Eigen::VectorXd> q2, qd2;
  if (run_rk4(scene, 2.0 * dt, steps / 2, t2, q2, qd2, nullptr)) {
    for (std::size_t i = 0; i < q2.size() && 2 * i < ref.q.size(); ++i) {
      ref.self_error = std::max(ref.self_error, ((q2[i] - ref.q[2 * i]).array().abs() / ref.scale.array()).maxCoeff());
    }
  } else {
    ref.self_error = INFINITY;
  }
  return ref;
}

void reference_q_at(const ReferenceRun& ref, double t, Eigen::VectorXd& out) {
  const double h = ref.dt;
  const std::size_t last = ref.t.size() - 1;
  std::size_t i = static_cast<std::size_t>(std::max(0.0, std::floor((t - ref.t[0]) / h)));
  if (i >= last) i = last - 1;
  const double s = std::clamp((t - ref.t[i]) / h, 0.0, 1.0);
  const double s2 = s * s, s3 = s2 * s;
  // cubic hermite on (q, q̇) at both ends of the reference step
  out = (2 * s3 - 3 * s2 + 1) * ref.q[i] + (s3 - 2 * s2 + s) * h * ref.qd[i] + (-2 * s3 + 3 * s2) * ref.q[i + 1] +
        (s3 - s2) * h * ref.qd[i + 1];
}

StepTrial check_step(const Scene& scene, Integrator integrator, double dt, double duration, const ReferenceRun& ref,
                     const StabilityCriteria& criteria) {
  StepTrial trial;
  trial.dt = dt;
  const MultibodyModel& model = scene.model;
  const int nq = model.nq();
  const bool check_energy = criteria.energy_tolerance > 0.0;
  // the scene's loops and its energy projection setting (stable-step --energy-projection sets it)
  Simulator sim(model, scene.forces,
                SimulatorOptions{.loops = &scene.loops, .energy_projection = scene.settings.energy_projection});
  SimulationState s = scene.initial;
  sim.apply_prescribed(s);
  MechanicalState m;
  const int steps = static_cast<int>(std::floor(duration / dt + 1e-9));
  Eigen::VectorXd q_ref(nq);
  std::ostringstream why;
  for (int k = 1; k <= steps; ++k) {
    sim.step(s, dt, integrator);
    trial.steps = k;
    trial.halved += sim.last_step_stats().solves > 1 ? 1 : 0;
    trial.solves += sim.last_step_stats().solves;
    trial.iterations += sim.last_step_stats().iterations;
    if (!s.q.allFinite() || !s.qd.allFinite()) {
      why << "state not finite at t = " << s.t << " s";
      trial.failure = why.str();
      return trial;
    }
    if (!sim.last_step_stats().converged) {
      // implicit midpoint's newton iteration gave up: the step is not a solution of the method
      why << "newton did not converge at t = " << s.t << " s (correction " << sim.last_step_stats().residual
          << " after " << sim.last_step_stats().iterations << " iterations)";
      trial.failure = why.str();
      return trial;
    }
    for (int c = 0; c < nq; ++c) {
      if (wraps(model, c) || is_prescribed(model, c)) continue;
      const Coordinate& info = model.coordinate_info(c);
      const double over = std::max(info.min - s.q[c], s.q[c] - info.max);
      if (over > criteria.limit_tolerance) {
        why << coordinate_label(scene, c) << " = " << s.q[c] << " outside [" << bounded(info.min) << ", "
            << bounded(info.max) << "] at t = " << s.t << " s";
        trial.failure = why.str();
        return trial;
      }
    }
    if (check_energy) {
      m = sim.measure(s);
      const double rise = (m.kinetic + m.potential - ref.energy_max) / ref.energy_scale;
      trial.energy_rise = std::max(trial.energy_rise, rise);
      if (rise > criteria.energy_tolerance) {
        why << "energy exceeds the reference's largest by " << rise << " E_scale (> " << criteria.energy_tolerance
            << ") at t = " << s.t << " s";
        trial.failure = why.str();
        return trial;
      }
    }
    if (criteria.trajectory_tolerance > 0.0 && s.t <= criteria.trajectory_horizon + 1e-12) {
      reference_q_at(ref, s.t, q_ref);
      int worst = 0;
      const double err = ((s.q - q_ref).array().abs() / ref.scale.array()).maxCoeff(&worst);
      trial.trajectory_error = std::max(trial.trajectory_error, err);
      if (err > criteria.trajectory_tolerance) {
        why << coordinate_label(scene, worst) << " is " << err << " of its scale " << ref.scale[worst]
            << " from the reference (> " << criteria.trajectory_tolerance << ") at t = " << s.t << " s";
        trial.failure = why.str();
        return trial;
      }
    }
  }
  trial.stable = true;
  return trial;
}

StableStepResult find_stable_step(const Scene& scene, const StableStepOptions& o) {
  const double duration = o.duration >= 0.0 ? o.duration : scene.settings.duration;
  const double start = o.start_dt > 0.0 ? o.start_dt : scene.settings.dt;
  const double max_dt = o.max_dt > 0.0 ? o.max_dt : duration / 4.0;
  const double ref_dt = o.reference_dt > 0.0 ? o.reference_dt : std::min(scene.settings.dt, 1e-3) / 4.0;
  if (!(duration > 0.0)) throw std::invalid_argument("stable step: the duration must be > 0");
  if (!(start > 0.0) || !(max_dt > 0.0)) throw std::invalid_argument("stable step: steps must be > 0");
  StableStepResult r;
  r.driven = !scene_is_undriven(scene);
  r.reference = run_reference(scene, ref_dt, duration);
  if (!r.reference.finite) {
    throw std::invalid_argument("stable step: the rk4 reference at dt = " + std::to_string(ref_dt) +
                                " s diverged; pass a smaller reference step");
  }
  auto trial = [&](double dt) {
    r.trials.push_back(check_step(scene, o.integrator, dt, duration, r.reference, o.criteria));
    return r.trials.back().stable;
  };
  double lo = std::min(start, max_dt), hi = 0.0;
  if (trial(lo)) {
    // doubling: the first failure brackets the answer
    while (true) {
      if (lo >= max_dt) {
        r.capped = true;
        break;
      }
      const double next = std::min(2.0 * lo, max_dt);
      if (!trial(next)) {
        hi = next;
        break;
      }
      lo = next;
    }
  } else {
    // halving down to a stable step, but not below the reference's own step
    hi = lo;
    lo = 0.0;
    for (double dt = hi / 2.0; dt >= ref_dt; dt /= 2.0) {
      if (trial(dt)) {
        lo = dt;
        break;
      }
      hi = dt;
    }
    if (lo == 0.0) return r;
  }
  r.found = true;
  while (!r.capped && hi / lo - 1.0 > o.relative_precision) {
    const double mid = 0.5 * (lo + hi);
    if (trial(mid)) {
      lo = mid;
    } else {
      hi = mid;
    }
  }
  r.dt = lo;
  r.unstable_dt = r.capped ? 0.0 : hi;
  return r;
}

}  // namespace js::scene
