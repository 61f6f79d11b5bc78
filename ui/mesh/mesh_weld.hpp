// one id per position for vertices that nearly coincide (split normals, uv seams, the seam of a lathe, an
// STL file's per-triangle corners): shared by the closed-mesh check and the levels of detail.
#pragma once

#include <Eigen/Core>
#include <cstdint>
#include <vector>

namespace js::ui {

// for each of p's points the first point within tol of it on every axis (itself when none came before).
// lo: a corner at or below every point (the cells of the hash grid start there); tol > 0, in p's units.
// a hash grid with cells 2 tol wide: a partner lies in the point's own cell or the neighbour on its nearer
// side along each axis. O(n).
std::vector<std::uint32_t> weld_positions(const std::vector<Eigen::Vector3f>& p, const Eigen::Vector3f& lo, float tol);

}  // namespace js::ui
