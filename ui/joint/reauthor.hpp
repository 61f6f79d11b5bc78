// re-authoring a joint that has a model of its own (an opensim joint, a lower pair) as a spline joint:
// sample its motion over the coordinates' ranges, fit a candidate (fit_runner.hpp), compare the candidate with
// the joint's model, replace the model by it in one undo step, and restore the original. docs/opensim.md.
#pragma once

#include <QString>
#include <memory>
#include <optional>

#include "core/joints/joint_difference.hpp"
#include "ui/document/operations.hpp"

namespace js::ui {

// coordinate i's value as people read it: degrees for a rotational coordinate of an opensim joint, mm for a
// translational one, else as stored ("35.0°", "12.0 mm", "0.5")
QString coordinate_text(const Joint& joint, int i, double value);

// true when a fit of this joint gives a candidate rather than the model: it has a model that is not a spline's
bool fits_a_candidate(const Joint& joint);

// the joint's coordinates as a sample of it can choose among them: those of the model as read (an opensim joint seen
// through some of its coordinates is a core RestrictedJoint; its inner joint's), each with the value it is held at
// when not sampled (the opensim model's default, else 0 inside the range), whether it shows in degrees, and the
// coupler constraint of d that sets it from others (empty when none)
struct SamplingCoordinate {
  Coordinate coordinate;
  double held = 0.0;
  bool degrees = false;
  QString coupler;
};
std::vector<SamplingCoordinate> sampling_coordinates(const Joint& joint, const DocumentData* d = nullptr);

// why the joint cannot be sampled over `coordinates` (indices into sampling_coordinates; empty: all of them, which
// needs 1 or 2): no model, not 1 or 2 chosen, a chosen coordinate without a bounded range or set by a coupler
// constraint of d's opensim model. empty when it can.
QString sampling_problem(const Joint& joint, const DocumentData* d = nullptr, const std::vector<int>& coordinates = {});

// replaces the joint's samples by its model's motion: n0 values over the first chosen coordinate's range, or an
// n0 × n1 grid over both (the first outer). the joint's other coordinates are held (SamplingCoordinate::held) or
// follow the coupler constraints that set them: the joint's model becomes the model as read seen through the chosen
// coordinates (a core RestrictedJoint; choosing all of them again brings the model as read back), with q and its
// units following. one undo step; returns the number of samples.
OpResult<int> sample_joint(Document& doc, JointId id, int n0, int n1 = 1, const std::vector<int>& coordinates = {});

// a fit of the joint (fits_a_candidate) becomes its candidate, with what the app keeps of the fit; the joint's model
// stays. one undo step named text.
OpResult<bool> set_candidate(Document& doc, JointId id, std::shared_ptr<const JointModel> fitted, const FitRecord& fit,
                             const QString& text);

// the candidate becomes the joint's model (the child moves to it at the same q); the model it replaces is kept as
// the joint's original (an earlier original stays). one undo step.
OpResult<bool> replace_with_candidate(Document& doc, JointId id);

// the original becomes the joint's model again and the replacement its candidate (still compared). one undo step.
OpResult<bool> restore_original(Document& doc, JointId id);

// the fitted model and the one it is compared with: (candidate, model) before a replacement, (model, original)
// after; both null when the joint has neither
struct Comparison {
  std::shared_ptr<const JointModel> fitted, reference;
  bool replaced = false;
};
Comparison joint_comparison(const Joint& joint);

// the largest difference of the comparison over the reference's coordinate ranges (201 values for 1 dof, 41 × 41
// for 2); nothing when there is no comparison or a range is not bounded
std::optional<JointDifference> comparison_difference(const Joint& joint);

// "fitted vs the model's knee_r: max 0.041 mm at 35.0°, 0.020° at 80.0° (201 values over the range)"
QString comparison_text(const Joint& joint, const JointDifference& d);

}  // namespace js::ui
