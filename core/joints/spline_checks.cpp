#include "core/joints/spline_checks.hpp"

#include <algorithm>
#include <limits>
#include <cmath>
#include <cstdio>
#include <utility>

#include "core/joints/spline_curve_joint.hpp"
#include "core/joints/spline_surface_joint.hpp"

namespace js {

namespace {

double transform_gap(const SE3& a, const SE3& b) {
  return std::max((a.R - b.R).cwiseAbs().maxCoeff(), (a.p - b.p).cwiseAbs().maxCoeff());
}

// the range a check covers: [min, max], or one turn around 0 for an unbounded coordinate
std::pair<double, double> checked_range(const Coordinate& c) {
  return {c.has_lower_limit() ? c.min : -kPi, c.has_upper_limit() ? c.max : kPi};
}

// range ends and distinct interior knots of coordinate a (a joint without knots: 64 even pieces)
std::vector<double> breakpoints(const JointModel& joint, int a) {
  const auto [lo, hi] = checked_range(joint.coordinates()[static_cast<std::size_t>(a)]);
  std::vector<double> b{lo};
  const std::vector<double> knots = joint_knots(joint, a);
  if (knots.empty()) {
    for (int i = 1; i < 64; ++i) b.push_back(lo + (hi - lo) * i / 64.0);
  } else {
    for (double t : knots) {
      if (t > b.back() && t < hi) b.push_back(t);
    }
  }
  b.push_back(hi);
  return b;
}

// values of the other coordinates for an n-dof search: an even grid plus the knots
std::vector<double> cross_values(const JointModel& joint, int a, int points) {
  const auto [lo, hi] = checked_range(joint.coordinates()[static_cast<std::size_t>(a)]);
  std::vector<double> v = joint_knots(joint, a);
  v.erase(std::remove_if(v.begin(), v.end(), [lo = lo, hi = hi](double t) { return t < lo || t > hi; }), v.end());
  for (int i = 0; i < points; ++i) v.push_back(lo + (hi - lo) * i / std::max(1, points - 1));
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
  return v;
}

}  // namespace

std::vector<double> joint_knots(const JointModel& joint, int axis) {
  if (const auto* c = dynamic_cast<const SplineCurveJoint*>(&joint)) return c->knots().knots();
  if (const auto* s = dynamic_cast<const SplineSurfaceJoint*>(&joint)) {
    return s->knots()[static_cast<std::size_t>(axis)].knots();
  }
  return {};
}

DeadStopReport find_dead_stop(const JointModel& joint, double length_scale, double relative_tolerance,
                              int cross_points) {
  const int n = joint.dof();
  DeadStopReport report;
  report.where = Eigen::VectorXd::Zero(n);
  if (n == 0) return report;
  report.min_norm = std::numeric_limits<double>::infinity();
  JointData data(n);
  Eigen::VectorXd q(n);
  constexpr int kPieces = 16;  // per knot span: f′ changes sign at most once per piece on smooth joints
  for (int a = 0; a < n; ++a) {
    const std::vector<double> breaks = breakpoints(joint, a);
    // f = ‖W S e_a‖² and f′ along coordinate a at q with q[a] = x
    auto f_at = [&](double x, double& df) {
      q[a] = x;
      joint.evaluate(q, data, EvalLevel::Hessian);
      Vec6 s = data.S.col(a), ds = data.dS.col(a * n + a);
      linear(s) /= length_scale;
      linear(ds) /= length_scale;
      df = 2.0 * s.dot(ds);
      return s.squaredNorm();
    };
    // the other coordinates run over their grid (odometer over the axes b ≠ a)
    std::vector<std::vector<double>> cross(static_cast<std::size_t>(n));
    for (int b = 0; b < n; ++b) {
      if (b != a) cross[static_cast<std::size_t>(b)] = cross_values(joint, b, cross_points);
    }
    std::vector<std::size_t> idx(static_cast<std::size_t>(n), 0);
    double sum = 0.0, best = std::numeric_limits<double>::infinity();
    int count = 0;
    Eigen::VectorXd best_q = q;
    while (true) {
      for (int b = 0; b < n; ++b) {
        if (b != a) q[b] = cross[static_cast<std::size_t>(b)][idx[static_cast<std::size_t>(b)]];
      }
      auto consider = [&](double f) {
        if (f < best) {
          best = f;
          best_q = q;
        }
      };
      double x_prev = breaks.front(), df_prev = 0.0;
      const double f0 = f_at(x_prev, df_prev);
      consider(f0);
      sum += f0;
      ++count;
      for (std::size_t s = 0; s + 1 < breaks.size(); ++s) {
        for (int i = 1; i <= kPieces; ++i) {
          const double x = i == kPieces ? breaks[s + 1] : breaks[s] + (breaks[s + 1] - breaks[s]) * i / kPieces;
          double df = 0.0;
          const double f = f_at(x, df);
          consider(f);
          sum += f;
          ++count;
          if (df_prev < 0.0 && df > 0.0) {
            // an interior minimum of f in (x_prev, x): bisection on f′
            double l = x_prev, r = x;
            for (int it = 0; it < 60 && r - l > 1e-15 * (1.0 + std::abs(l)); ++it) {
              const double m = 0.5 * (l + r);
              double dm = 0.0;
              const double fm = f_at(m, dm);
              consider(fm);
              (dm < 0.0 ? l : r) = m;
            }
          }
          x_prev = x;
          df_prev = df;
        }
      }
      int b = 0;
      for (; b < n; ++b) {
        if (b == a) continue;
        const auto bb = static_cast<std::size_t>(b);
        if (++idx[bb] < cross[bb].size()) break;
        idx[bb] = 0;
      }
      if (b == n) break;
    }
    const double scale = std::sqrt(sum / std::max(1, count));
    const double norm = std::sqrt(best);
    const double relative = scale > 0.0 ? norm / scale : 0.0;
    if (a == 0 || relative < report.relative) {
      report.min_norm = norm;
      report.where = best_q;
      report.coordinate = a;
      report.scale = scale;
      report.relative = relative;
    }
  }
  report.dead = !(report.relative >= relative_tolerance);
  return report;
}

JointCheck check_joint(const JointModel& joint, double length_scale, double dead_stop_tolerance) {
  JointCheck out;
  const int n = joint.dof();
  Eigen::VectorXd mid(n);
  for (int i = 0; i < n; ++i) {
    const auto [lo, hi] = checked_range(joint.coordinates()[static_cast<std::size_t>(i)]);
    mid[i] = 0.5 * (lo + hi);
  }
  double worst = -1.0;
  for (int axis = 0; axis < n; ++axis) {
    const std::vector<double> knots = joint_knots(joint, axis);
    if (knots.empty()) continue;
    const ContinuityReport r = check_c2_across_knots(joint, knots, axis, mid);
    const double jump = std::max({r.max_jump_transform, r.max_jump_jacobian, r.max_jump_hessian});
    if (!r.c2 && jump > worst) {
      worst = jump;
      out.worst_axis = axis;
      out.worst_knot = r.worst_knot;
    }
    out.c2 = out.c2 && r.c2;
  }
  out.dead = find_dead_stop(joint, length_scale, dead_stop_tolerance);
  return out;
}

std::string JointCheck::problem(const JointModel& joint) const {
  std::string text;
  auto number = [](double x) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.6g", x);
    return std::string(buf);
  };
  if (!c2) {
    text = "not C2 across the knot " + joint.coordinates()[static_cast<std::size_t>(worst_axis)].name + " = " +
           number(worst_knot);
  }
  if (dead.dead) {
    if (!text.empty()) text += "; ";
    text += "S vanishes at " + joint.coordinates()[static_cast<std::size_t>(dead.coordinate)].name + " =";
    for (int i = 0; i < dead.where.size(); ++i) text += (i > 0 ? "," : " ") + number(dead.where[i]);
    text += " (min |S| " + number(dead.min_norm) + ", " + number(dead.relative) + " of its rms): the joint stops there";
  }
  return text;
}

