#include "ui/panels/pose_format.hpp"

#include <Eigen/Geometry>
#include <QRegularExpression>
#include <QStringList>
#include <algorithm>
#include <cmath>
#include <numbers>

namespace js::ui {

namespace {
constexpr double kDeg = 180.0 / kPi;
}

Vec3 euler_xyz_degrees(const Mat3& R) {
  const double b = std::asin(std::clamp(R(0, 2), -1.0, 1.0));
  double a, c;
  if (std::abs(R(0, 2)) < 1.0 - 1e-12) {
    a = std::atan2(-R(1, 2), R(2, 2));
    c = std::atan2(-R(0, 1), R(0, 0));
  } else {
    // gimbal lock: put everything into a
    a = std::atan2(R(2, 1), R(1, 1));
    c = 0.0;
  }
  return Vec3(a, b, c) * kDeg;
}

Mat3 rotation_from_euler_xyz_degrees(const Vec3& deg) {
  const Vec3 r = deg / kDeg;
  return (Eigen::AngleAxisd(r.x(), Vec3::UnitX()) * Eigen::AngleAxisd(r.y(), Vec3::UnitY()) *
          Eigen::AngleAxisd(r.z(), Vec3::UnitZ()))
      .toRotationMatrix();
}

QString translation_mm_text(const Vec3& p) {
  return QStringLiteral("%1, %2, %3 mm").arg(p.x() * 1e3, 0, 'f', 1).arg(p.y() * 1e3, 0, 'f', 1).arg(p.z() * 1e3, 0, 'f', 1);
}

QString rotation_text(const Mat3& R) {
  const Eigen::AngleAxisd aa(R);
  if (std::abs(aa.angle()) < 1e-9) return QStringLiteral("0°");
  const Vec3& a = aa.axis();
  return QStringLiteral("%1° about (%2, %3, %4)")
      .arg(aa.angle() * kDeg, 0, 'f', 1)
      .arg(a.x(), 0, 'f', 2)
      .arg(a.y(), 0, 'f', 2)
      .arg(a.z(), 0, 'f', 2);
}

QString pose_summary(const SE3& T) { return translation_mm_text(T.p) + QStringLiteral(" · ") + rotation_text(T.R); }

namespace {
bool in_degrees(const std::vector<bool>& degrees, Eigen::Index i) {
  return static_cast<std::size_t>(i) < degrees.size() && degrees[static_cast<std::size_t>(i)];
}
}  // namespace

QString q_text(const Eigen::VectorXd& q, const std::vector<bool>& degrees) {
  QStringList parts;
  for (Eigen::Index i = 0; i < q.size(); ++i)
    parts << (in_degrees(degrees, i) ? QString::number(q[i] * 180.0 / kPi, 'g', 6) + QStringLiteral("°")
                                     : QString::number(q[i], 'g', 6));
  return parts.join(QStringLiteral(", "));
}

bool parse_q(const QString& text, int n, Eigen::VectorXd& q, const std::vector<bool>& degrees) {
  const QStringList parts = text.split(QRegularExpression(QStringLiteral("[,;\\s]+")), Qt::SkipEmptyParts);
  if (parts.size() != n) return false;
  Eigen::VectorXd out(n);
  for (int i = 0; i < n; ++i) {
    bool ok = false;
    QString part = parts[i];
    // a typed ° means degrees on any coordinate; without it, a coordinate shown in degrees reads degrees too
    const bool typed_degrees = part.endsWith(QChar(0x00B0));
    if (typed_degrees) part.chop(1);
    out[i] = part.toDouble(&ok);
    if (typed_degrees || in_degrees(degrees, i)) out[i] *= kPi / 180.0;
    if (!ok || !std::isfinite(out[i])) return false;
  }
  q = out;
  return true;
}

}  // namespace js::ui
