#include "core/interop/motion_curves.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <stdexcept>

#include <Eigen/Eigenvalues>

namespace js::interop {

namespace {

char axis_char(int a) { return static_cast<char>('x' + a); }

// a near b + 2πn: the outer angles of a decomposition jump by 2π where the motion passes ±180°
double unwrap_towards(double a, double b) { return b + std::remainder(a - b, 2.0 * kPi); }

Vec3 angles_of(const AxisOrder& order, const Mat3& R) { return decompose_body_fixed(order, R); }

}  // namespace

AxisOrder AngleConvention::sequence() const {
  if (!grood_suntay) return order;
  return AxisOrder{flexion_axis, 3 - flexion_axis - long_axis, long_axis};
}

std::array<std::string, 3> AngleConvention::angle_names() const {
  const AxisOrder s = sequence();
  if (grood_suntay) {
    return {std::string("flexion (+") + axis_char(s[0]) + ")",
            std::string("ab/adduction (floating +") + axis_char(s[1]) + ")",
            std::string("internal rotation (+") + axis_char(s[2]) + ")"};
  }
  return {std::string("rotation 1 (") + axis_char(s[0]) + ")", std::string("rotation 2 (") + axis_char(s[1]) + ")",
          std::string("rotation 3 (") + axis_char(s[2]) + ")"};
}

std::string AngleConvention::name() const {
  const AxisOrder s = sequence();
  if (grood_suntay) {
    return std::string("Grood–Suntay (") + axis_char(s[0]) + ", floating " + axis_char(s[1]) + ", " +
           axis_char(s[2]) + ")";
  }
  return "body-fixed " + axis_order_name(order);
}

AngleConvention guess_grood_suntay(const JointModel& joint, int coordinate, const JointVector& at) {
  AngleConvention c;
  const Coordinate& coord = joint.coordinates()[static_cast<std::size_t>(coordinate)];
  const double lo = coord.has_range() ? coord.min : -1.0, hi = coord.has_range() ? coord.max : 1.0;
  JointData d(joint.dof());
  JointVector x = at;
  x[coordinate] = 0.5 * (lo + hi);
  joint.evaluate(x, d, EvalLevel::Transform);
  const Mat3 mid = d.G.R;
  Mat3 scatter = Mat3::Zero();
  for (int i = 0; i <= 20; ++i) {
    x[coordinate] = lo + (hi - lo) * i / 20.0;
    joint.evaluate(x, d, EvalLevel::Transform);
    const Vec3 w = so3_log(d.G.R * mid.transpose());
    scatter += w * w.transpose();
  }
  Eigen::SelfAdjointEigenSolver<Mat3> eig(scatter);
  eig.eigenvectors().col(2).cwiseAbs().maxCoeff(&c.flexion_axis);
  c.long_axis = c.flexion_axis == 1 ? 2 : 1;
  return c;
}

MotionCurves motion_curves(const JointModel& joint, int coordinate, const JointVector& at,
                           const AngleConvention& convention, const fit::SampleSet* samples, int count,
                           double tolerance, std::optional<std::pair<double, double>> range, double length_scale) {
  const int dof = joint.dof();
  if (!(length_scale > 0.0) || !std::isfinite(length_scale)) {
    throw std::invalid_argument("motion curves: the length scale must be > 0, got " + std::to_string(length_scale));
  }
  if (coordinate < 0 || coordinate >= dof) {
    throw std::invalid_argument("motion curves: coordinate " + std::to_string(coordinate) + " is not one of the joint's " +
                                std::to_string(dof));
  }
  if (at.size() != dof) {
    throw std::invalid_argument("motion curves: " + std::to_string(at.size()) + " coordinate values given for a " +
                                std::to_string(dof) + "-dof joint");
  }
  const AxisOrder order = convention.sequence();
  MotionCurves m;
  m.coordinate = coordinate;
  m.at = at;
  m.length_scale = length_scale;
  // the range: the joint's, else the samples', else a turn
  const Coordinate& coord = joint.coordinates()[static_cast<std::size_t>(coordinate)];
  double lo = -kPi, hi = kPi;
  if (range) {
    lo = range->first;
    hi = range->second;
    if (!(hi > lo) || !std::isfinite(lo) || !std::isfinite(hi)) {
      throw std::invalid_argument("motion curves: the range [" + std::to_string(lo) + ", " + std::to_string(hi) +
                                  "] of coordinate " + std::to_string(coordinate) + " is empty");
    }
  } else if (coord.has_range()) {
    lo = coord.min;
    hi = coord.max;
  } else if (samples != nullptr && samples->size() > 1) {
    lo = 1e300;
    hi = -1e300;
    for (const fit::Sample& s : samples->samples) {
      if (s.q.size() != dof) continue;
      lo = std::min(lo, s.q[coordinate]);
      hi = std::max(hi, s.q[coordinate]);
    }
    if (!(hi > lo)) lo = -kPi, hi = kPi;
  }
  count = std::max(count, 2);
  JointData d(dof);
  JointVector x = at;
  for (auto* v : {&m.q, &m.speed, &m.bend}) v->reserve(static_cast<std::size_t>(count));
  // the metric's weights: a translation of ℓ counts like a radian
  const auto metric_norm = [&](const Vec6& twist) { return std::hypot(twist.head<3>().norm(), twist.tail<3>().norm() / length_scale); };
  for (int i = 0; i < count; ++i) {
    x[coordinate] = lo + (hi - lo) * i / (count - 1.0);
    joint.evaluate(x, d, EvalLevel::Hessian);
    m.speed.push_back(metric_norm(d.S.col(coordinate)));
    m.bend.push_back(metric_norm(d.dS.col(coordinate * dof + coordinate)));
    Vec3 a = angles_of(order, d.G.R);
    if (i > 0) {
      a[0] = unwrap_towards(a[0], m.angle[0].back());
      a[2] = unwrap_towards(a[2], m.angle[2].back());
    }
    m.q.push_back(x[coordinate]);
    for (int c = 0; c < 3; ++c) {
      m.angle[static_cast<std::size_t>(c)].push_back(a[c]);
      m.translation[static_cast<std::size_t>(c)].push_back(d.G.p[c]);
    }
  }
  if (samples == nullptr) return m;
  for (int k = 0; k < samples->size(); ++k) {
    const fit::Sample& s = samples->samples[static_cast<std::size_t>(k)];
    if (s.q.size() != dof) continue;
    bool here = true;
    for (int a = 0; a < dof; ++a) here = here && (a == coordinate || std::abs(s.q[a] - at[a]) <= tolerance);
    if (!here) continue;
    // the curve's angle nearest this sample's q, to unwrap the dot onto the same branch
    const auto it = std::lower_bound(m.q.begin(), m.q.end(), s.q[coordinate]);
    const std::size_t near = std::min<std::size_t>(static_cast<std::size_t>(it - m.q.begin()), m.q.size() - 1);
    Vec3 a = angles_of(order, s.parent_T_child.R);
    a[0] = unwrap_towards(a[0], m.angle[0][near]);
    a[2] = unwrap_towards(a[2], m.angle[2][near]);
    m.sample_index.push_back(k);
    m.sample_q.push_back(s.q[coordinate]);
    for (int c = 0; c < 3; ++c) {
      m.sample_angle[static_cast<std::size_t>(c)].push_back(a[c]);
      m.sample_translation[static_cast<std::size_t>(c)].push_back(s.parent_T_child.p[c]);
    }
  }
  return m;
}

std::string motion_curves_csv(const MotionCurves& m, const AngleConvention& convention,
                              const std::string& coordinate_name, bool degrees) {
  constexpr double kDeg = 180.0 / kPi;
  std::ostringstream s;
  s.precision(10);
  const auto names = convention.angle_names();
  s << "# " << convention.name() << "; translations: child origin in the parent frame\n";
  s << "kind,sample," << coordinate_name << (degrees ? " (deg)" : "");
  for (const std::string& n : names) s << "," << n << " (deg)";
  const std::string per = std::string("per ") + (degrees ? "rad" : "unit of q");
  s << ",x (mm),y (mm),z (mm),speed |S| (" << per << "; l = " << m.length_scale << " m)"
    << ",bend |dS/dq| (" << per << "^2)\n";
  const double qs = degrees ? kDeg : 1.0;
  auto row = [&](const char* kind, int sample, double q, const std::array<std::vector<double>, 3>& ang,
                 const std::array<std::vector<double>, 3>& tr, std::size_t i) {
    s << kind << ",";
    if (sample >= 0) s << sample;
    // + 0.0: no "-0" in a spreadsheet
    s << "," << q * qs + 0.0;
    for (int c = 0; c < 3; ++c) s << "," << ang[static_cast<std::size_t>(c)][i] * kDeg + 0.0;
    for (int c = 0; c < 3; ++c) s << "," << tr[static_cast<std::size_t>(c)][i] * 1e3 + 0.0;
    if (sample < 0) s << "," << m.speed[i] << "," << m.bend[i];
    else s << ",,";
    s << "\n";
  };
  for (std::size_t i = 0; i < m.q.size(); ++i) row("curve", -1, m.q[i], m.angle, m.translation, i);
  for (std::size_t i = 0; i < m.sample_q.size(); ++i) {
    row("sample", m.sample_index[i], m.sample_q[i], m.sample_angle, m.sample_translation, i);
  }
  return s.str();
}

}  // namespace js::interop
