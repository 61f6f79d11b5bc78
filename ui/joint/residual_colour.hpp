// one colour scale for sample residuals, shared by the samples table and the viewport's ghosts:
// green at 0, yellow at 1 mm, red from 2 mm of metric distance d = sqrt(|Δp|² + (ℓ θ)²) (ℓ: the fit's
// length scale, so 1° weighs like ℓ·π/180 of translation, as in the fit's metric).
#pragma once

#include <QColor>
#include <algorithm>
#include <cmath>

#include "ui/document/joint_model.hpp"

namespace js::ui {

inline constexpr double kResidualRed = 2e-3;  // m

inline double residual_distance(const PoseError& e, double length_scale) {
  return std::hypot(e.translation, length_scale * e.rotation);
}

inline QColor residual_colour(double distance) {
  const double t = std::clamp(distance / kResidualRed, 0.0, 1.0);
  // green → yellow over the first half, yellow → red over the second
  const double r = std::min(1.0, 2.0 * t), g = std::min(1.0, 2.0 * (1.0 - t));
  return QColor::fromRgbF(static_cast<float>(0.15 + 0.8 * r), static_cast<float>(0.15 + 0.7 * g), 0.2f);
}

}  // namespace js::ui
