// a joint in words for the properties dock: kind, dof, a spline's order and control frames, its coordinates with
// their ranges in their units, closed or not, the smallest speed ‖S‖ over the range (paper §5: S must not vanish;
// core/joints/spline_checks.hpp) and whether the path folds back (ui/joint/fold_check.hpp), and the error at the
// samples under the model. each row has a tooltip saying what it means in the user's words.
#pragma once

#include <QString>
#include <memory>
#include <vector>

#include "ui/document/document_data.hpp"
#include "ui/joint/fold_check.hpp"

namespace js::ui {

struct SummaryRow {
  QString label;
  QString value;
  QString tip;
};

// what checking the model's range costs (hundreds of evaluations): computed once per model and length scale
struct ModelChecks {
  bool valid = false;             // false: no model, or ranges open (nothing checked)
  double min_speed = 0.0;         // min over the range of ‖S e_i‖ with translations over the length scale
  Eigen::VectorXd where;          // q at that minimum
  FoldCheck fold;                 // does a 1-dof path turn back on itself (fold_check.hpp)
};
ModelChecks check_model(const JointModel& model, double length_scale);

// rows for the joint; checks: check_model of its model (ignored when not valid)
std::vector<SummaryRow> joint_summary(const Joint& joint, const ModelChecks& checks, double length_scale);
// the rows as plain lines, "Kind: spline curve"
QString joint_summary_text(const std::vector<SummaryRow>& rows);

}  // namespace js::ui
