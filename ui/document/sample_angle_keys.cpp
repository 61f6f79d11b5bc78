#include "ui/document/sample_angle_keys.hpp"

#include <QChar>

#include "core/interop/euler.hpp"

namespace js::ui {
namespace {

QString angle_key_axis_letter(int a) { return QString(QChar(static_cast<char16_t>(u'x' + a))); }

}  // namespace

QStringList sample_angle_keys() {
  QStringList keys{QStringLiteral("grood_suntay")};
  for (int f = 0; f < 3; ++f)
    for (int l = 0; l < 3; ++l)
      if (l != f) keys << QStringLiteral("grood_suntay_%1%2").arg(angle_key_axis_letter(f), angle_key_axis_letter(l));
  for (const interop::AxisOrder& o : interop::tait_bryan_orders()) keys << QString::fromStdString(interop::axis_order_name(o));
  keys << QStringLiteral("axis_angle");
  return keys;
}

bool is_sample_angle_key(const QString& key) { return key.isEmpty() || sample_angle_keys().contains(key); }

}  // namespace js::ui
