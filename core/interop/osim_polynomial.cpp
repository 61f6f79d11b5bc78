#include "core/interop/osim_polynomial.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <stdexcept>

#include <Eigen/QR>

#include "core/joints/spline_surface_joint.hpp"
#include "core/lie/so3.hpp"

namespace js::interop {

namespace {

// the joint's pose and the local motion the six channels describe
struct Motion {
  const JointModel& joint;
  mutable JointData data;
  mutable JointVector q;
  SE3 joint_T_parent, child_T_moving;
  explicit Motion(const JointModel& j)
      : joint(j), data(j.dof()), q(j.dof()), joint_T_parent(j.parent_T_joint().inverse()), child_T_moving(j.moving_T_child().inverse()) {}
  SE3 full(const double* x) const {
    for (int d = 0; d < joint.dof(); ++d) q[d] = x[d];
    joint.evaluate(q, data, EvalLevel::Transform);
    return data.G;
  }
  SE3 local(const double* x) const { return joint_T_parent * full(x) * child_T_moving; }
};

// the points of a grid over the box, row-major (the last coordinate fastest): points × dof values
std::vector<double> grid(const std::vector<std::pair<double, double>>& ranges, int per_axis, bool chebyshev) {
  const int n = static_cast<int>(ranges.size());
  int total = 1;
  for (int d = 0; d < n; ++d) total *= per_axis;
  std::vector<double> out(static_cast<std::size_t>(total * n));
  for (int k = 0; k < total; ++k) {
    int rest = k;
    for (int d = n - 1; d >= 0; --d) {
      const int i = rest % per_axis;
      rest /= per_axis;
      // chebyshev–lobatto points (the ends included) keep the least-squares polynomial from ringing at the edges
      const double s = chebyshev ? -std::cos(kPi * i / (per_axis - 1)) : -1.0 + 2.0 * i / (per_axis - 1);
      const auto& [lo, hi] = ranges[static_cast<std::size_t>(d)];
      double v = 0.5 * (lo + hi) + 0.5 * (hi - lo) * s;
      if (i == 0) v = lo;
      if (i == per_axis - 1) v = hi;
      out[static_cast<std::size_t>(k * n + d)] = v;
    }
  }
  return out;
}

double unwrap_near(double angle, double reference) { return angle + 2.0 * kPi * std::round((reference - angle) / (2.0 * kPi)); }

double binomial(int n, int k) {
  double b = 1.0;
  for (int i = 1; i <= k; ++i) b = b * (n - k + i) / i;
  return b;
}

std::string point_text(const std::vector<std::string>& names, const std::vector<double>& q) {
  std::string a = "(", b = "(";
  for (std::size_t d = 0; d < q.size(); ++d) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.4g", q[d]);
    a += (d ? ", " : "") + (d < names.size() ? names[d] : "q" + std::to_string(d));
    b += (d ? ", " : "") + std::string(buf);
  }
  return a + ") = " + b + ")";
}

}  // namespace

std::vector<int> polynomial_exponents(int dimension, int order) {
  std::vector<int> out, current;
  auto recurse = [&](auto&& self, int level, int sum) -> void {
    if (level == dimension) {
      out.insert(out.end(), current.begin(), current.end());
      return;
    }
    for (int e = 0; e <= order - sum; ++e) {
      current.push_back(e);
      self(self, level + 1, sum + e);
      current.pop_back();
    }
  };
  recurse(recurse, 0, 0);
  return out;
}

