#include "core/dynamics/loop_constraint.hpp"

#include <bit>
#include <cmath>
#include <stdexcept>

#include <Eigen/Cholesky>
#include <Eigen/QR>

#include "core/dynamics/relative_jacobian.hpp"

namespace js {

namespace {

// N: an orthonormal basis of the complement of the columns of S (6×n, full column rank), as rows.
void complement_rows(const JointJacobian& S, RowBasis& N) {
  const int n = static_cast<int>(S.cols());
  if (n == 0) {
    N.setIdentity(6, 6);
    return;
  }
  const Eigen::HouseholderQR<JointJacobian> qr(S);
  Mat6 Q = Mat6::Identity();
  Q.applyOnTheLeft(qr.householderQ());
  N = Q.rightCols(6 - n).transpose();
}

// rows of the chosen axes (bits of the joint's moving frame) as rows in body b's frame: e_kᵀ Ad_{moving_T_b}.
void axis_rows(unsigned axes, const SE3& moving_T_child, RowBasis& N) {
  const Mat6 Ad_m = Ad(moving_T_child);
  int r = 0;
  N.resize(std::popcount(axes), 6);
  for (int k = 0; k < 6; ++k) {
    if ((axes >> k) & 1u) N.row(r++) = Ad_m.row(k);
  }
}

// ṡ-like least squares: x = S⁺ y = (SᵀS)⁻¹ Sᵀ y.
JointVector pseudo_solve(const JointJacobian& S, const Twist& y) {
  const JointSquare StS = S.transpose() * S;
  const JointVector rhs = S.transpose() * y;
  return StS.llt().solve(rhs);
}

}  // namespace

double critical_damping(double compliance, double mass) {
  if (!(compliance > 0.0) || !(mass > 0.0)) return 0.0;
  return 2.0 * std::sqrt(mass / compliance);  // eq. 3.24, ζ = 1
}

void LoopSet::add(const MultibodyModel& model, LoopConstraint loop) {
  const std::string who = "loop \"" + loop.name + "\": ";
  const int nb = model.num_bodies();
  if (loop.body_a < -1 || loop.body_a >= nb || loop.body_b < 0 || loop.body_b >= nb) {
    throw std::invalid_argument(who + "body index out of range");
  }
  if (loop.body_a == loop.body_b) throw std::invalid_argument(who + "both sides are the same body");
  if (!loop.joint) throw std::invalid_argument(who + "no joint");
  if (!(loop.compliance >= 0.0) || !(loop.damping >= 0.0) || !(loop.stabilization >= 0.0)) {
    throw std::invalid_argument(who + "compliance, damping and stabilization must be ≥ 0");
  }
  if (loop.axes >= 64u) throw std::invalid_argument(who + "axes has bits beyond the six twist components");
  const int dof = loop.joint->dof();
  if ((loop.axes == 0 && dof >= 6) || (loop.axes != 0 && std::popcount(loop.axes) + dof > 6)) {
    throw std::invalid_argument(who + "constrains no rows, or more rows than the joint leaves free");
  }
  if (loop.axes != 0) {
    // chosen rows must not resist the joint's own motion: N S = 0 at the neutral q
    JointData jd(dof);
    JointVector s = JointVector::Zero(dof);
    for (int k = 0; k < dof; ++k) {
      const Coordinate& c = loop.joint->coordinates()[static_cast<std::size_t>(k)];
      s[k] = std::min(std::max(0.0, c.min), c.max);
    }
    loop.joint->evaluate(s, jd, EvalLevel::Jacobian);
    RowBasis N;
    axis_rows(loop.axes, loop.joint->moving_T_child(), N);
    const double leak = dof == 0 ? 0.0 : (N * jd.S).cwiseAbs().maxCoeff();
    if (leak > 1e-9 * std::max(1.0, jd.S.cwiseAbs().maxCoeff())) {
      throw std::invalid_argument(who + "the chosen axes are not orthogonal to the joint's motion (they would "
                                        "resist it)");
    }
  }
  loops_.push_back(std::move(loop));
}

void LoopSet::add_coupler(const MultibodyModel& model, CoordinateCoupler c) {
  const std::string who = "coupler \"" + c.name + "\": ";
  const int nq = model.nq();
  const auto in_range = [nq](int k) { return k >= 0 && k < nq; };
  if (!in_range(c.dependent)) throw std::invalid_argument(who + "dependent coordinate index out of range");
  if (c.independents.empty()) throw std::invalid_argument(who + "no independent coordinate");
  for (std::size_t a = 0; a < c.independents.size(); ++a) {
    const int i = c.independents[a];
    if (!in_range(i)) throw std::invalid_argument(who + "independent coordinate index out of range");
    if (i == c.dependent) throw std::invalid_argument(who + "a coordinate coupled to itself");
    for (std::size_t b = 0; b < a; ++b)
      if (c.independents[b] == i) throw std::invalid_argument(who + "an independent coordinate named twice");
  }
  if (c.function.inputs() != static_cast<int>(c.independents.size())) {
    throw std::invalid_argument(who + "the function takes " + std::to_string(c.function.inputs()) + " inputs but " +
                                std::to_string(c.independents.size()) + " independent coordinates are given");
  }
  for (const CoordinateCoupler& other : couplers_)
    if (other.dependent == c.dependent) throw std::invalid_argument(who + "its coordinate is already coupled by \"" + other.name + "\"");
  if (!std::isfinite(c.scale)) throw std::invalid_argument(who + "scale must be finite");
  if (!(c.stabilization >= 0.0)) throw std::invalid_argument(who + "stabilization must be ≥ 0");
  couplers_.push_back(std::move(c));
}

void LoopSet::add_rolling(const MultibodyModel& model, RollingContact contact) {
  check_rolling(model, contact);
  rolling_.push_back(std::move(contact));
}

int LoopSet::rolling_rows() const {
  int r = 0;
  for (const RollingContact& c : rolling_) r += std::popcount(c.axes);
  return r;
}

int LoopSet::rows(int i) const {
  const LoopConstraint& l = loop(i);
  return l.axes != 0 ? std::popcount(l.axes) : 6 - l.joint->dof();
}

int LoopSet::loop_rows() const {
  int r = 0;
  for (int i = 0; i < num_loops(); ++i) r += rows(i);
  return r;
}

LoopData::LoopData(const MultibodyModel& model, const LoopConstraint& loop, int rows_)
    : joint(loop.joint->dof()), rows(rows_) {
  const int dof = loop.joint->dof();
  s = JointVector::Zero(dof);
  sd = JointVector::Zero(dof);
  for (int k = 0; k < dof; ++k) {
    const Coordinate& c = loop.joint->coordinates()[static_cast<std::size_t>(k)];
    s[k] = std::min(std::max(0.0, c.min), c.max);
  }
  path = relative_path(model, loop.body_a, loop.body_b);
  N = RowBasis::Zero(rows, 6);
}

void evaluate_loop(const MultibodyModel& model, const MultibodyData& data, const LoopConstraint& loop, LoopData& ld,
                   bool with_bias, LoopRows out) {
  const JointModel& joint = *loop.joint;
  const int n = joint.dof();
  const SE3& world_T_b = body_pose(data, loop.body_b);
  const SE3 b_T_world = world_T_b.inverse();
  const SE3 b_T_a = b_T_world * body_pose(data, loop.body_a);
  const SE3 a_T_b = b_T_a.inverse();
  // project a_T_b onto the joint's motion: gauss–newton on ‖log(G(s)⁻¹ a_T_b)‖², since
  // G(s + ds)⁻¹ a_T_b = exp(−S ds) G(s)⁻¹ a_T_b gives Φ(s + ds) ≈ Φ − S ds
  ld.projection_iterations = 0;
  for (int it = 0; it < 20; ++it) {
    joint.evaluate(ld.s, ld.joint, EvalLevel::Jacobian);
    ld.phi = se3_log(ld.joint.G.inverse() * a_T_b);
    if (n == 0) break;
    const JointVector ds = pseudo_solve(ld.joint.S, ld.phi);
    ld.s += ds;
    ++ld.projection_iterations;
    if (ds.norm() < 1e-13) break;
  }
  joint.evaluate(ld.s, ld.joint, with_bias ? EvalLevel::Hessian : EvalLevel::Jacobian);
  ld.phi = se3_log(ld.joint.G.inverse() * a_T_b);
  // rows are measured in the joint's moving frame F (artisynth's frame C: deviations at the joint, not at
  // b's origin), so δ and compliance mean the same whatever b's frame is: N = N_F Ad_{moving_T_child}
  if (loop.axes != 0) {
    axis_rows(loop.axes, joint.moving_T_child(), ld.N);
  } else {
    const Mat6 Ad_m = Ad(joint.moving_T_child());
    const JointJacobian S_F = Ad_m * ld.joint.S;
    complement_rows(S_F, ld.N);
    ld.N = (ld.N * Ad_m).eval();
  }
  // relative velocity of b with respect to a, in b's frame
  const Twist& v_a = loop.body_a < 0 ? data.root.v : data.bodies[static_cast<std::size_t>(loop.body_a)].v;
  const Twist& v_b = data.bodies[static_cast<std::size_t>(loop.body_b)].v;
  ld.v_rel = v_b - Ad_apply(b_T_a, v_a);
  out.delta = ld.N * ld.phi;
  out.delta_dot = ld.N * ld.v_rel;
  relative_jacobian_rows(model, data, ld.path, b_T_world, ld.N, out.G);
  if (n > 0) ld.sd = pseudo_solve(ld.joint.S, ld.v_rel);
  if (!with_bias) return;
  // A_rel = a_b − Ad_{b_T_a} a_a + ad_{V_rel} v_b (zero-q̈ part), and on the joint A_rel = S s̈ + ṡᵀ∇S ṡ
  const Twist& a_a = loop.body_a < 0 ? data.root.v_dot : data.bodies[static_cast<std::size_t>(loop.body_a)].a;
  const Twist& a_b = data.bodies[static_cast<std::size_t>(loop.body_b)].a;
  Twist c_joint = Twist::Zero();
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j) c_joint.noalias() += ld.joint.dS.col(i * n + j) * (ld.sd[i] * ld.sd[j]);
  }
  const Twist a_rel0 = a_b - Ad_apply(b_T_a, a_a) + ad_apply(ld.v_rel, v_b);
  out.bias = ld.N * (c_joint - a_rel0);
}

}  // namespace js