ContinuityReport check_c2_across_knots(const JointModel& joint, const std::vector<double>& knots, int axis,
                                       const Eigen::VectorXd& at, double eps, double tolerance) {
  ContinuityReport report;
  const Coordinate& c = joint.coordinates()[static_cast<std::size_t>(axis)];
  JointData left(joint.dof()), right(joint.dof());
  Eigen::VectorXd ql = at, qr = at;
  double last = -1e300;
  for (double t : knots) {
    // only distinct interior knots: the domain ends are not joins
    if (t <= c.min || t >= c.max || t == last) continue;
    last = t;
    ql[axis] = t - eps;
    qr[axis] = t + eps;
    joint.evaluate(ql, left);
    joint.evaluate(qr, right);
    const double jg = transform_gap(left.G, right.G);
    const double js = (left.S - right.S).cwiseAbs().maxCoeff();
    const double jh = (left.dS - right.dS).cwiseAbs().maxCoeff();
    if (std::max({jg, js, jh}) >= std::max({report.max_jump_transform, report.max_jump_jacobian, report.max_jump_hessian})) {
      report.worst_knot = t;
    }
    report.max_jump_transform = std::max(report.max_jump_transform, jg);
    report.max_jump_jacobian = std::max(report.max_jump_jacobian, js);
    report.max_jump_hessian = std::max(report.max_jump_hessian, jh);
    ++report.knots_checked;
  }
  report.c2 = report.max_jump_transform < tolerance && report.max_jump_jacobian < tolerance &&
              report.max_jump_hessian < tolerance;
  return report;
}

JacobianNormReport check_jacobian_norm(const JointModel& joint, int per_axis, double length_scale) {
  const int n = joint.dof();
  JacobianNormReport report;
  report.min_norm = 1e300;
  report.where = Eigen::VectorXd::Zero(n);
  report.max_speed_deviation = 0.0;
  report.rms_speed_deviation = 0.0;
  if (n == 0) return report;
  const int dims = std::min(n, 3);
  int total = 1;
  for (int d = 0; d < dims; ++d) total *= per_axis;
  JointData data(n);
  Eigen::VectorXd q = Eigen::VectorXd::Zero(n);
  double sum_sq = 0.0;
  int count = 0;
  for (int idx = 0; idx < total; ++idx) {
    int rest = idx;
    for (int d = 0; d < dims; ++d) {
      const Coordinate& c = joint.coordinates()[static_cast<std::size_t>(d)];
      // unbounded coordinates are sampled over one turn / one metre around 0
      const double lo = c.has_lower_limit() ? c.min : -kPi;
      const double hi = c.has_upper_limit() ? c.max : kPi;
      const int i = rest % per_axis;
      rest /= per_axis;
      q[d] = lo + (hi - lo) * i / std::max(1, per_axis - 1);
    }
    joint.evaluate(q, data, EvalLevel::Jacobian);
    for (int i = 0; i < n; ++i) {
      const double norm = twist_norm(data.S.col(i), length_scale);
      if (norm < report.min_norm) {
        report.min_norm = norm;
        report.where = q;
      }
      const double dev = std::abs(norm - 1.0);
      report.max_speed_deviation = std::max(report.max_speed_deviation, dev);
      sum_sq += dev * dev;
      ++count;
    }
  }
  report.rms_speed_deviation = std::sqrt(sum_sq / std::max(1, count));
  return report;
}

}  // namespace js
