// tangent (forward-mode) derivative of rnea through S and ∇S, one sweep per coordinate and per rate;
// see dynamics_derivatives.hpp for the terms.
#include "core/dynamics/dynamics_derivatives.hpp"

#include "core/dynamics/spatial.hpp"

namespace js {

namespace {

// the ∂∇S term's step in the joint's coordinate: central difference error ~ε² ≈ 1e-10, round-off ~1e-11
constexpr double kHessianStep = 1e-5;

struct PointTangent {
  Vec3 p, pd, dp, dpd;  // world position and velocity of the point and their tangents
};

PointTangent point_tangent(const MultibodyData& data, const DynamicsDerivatives& d, int body, const Vec3& x) {
  PointTangent out;
  if (body < 0) {
    const SE3& T = data.root.world_T_root;
    out.p = T.act(x);
    out.pd = T.R * (linear(data.root.v) + angular(data.root.v).cross(x));
    out.dp.setZero();
    out.dpd.setZero();
    return out;
  }
  const auto b = static_cast<std::size_t>(body);
  const SE3& T = data.bodies[b].world_T_body;
  const Twist& v = data.bodies[b].v;
  const Twist& eta = d.eta[b];
  const Twist& dv = d.dv[b];
  const Vec3 w = linear(v) + angular(v).cross(x);
  out.p = T.act(x);
  out.pd = T.R * w;
  // δR = R [η_ω]×: the point moves with the body's pose tangent, its velocity also with δv
  out.dp = T.R * (linear(eta) + angular(eta).cross(x));
  out.dpd = T.R * (angular(eta).cross(w) + linear(dv) + angular(dv).cross(x));
  return out;
}

// adds the tangent of a body-frame force f (applied at x) and torque to the tangent wrench: f = Rᵀ F turns
// with the body (δf = −η_ω × f + Rᵀ δF)
void add_force_tangent(std::vector<Twist>& dfext, const DynamicsDerivatives& d, const MultibodyData& data, int body,
                       const Vec3& x, const Vec3& F_world, const Vec3& dF_world) {
  if (body < 0) return;
  const auto b = static_cast<std::size_t>(body);
  const Mat3& R = data.bodies[b].world_T_body.R;
  const Vec3 f = R.transpose() * F_world;
  const Vec3 df = -angular(d.eta[b]).cross(f) + R.transpose() * dF_world;
  angular(dfext[b]) += x.cross(df);
  linear(dfext[b]) += df;
}

}  // namespace

DynamicsDerivatives::DynamicsDerivatives(const MultibodyModel& model) {
  const int n = model.nq();
  const auto nb = static_cast<std::size_t>(model.num_bodies());
  M = Eigen::MatrixXd::Zero(n, n);
  qdd = Eigen::VectorXd::Zero(n);
  D_q = Eigen::MatrixXd::Zero(n, n);
  D_qd = Eigen::MatrixXd::Zero(n, n);
  dqdd_dq = Eigen::MatrixXd::Zero(n, n);
  dqdd_dqd = Eigen::MatrixXd::Zero(n, n);
  for (auto* v : {&ag, &f, &eta, &dv, &da, &df}) v->assign(nb, Twist::Zero());
  for (const Body& b : model.bodies()) {
    plus.emplace_back(b.dof);
    minus.emplace_back(b.dof);
  }
  free_.assign(static_cast<std::size_t>(n), 1);
  for (const PrescribedCoordinate& p : model.prescribed()) free_[static_cast<std::size_t>(p.coordinate)] = 0;
  llt.compute(Eigen::MatrixXd::Identity(n, n));
}

void dynamics_derivatives(const MultibodyModel& model, const ForceSet& forces, MultibodyData& data,
                          DynamicsDerivatives& out, double t, const ConstVectorRef& q, const ConstVectorRef& qd,
                          bool accelerations, const CornerImpulse* corners) {
  const int nq = model.nq();
  const int nb = model.num_bodies();
  // M first: crba re-evaluates the joints at Jacobian level, the sweep below then at Hessian level
  out.M = crba(model, data, t, q);
  evaluate_prescribed(model, data, t);
  forward_kinematics(model, data, t, q, qd, Eigen::VectorXd(), KinematicsLevel::Bias);
  apply_forces(model, forces, data, t, q, qd, data.tau);
  out.qdd = aba_from_kinematics(model, data, data.tau);
  const Eigen::VectorXd& qdd = out.qdd;

  // nominal rnea at q̈: accelerations with gravity as the root's −g, and each body's total wrench
  const Twist root_ag = data.root.v_dot - make_twist(Vec3::Zero(), data.root.world_T_root.R.transpose() * model.gravity);
  for (int i = 0; i < nb; ++i) {
    const Body& body = model.body(i);
    const auto ii = static_cast<std::size_t>(i);
    const BodyData& bd = data.bodies[ii];
    const Twist& ag_parent = body.parent < 0 ? root_ag : out.ag[static_cast<std::size_t>(body.parent)];
    Twist a = Ad_inv_apply(bd.joint.G, ag_parent) + bd.c;
    if (body.dof > 0) a.noalias() += bd.joint.S * qdd.segment(body.q_index, body.dof);
    out.ag[ii] = a;
    out.f[ii] = body.J * a - ad_star_apply(bd.v, body.J * bd.v) - bd.f_ext;
  }
  for (int i = nb - 1; i >= 0; --i) {
    const Body& body = model.body(i);
    if (body.parent >= 0) {
      out.f[static_cast<std::size_t>(body.parent)] += Ad_inv_star_apply(data.bodies[static_cast<std::size_t>(i)].joint.G,
                                                                         out.f[static_cast<std::size_t>(i)]);
    }
  }

  // applied coordinate forces: τ = −k (q − rest) − (c + joint damping) q̇
  out.D_q.setZero();
  out.D_qd.setZero();
  out.D_qd.diagonal().setConstant(-forces.joint_damping);
  for (const CoordinateSpring& s : forces.springs) {
    out.D_q(s.coordinate, s.coordinate) -= s.stiffness;
    out.D_qd(s.coordinate, s.coordinate) -= s.damping;
  }

  // one tangent sweep per free coordinate k, for δq = e_k (rate = false) and δq̇ = e_k (rate = true)
  double hessian_span = 2.0 * kHessianStep;  // the ∂∇S difference's width (one step next to a corner)
  for (int k = 0; k < nq; ++k) {
    if (!out.free_[static_cast<std::size_t>(k)]) continue;
    const int owner = model.coordinate(k).body;
    const int local = model.coordinate(k).local;
    for (int rate = 0; rate < 2; ++rate) {
      const bool position = rate == 0;
      if (position) {
        // ∂∇S/∂q_local by central differences of the owner's ∇S (the one non-analytic term)
        const Body& ob = model.body(owner);
        const auto o = static_cast<std::size_t>(owner);
        JointVector qj = q.segment(ob.q_index, ob.dof);
        // next to a corner (S jumps there): the side without it, from the joint at q itself
        const bool up = corners == nullptr || !corners->between(k, q[k], q[k] + kHessianStep);
        const bool down = corners == nullptr || !corners->between(k, q[k], q[k] - kHessianStep);
        qj[local] += kHessianStep;
        if (up) {
          ob.joint->evaluate(qj, out.plus[o], EvalLevel::Hessian);
        } else {
          out.plus[o] = data.bodies[o].joint;
        }
        qj[local] -= 2.0 * kHessianStep;
        if (down) {
          ob.joint->evaluate(qj, out.minus[o], EvalLevel::Hessian);
        } else {
          out.minus[o] = data.bodies[o].joint;
        }
        hessian_span = (up ? kHessianStep : 0.0) + (down ? kHessianStep : 0.0);
      }
      // forward: pose, velocity and acceleration tangents
      for (int i = 0; i < nb; ++i) {
        const Body& body = model.body(i);
        const auto ii = static_cast<std::size_t>(i);
        const BodyData& bd = data.bodies[ii];
        const SE3& G = bd.joint.G;
        const int n = body.dof;
        const bool at_root = body.parent < 0;
        const auto p = static_cast<std::size_t>(at_root ? 0 : body.parent);
        const Twist eta_p = at_root ? Twist::Zero() : out.eta[p];
        const Twist dv_p = at_root ? Twist::Zero() : out.dv[p];
        const Twist da_p = at_root ? Twist::Zero() : out.da[p];
        Twist eta = Ad_inv_apply(G, eta_p);
        Twist dv = Ad_inv_apply(G, dv_p);
        Twist da = Ad_inv_apply(G, da_p);
        if (i == owner) {
          const auto qdi = qd.segment(body.q_index, n);
          const Twist u = bd.joint.S * qdi;
          if (position) {
            // ξ = s_local: the joint turns its child by exp(ξ̂); S changes by ∂S/∂q_local = ∇S columns j·n + local
            const Twist xi = bd.joint.S.col(local);
            const Twist v_in = Ad_inv_apply(G, at_root ? data.root.v : data.bodies[p].v);
            const Twist ag_in = Ad_inv_apply(G, at_root ? root_ag : out.ag[p]);
            Twist du = Twist::Zero();
            Twist dS_qdd = Twist::Zero();
            for (int j = 0; j < n; ++j) {
              du.noalias() += bd.joint.dS.col(j * n + local) * qdi[j];
              dS_qdd.noalias() += bd.joint.dS.col(j * n + local) * qdd[body.q_index + j];
            }
            eta += xi;
            dv += du - ad_apply(xi, v_in);
            // δc = δ(q̇ᵀ∇S q̇) + ad_δv u + ad_v δu, the first by the central difference
            Twist dc = ad_apply(dv, u) + ad_apply(bd.v, du);
            const JointHessian& hp = out.plus[static_cast<std::size_t>(owner)].dS;
            const JointHessian& hm = out.minus[static_cast<std::size_t>(owner)].dS;
            for (int a = 0; a < n; ++a) {
              for (int b = 0; b < n; ++b) {
                dc.noalias() += (hp.col(a * n + b) - hm.col(a * n + b)) * (qdi[a] * qdi[b] / hessian_span);
              }
            }
            da += dc + dS_qdd - ad_apply(xi, ag_in);
          } else {
            const Twist du = bd.joint.S.col(local);
            dv += du;
            Twist dc = ad_apply(dv, u) + ad_apply(bd.v, du);
            for (int a = 0; a < n; ++a) {
              dc.noalias() += (bd.joint.dS.col(a * n + local) + bd.joint.dS.col(local * n + a)) * qdi[a];
            }
            da += dc;
          }
        } else {
          // δc = ad_δv u + ad_v δu with δu = 0 (this joint's own q, q̇ unchanged)
          if (n > 0) {
            const Twist u = bd.joint.S * qd.segment(body.q_index, n);
            da += ad_apply(dv, u);
          }
        }
        out.eta[ii] = eta;
        out.dv[ii] = dv;
        out.da[ii] = da;
        out.df[ii] = body.J * da - ad_star_apply(dv, body.J * bd.v) - ad_star_apply(bd.v, body.J * dv);
      }
      // applied wrenches: their tangents enter ID₀ with a minus sign
      for (const PointSpring& s : forces.point_springs) {
        const PointTangent a = point_tangent(data, out, s.body_a, s.point_a);
        const PointTangent b = point_tangent(data, out, s.body_b, s.point_b);
        const Vec3 d = b.p - a.p;
        const double length = d.norm();
        if (length < 1e-12) continue;
        const Vec3 nrm = d / length;
        const Vec3 dd = b.dp - a.dp;
        const Vec3 ddot = b.pd - a.pd;
        const Vec3 dddot = b.dpd - a.dpd;
        const double rate_now = nrm.dot(ddot);
        const double mag = s.stiffness * (length - s.rest_length) + s.damping * rate_now;
        const double dlength = nrm.dot(dd);
        const Vec3 dn = (dd - nrm * dlength) / length;
        const double drate = dn.dot(ddot) + nrm.dot(dddot);
        const Vec3 F = mag * nrm;
        const Vec3 dF = (s.stiffness * dlength + s.damping * drate) * nrm + mag * dn;
        // f_ext gets wrench(F) on a and wrench(−F) on b, and δf_i = … − δf_ext_i
        std::vector<Twist>& acc = out.df;
        add_force_tangent(acc, out, data, s.body_a, s.point_a, -F, -dF);
        add_force_tangent(acc, out, data, s.body_b, s.point_b, F, dF);
      }
      for (const ExternalForce& e : forces.external) {
        const auto b = static_cast<std::size_t>(e.body);
        const Mat3& R = data.bodies[b].world_T_body.R;
        const Vec3 f = R.transpose() * e.force;
        const Vec3 df = -angular(out.eta[b]).cross(f);
        const Vec3 dt = -angular(out.eta[b]).cross(R.transpose() * e.torque);
        angular(out.df[b]) -= e.point.cross(df) + dt;
        linear(out.df[b]) -= df;
      }
      // backward: δτ_i = δSᵀ f_i + Sᵀ δf_i; the parent gets Ad*_{G⁻¹}(δf_i − ad_ξᵀ f_i)
      auto column = position ? out.D_q.col(k) : out.D_qd.col(k);
      for (int i = nb - 1; i >= 0; --i) {
        const Body& body = model.body(i);
        const auto ii = static_cast<std::size_t>(i);
        const BodyData& bd = data.bodies[ii];
        const int n = body.dof;
        Twist dfi = out.df[ii];
        for (int r = 0; r < n; ++r) {
          double dtau = bd.joint.S.col(r).dot(dfi);
          if (position && i == owner) dtau += bd.joint.dS.col(r * n + local).dot(out.f[ii]);
          column[body.q_index + r] -= dtau;
        }
        if (body.parent < 0) continue;
        if (position && i == owner) dfi -= ad_star_apply(bd.joint.S.col(local), out.f[ii]);
        out.df[static_cast<std::size_t>(body.parent)] += Ad_inv_star_apply(bd.joint.G, dfi);
      }
    }
  }
  // prescribed coordinates are no variables: identity rows and columns of M, zero rows of D
  for (const PrescribedCoordinate& p : model.prescribed()) {
    out.M.row(p.coordinate).setZero();
    out.M.col(p.coordinate).setZero();
    out.M(p.coordinate, p.coordinate) = 1.0;
    out.D_q.row(p.coordinate).setZero();
    out.D_qd.row(p.coordinate).setZero();
  }
  if (!accelerations) return;
  out.llt.compute(out.M);
  out.dqdd_dq = out.D_q;
  out.llt.solveInPlace(out.dqdd_dq);
  out.dqdd_dqd = out.D_qd;
  out.llt.solveInPlace(out.dqdd_dqd);
}

}  // namespace js
