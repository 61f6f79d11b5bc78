#include "core/joints/spline_checks.hpp"

#include <algorithm>
#include <cmath>

namespace js {

namespace {

double transform_gap(const SE3& a, const SE3& b) {
  return std::max((a.R - b.R).cwiseAbs().maxCoeff(), (a.p - b.p).cwiseAbs().maxCoeff());
}

}  // namespace

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
      const double lo = c.min > -1e100 ? c.min : -M_PI;
      const double hi = c.max < 1e100 ? c.max : M_PI;
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
