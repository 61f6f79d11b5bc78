// smooth non-spline 1-dof motions used by the fit tests and benchmarks: a rolling-and-sliding knee, a helix
// with varying pitch, and (via core/joints) the elliptic joint.
#pragma once

#include <cmath>
#include <random>

#include "core/fit/samples.hpp"
#include "core/lie/se3.hpp"

namespace js::fit::motions {

inline Mat3 rot_x(double a) { return so3_exp(Vec3(a, 0, 0)); }
inline Mat3 rot_y(double a) { return so3_exp(Vec3(0, a, 0)); }
inline Mat3 rot_z(double a) { return so3_exp(Vec3(0, 0, a)); }

// femur_T_tibia at flexion θ ∈ [0, 2.1] rad: the tibial plateau (the tibia frame's y = 0 plane, tibia
// along −y) stays tangent to a femoral condyle of shrinking radius ρ(θ) centred at the femur origin, its
// contact point sliding back along the plateau by s(θ) (rolling and sliding), with a screw-home axial
// rotation ψ(θ) about the tibia's long axis and a little varus-valgus.
inline SE3 knee(double theta) {
  const double rho = 0.022 - 0.004 * theta;              // condyle radius (m)
  const double s = 0.015 * (1.0 - std::cos(0.9 * theta));  // contact point on the plateau, posterior (m)
  const double psi = 0.3 * (1.0 - std::exp(-2.5 * theta));  // screw home (rad)
  const double varus = 0.04 * std::sin(theta);
  SE3 g;
  g.R = rot_x(-theta) * rot_z(varus) * rot_y(psi);
  // contact point: on the condyle ρ R(0, −1, 0), on the tibia (0, 0, −s) in tibia coordinates
  g.p = rho * (g.R * Vec3(0, -1, 0)) - g.R * Vec3(0, 0, -s);
  return g;
}

// a helix of radius 0.05 m with pitch growing along q ∈ [0, 2π], frame turning with the helix and wobbling.
inline SE3 helix(double q) {
  SE3 g;
  g.R = rot_z(q) * rot_x(0.2 * std::sin(q));
  g.p = Vec3(0.05 * std::cos(q), 0.05 * std::sin(q), 0.01 * q + 0.002 * q * q);
  return g;
}

// n samples of motion(q) at evenly spaced q ∈ [q0, q1]; sigma_t (m) and sigma_r (rad) add gaussian noise
// per component; noiseless poses are returned in `truth` when given.
template <typename Motion>
SampleSet sample_motion(Motion motion, int n, double q0, double q1, double sigma_t = 0.0, double sigma_r = 0.0,
                        unsigned seed = 1, std::vector<SE3>* truth = nullptr) {
  std::mt19937 rng(seed);
  std::normal_distribution<double> normal(0.0, 1.0);
  SampleSet set;
  set.source = "<motion>";
  for (int k = 0; k < n; ++k) {
    Sample s;
    const double q = q0 + (q1 - q0) * k / (n - 1);
    s.q = JointVector::Constant(1, q);
    const SE3 g = motion(q);
    if (truth != nullptr) truth->push_back(g);
    const Vec3 dw(normal(rng), normal(rng), normal(rng));
    const Vec3 dp(normal(rng), normal(rng), normal(rng));
    s.parent_T_child = SE3{g.R * so3_exp(dw * sigma_r), g.p + dp * sigma_t};
    s.line = k + 2;
    set.samples.push_back(s);
  }
  return set;
}

}  // namespace js::fit::motions

namespace js::fit::motions {

// a body sliding on the ellipsoid x²/a² + y²/b² + z²/c² = 1 (a, b, c = 5, 4, 3 cm) at surface parameters
// u (latitude) and v (longitude): its frame sits at the surface point in the tangent plane, z along the
// outward normal, x along ∂p/∂v (a 2-dof motion no spline surface joint represents exactly).
inline SE3 ellipsoid(double u, double v) {
  const double a = 0.05, b = 0.04, c = 0.03;
  const Vec3 p(a * std::cos(u) * std::cos(v), b * std::cos(u) * std::sin(v), c * std::sin(u));
  const Vec3 n = Vec3(p.x() / (a * a), p.y() / (b * b), p.z() / (c * c)).normalized();
  const Vec3 t(-a * std::cos(u) * std::sin(v), b * std::cos(u) * std::cos(v), 0.0);
  const Vec3 x = (t - t.dot(n) * n).normalized();
  SE3 g;
  g.R.col(0) = x;
  g.R.col(1) = n.cross(x);
  g.R.col(2) = n;
  g.p = p;
  return g;
}

// nu × nv samples of motion(u, v) on the grid u ∈ [u0, u1], v ∈ [v0, v1] (v fastest), with gaussian noise
// sigma_t (m) and sigma_r (rad) per component.
template <typename Motion>
SampleSet sample_grid(Motion motion, int nu, int nv, double u0, double u1, double v0, double v1,
                      double sigma_t = 0.0, double sigma_r = 0.0, unsigned seed = 1) {
  std::mt19937 rng(seed);
  std::normal_distribution<double> normal(0.0, 1.0);
  SampleSet set;
  set.dof = 2;
  set.source = "<grid>";
  for (int i = 0; i < nu; ++i) {
    for (int j = 0; j < nv; ++j) {
      Sample s;
      s.q = JointVector(2);
      s.q << u0 + (u1 - u0) * i / (nu - 1), v0 + (v1 - v0) * j / (nv - 1);
      const SE3 g = motion(s.q[0], s.q[1]);
      const Vec3 dw(normal(rng), normal(rng), normal(rng));
      const Vec3 dp(normal(rng), normal(rng), normal(rng));
      s.parent_T_child = SE3{g.R * so3_exp(dw * sigma_r), g.p + dp * sigma_t};
      s.line = set.size() + 2;
      set.samples.push_back(s);
    }
  }
  return set;
}

}  // namespace js::fit::motions
