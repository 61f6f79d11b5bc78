#include "core/scene/maximal_run.hpp"

namespace js::scene {

MaximalRun::MaximalRun(const Scene& scene, const std::string& source, double stabilization)
    : skeleton_(skeleton_from_scene(scene, source)),
      state_(skeleton_state(scene, scene.initial)),
      solver_(skeleton_.model),
      coordinates_(scene, scene.initial.q),
      t_(scene.initial.t) {
  solver_.stabilization = stabilization;
  coordinates_.update(state_);
}

void MaximalRun::step(double h) {
  set_skeleton_motors(skeleton_, t_);
  solver_.step(state_, h);
  t_ += h;
}

void MaximalRun::convert() { coordinates_.update(state_); }

bool MaximalRun::finite() const {
  for (const SkeletonBodyState& s : state_) {
    if (!s.p.allFinite() || !s.R.allFinite() || !s.v.allFinite() || !s.w.allFinite()) return false;
  }
  return true;
}

int MaximalRun::rank() {
  solver_.constraint_forces(state_);
  return solver_.last_rank();
}

}  // namespace js::scene
