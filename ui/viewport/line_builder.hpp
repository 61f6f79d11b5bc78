// small helpers that append line segments (vertex pairs) to a Scene's line lists.
#pragma once

#include <vector>

#include "ui/viewport/scene.hpp"

namespace js::ui {

inline void push_line(std::vector<LineVertex>& out, const Vec3& a, const Vec3& b, const Eigen::Vector4f& c) {
  out.push_back({a.cast<float>(), c});
  out.push_back({b.cast<float>(), c});
}

// axes of world_T as x red, y green, z blue of the given length; brightness scales the colours
inline void append_triad(std::vector<LineVertex>& out, const SE3& world_T, double length, float alpha,
                         float brightness = 1.0f) {
  for (int a = 0; a < 3; ++a) {
    const Eigen::Vector4f c(brightness * (a == 0 ? 0.9f : 0.2f), brightness * (a == 1 ? 0.8f : 0.2f),
                            brightness * (a == 2 ? 0.95f : 0.25f), alpha);
    push_line(out, world_T.p, world_T.p + length * world_T.R.col(a), c);
  }
}

}  // namespace js::ui
