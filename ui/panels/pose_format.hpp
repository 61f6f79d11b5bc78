// how poses are shown and typed in the ui: millimetres and degrees, rotations as x-y-z euler angles
// (R = Rx(a) Ry(b) Rz(c), the order the properties dock lists them in).
#pragma once

#include <vector>

#include <QString>

#include "core/lie/se3.hpp"

namespace js::ui {

// (a, b, c) in degrees with R = Rx(a) Ry(b) Rz(c); b ∈ [−90, 90]
Vec3 euler_xyz_degrees(const Mat3& R);
Mat3 rotation_from_euler_xyz_degrees(const Vec3& deg);

// "12.3, −4.0, 22.0 mm · 35.2° about (0.99, 0.10, 0.02)"
QString pose_summary(const SE3& T);
QString translation_mm_text(const Vec3& p);
QString rotation_text(const Mat3& R);

// "0.5, 1" ⇄ a vector; parse returns false on anything that is not a number list of length n. coordinates flagged
// in `degrees` (a rotational coordinate of an opensim joint, Joint::degrees) read and write in degrees ("68.8°";
// the ° is optional when typed), the others as stored; a typed ° reads degrees on any coordinate.
QString q_text(const Eigen::VectorXd& q, const std::vector<bool>& degrees = {});
bool parse_q(const QString& text, int n, Eigen::VectorXd& q, const std::vector<bool>& degrees = {});

}  // namespace js::ui
