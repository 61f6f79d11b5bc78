#include "ui/document/coordinate_units.hpp"

#include <QObject>
#include <QRegularExpression>
#include <QStringList>
#include <Eigen/Geometry>
#include <cmath>
#include <numbers>

#include "ui/document/joint_model.hpp"

namespace js::ui {
namespace {

bool flag_at(const std::vector<bool>& flags, int i) {
  return i >= 0 && static_cast<std::size_t>(i) < flags.size() && flags[static_cast<std::size_t>(i)];
}

const Coordinate* user_coordinate_at(const Joint& joint, int i) {
  if (i < 0 || static_cast<std::size_t>(i) >= joint.user_coordinates.size()) return nullptr;
  return &joint.user_coordinates[static_cast<std::size_t>(i)];
}

// a number as the ui prints a coordinate: up to 6 significant digits, no trailing zeros
QString coordinate_number_text(double shown, int digits) { return QString::number(shown, 'g', digits); }

QString shown_text(CoordinateUnit u, double value, int digits) {
  const double shown = value * unit_factor(u);
  if (u == CoordinateUnit::degrees) return coordinate_number_text(shown, digits) + QStringLiteral("°");
  return coordinate_number_text(shown, digits) + unit_suffix(u);
}

}  // namespace

bool coordinate_translational(const Joint& joint, int i) {
  if (flag_at(joint.degrees, i)) return false;  // an opensim rotational coordinate
  if (joint.model) {
    const int dof = joint.model->dof();
    if (i < 0 || i >= dof) return false;
    double lo = 0.0, hi = 0.0;
    coordinate_range(joint, i, lo, hi);
    Eigen::VectorXd q = joint.q.size() == dof ? joint.q : Eigen::VectorXd::Zero(dof);
    JointData data(dof);
    for (double x : {lo, 0.5 * (lo + hi), hi}) {
      q[i] = x;
      joint.model->evaluate(q, data, EvalLevel::Jacobian);
      // twists are [ω; v]: a slide has no ω
      const double w = data.S.col(i).head<3>().norm(), v = data.S.col(i).tail<3>().norm();
      if (!(w < 1e-9 * std::max(1.0, v)) || !(v > 0.0)) return false;
    }
    return true;
  }
  if (joint.samples.size() < 2) return false;
  const SE3& first = joint.samples.front().parent_T_child;
  bool moves = false;
  for (const Sample& s : joint.samples) {
    if (Eigen::AngleAxisd(Mat3(first.R.transpose() * s.parent_T_child.R)).angle() > 1e-6) return false;
    moves = moves || (s.parent_T_child.p - first.p).norm() > 1e-9;
  }
  return moves;
}

CoordinateUnit coordinate_unit(const Joint& joint, int i) {
  if (coordinate_translational(joint, i)) return flag_at(joint.millimetres, i) ? CoordinateUnit::millimetres : CoordinateUnit::metres;
  return flag_at(joint.degrees, i) ? CoordinateUnit::degrees : CoordinateUnit::radians;
}

bool unit_translational(CoordinateUnit u) { return u == CoordinateUnit::metres || u == CoordinateUnit::millimetres; }

double unit_factor(CoordinateUnit u) {
  switch (u) {
    case CoordinateUnit::degrees: return 180.0 / kPi;
    case CoordinateUnit::millimetres: return 1e3;
    default: return 1.0;
  }
}

QString unit_suffix(CoordinateUnit u) {
  switch (u) {
    case CoordinateUnit::degrees: return QStringLiteral("°");
    case CoordinateUnit::radians: return QStringLiteral(" rad");
    case CoordinateUnit::millimetres: return QStringLiteral(" mm");
    case CoordinateUnit::metres: return QStringLiteral(" m");
  }
  return {};
}

QString unit_name(CoordinateUnit u) {
  switch (u) {
    case CoordinateUnit::degrees: return QObject::tr("degrees");
    case CoordinateUnit::radians: return QObject::tr("radians");
    case CoordinateUnit::millimetres: return QObject::tr("millimetres");
    case CoordinateUnit::metres: return QObject::tr("metres");
  }
  return {};
}

QString coordinate_name(const Joint& joint, int i) {
  if (joint.model && i >= 0 && i < joint.model->dof())
    return QString::fromStdString(joint.model->coordinates()[static_cast<std::size_t>(i)].name);
  if (const Coordinate* c = user_coordinate_at(joint, i); c && !c->name.empty()) return QString::fromStdString(c->name);
  return QStringLiteral("q%1").arg(i);
}

std::optional<double> coordinate_min(const Joint& joint, int i) {
  const Coordinate* c = joint.model && i >= 0 && i < joint.model->dof()
                            ? &joint.model->coordinates()[static_cast<std::size_t>(i)]
                            : user_coordinate_at(joint, i);
  if (c && c->has_lower_limit()) return c->min;
  return std::nullopt;
}

std::optional<double> coordinate_max(const Joint& joint, int i) {
  const Coordinate* c = joint.model && i >= 0 && i < joint.model->dof()
                            ? &joint.model->coordinates()[static_cast<std::size_t>(i)]
                            : user_coordinate_at(joint, i);
  if (c && c->has_upper_limit()) return c->max;
  return std::nullopt;
}

QString coordinate_value_text(const Joint& joint, int i, double value) {
  return shown_text(coordinate_unit(joint, i), value, 4);
}

QString coordinate_range_text(const Joint& joint, int i) {
  const auto lo = coordinate_min(joint, i), hi = coordinate_max(joint, i);
  if (!lo && !hi) return QObject::tr("unbounded");
  return QStringLiteral("%1%2, %3%4")
      .arg(lo ? QStringLiteral("[") : QStringLiteral("("), lo ? coordinate_value_text(joint, i, *lo) : QStringLiteral("…"),
           hi ? coordinate_value_text(joint, i, *hi) : QStringLiteral("…"), hi ? QStringLiteral("]") : QStringLiteral(")"));
}

std::vector<CoordinateUnit> coordinate_units(const Joint& joint) {
  std::vector<CoordinateUnit> out;
  out.reserve(static_cast<std::size_t>(std::max(0, joint_q_size(joint))));
  for (int i = 0; i < joint_q_size(joint); ++i) out.push_back(coordinate_unit(joint, i));
  return out;
}

QString joint_q_text(const Joint& joint, const Eigen::VectorXd& q) { return joint_q_text(coordinate_units(joint), q); }

QString joint_q_text(const std::vector<CoordinateUnit>& units, const Eigen::VectorXd& q) {
  QStringList parts;
  for (Eigen::Index i = 0; i < q.size(); ++i) {
    const CoordinateUnit u = static_cast<std::size_t>(i) < units.size() ? units[static_cast<std::size_t>(i)] : CoordinateUnit::radians;
    // radians and metres are what is stored: plain numbers, as before units could be chosen
    parts << (u == CoordinateUnit::radians || u == CoordinateUnit::metres ? coordinate_number_text(q[i], 6)
                                                                          : shown_text(u, q[i], 6));
  }
  return parts.join(QStringLiteral(", "));
}

bool parse_coordinate_value(QString text, CoordinateUnit unit, double& si) {
  struct Suffix {
    const char* text;
    CoordinateUnit unit;
  };
  text = text.trimmed();
  // "mm" before "m"
  for (const Suffix& s : {Suffix{"°", CoordinateUnit::degrees}, Suffix{"deg", CoordinateUnit::degrees},
                          Suffix{"rad", CoordinateUnit::radians}, Suffix{"mm", CoordinateUnit::millimetres},
                          Suffix{"m", CoordinateUnit::metres}}) {
    const QString suffix = QString::fromUtf8(s.text);
    if (!text.endsWith(suffix)) continue;
    if (unit_translational(s.unit) != unit_translational(unit)) return false;
    unit = s.unit;
    text.chop(suffix.size());
    break;
  }
  bool ok = false;
  const double shown = text.trimmed().toDouble(&ok);
  if (!ok || !std::isfinite(shown)) return false;
  si = shown / unit_factor(unit);
  return true;
}

bool parse_joint_q(const QString& text, const Joint& joint, Eigen::VectorXd& q) {
  // "12 mm" is one value: glue a unit to its number before splitting at spaces
  QString glued = text;
  glued.replace(QRegularExpression(QStringLiteral("\\s+(°|deg\\b|rad\\b|mm\\b|m\\b)")), QStringLiteral("\\1"));
  const QStringList parts = glued.split(QRegularExpression(QStringLiteral("[,;\\s]+")), Qt::SkipEmptyParts);
  const int n = joint_q_size(joint);
  if (parts.size() != n) return false;
  Eigen::VectorXd out(n);
  for (int i = 0; i < n; ++i)
    if (!parse_coordinate_value(parts[i], coordinate_unit(joint, i), out[i])) return false;
  q = out;
  return true;
}

Eigen::VectorXd joint_default_q(const Joint& joint) {
  const int n = joint_q_size(joint);
  const Eigen::VectorXd start = joint.default_q.size() == n ? joint.default_q : Eigen::VectorXd::Zero(n);
  return clamp_to_range(joint, start);
}

void clear_coordinate_settings(Joint& joint) {
  joint.degrees.clear();
  joint.millimetres.clear();
  joint.default_q.resize(0);
  joint.user_coordinates.clear();
}

}  // namespace js::ui
