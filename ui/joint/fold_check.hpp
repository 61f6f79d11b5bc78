// does a joint's path fold back inside its range? a spline fitted through a sample captured out of order (or
// outside the range) can turn back on itself. three signs, each checked on a fine grid of q over the coordinate
// range: the velocity S(q) (paper eq. 28) drops to near zero (the path stops and may turn), S flips between
// neighbouring grid points (a sharp turn), or the path comes back along poses it passed through before while
// moving the other way (a hairpin: the turn is wide and the speed stays up, so neither of the first two sees it).
#pragma once

#include <QString>

#include "ui/document/document_data.hpp"

namespace js::ui {

struct FoldCheck {
  bool folds = false;
  double q = 0.0;            // where: the smallest ‖S‖, the first reversal, or the turn of a hairpin
  double min_speed = 0.0;    // min over the range of ‖S‖ with translations over length_scale
  double median_speed = 0.0;
  bool stops = false;        // ‖S‖ below 2% of its median somewhere
  bool reverses = false;     // S turns against itself between two neighbouring grid points
  bool retraces = false;     // a hairpin: at back_from the child is back near its pose at back_to, moving the other way
  double back_to = 0.0;      // the earlier q whose pose the path comes back to
  double back_from = 0.0;    // the later q where it is back there
  double retrace_ratio = 0.0;  // distance between those two poses over the path length between them (0: same pose)
  QString message;           // for the fit dock (q in radians or metres), empty when the path does not fold
};

// length_scale (m) weighs translations against rotations in ‖S‖ and in pose distances as in the fit's twist
// metric. a 1-dof model with a finite range only; anything else passes.
FoldCheck check_fold(const JointModel& model, double length_scale, int grid = 400);

// the fit dock's message with q in the joint's coordinate units (degrees for a knee); empty when it does not fold
QString fold_message(const FoldCheck& fold, const Joint& joint);

}  // namespace js::ui
