#include "core/dynamics/aba_hybrid.hpp"

#include <Eigen/Cholesky>

#include "core/dynamics/spatial.hpp"

namespace js::detail {

namespace {

// the known part of the joint acceleration: c + S_p q̈_p (S_p: the prescribed columns).
Twist known_acceleration(const Body& body, const BodyData& bd, const std::vector<PrescribedSample>& samples) {
  Twist c = bd.c;
  for (int j = 0; j < body.dof; ++j) {
    const int p = body.prescribed_of[static_cast<std::size_t>(j)];
    if (p >= 0) c.noalias() += bd.joint.S.col(j) * samples[static_cast<std::size_t>(p)].qdd;
  }
  return c;
}

// S_f: the free columns of S, in coordinate order (fixed capacity: no allocation).
JointJacobian free_columns(const Body& body, const BodyData& bd) {
  JointJacobian Sf(6, body.free_dof());
  int f = 0;
  for (int j = 0; j < body.dof; ++j) {
    if (body.prescribed_of[static_cast<std::size_t>(j)] < 0) Sf.col(f++) = bd.joint.S.col(j);
  }
  return Sf;
}

}  // namespace

bool hybrid_backward(const Body& body, BodyData& bd, const std::vector<PrescribedSample>& samples,
                     const Eigen::Ref<const Eigen::VectorXd>& tau, BodyData* parent) {
  const int nf = body.free_dof();
  const Wrench beta = bd.Ja * known_acceleration(body, bd, samples) + bd.b;
  if (nf == 0) {
    // every coordinate is given: the whole articulated inertia goes to the parent, like a fixed joint's
    if (parent != nullptr) {
      add_inertia_to_parent(bd.joint.G, bd.Ja, parent->Ja);
      parent->b += Ad_inv_star_apply(bd.joint.G, beta);
    }
    return true;
  }
  const JointJacobian Sf = free_columns(body, bd);
  bd.U.resize(6, nf);
  bd.U.noalias() = bd.Ja * Sf;
  const JointSquare omega = Sf.transpose() * bd.U;
  Eigen::LLT<JointSquare> llt(omega);
  bool ok = llt.info() == Eigen::Success;
  bd.Omega_inv.setIdentity(nf, nf);
  if (ok) {
    llt.solveInPlace(bd.Omega_inv);
  } else {
    bd.Omega_inv.setZero();
  }
  bd.u.resize(nf);
  int f = 0;
  for (int j = 0; j < body.dof; ++j) {
    if (body.prescribed_of[static_cast<std::size_t>(j)] >= 0) continue;
    bd.u[f] = tau[body.q_index + j] - Sf.col(f).dot(beta);
    ++f;
  }
  if (parent == nullptr) return ok;
  // J̃ − U Ω⁻¹ Uᵀ and β + U Ω⁻¹ u carried to the parent frame (appendix A)
  const JointJacobian UD = bd.U * bd.Omega_inv;
  const Mat6 Ja_reduced = bd.Ja - UD * bd.U.transpose();
  add_inertia_to_parent(bd.joint.G, Ja_reduced, parent->Ja);
  parent->b += Ad_inv_star_apply(bd.joint.G, beta + UD * bd.u);
  return ok;
}

void hybrid_forward(const Body& body, BodyData& bd, const std::vector<PrescribedSample>& samples, const Twist& a_in,
                    Eigen::VectorXd& qdd, Eigen::VectorXd& drive_tau) {
  const int nf = body.free_dof();
  bd.a = a_in + known_acceleration(body, bd, samples);
  if (nf > 0) {
    // q̈_f = Ω⁻¹(u − Uᵀ ⁱv̇_{i−1}) (eq. 44 on the free columns)
    const JointVector qdd_f = bd.Omega_inv * (bd.u - bd.U.transpose() * a_in);
    int f = 0;
    for (int j = 0; j < body.dof; ++j) {
      if (body.prescribed_of[static_cast<std::size_t>(j)] >= 0) continue;
      qdd[body.q_index + j] = qdd_f[f];
      bd.a.noalias() += bd.joint.S.col(j) * qdd_f[f];
      ++f;
    }
  }
  // the joint wrench J̃ a + b projected on each prescribed column is the force that drives it
  const Wrench f_joint = bd.Ja * bd.a + bd.b;
  for (int j = 0; j < body.dof; ++j) {
    const int p = body.prescribed_of[static_cast<std::size_t>(j)];
    if (p < 0) continue;
    qdd[body.q_index + j] = samples[static_cast<std::size_t>(p)].qdd;
    drive_tau[body.q_index + j] = bd.joint.S.col(j).dot(f_joint);
  }
}

}  // namespace js::detail
