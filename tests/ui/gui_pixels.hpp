// pixel helpers shared by the window tests: the viewport's background and a colour distance.
#pragma once

#include <QColor>
#include <cstdlib>

namespace js::ui::test {

// the viewport's clear colour (Scene::background) as the framebuffer stores it
inline const QColor kBackground(41, 43, 48);

// L1 distance of two colours over r, g, b (0–765)
inline int colour_distance(const QColor& a, const QColor& b) {
  return std::abs(a.red() - b.red()) + std::abs(a.green() - b.green()) + std::abs(a.blue() - b.blue());
}

}  // namespace js::ui::test
