// dragging a captured sample with the gizmo, refitting the joint live when its fit is fast enough.
// "fast enough": one fit of the joint (FitRecord::seconds, measured by the fit itself; a cross-validated
// fit counts per fit) took at most kLiveRefitSeconds, so a synchronous refit per mouse move keeps the view
// above ~20 updates a second on this 2-core machine. the live refit is one fit at the smoothing weight the
// last fit used (cross-validation is not rerun per move) and measures itself, so a joint that grows slow
// stops refitting. slower joints only move the sample; Fit refits them. the sample move and every refit
// of one drag are one undo step (equal merge keys).
#pragma once

#include "ui/document/operations.hpp"

namespace js::ui {

inline constexpr double kLiveRefitSeconds = 0.05;

// whether a sample drag of this joint refits it live: a fitted spline whose last fit took ≤ kLiveRefitSeconds
bool refits_live(const Joint& joint);

// moves sample `index` of joint `id` to parent_T_child; when refits_live, fits again with the document's
// settings and carries the child to G(q) under the new model. equal non-zero merge keys merge into one
// step. value: true when the joint was refitted.
OpResult<bool> drag_sample(Document& doc, JointId id, int index, const SE3& parent_T_child, int merge_key);

}  // namespace js::ui
