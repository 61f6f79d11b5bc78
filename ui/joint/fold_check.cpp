#include "ui/joint/fold_check.hpp"

#include <QObject>
#include <algorithm>
#include <cmath>
#include <vector>

#include "core/joints/joint.hpp"

namespace js::ui {

FoldCheck check_fold(const JointModel& model, double length_scale, int grid) {
  FoldCheck out;
  if (model.dof() != 1 || grid < 3) return out;
  const Coordinate& c = model.coordinates().front();
  if (!std::isfinite(c.min) || !std::isfinite(c.max) || !(c.max > c.min) || c.max - c.min > 1e6) return out;
  JointData data(1);
  Eigen::VectorXd q(1);
  std::vector<double> speed(static_cast<std::size_t>(grid));
  // S in the parent's frame (Ad_G S) so neighbouring velocities compare in one frame
  std::vector<Twist> dir(static_cast<std::size_t>(grid));
  for (int i = 0; i < grid; ++i) {
    q[0] = c.min + (c.max - c.min) * i / (grid - 1);
    model.evaluate(q, data, EvalLevel::Jacobian);
    Twist s = data.S.col(0);
    s.tail<3>() /= length_scale;
    speed[static_cast<std::size_t>(i)] = s.norm();
    Twist world;
    world.head<3>() = data.G.R * s.head<3>();
    world.tail<3>() = data.G.R * s.tail<3>();
    dir[static_cast<std::size_t>(i)] = world;
  }
  std::vector<double> sorted = speed;
  std::nth_element(sorted.begin(), sorted.begin() + grid / 2, sorted.end());
  out.median_speed = sorted[static_cast<std::size_t>(grid / 2)];
  const auto min_it = std::min_element(speed.begin(), speed.end());
  out.min_speed = *min_it;
  const int at = static_cast<int>(min_it - speed.begin());
  out.q = c.min + (c.max - c.min) * at / (grid - 1);
  // near zero: a few percent of the usual speed (the path nearly stops and may turn)
  const bool stops = out.median_speed > 0.0 && out.min_speed < 0.02 * out.median_speed;
  for (int i = 0; i + 1 < grid && !out.reverses; ++i) {
    // the rotation part's direction flips between neighbours: the child turns back along its path. the
    // child frame's origin moves as the rotation's lever, so the angular part alone decides
    const Vec3 a = dir[static_cast<std::size_t>(i)].head<3>(), b = dir[static_cast<std::size_t>(i + 1)].head<3>();
    if (a.norm() > 1e-9 && b.norm() > 1e-9 && a.dot(b) < -0.5 * a.norm() * b.norm()) {
      out.reverses = true;
      out.q = c.min + (c.max - c.min) * (i + 0.5) / (grid - 1);
    }
  }
  out.folds = stops || out.reverses;
  if (out.folds)
    out.message = QObject::tr("The fitted path folds back near q = %1 (its speed drops to %2% of the usual): "
                              "check the samples near there, e.g. one captured outside the range or out of order.")
                      .arg(out.q, 0, 'f', 3)
                      .arg(out.median_speed > 0 ? 100.0 * out.min_speed / out.median_speed : 0.0, 0, 'f', 1);
  return out;
}

}  // namespace js::ui
