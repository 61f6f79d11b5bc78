// a scene run through hakenberg's maximal-coordinate skeleton (skeleton_scene.hpp) one step at a time, its
// state read back as the scene's q and q̇: what `jointsmith-cli simulate --solver maximal` and the app's
// playback with the maximal solver step. the scene must outlive the run.
#pragma once

#include <string>
#include <vector>

#include "core/scene/skeleton_scene.hpp"

namespace js::scene {

class MaximalRun {
 public:
  // from scene.initial. source: the scene's name for messages. throws io::FileError when the scene has
  // something the skeleton cannot represent (skeleton_from_scene says what and where).
  MaximalRun(const Scene& scene, const std::string& source, double stabilization);

  // one step of h seconds (motors set at the step's start). allocation-free.
  void step(double h);
  // q and q̇ of the current state (tracked from the last call, so call it at every step)
  void convert();

  double t() const { return t_; }
  const Eigen::VectorXd& q() const { return coordinates_.q(); }
  const Eigen::VectorXd& qd() const { return coordinates_.qd(); }
  MechanicalState measure() const { return skeleton_mechanical_state(skeleton_.model, state_); }
  SkeletonMeasure constraint_errors() const { return measure_skeleton(skeleton_.model, state_); }
  bool finite() const;
  // rank of the system (6) at the current state: 5 n_hinge + 3 n_spherical
  int rank();

 private:
  SkeletonScene skeleton_;
  std::vector<SkeletonBodyState> state_;
  SkeletonSolver solver_;
  SkeletonCoordinates coordinates_;
  double t_;
};

}  // namespace js::scene
