// the samples table's rotations as three angles in a chosen sequence, per joint (Joint::sample_angles, saved in the
// project): grood–suntay for a knee (its axes from the motion, or named), the six body-fixed sequences, or the
// axis–angle of pose_format. the angle conventions are core/interop/motion_curves.hpp's, so a sample's angles in
// the table are the dots of Joint ▸ Motion Curves.
#pragma once

#include <QString>
#include <QStringList>

#include "core/interop/motion_curves.hpp"
#include "ui/document/document.hpp"
#include "ui/document/operations.hpp"
#include "ui/document/sample_angle_keys.hpp"

namespace js::ui {

// the keys (sample_angle_keys, is_sample_angle_key) are in ui/document/sample_angle_keys.hpp
// for the list: "Grood–Suntay, axes from the motion", "Grood–Suntay (x, floating z, y)", "body-fixed zxy", "axis–angle"
QString sample_angle_label(const QString& key);

// the convention a key means for this joint; "grood_suntay" guesses the axes from the motion: the model's over its
// first coordinate's range (as the motion curves do), else the samples' rotations. nullopt for "axis_angle".
std::optional<interop::AngleConvention> sample_angle_convention(const Joint& joint, const QString& key);

// the rotation column's header, short: "flexion, ab/ad, int. rot. (°)", "rotation z, x, y (°)", "rotation (axis–angle)"
QString sample_angle_header(const std::optional<interop::AngleConvention>& convention);
// its tooltip, the convention in words: "Grood–Suntay (x, floating z, y) angles …: flexion (+x), then …"
QString sample_angle_tooltip(const std::optional<interop::AngleConvention>& convention);
// one rotation as the column shows it: "−12.3°, 1.0°, 4.5°", or the axis–angle text without a convention
QString sample_angle_text(const Mat3& parent_R_child, const std::optional<interop::AngleConvention>& convention);

// sets the joint's choice as one undo step ("Show rotations of Knee as Grood–Suntay, …")
OpResult<bool> set_sample_angles(Document& doc, JointId id, const QString& key);

}  // namespace js::ui
