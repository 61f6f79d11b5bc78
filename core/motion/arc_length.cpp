#include "core/motion/arc_length.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace js {

namespace {

// 7-point gauss–legendre on [−1, 1]: exact for degree 13
constexpr double kNodes[7] = {0.0,
                              0.4058451513773971669066064,
                              -0.4058451513773971669066064,
                              0.7415311855993944398638648,
                              -0.7415311855993944398638648,
                              0.9491079123427585245261897,
                              -0.9491079123427585245261897};
constexpr double kWeights[7] = {0.4179591836734693877551020, 0.3818300505051189449503698,
                                0.3818300505051189449503698, 0.2797053914892766679014678,
                                0.2797053914892766679014678, 0.1294849661688696932706114,
                                0.1294849661688696932706114};

// the metric's twist at the point p: [ω; v + ω × p] with the translation divided by ℓ.
Twist metric_twist(const Twist& s, const ArcLengthMetric& m) {
  return make_twist(s.head<3>(), (s.tail<3>() + s.head<3>().cross(m.point)) / m.length_scale);
}

}  // namespace

JointArcLength::JointArcLength(std::shared_ptr<const JointModel> joint, double q_begin, double q_end,
                               const ArcLengthMetric& metric, int pieces)
    : joint_(std::move(joint)), q_begin_(q_begin), q_end_(q_end), metric_(metric) {
  if (!joint_) throw std::invalid_argument("arc length: no joint");
  if (joint_->dof() != 1) {
    throw std::invalid_argument("arc length: needs a 1-dof joint, got " + std::to_string(joint_->dof()) + " dof");
  }
  if (!(std::isfinite(q_begin) && std::isfinite(q_end)) || q_begin == q_end) {
    throw std::invalid_argument("arc length: the motion needs q_begin != q_end (both finite), got " +
                                std::to_string(q_begin) + " and " + std::to_string(q_end));
  }
  if (!(metric.length_scale > 0.0)) throw std::invalid_argument("arc length: length scale must be > 0");
  if (!(metric.tolerance > 0.0)) throw std::invalid_argument("arc length: tolerance must be > 0");
  if (pieces < 1) throw std::invalid_argument("arc length: pieces must be ≥ 1");
  sign_ = q_end > q_begin ? 1.0 : -1.0;
  width_ = std::abs(q_end - q_begin);
  if (!(metric.speed_floor >= 0.0) || !std::isfinite(metric.speed_floor)) {
    throw std::invalid_argument("arc length: the speed floor must be ≥ 0 and finite");
  }
  table_.assign(static_cast<std::size_t>(pieces) + 1, 0.0);
  tabulate();
  if (!(length() > 0.0)) throw std::invalid_argument("arc length: the joint does not move between q_begin and q_end");
  if (metric.speed_floor > 0.0) {
    // the floor is a fraction of the true mean speed: measure once without it, then again with it
    floor_ = metric.speed_floor * length() / width_;
    tabulate();
  }
  min_speed_ = 1e-9 * length() / width_;
}

void JointArcLength::tabulate() {
  const int pieces = static_cast<int>(table_.size()) - 1;
  const double h = width_ / pieces;
  for (int k = 0; k < pieces; ++k) {
    table_[static_cast<std::size_t>(k) + 1] = table_[static_cast<std::size_t>(k)] + integrate(k * h, (k + 1) * h);
  }
}

double JointArcLength::speed(double q) const {
  JointData d(1);
  joint_->evaluate(JointVector::Constant(1, q), d, EvalLevel::Jacobian);
  const double v = metric_twist(d.S.col(0), metric_).norm();
  return floor_ > 0.0 ? std::hypot(v, floor_) : v;
}

double JointArcLength::gauss_legendre(double a, double b) const {
  const double mid = 0.5 * (a + b), half = 0.5 * (b - a);
  double sum = 0.0;
  for (int i = 0; i < 7; ++i) sum += kWeights[i] * speed(q_at(mid + half * kNodes[i]));
  return half * sum;
}

double JointArcLength::integrate_adaptive(double a, double b, double whole, double tol, int depth) const {
  const double mid = 0.5 * (a + b);
  const double left = gauss_legendre(a, mid), right = gauss_legendre(mid, b);
  // a kink of ‖S‖ (a knot of a low-order spline, a zero of S) needs a few halvings
  if (depth >= 30 || std::abs(left + right - whole) <= tol) return left + right;
  return integrate_adaptive(a, mid, left, 0.5 * tol, depth + 1) + integrate_adaptive(mid, b, right, 0.5 * tol, depth + 1);
}

double JointArcLength::integrate(double a, double b) const {
  if (b <= a) return 0.0;
  return integrate_adaptive(a, b, gauss_legendre(a, b), metric_.tolerance, 0);
}

double JointArcLength::s_of_q(double q) const {
  const double x = std::clamp(sign_ * (q - q_begin_), 0.0, width_);
  const int pieces = static_cast<int>(table_.size()) - 1;
  const double h = width_ / pieces;
  const int k = std::min(static_cast<int>(x / h), pieces - 1);
  return table_[static_cast<std::size_t>(k)] + integrate(k * h, x);
}

double JointArcLength::q_of_s(double s) const {
  s = std::clamp(s, 0.0, length());
  // the table brackets the root: s is non-decreasing in x
  const int pieces = static_cast<int>(table_.size()) - 1;
  const double h = width_ / pieces;
  const auto it = std::upper_bound(table_.begin(), table_.end(), s);
  const int k = std::clamp(static_cast<int>(it - table_.begin()) - 1, 0, pieces - 1);
  double lo = k * h, hi = (k + 1) * h;
  const double s_lo = table_[static_cast<std::size_t>(k)];
  double x = lo + (hi - lo) * std::clamp((s - s_lo) / std::max(table_[static_cast<std::size_t>(k) + 1] - s_lo, 1e-300), 0.0, 1.0);
  for (int iter = 0; iter < 100; ++iter) {
    const double f = s_lo + integrate(k * h, x) - s;
    if (std::abs(f) <= metric_.tolerance) break;
    if (f > 0.0) {
      hi = x;
    } else {
      lo = x;
    }
    if (hi - lo <= 1e-15 * (1.0 + width_)) break;
    const double v = speed(q_at(x));
    // newton (eq. 12: dx/ds = 1/‖S‖) when it stays inside the bracket, bisection otherwise
    const double newton = v > min_speed_ ? x - f / v : lo - 1.0;
    x = (newton > lo && newton < hi) ? newton : 0.5 * (lo + hi);
  }
  return q_at(x);
}

ArcLengthDerivatives JointArcLength::derivatives(double q) const {
  JointData d(1);
  joint_->evaluate(JointVector::Constant(1, q), d, EvalLevel::Hessian);
  const Twist s = metric_twist(d.S.col(0), metric_);
  const Twist ds = metric_twist(d.dS.col(0), metric_);  // ∂S/∂q, the same linear map
  ArcLengthDerivatives out;
  out.speed = floor_ > 0.0 ? std::hypot(s.norm(), floor_) : s.norm();
  if (!(out.speed > min_speed_)) {
    out.degenerate = true;
    return out;
  }
  const double v2 = out.speed * out.speed;
  out.dq_ds = sign_ / out.speed;            // eq. 12
  out.d2q_ds2 = -s.dot(ds) / (v2 * v2);     // eq. 13
  return out;
}

}  // namespace js
