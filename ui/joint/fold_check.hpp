// does a joint's path fold back inside its range? a spline fitted through a sample captured out of order (or
// outside the range) can turn back on itself: the velocity S(q) (paper eq. 28) drops to near zero and the
// child reverses along the same path. checked on a fine grid of q over the coordinate range.
#pragma once

#include <QString>

#include "ui/document/document_data.hpp"

namespace js::ui {

struct FoldCheck {
  bool folds = false;
  double q = 0.0;            // where: the smallest ‖S‖ or the first reversal
  double min_speed = 0.0;    // min over the range of ‖S‖ with translations over length_scale
  double median_speed = 0.0;
  bool reverses = false;     // S turns against itself between two neighbouring grid points
  QString message;           // for the fit dock, empty when the path does not fold
};

// length_scale (m) weighs translations against rotations in ‖S‖ as in the fit's twist metric. a 1-dof model
// with a finite range only; anything else passes.
FoldCheck check_fold(const JointModel& model, double length_scale, int grid = 400);

}  // namespace js::ui
