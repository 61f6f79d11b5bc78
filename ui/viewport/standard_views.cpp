#include "ui/viewport/standard_views.hpp"

#include <QObject>
#include <numbers>

#include "ui/viewport/camera.hpp"

namespace js::ui {
namespace {
constexpr double kHalfPi = 0.5 * std::numbers::pi;
// straight down would leave the orbit basis without a right axis (up × view direction = 0)
constexpr double kTopPitch = kHalfPi - 1e-6;
}  // namespace

// in the orbit's y-up frame anterior is +x and right +z; world_from_view_up carries them into a z-up world
Vec3 anterior_direction(const CameraState& c) { return world_from_view_up(c) * Vec3::UnitX(); }
Vec3 right_direction(const CameraState& c) { return world_from_view_up(c) * Vec3::UnitZ(); }

int body_side(const CameraState& c, const Vec3& world_point) { return world_point.dot(right_direction(c)) >= 0.0 ? 1 : -1; }

CameraState standard_view(const CameraState& c, StandardView view, int side) {
  CameraState out = c;
  out.pitch = 0.0;
  // the orbit's eye direction is (cos p sin yaw, sin p, cos p cos yaw): yaw = π/2 looks from +x, 0 from +z
  const double right_yaw = 0.0, left_yaw = std::numbers::pi;
  switch (view) {
    case StandardView::anterior: out.yaw = kHalfPi; break;
    case StandardView::posterior: out.yaw = -kHalfPi; break;
    case StandardView::lateral: out.yaw = side >= 0 ? right_yaw : left_yaw; break;
    case StandardView::medial: out.yaw = side >= 0 ? left_yaw : right_yaw; break;
    case StandardView::superior:
      // from above with the eye a hair behind: anterior is up the screen
      out.yaw = -kHalfPi;
      out.pitch = kTopPitch;
      break;
  }
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
