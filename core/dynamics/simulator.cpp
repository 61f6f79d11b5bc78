#include "core/dynamics/simulator.hpp"

namespace js {

const char* integrator_name(Integrator integrator) {
  switch (integrator) {
    case Integrator::ExplicitEuler: return "euler";
    case Integrator::SymplecticEuler: return "symplectic";
    case Integrator::RK4: return "rk4";
  }
  return "unknown";
}

bool integrator_from_name(const std::string& name, Integrator& integrator) {
  for (Integrator i : {Integrator::ExplicitEuler, Integrator::SymplecticEuler, Integrator::RK4}) {
    if (name == integrator_name(i)) {
      integrator = i;
      return true;
    }
  }
  return false;
}

Simulator::Simulator(const MultibodyModel& model, const ForceSet& forces)
    : model_(model), forces_(forces), data_(model) {
  const int n = model.nq();
  tau_ = Eigen::VectorXd::Zero(n);
  q_tmp_ = Eigen::VectorXd::Zero(n);
  qd_tmp_ = Eigen::VectorXd::Zero(n);
  for (int k = 0; k < 4; ++k) {
    k_q_[k] = Eigen::VectorXd::Zero(n);
    k_qd_[k] = Eigen::VectorXd::Zero(n);
  }
}

const Eigen::VectorXd& Simulator::accelerations(double t, const ConstVectorRef& q, const ConstVectorRef& qd) {
  forward_kinematics(model_, data_, t, q, qd, Eigen::VectorXd(), KinematicsLevel::Acceleration);
  apply_forces(model_, forces_, data_, t, q, qd, tau_);
  return aba_from_kinematics(model_, data_, tau_);
}

void Simulator::step(SimulationState& s, double dt, Integrator integrator) {
  switch (integrator) {
    case Integrator::ExplicitEuler: {
      // q and q̇ both from the old state
      const Eigen::VectorXd& qdd = accelerations(s.t, s.q, s.qd);
      s.q += dt * s.qd;
      s.qd += dt * qdd;
      break;
    }
    case Integrator::SymplecticEuler: {
      // velocity first, then the position with the new velocity
      s.qd += dt * accelerations(s.t, s.q, s.qd);
      s.q += dt * s.qd;
      break;
    }
    case Integrator::RK4: {
      const double half = 0.5 * dt;
      k_q_[0] = s.qd;
      k_qd_[0] = accelerations(s.t, s.q, s.qd);
      q_tmp_ = s.q + half * k_q_[0];
      qd_tmp_ = s.qd + half * k_qd_[0];
      k_q_[1] = qd_tmp_;
      k_qd_[1] = accelerations(s.t + half, q_tmp_, qd_tmp_);
      q_tmp_ = s.q + half * k_q_[1];
      qd_tmp_ = s.qd + half * k_qd_[1];
      k_q_[2] = qd_tmp_;
      k_qd_[2] = accelerations(s.t + half, q_tmp_, qd_tmp_);
      q_tmp_ = s.q + dt * k_q_[2];
      qd_tmp_ = s.qd + dt * k_qd_[2];
      k_q_[3] = qd_tmp_;
      k_qd_[3] = accelerations(s.t + dt, q_tmp_, qd_tmp_);
      s.q += dt / 6.0 * (k_q_[0] + 2.0 * k_q_[1] + 2.0 * k_q_[2] + k_q_[3]);
      s.qd += dt / 6.0 * (k_qd_[0] + 2.0 * k_qd_[1] + 2.0 * k_qd_[2] + k_qd_[3]);
      break;
    }
  }
  s.t += dt;
}

MechanicalState Simulator::measure(const SimulationState& s) {
  forward_kinematics(model_, data_, s.t, s.q, s.qd, Eigen::VectorXd(), KinematicsLevel::Velocity);
  return mechanical_state(model_, forces_, data_, s.q);
}

}  // namespace js
