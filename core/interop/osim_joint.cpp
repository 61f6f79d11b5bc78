#include "core/interop/osim_joint.hpp"

#include <cmath>
#include <sstream>
#include <stdexcept>

#include "core/lie/so3.hpp"

namespace js::interop {

namespace {
Mat3 rotation_about(const Vec3& axis, double angle) { return so3_exp(axis.normalized() * angle); }
}  // namespace

SE3 OsimCustomJoint::pframe_T_cframe(const std::vector<double>& q) const {
  double value[6];
  for (int i = 0; i < 6; ++i) {
    const OsimTransformAxis& a = axes[static_cast<std::size_t>(i)];
    value[i] = a.function(a.coordinate >= 0 ? q.at(static_cast<std::size_t>(a.coordinate)) : 0.0);
  }
  SE3 X;
  X.R = rotation_about(axes[0].axis, value[0]) * rotation_about(axes[1].axis, value[1]) *
        rotation_about(axes[2].axis, value[2]);
  X.p = value[3] * axes[3].axis.normalized() + value[4] * axes[4].axis.normalized() + value[5] * axes[5].axis.normalized();
  return X;
}

SE3 OsimCustomJoint::parent_T_child(const std::vector<double>& q) const {
  return parent_T_pframe * pframe_T_cframe(q) * child_T_cframe.inverse();
}

std::vector<double> OsimCustomJoint::default_q() const {
  std::vector<double> q;
  for (const OsimCoordinate& c : coordinates) q.push_back(c.default_value);
  return q;
}

std::vector<double> OsimCustomJoint::path_q(int coordinate, const OsimCoupling* drive, double x) const {
  std::vector<double> q = default_q();
  if (drive) {
    q.at(static_cast<std::size_t>(drive->dependent)) = drive->dependent_value(x);
    // a coupler between two coordinates of this joint: the independent one moves along with x too
    const int independent = find_coordinate(drive->independent.name);
    if (independent >= 0) q.at(static_cast<std::size_t>(independent)) = x;
  } else {
    q.at(static_cast<std::size_t>(coordinate)) = x;
    // couplers that set another coordinate of this joint from this one are followed (leg39's knee: the tibia's
    // translations follow the flexion)
    for (const OsimCoupling& c : couplings)
      if (c.independent.name == coordinates.at(static_cast<std::size_t>(coordinate)).name && c.dependent != coordinate && c.dependent >= 0)
        q.at(static_cast<std::size_t>(c.dependent)) = c.dependent_value(x);
  }
  return q;
}

const OsimCoupling* OsimCustomJoint::coupling_of(int coordinate) const {
  for (const OsimCoupling& c : couplings) {
    if (c.dependent == coordinate) return &c;
  }
  return nullptr;
}

int OsimCustomJoint::find_coordinate(const std::string& coordinate_name) const {
  for (std::size_t i = 0; i < coordinates.size(); ++i) {
    if (coordinates[i].name == coordinate_name) return static_cast<int>(i);
  }
  return -1;
}

bool osim_range_is_unbounded(double min, double max) { return std::abs(min) >= 1e4 || std::abs(max) >= 1e4; }

namespace {
// the knot span of the spline inside f (through MultiplierFunctions), if any
bool spline_span(const OsimFunction& f, double& lo, double& hi) {
  if (f.kind() == OsimFunctionKind::Multiplier) return spline_span(f.inner(), lo, hi);
  if (f.kind() != OsimFunctionKind::SimmSpline && f.kind() != OsimFunctionKind::NaturalCubicSpline) return false;
  lo = f.x().front();
  hi = f.x().back();
  return true;
}

std::string number(double v) {
  std::ostringstream out;
  out << v;
  return out.str();
}
}  // namespace

std::vector<std::string> osim_range_notes(const OsimCustomJoint& joint, int coordinate, double min, double max) {
  std::vector<std::string> notes;
  const std::string name = joint.coordinates.at(static_cast<std::size_t>(coordinate)).name;
  bool turns = false;
  for (std::size_t i = 0; i < 6; ++i) {
    const OsimTransformAxis& a = joint.axes[i];
    if (a.coordinate != coordinate) continue;
    turns = turns || (i < 3 && !a.function.is_constant());
    double lo = 0.0, hi = 0.0;
    if (!spline_span(a.function, lo, hi)) continue;
    // rounding in the file (a range of 0.61086524 against a last knot of 0.610865) is not worth a note
    const double slack = 1e-4 * (hi - lo);
    if (min < lo - slack || max > hi + slack) {
      notes.push_back(a.name + ": the range [" + number(min) + ", " + number(max) + "] of '" + name +
                      "' runs past the spline's knots [" + number(lo) + ", " + number(hi) +
                      "]; there the function continues along its end tangent, as in OpenSim");
    }
  }
  constexpr double two_pi = 6.283185307179586;
  if (turns && (std::abs(min) > two_pi || std::abs(max) > two_pi)) {
    notes.push_back("'" + name + "' turns the joint but its range [" + number(min) + ", " + number(max) +
                    "] goes past ±2π: OpenSim reads rotational coordinates in radians; if these are degrees, give --range in radians");
  }
  return notes;
}

fit::SampleSet sample_osim_joint(const OsimCustomJoint& joint, int coordinate, int count, const std::string& source) {
  if (coordinate < 0 || coordinate >= static_cast<int>(joint.coordinates.size())) {
    throw std::invalid_argument("sample_osim_joint: no coordinate " + std::to_string(coordinate));
  }
  const OsimCoordinate& c = joint.coordinates[static_cast<std::size_t>(coordinate)];
  if (!c.has_range) {
    throw std::invalid_argument(source + ":" + std::to_string(c.line) + ": coordinate '" + c.name +
                                "' has no <range>, so there is nothing to sample");
  }
  return sample_osim_path(joint, coordinate, nullptr, c.min, c.max, count, source);
}

fit::SampleSet sample_osim_path(const OsimCustomJoint& joint, int coordinate, const OsimCoupling* drive, double min,
                                double max, int count, const std::string& source) {
  if (count < 2) throw std::invalid_argument("sample_osim_joint: need at least 2 samples");
  if (!(max > min)) throw std::invalid_argument("sample_osim_joint: empty range");
  fit::SampleSet set;
  set.dof = 1;
  set.has_q = true;
  set.source = source;
  for (int k = 0; k < count; ++k) {
    const double x = min + (max - min) * k / (count - 1);
    fit::Sample s;
    s.q = JointVector::Constant(1, x);
    s.parent_T_child = joint.parent_T_child(joint.path_q(coordinate, drive, x));
    set.samples.push_back(s);
  }
  return set;
}

}  // namespace js::interop
