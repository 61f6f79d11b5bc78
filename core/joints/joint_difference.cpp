#include "core/joints/joint_difference.hpp"

#include <cmath>
#include <stdexcept>

#include "core/lie/so3.hpp"

namespace js {

JointDifference joint_difference(const JointModel& a, const JointModel& b, const JointVector& lo, const JointVector& hi,
                                 int n) {
  const int dof = a.dof();
  if (b.dof() != dof) throw std::invalid_argument("joint_difference: a " + std::to_string(dof) + "-dof joint against a " + std::to_string(b.dof()) + "-dof one");
  if (dof < 1 || dof > 3) throw std::invalid_argument("joint_difference: compares joints of 1 to 3 dof, not " + std::to_string(dof));
  if (lo.size() != dof || hi.size() != dof) throw std::invalid_argument("joint_difference: the range needs one bound pair per coordinate");
  for (int i = 0; i < dof; ++i)
    if (!std::isfinite(lo[i]) || !std::isfinite(hi[i]) || !(hi[i] >= lo[i]))
      throw std::invalid_argument("joint_difference: coordinate " + std::to_string(i) + " has no finite range");
  if (n < 2) throw std::invalid_argument("joint_difference: needs at least 2 values per coordinate");

  JointDifference out;
  out.worst_position_q = lo;
  out.worst_angle_q = lo;
  JointData da(dof), db(dof);
  JointVector q(dof);
  int total = 1;
  for (int i = 0; i < dof; ++i) total *= n;
  double sum_p = 0.0, sum_a = 0.0;
  for (int k = 0; k < total; ++k) {
    // grid index k → one value per coordinate, the first coordinate outermost
    for (int i = dof - 1, rest = k; i >= 0; --i, rest /= n)
      q[i] = rest % n == n - 1 ? hi[i] : lo[i] + (hi[i] - lo[i]) * static_cast<double>(rest % n) / (n - 1);
    a.evaluate(q, da, EvalLevel::Transform);
    b.evaluate(q, db, EvalLevel::Transform);
    const double dp = (da.G.p - db.G.p).norm();
    const double dr = so3_log(da.G.R.transpose() * db.G.R).norm();
    sum_p += dp * dp;
    sum_a += dr * dr;
    // a non-finite pose is the worst there is
    if (!(dp <= out.max_position_m)) {
      out.max_position_m = std::isfinite(dp) ? dp : INFINITY;
      out.worst_position_q = q;
    }
    if (!(dr <= out.max_angle_rad)) {
      out.max_angle_rad = std::isfinite(dr) ? dr : INFINITY;
      out.worst_angle_q = q;
    }
  }
  out.points = total;
  out.rms_position_m = std::sqrt(sum_p / total);
  out.rms_angle_rad = std::sqrt(sum_a / total);
  return out;
}

}  // namespace js
