#include "ui/joint/live_refit.hpp"

#include <QObject>

#include "ui/document/commands.hpp"
#include "ui/joint/fit_job.hpp"
#include "ui/document/joint_model.hpp"
#include "ui/joint/joint_operations.hpp"

namespace js::ui {

bool refits_live(const Joint& joint) {
  return is_spline_kind(joint.kind) && joint.model && joint.last_fit.seconds > 0.0 &&
         joint.last_fit.seconds <= kLiveRefitSeconds;
}

OpResult<bool> drag_sample(Document& doc, JointId id, int index, const SE3& parent_T_child, int merge_key) {
  const Joint* j = doc.data().joint(id);
  if (!j) return {false, QObject::tr("No joint with id %1").arg(id)};
  if (index < 0 || index >= static_cast<int>(j->samples.size()))
    return {false, QObject::tr("No sample %1 in %2").arg(index + 1).arg(j->name)};
  const Body* child = doc.data().body(j->child);
  if (!child) return {false, QObject::tr("Joint %1 has no child body").arg(j->name)};
  Joint after = *j;
  after.samples[static_cast<std::size_t>(index)].parent_T_child = parent_T_child;
  Body moved = *child;
  bool refitted = false;
  if (refits_live(*j)) {
    // a failed refit (e.g. a degenerate pose mid-drag) keeps the old model: the sample still moves
    FitSettings settings = doc.data().fit;
    settings.auto_smoothing = false;
    settings.smoothing = j->last_fit.smoothing;
    const FitOutcome fit = run_fit(after, settings);
    if (fit.ok()) {
      OpResult<Joint> fitted = joint_with_model(after, fit.model, std::nullopt, fit_record(fit.report));
      if (fitted.ok()) {
        after = std::move(fitted.value);
        moved.pose = joint_transform(*after.model, after.q);
        refitted = true;
      }
    }
  }
  push_swap(doc, JointMotion{*j, *child}, JointMotion{std::move(after), std::move(moved)},
            QObject::tr("Move sample %1").arg(index + 1), merge_key);
  return {refitted, {}};
}

}  // namespace js::ui
