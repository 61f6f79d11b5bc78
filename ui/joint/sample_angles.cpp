#include "ui/joint/sample_angles.hpp"

#include <QObject>
#include <Eigen/Eigenvalues>
#include <cmath>

#include "core/interop/euler.hpp"
#include "core/lie/so3.hpp"
#include "ui/document/commands.hpp"
#include "ui/panels/pose_format.hpp"

namespace js::ui {
namespace {

constexpr double kSampleAngleDeg = 180.0 / kPi;

QString sample_axis_letter(int a) { return QString(QChar(static_cast<char16_t>(u'x' + a))); }

// grood–suntay axes from the samples: flexion about the parent axis nearest the dominant axis of their rotations
// about the middle sample (the principal direction of the rotation vectors, as guess_grood_suntay does over a model)
interop::AngleConvention grood_suntay_from_samples(const Joint& joint) {
  interop::AngleConvention c;
  if (joint.samples.size() < 2) return c;
  const Mat3 mid = joint.samples[joint.samples.size() / 2].parent_T_child.R;
  Mat3 scatter = Mat3::Zero();
  for (const Sample& s : joint.samples) {
    const Vec3 w = so3_log(s.parent_T_child.R * mid.transpose());
    scatter += w * w.transpose();
  }
  if (scatter.norm() == 0.0) return c;
  Eigen::SelfAdjointEigenSolver<Mat3> eig(scatter);
  eig.eigenvectors().col(2).cwiseAbs().maxCoeff(&c.flexion_axis);
  c.long_axis = c.flexion_axis == 1 ? 2 : 1;
  return c;
}

}  // namespace

QString sample_angle_label(const QString& key) {
  if (key.isEmpty() || key == QLatin1String("grood_suntay")) return QObject::tr("Grood–Suntay, axes from the motion");
  if (key == QLatin1String("axis_angle")) return QObject::tr("axis–angle");
  Joint none;
  const auto c = sample_angle_convention(none, key);
  return c ? QString::fromStdString(c->name()) : key;
}

std::optional<interop::AngleConvention> sample_angle_convention(const Joint& joint, const QString& key) {
  if (key == QLatin1String("axis_angle")) return std::nullopt;
  if (key.isEmpty() || key == QLatin1String("grood_suntay")) {
    if (joint.model && joint.model->dof() >= 1 && joint.q.size() == joint.model->dof())
      return interop::guess_grood_suntay(*joint.model, 0, joint.q);
    return grood_suntay_from_samples(joint);
  }
  interop::AngleConvention c;
  if (key.startsWith(QLatin1String("grood_suntay_")) && key.size() == 15) {
    c.flexion_axis = key.at(13).unicode() - u'x';
    c.long_axis = key.at(14).unicode() - u'x';
    return c;
  }
  for (const interop::AxisOrder& o : interop::tait_bryan_orders())
    if (key == QString::fromStdString(interop::axis_order_name(o))) {
      c.grood_suntay = false;
      c.order = o;
      return c;
    }
  return c;  // unknown keys are refused on reading; the default otherwise
}

QString sample_angle_header(const std::optional<interop::AngleConvention>& convention) {
  if (!convention) return QObject::tr("rotation (axis–angle)");
  // short, so the column stays narrow; the tooltip names the axes
  if (convention->grood_suntay) return QObject::tr("flexion, ab/ad, int. rot. (°)");
  const interop::AxisOrder o = convention->sequence();
  return QObject::tr("rotation %1, %2, %3 (°)").arg(sample_axis_letter(o[0]), sample_axis_letter(o[1]), sample_axis_letter(o[2]));
}

QString sample_angle_tooltip(const std::optional<interop::AngleConvention>& convention) {
  if (!convention) return QObject::tr("The rotation of the child relative to the parent: its angle and axis");
  const auto names = convention->angle_names();
  return QObject::tr("%1 angles of the child relative to the parent, in degrees: %2, then %3, then %4 (each about the "
                     "frame the previous one left)")
      .arg(QString::fromStdString(convention->name()), QString::fromStdString(names[0]), QString::fromStdString(names[1]),
           QString::fromStdString(names[2]));
}

QString sample_angle_text(const Mat3& parent_R_child, const std::optional<interop::AngleConvention>& convention) {
  if (!convention) return rotation_text(parent_R_child);
  const Vec3 a = interop::decompose_body_fixed(convention->sequence(), parent_R_child) * kSampleAngleDeg;
  auto one = [](double v) { return QString::number(std::abs(v) < 0.05 ? 0.0 : v, 'f', 1) + QStringLiteral("°"); };
  return QStringLiteral("%1, %2, %3").arg(one(a.x()), one(a.y()), one(a.z()));
}

OpResult<bool> set_sample_angles(Document& doc, JointId id, const QString& key) {
  const Joint* j = doc.data().joint(id);
  if (!j) return {false, QObject::tr("Select a joint to choose how its sample rotations show")};
  if (!is_sample_angle_key(key)) return {false, QObject::tr("Unknown angle sequence '%1'").arg(key)};
  if (j->sample_angles == key) return {true, {}};
  Joint after = *j;
  after.sample_angles = key;
  const QString text = QObject::tr("Show rotations of %1 as %2").arg(j->name, sample_angle_label(key));
  push_swap(doc, *j, std::move(after), text);
  return {true, {}};
}

}  // namespace js::ui
