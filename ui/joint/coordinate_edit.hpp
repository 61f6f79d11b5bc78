// editing one coordinate of a joint as the coordinate editor (ui/panels/coordinate_editor) does: its name, unit,
// range and default in one undo step. a joint with a model gets a clone of the model with the new coordinate
// (models are immutable) and its child follows q clamped into the new range; a joint not fitted yet keeps the
// name and range for its fit (Joint::user_coordinates, fit_job.hpp).
#pragma once

#include <QString>
#include <optional>

#include "ui/document/operations.hpp"
#include "ui/document/coordinate_units.hpp"

namespace js::ui {

// one coordinate as the editor shows it; values in SI units (rad or m)
struct CoordinateEdit {
  QString name;
  CoordinateUnit unit = CoordinateUnit::radians;
  std::optional<double> min, max;  // an open bound: nullopt
  double default_value = 0.0;
  bool operator==(const CoordinateEdit&) const = default;
};

// coordinate i of the joint as it is now
CoordinateEdit coordinate_edit_of(const Joint& joint, int i);

// why `edit` cannot be coordinate i of the joint (an empty or taken name — in an opened OpenSim model, taken by any
// coordinate of the model —, a name with spaces or dots, a unit of the other kind, min ≥ max, a default outside the
// range, a new range for a closed curve), or an empty string
QString coordinate_edit_problem(const Document& doc, const Joint& joint, int i, const CoordinateEdit& edit);

// applies it: one undo step ("Edit coordinate flexion of knee"); nothing when it equals the coordinate as it is. a
// rename reaches what refers to the coordinate by name: a re-authored joint's candidate and original, a restricted
// joint's inner coordinate, an opened scene's springs, motors, couplers, initial state and drive (scene_names.hpp);
// an opened OpenSim model is written back with it renamed (osim_names.hpp, File ▸ Save As OpenSim Model)
OpResult<bool> edit_coordinate(Document& doc, JointId id, int i, const CoordinateEdit& edit);

// what q past the joint's ranges does (core's OutOfRange: extrapolate, clamp, wrap; docs/joints.md): one undo step on
// a clone of the model, the child following (a q past an end moves to the end's pose under clamp). refused with
// core's reason (wrap where the ends do not meet, extrapolate on a closed curve, clamp without a bound) or for a
// joint without a model yet; a refit keeps the choice where the new spline allows it (fit_job.cpp)
OpResult<bool> set_out_of_range(Document& doc, JointId id, OutOfRange policy);
// the policy as the ui names it ("Extrapolate", "Clamp", "Wrap")
QString out_of_range_text(OutOfRange policy);

// puts every coordinate of the joint at its default (joint_default_q), the child following: one undo step
OpResult<bool> reset_joint_q(Document& doc, JointId id);

}  // namespace js::ui