std::vector<double> unscale_polynomial(int dimension, int order, const std::vector<double>& scaled, const std::vector<double>& centre,
                                       const std::vector<double>& half) {
  const std::vector<int> exps = polynomial_exponents(dimension, order);
  const std::size_t terms = exps.size() / static_cast<std::size_t>(dimension);
  if (scaled.size() != terms) throw std::invalid_argument("unscale_polynomial: wrong number of coefficients");
  // term index of each exponent set, through a dense (order+1)^dimension table
  auto key = [&](const int* e) {
    int k = 0;
    for (int d = 0; d < dimension; ++d) k = k * (order + 1) + e[d];
    return k;
  };
  int table_size = 1;
  for (int d = 0; d < dimension; ++d) table_size *= order + 1;
  std::vector<int> index(static_cast<std::size_t>(table_size), -1);
  for (std::size_t t = 0; t < terms; ++t) index[static_cast<std::size_t>(key(&exps[t * static_cast<std::size_t>(dimension)]))] = static_cast<int>(t);
  std::vector<double> raw(terms, 0.0);
  std::vector<int> j(static_cast<std::size_t>(dimension));
  for (std::size_t t = 0; t < terms; ++t) {
    if (scaled[t] == 0.0) continue;
    const int* e = &exps[t * static_cast<std::size_t>(dimension)];
    // Π_d ((q_d − c_d)/h_d)^e_d = Π_d Σ_j C(e_d, j) q_d^j (−c_d)^(e_d − j) / h_d^e_d: every j ≤ e, one odometer
    std::fill(j.begin(), j.end(), 0);
    while (true) {
      double c = scaled[t];
      for (int d = 0; d < dimension; ++d) {
        const std::size_t u = static_cast<std::size_t>(d);
        c *= binomial(e[d], j[u]) * std::pow(-centre[u], e[d] - j[u]) / std::pow(half[u], e[d]);
      }
      raw[static_cast<std::size_t>(index[static_cast<std::size_t>(key(j.data()))])] += c;
      int d = dimension - 1;
      while (d >= 0 && j[static_cast<std::size_t>(d)] == e[d]) j[static_cast<std::size_t>(d--)] = 0;
      if (d < 0) break;
      ++j[static_cast<std::size_t>(d)];
    }
  }
  return raw;
}

Vec3 OsimPolynomialJoint::axis(int i) const { return Vec3::Unit(i < 3 ? rotation_order[static_cast<std::size_t>(i)] : i - 3); }

SE3 OsimPolynomialJoint::parent_T_child(const double* q) const {
  double v[6];
  for (std::size_t i = 0; i < 6; ++i) functions[i].evaluate(q, v[i], nullptr, nullptr);
  const SE3 X{compose_body_fixed(rotation_order, Vec3(v[0], v[1], v[2])), Vec3(v[3], v[4], v[5])};
  return parent_T_pframe * X * child_T_cframe.inverse();
}

namespace {

// the poses of the joint at the points of a grid (points × n values)
std::vector<SE3> poses_at(const JointModel& joint, const std::vector<double>& g, std::size_t n) {
  const Motion motion(joint);
  std::vector<SE3> out;
  out.reserve(g.size() / n);
  for (std::size_t k = 0; k < g.size(); k += n) out.push_back(motion.full(&g[k]));
  return out;
}

OsimGridFidelity compare_on_grid(const std::vector<double>& g, std::size_t n, const std::vector<SE3>& ours,
                                 const std::function<SE3(const double*)>& theirs) {
  OsimGridFidelity f;
  f.points = static_cast<int>(g.size() / n);
  f.worst_position_q.assign(n, 0.0);
  f.worst_angle_q.assign(n, 0.0);
  for (std::size_t k = 0; k < g.size(); k += n) {
    const SE3& mine = ours[k / n];
    const SE3 other = theirs(&g[k]);
    // a pose that is not finite (a polynomial that overflowed, a joint that cannot be evaluated) counts as an
    // infinite error, never as none
    double dp = (mine.p - other.p).norm();
    double da = so3_log(mine.R.transpose() * other.R).norm();
    if (!std::isfinite(dp) || !mine.R.allFinite() || !other.R.allFinite()) dp = std::numeric_limits<double>::infinity();
    if (!std::isfinite(da) || !mine.R.allFinite() || !other.R.allFinite()) da = std::numeric_limits<double>::infinity();
    if (dp > f.max_position_error_m || (k == 0 && dp == f.max_position_error_m)) {
      f.max_position_error_m = dp;
      f.worst_position_q.assign(g.begin() + static_cast<std::ptrdiff_t>(k), g.begin() + static_cast<std::ptrdiff_t>(k + n));
    }
    if (da > f.max_angle_error_rad || (k == 0 && da == f.max_angle_error_rad)) {
      f.max_angle_error_rad = da;
      f.worst_angle_q.assign(g.begin() + static_cast<std::ptrdiff_t>(k), g.begin() + static_cast<std::ptrdiff_t>(k + n));
    }
  }
  return f;
}

}  // namespace

