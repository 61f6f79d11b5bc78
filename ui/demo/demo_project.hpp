// the embedded knee demo: procedural femur (root) and tibia joined by a 1-dof spline joint, with a dozen
// captured samples of the tibia rolling, sliding and rotating internally while the knee flexes 0–120°.
#pragma once

#include "ui/document/document_data.hpp"

namespace js::ui {

// the thigh's tilt from vertical (rad, about the knee's flexion axis): the shank hangs straight down at
// this knee flexion
inline constexpr double kDemoHipFlexion = 1.0471975511965976;  // 60°

// the demo's tibia pose relative to the femur at flexion angle theta (rad); noise-free
SE3 demo_knee_pose(double theta);

// the whole demo project; q of each sample is its flexion angle in radians
DocumentData make_demo_project();

}  // namespace js::ui
