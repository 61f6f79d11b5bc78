#include "ui/viewport/standard_views.hpp"

#include <QObject>
#include <cmath>
#include <numbers>

#include "ui/viewport/camera.hpp"

namespace js::ui {
namespace {
constexpr double kViewHalfPi = 0.5 * kPi;
// straight down would leave the orbit basis without a right axis (up × view direction = 0)
constexpr double kViewTopPitch = kViewHalfPi - 1e-6;
// in the orbit's y-up frame a yaw y looks from (sin y, 0, cos y): anterior is at yaw π/2 + facing, right at facing;
// world_from_view_up carries them into a z-up world
Vec3 horizontal_at_yaw(const CameraState& c, double yaw) {
  return world_from_view_up(c) * Vec3(std::sin(yaw), 0.0, std::cos(yaw));
}
}  // namespace

Vec3 anterior_direction(const CameraState& c) { return horizontal_at_yaw(c, kViewHalfPi + c.facing); }
Vec3 right_direction(const CameraState& c) { return horizontal_at_yaw(c, c.facing); }

int body_side(const CameraState& c, const Vec3& world_point) { return world_point.dot(right_direction(c)) >= 0.0 ? 1 : -1; }

CameraState standard_view(const CameraState& c, StandardView view, int side) {
  CameraState out = c;
  out.pitch = 0.0;
  // the orbit's eye direction is (cos p sin yaw, sin p, cos p cos yaw): yaw = π/2 looks from +x, 0 from +z
  const double right_yaw = c.facing, left_yaw = c.facing + kPi;
  switch (view) {
    case StandardView::anterior: out.yaw = c.facing + kViewHalfPi; break;
    case StandardView::posterior: out.yaw = c.facing - kViewHalfPi; break;
    case StandardView::lateral: out.yaw = side >= 0 ? right_yaw : left_yaw; break;
    case StandardView::medial: out.yaw = side >= 0 ? left_yaw : right_yaw; break;
    case StandardView::superior:
      // from above with the eye a hair behind: anterior is up the screen
      out.yaw = c.facing - kViewHalfPi;
      out.pitch = kViewTopPitch;
      break;
  }
  return out;
}

CameraState facing_from_view(const CameraState& c) {
  CameraState out = c;
  // the eye at yaw y is on the anterior side when y = π/2 + facing; kept within (−π, π]
  out.facing = std::remainder(c.yaw - kViewHalfPi, 2.0 * kPi);
  return out;
}

QString standard_view_name(StandardView view) {
  switch (view) {
    case StandardView::anterior: return QObject::tr("Anterior");
    case StandardView::posterior: return QObject::tr("Posterior");
    case StandardView::lateral: return QObject::tr("Lateral");
    case StandardView::medial: return QObject::tr("Medial");
    case StandardView::superior: return QObject::tr("Superior");
  }
  return {};
}

}  // namespace js::ui