OsimGridFidelity measure_grid_fidelity(const JointModel& joint, const std::function<SE3(const double*)>& theirs,
                                       const std::vector<std::pair<double, double>>& ranges, int points) {
  const std::vector<double> g = grid(ranges, points, false);
  return compare_on_grid(g, ranges.size(), poses_at(joint, g, ranges.size()), theirs);
}

namespace {

// the fit with given offset frames: a fixed rotation order, or (none) the one farthest from gimbal lock
OsimPolynomialExport fit_in_frames(const JointModel& joint, const OsimPolynomialOptions& o, const std::vector<double>& fit_grid,
                                   int fit_points, const std::vector<double>& check_grid, const std::vector<SE3>& check_poses,
                                   const std::vector<double>& centre, const std::vector<double>& half, const SE3& pframe,
                                   const SE3& cframe, const AxisOrder* fixed_order) {
  const int n = joint.dof();
  const Motion motion(joint);
  const std::size_t count = fit_grid.size() / static_cast<std::size_t>(n);
  OsimPolynomialExport out;
  OsimPolynomialJoint& pj = out.joint;
  // offsets through xyz angles, as the file stores them
  pj.parent_T_pframe = SE3{compose_body_fixed({0, 1, 2}, decompose_body_fixed({0, 1, 2}, pframe.R)), pframe.p};
  pj.child_T_cframe = SE3{compose_body_fixed({0, 1, 2}, decompose_body_fixed({0, 1, 2}, cframe.R)), cframe.p};
  // X_FM = parent_T_pframe⁻¹ · parent_T_child · child_T_cframe at every fit point
  const SE3 pframe_T_parent = pj.parent_T_pframe.inverse();
  std::vector<SE3> X(count);
  for (std::size_t k = 0; k < count; ++k) X[k] = pframe_T_parent * motion.full(&fit_grid[k * static_cast<std::size_t>(n)]) * pj.child_T_cframe;
  out.min_gimbal_margin = -1.0;
  for (const AxisOrder& order : tait_bryan_orders()) {
    if (fixed_order && order != *fixed_order) continue;
    double margin = 1.0;
    for (const SE3& x : X) margin = std::min(margin, gimbal_margin(order, x.R));
    if (margin > out.min_gimbal_margin + 1e-12) {
      out.min_gimbal_margin = margin;
      pj.rotation_order = order;
    }
  }
  // channel values; each angle unwrapped against its neighbour one step back along the last coordinate that moved
  Eigen::MatrixXd values(static_cast<Eigen::Index>(count), 6);
  for (std::size_t k = 0; k < count; ++k) {
    Vec3 a = decompose_body_fixed(pj.rotation_order, X[k].R);
    std::size_t stride = 1;
    for (int d = n - 1; d >= 0; --d) {
      if ((k / stride) % static_cast<std::size_t>(fit_points) != 0) {
        for (int c = 0; c < 3; ++c) a[c] = unwrap_near(a[c], values(static_cast<Eigen::Index>(k - stride), c));
        break;
      }
      stride *= static_cast<std::size_t>(fit_points);
    }
    for (int c = 0; c < 3; ++c) {
      values(static_cast<Eigen::Index>(k), c) = a[c];
      values(static_cast<Eigen::Index>(k), c + 3) = X[k].p[c];
    }
  }

  // a channel that does not move over the box (a hinge's translations) is written as a Constant without
  // coordinates: OpenSim calls a coordinate that appears on both rotation and translation axes "Coupled", and a
  // rotational coordinate should stay "Rotational" (its .mot columns are converted from degrees)
  std::array<bool, 6> still{};
  int moving = 0;
  for (int i = 0; i < 6; ++i) {
    const double spread = values.col(i).maxCoeff() - values.col(i).minCoeff();
    still[static_cast<std::size_t>(i)] = spread <= 1e-3 * (i < 3 ? o.angle_tolerance : o.position_tolerance);
    moving += still[static_cast<std::size_t>(i)] ? 0 : 1;
  }
  if (moving == 0) still.fill(false);  // a joint that does not move at all keeps its coordinates somewhere
  double best_ratio = 1e300;
  OsimPolynomialJoint candidate = pj;
  for (int degree = 1; degree <= o.max_degree; ++degree) {
    const std::vector<int> exps = polynomial_exponents(n, degree);
    const std::size_t terms = exps.size() / static_cast<std::size_t>(n);
    // least squares in the scaled coordinates s ∈ [−1, 1]ⁿ
    Eigen::MatrixXd A(static_cast<Eigen::Index>(count), static_cast<Eigen::Index>(terms));
    for (std::size_t k = 0; k < count; ++k) {
      for (std::size_t t = 0; t < terms; ++t) {
        double v = 1.0;
        for (int d = 0; d < n; ++d) {
          const std::size_t u = static_cast<std::size_t>(d);
          v *= std::pow((fit_grid[k * static_cast<std::size_t>(n) + u] - centre[u]) / half[u], exps[t * static_cast<std::size_t>(n) + u]);
        }
        A(static_cast<Eigen::Index>(k), static_cast<Eigen::Index>(t)) = v;
      }
    }
    // the scaled monomials on the chebyshev grid have full rank: plain householder qr suffices
    const Eigen::MatrixXd C = A.householderQr().solve(values);
    candidate.degree = degree;
    for (std::size_t i = 0; i < 6; ++i) {
      std::vector<double> scaled(terms);
      for (std::size_t t = 0; t < terms; ++t) scaled[t] = C(static_cast<Eigen::Index>(t), static_cast<Eigen::Index>(i));
      candidate.functions[i] = still[i] ? AxisFunction::constant(values.col(static_cast<Eigen::Index>(i)).mean())
                                        : AxisFunction::multivariate_polynomial(n, degree, unscale_polynomial(n, degree, scaled, centre, half));
    }
    const OsimGridFidelity f = compare_on_grid(check_grid, static_cast<std::size_t>(n), check_poses, [&](const double* q) { return candidate.parent_T_child(q); });
    out.tried.emplace_back(degree, f);
    const double ratio = std::max(f.max_position_error_m / o.position_tolerance, f.max_angle_error_rad / o.angle_tolerance);
    if (degree == 1 || ratio < best_ratio) {  // the first degree always counts (its errors may be infinite)
      best_ratio = ratio;
      pj = candidate;
      out.fidelity = f;
    }
    if (ratio <= 1.0) break;
  }
  out.within_tolerance = out.fidelity.within(o.position_tolerance, o.angle_tolerance);
  return out;
}


}  // namespace

