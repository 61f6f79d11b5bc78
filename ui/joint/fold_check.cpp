#include "ui/joint/fold_check.hpp"

#include <QObject>
#include <algorithm>
#include <cmath>
#include <functional>
#include <vector>

#include "core/joints/joint.hpp"
#include "ui/document/coordinate_units.hpp"

namespace js::ui {

namespace {

// a hairpin counts when the stretch of path between the two poses is at least this share of the whole path (a
// small wiggle is not a fold) ...
constexpr double kRetraceMinArcShare = 0.1;
// ... the two poses are closer than this share of that stretch (a path that goes on has them about as far
// apart as the stretch is long) ...
constexpr double kRetraceMaxRatio = 0.25;
// ... and the path moves the other way at the second (cosine of the angle between the two velocities at most
// this): a closed loop comes back to its start moving the same way, which is no fold
constexpr double kRetraceMaxCosine = -0.5;

// rotation angle and translation over the length scale between two poses, as the fit's twist metric weighs them
double fold_pose_distance(const SE3& a, const SE3& b, double length_scale) {
  const double angle = Eigen::AngleAxisd(a.R.transpose() * b.R).angle();
  return std::hypot(angle, (a.p - b.p).norm() / length_scale);
}

// the message with q written by q_text
QString fold_text(const FoldCheck& fold, const std::function<QString(double)>& q_text) {
  if (!fold.folds) return {};
  const QString check = QObject::tr("check the samples near there, e.g. one captured outside the range or out of order.");
  if (fold.stops || fold.reverses)
    return QObject::tr("The fitted path folds back near q = %1 (its speed drops to %2% of the usual): %3")
        .arg(q_text(fold.q))
        .arg(fold.median_speed > 0 ? 100.0 * fold.min_speed / fold.median_speed : 0.0, 0, 'f', 1)
        .arg(check);
  return QObject::tr("The fitted path folds back near q = %1: at q = %2 the child is back where it was at q = %3, "
                     "moving the other way: %4")
      .arg(q_text(fold.q), q_text(fold.back_from), q_text(fold.back_to), check);
}

}  // namespace

FoldCheck check_fold(const JointModel& model, double length_scale, int grid) {
  FoldCheck out;
  if (model.dof() != 1 || grid < 3 || !(length_scale > 0.0)) return out;
  const Coordinate& c = model.coordinates().front();
  if (!std::isfinite(c.min) || !std::isfinite(c.max) || !(c.max > c.min) || c.max - c.min > 1e6) return out;
  const auto n = static_cast<std::size_t>(grid);
  const auto q_at = [&](double i) { return c.min + (c.max - c.min) * i / (grid - 1); };
  JointData data(1);
  Eigen::VectorXd q(1);
  std::vector<double> speed(n);
  std::vector<SE3> pose(n);
  // S in the parent's frame (Ad_G S without the lever term: the child origin's velocity) so velocities at
  // different q compare in one frame
  std::vector<Twist> dir(n);
  for (std::size_t i = 0; i < n; ++i) {
    q[0] = q_at(static_cast<double>(i));
    model.evaluate(q, data, EvalLevel::Jacobian);
    Twist s = data.S.col(0);
    s.tail<3>() /= length_scale;
    speed[i] = s.norm();
    pose[i] = data.G;
    dir[i].head<3>() = data.G.R * s.head<3>();
    dir[i].tail<3>() = data.G.R * s.tail<3>();
  }
  std::vector<double> sorted = speed;
  std::nth_element(sorted.begin(), sorted.begin() + grid / 2, sorted.end());
  out.median_speed = sorted[n / 2];
  const auto min_it = std::min_element(speed.begin(), speed.end());
  out.min_speed = *min_it;
  out.q = q_at(static_cast<double>(min_it - speed.begin()));
  // near zero: a few percent of the usual speed (the path nearly stops and may turn)
  out.stops = out.median_speed > 0.0 && out.min_speed < 0.02 * out.median_speed;
  for (std::size_t i = 0; i + 1 < n && !out.reverses; ++i) {
    // the rotation part's direction flips between neighbours: the child turns back along its path. the
    // child frame's origin moves as the rotation's lever, so the angular part alone decides
    const Vec3 a = dir[i].head<3>(), b = dir[i + 1].head<3>();
    if (a.norm() > 1e-9 && b.norm() > 1e-9 && a.dot(b) < -0.5 * a.norm() * b.norm()) {
      out.reverses = true;
      out.q = q_at(static_cast<double>(i) + 0.5);
    }
  }
  // the hairpin: poses i < j far apart along the path but close to each other, the path moving the other way at j.
  // the path length between them is summed from neighbouring pose distances, in the same metric
  std::vector<double> arc(n, 0.0);
  for (std::size_t i = 1; i < n; ++i) arc[i] = arc[i - 1] + fold_pose_distance(pose[i - 1], pose[i], length_scale);
  const double total = arc.back();
  double best = kRetraceMaxRatio;
  std::size_t best_i = 0, best_j = 0;
  for (std::size_t i = 0; total > 0.0 && i < n; ++i) {
    if (dir[i].norm() == 0.0) continue;
    for (std::size_t j = i + 1; j < n; ++j) {
      const double along = arc[j] - arc[i];
      if (along < kRetraceMinArcShare * total) continue;
      if (dir[i].dot(dir[j]) > kRetraceMaxCosine * dir[i].norm() * dir[j].norm()) continue;
      const double ratio = fold_pose_distance(pose[i], pose[j], length_scale) / along;
      if (ratio < best) {
        best = ratio;
        best_i = i;
        best_j = j;
      }
    }
  }
  if (best_j > 0) {
    out.retraces = true;
    out.retrace_ratio = best;
    out.back_to = q_at(static_cast<double>(best_i));
    out.back_from = q_at(static_cast<double>(best_j));
    // the turn: half way along the path between the two poses
    const double middle = 0.5 * (arc[best_i] + arc[best_j]);
    const auto turn = std::lower_bound(arc.begin() + static_cast<std::ptrdiff_t>(best_i),
                                       arc.begin() + static_cast<std::ptrdiff_t>(best_j), middle);
    if (!out.stops && !out.reverses) out.q = q_at(static_cast<double>(turn - arc.begin()));
  }
  out.folds = out.stops || out.reverses || out.retraces;
  out.message = fold_text(out, [](double v) { return QString::number(v, 'f', 3); });
  return out;
}

QString fold_message(const FoldCheck& fold, const Joint& joint) {
  return fold_text(fold, [&joint](double v) { return coordinate_value_text(joint, 0, v); });
}

}  // namespace js::ui
