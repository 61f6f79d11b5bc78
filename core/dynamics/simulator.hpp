// fixed-step time integration of a multibody under a ForceSet: explicit euler (the paper's, §7),
// semi-implicit (symplectic) euler and classical rk4. the state is (t, q, q̇); a step allocates nothing.
#pragma once

#include <string>

#include "core/dynamics/forces.hpp"

namespace js {

enum class Integrator { ExplicitEuler, SymplecticEuler, RK4 };

// "euler", "symplectic", "rk4".
const char* integrator_name(Integrator integrator);
// inverse of integrator_name; false for an unknown name.
bool integrator_from_name(const std::string& name, Integrator& integrator);

struct SimulationState {
  double t = 0.0;
  Eigen::VectorXd q;   // nq
  Eigen::VectorXd qd;  // nq
};

class Simulator {
 public:
  // model and forces are referenced, not copied: both must outlive the simulator.
  Simulator(const MultibodyModel& model, const ForceSet& forces);

  // q̈(t, q, q̇) under the forces and gravity (aba). the result lives in data().qdd.
  const Eigen::VectorXd& accelerations(double t, const ConstVectorRef& q, const ConstVectorRef& qd);

  // advances state by dt (s) with the given integrator.
  void step(SimulationState& state, double dt, Integrator integrator);

  // energies and momenta at state (runs a kinematics sweep).
  MechanicalState measure(const SimulationState& state);

  MultibodyData& data() { return data_; }
  const MultibodyModel& model() const { return model_; }

 private:
  const MultibodyModel& model_;
  const ForceSet& forces_;
  MultibodyData data_;
  Eigen::VectorXd tau_;
  // rk4 stages
  Eigen::VectorXd q_tmp_, qd_tmp_, k_q_[4], k_qd_[4];
};

}  // namespace js
