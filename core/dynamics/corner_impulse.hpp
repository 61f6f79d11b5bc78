// sharp corners of spline curve joints (paper §8: "it would be necessary to compute and apply an appropriate
// impulse at the discontinuities"). a knot repeated k − 1 times leaves G(q) continuous and S(q) jumping
// (SplineCurveJoint::corners). when a coordinate reaches such a corner, the plastic impulse that keeps the
// bodies on the curve gives
//
//   q̇⁺ = M(q⁺)⁻¹ Σ_i J_i(q⁺)ᵀ 𝕀_i V_i⁻        (𝕀_i: eq. 8; V_i⁻: the body twists just before, eq. 11–12)
//
// the generalized momentum along the new tangent is kept, and q̇⁺ is the 𝕀-orthogonal projection of the
// bodies' motion onto what the new side allows (the least change of kinetic energy), so the kinetic energy
// never rises. a driven root or prescribed coordinates keep their rates: their share b⁺ of the body twists
// is taken out first, M q̇⁺ = J⁺ᵀ 𝕀 (V⁻ − b⁺). the simulator finds the crossing inside a step and applies
// this there (simulator.hpp, docs/dynamics.md "Sharp corners").
#pragma once

#include <vector>

#include <Eigen/Cholesky>

#include "core/dynamics/algorithms.hpp"
#include "core/dynamics/momentum.hpp"
#include "core/joints/spline_curve_joint.hpp"

namespace js {

// a free coordinate on a spline curve joint with corners: the body's own joint, or a part of it (a series
// joint's part, a restricted joint's inner coordinate left free: the curve's coordinate is then the body's
// coordinate `local` unchanged).
struct CornerCoordinate {
  int body = 0;
  int coordinate = 0;  // index into q
  const SplineCurveJoint* joint = nullptr;  // the curve whose corners() and period the coordinate meets
  int local = 0;        // index among the body joint's coordinates
  bool direct = true;   // the body's joint is the curve itself (else a series or restricted joint holds it)
};

// one corner reached: which CornerCoordinate, the corner's knot (inside the domain: where the joint is
// evaluated) and the direction the coordinate moves through it.
struct CornerCrossing {
  int index = 0;            // into CornerImpulse::coordinates()
  double knot = 0.0;        // the knot, exactly as in the knot vector
  double q = 0.0;           // the corner in the state's q (a closed curve's q is unwrapped: knot + n·period)
  bool upward = true;       // q grows through it (before: the left limit, after: the right)
};

// what the last impulse did (for tests and the docs' numbers).
struct CornerImpulseStats {
  double kinetic_before = 0.0;  // ½ Σ V⁻ᵀ 𝕀 V⁻ (J)
  double kinetic_after = 0.0;   // ½ Σ V⁺ᵀ 𝕀 V⁺ (J)
};

class CornerImpulse {
 public:
  // the model's free coordinates on spline curve joints with corners. the model is referenced.
  explicit CornerImpulse(const MultibodyModel& model);

  bool empty() const { return coordinates_.empty(); }
  const std::vector<CornerCoordinate>& coordinates() const { return coordinates_; }

  // the first corner that coordinates()[index] meets moving from q0 to q1: strictly past q0, up to and
  // including q1 (a step that starts on a corner has already had its impulse). false when none.
  bool first_crossing(int index, double q0, double q1, CornerCrossing& out) const;
  // whether state coordinate `coordinate` meets a corner moving from q0 to q1 (past q0, up to q1).
  bool between(int coordinate, double q0, double q1) const;

  // q̇ ← q̇⁺ at (t, q) for the crossing (the header's formula). q holds the corner (its G is continuous,
  // so q a little past it is fine); data is the simulator's workspace. allocates nothing.
  void apply(MultibodyData& data, double t, const Eigen::VectorXd& q, Eigen::VectorXd& qd,
             const CornerCrossing& crossing);

  const CornerImpulseStats& last_stats() const { return stats_; }

 private:
  // v_i = Ad_{G_i⁻¹} v_λ(i) + S_i q̇_i (eq. 11–12) with the G and S already in data; returns ½ Σ vᵀ𝕀v.
  double velocity_sweep(MultibodyData& data, const Eigen::VectorXd& qd) const;

  const MultibodyModel& model_;
  std::vector<CornerCoordinate> coordinates_;
  MomentumWork momentum_;
  // the body joint's side of the corner: the curve's exact one-sided limit when it is the body's joint,
  // else the whole joint evaluated a hair (1e-12 relative) on that side of the corner
  void evaluate_side(const CornerCoordinate& cc, const Eigen::VectorXd& q, const CornerCrossing& crossing, bool below,
                     JointData& jd) const;

  Eigen::VectorXd p_, p_base_, rates_;
  Eigen::MatrixXd M_;
  Eigen::LLT<Eigen::MatrixXd> llt_;
  CornerImpulseStats stats_;
};

}  // namespace js