OsimPolynomialExport export_osim_polynomial(const JointModel& joint, const OsimPolynomialOptions& o) {
  const int n = joint.dof();
  if (n != 2 && n != 3) throw std::invalid_argument("the polynomial export needs a 2- or 3-dof joint, got " + std::to_string(n) + " dof");
  if (static_cast<int>(o.ranges.size()) != n) throw std::invalid_argument("the polynomial export needs one range per coordinate");
  for (const auto& [lo, hi] : o.ranges) {
    if (!std::isfinite(lo) || !std::isfinite(hi) || !(hi > lo)) throw std::invalid_argument("the polynomial export needs finite, non-empty ranges");
  }
  if (!(o.position_tolerance > 0.0) || !(o.angle_tolerance > 0.0)) throw std::invalid_argument("tolerances must be positive");
  if (o.max_degree < 1 || o.max_degree > 20) throw std::invalid_argument("max_degree must be in 1…20");
  std::vector<double> centre, half;
  for (const auto& [lo, hi] : o.ranges) {
    centre.push_back(0.5 * (lo + hi));
    half.push_back(0.5 * (hi - lo));
  }
  const int fit_points = std::max(o.fit_points > 0 ? o.fit_points : (n == 2 ? 41 : 17), o.max_degree + 3);
  const int check_points = o.check_points > 0 ? o.check_points : (n == 2 ? 101 : 31);
  const std::vector<double> fit_grid = grid(o.ranges, fit_points, true);
  const std::vector<double> check_grid = grid(o.ranges, check_points, false);
  const std::vector<SE3> check_poses = poses_at(joint, check_grid, static_cast<std::size_t>(n));
  const SE3 cframe = joint.moving_T_child().inverse();

  // a spline surface joint of the default basis is G = H · T(φ0, φ1, φ2) · R_x(φ3) R_y(φ4) R_z(φ5) (paper eq. 25):
  // with the parent offset frame at H and x-y-z rotations the six channels are its own φ_j, smooth piecewise
  // polynomials, which low degrees follow far better than the angles of another chart
  std::vector<OsimPolynomialExport> tries;
  if (const auto* surface = dynamic_cast<const SplineSurfaceJoint*>(&joint); surface && surface->basis() == SplineSurfaceJoint::default_basis()) {
    const AxisOrder xyz{0, 1, 2};
    tries.push_back(fit_in_frames(joint, o, fit_grid, fit_points, check_grid, check_poses, centre, half, joint.parent_T_joint() * surface->base(), cframe, &xyz));
    tries.back().chart = "the spline surface's own base and x-y-z angles";
  }
  // and (always) the parent offset frame at the rotation at the centre, so the three angles stay small, in the
  // order farthest from gimbal lock; which of the two needs the lower degree depends on the joint
  {
    const Motion motion(joint);
    const SE3 mid = SE3::rotation(motion.local(centre.data()).R);
    tries.push_back(fit_in_frames(joint, o, fit_grid, fit_points, check_grid, check_poses, centre, half, joint.parent_T_joint() * mid, cframe, nullptr));
    tries.back().chart = "the rotation at the centre of the box, angles in the order farthest from gimbal lock";
  }
  // the lowest degree that meets the tolerance, else the smallest error ratio
  auto ratio = [&](const OsimPolynomialExport& e) {
    return std::max(e.fidelity.max_position_error_m / o.position_tolerance, e.fidelity.max_angle_error_rad / o.angle_tolerance);
  };
  std::size_t best = 0;
  for (std::size_t k = 1; k < tries.size(); ++k) {
    const OsimPolynomialExport& a = tries[k];
    const OsimPolynomialExport& b = tries[best];
    const bool lower = a.joint.degree < b.joint.degree || (a.joint.degree == b.joint.degree && ratio(a) < ratio(b));
    if (a.within_tolerance != b.within_tolerance ? a.within_tolerance : (a.within_tolerance ? lower : ratio(a) < ratio(b))) {
      best = k;
    }
  }
  return tries[best];
}

std::string polynomial_fidelity_sentence(const OsimGridFidelity& f, int degree, const std::vector<std::string>& names,
                                         double position_tolerance, double angle_tolerance) {
  char buf[160];
  std::snprintf(buf, sizeof buf, "degree %d reaches %.3g mm at ", degree, f.max_position_error_m * 1e3);
  std::string s = buf + point_text(names, f.worst_position_q);
  std::snprintf(buf, sizeof buf, " and %.3g deg at ", f.max_angle_error_rad * 180.0 / kPi);
  s += buf + point_text(names, f.worst_angle_q);
  std::snprintf(buf, sizeof buf, " over %d grid points; tolerance %.3g mm, %.3g deg", f.points, position_tolerance * 1e3,
                angle_tolerance * 180.0 / kPi);
  return s + buf;
}

}  // namespace js::interop
