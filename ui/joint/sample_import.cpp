#include "ui/joint/sample_import.hpp"

#include <QFileInfo>
#include <QObject>
#include <algorithm>
#include <exception>
#include <numbers>

#include "core/fit/initial_guess.hpp"
#include "core/fit/sample_io.hpp"
#include "core/interop/osim_markers.hpp"
#include "core/interop/trc_samples.hpp"
#include "ui/document/commands.hpp"
#include "ui/document/osim_source.hpp"
#include "ui/joint/fit_job.hpp"

namespace js::ui {
namespace {

// the samples as the joint's, in one undo step
OpResult<int> replace_samples(Document& doc, JointId id, const fit::SampleSet& set, const std::vector<double>& rms,
                              double length_scale, const QString& text) {
  const Joint* j = doc.data().joint(id);
  if (!j) return {0, QObject::tr("No joint with id %1").arg(id)};
  const int dof = joint_q_size(*j);
  if (set.dof != dof)
    return {0, QObject::tr("%1 has %n coordinate(s), the samples %2", nullptr, dof).arg(j->name).arg(set.dof)};
  if (set.samples.empty()) return {0, QObject::tr("%1 has no samples").arg(QString::fromStdString(set.source))};
  // samples without q: natural parameterization along the rows, as the fit would do
  const std::vector<double> natural = set.has_q ? std::vector<double>{} : fit::sample_parameters(set, length_scale, false);
  Joint after = *j;
  after.samples.clear();
  after.candidate = nullptr;  // a fit of other samples
  for (std::size_t k = 0; k < set.samples.size(); ++k) {
    Sample s;
    s.q = set.has_q ? Eigen::VectorXd(set.samples[k].q) : Eigen::VectorXd::Constant(1, natural[k]);
    s.parent_T_child = set.samples[k].parent_T_child;
    if (k < rms.size()) s.marker_rms = rms[k];
    after.samples.push_back(std::move(s));
  }
  const int n = static_cast<int>(after.samples.size());
  push_swap(doc, *j, std::move(after), text);
  return {n, {}};
}

// the model's marker locations as the clusters' references when an opened model puts every chosen marker on the
// joint's parent (resp. child) body: the samples are then the child body's pose in the parent body, comparable
// with the joint (import-trc --model-frames). false (lab references) otherwise.
bool model_frames(const DocumentData& d, const Joint& j, const MarkerImport& m, interop::TrcSampleOptions& options) {
  const Body* parent = d.body(j.parent);
  const Body* child = d.body(j.child);
  if (!d.osim || !parent || !child) return false;
  interop::OsimMarkerSet set;
  try {
    set = interop::read_osim_markers_text(d.osim->text, d.osim->path.toStdString());
  } catch (const std::exception&) {
    return false;
  }
  std::vector<Vec3> refs[2];
  for (int side = 0; side < 2; ++side) {
    std::vector<std::string> names;
    for (const QString& name : side == 0 ? m.parent : m.child) names.push_back(name.toStdString());
    try {
      interop::MarkerReferences r = interop::marker_references(set, names);
      if (r.body != (side == 0 ? parent : child)->name.toStdString()) return false;
      refs[side] = std::move(r.locations);
    } catch (const std::invalid_argument&) {
      return false;
    }
  }
  options.parent_reference = refs[0];
  options.child_reference = refs[1];
  return true;
}

}  // namespace

OpResult<QString> import_sample_file(Document& doc, JointId id, const QString& path) {
  const Joint* j = doc.data().joint(id);
  if (!j) return {{}, QObject::tr("Select a joint (or its child body) to import samples into")};
  fit::SampleSet set;
  try {
    set = fit::read_samples(path.toStdString());
  } catch (const std::exception& e) {
    return {{}, QString::fromUtf8(e.what())};
  }
  const QString name = j->name;
  const auto r = replace_samples(doc, id, set, {}, doc.data().fit.length_scale,
                                 QObject::tr("Import samples into %1").arg(name));
  if (!r.ok()) return {{}, r.error};
  return {QObject::tr("Imported %n sample(s) from %1 into %2%3", nullptr, r.value)
              .arg(QFileInfo(path).fileName(), name,
                   set.has_q ? QString() : QObject::tr(" (no q in the file: q by natural parameterization along the rows)")),
          {}};
}

OpResult<QString> import_marker_samples(Document& doc, JointId id, const MarkerImport& m) {
  const Joint* j = doc.data().joint(id);
  if (!j) return {{}, QObject::tr("Select a joint (or its child body) to import samples into")};
  if (joint_q_size(*j) != 1)
    return {{}, QObject::tr("Markers give 1-dof samples; %1 has %2 coordinates").arg(j->name).arg(joint_q_size(*j))};
  interop::TrcSampleOptions options;
  for (const QString& n : m.parent) options.parent_markers.push_back(n.toStdString());
  for (const QString& n : m.child) options.child_markers.push_back(n.toStdString());
  interop::TrcData trc;
  interop::MotData mot;
  interop::TrcSampleResult r;
  const bool in_bodies = model_frames(doc.data(), *j, m, options);
  try {
    trc = interop::read_trc(m.trc.toStdString());
    if (!m.mot.isEmpty()) {
      mot = interop::read_mot(m.mot.toStdString());
      options.mot = &mot;
      options.mot_column = mot.find_column(m.coordinate.toStdString());
      if (options.mot_column <= 0)
        return {{}, QObject::tr("%1: no column '%2'").arg(QFileInfo(m.mot).fileName(), m.coordinate)};
      if (mot.in_degrees && !m.translational) options.q_scale = kPi / 180.0;
    }
    r = interop::trc_samples(trc, options);
  } catch (const std::exception& e) {
    return {{}, QString::fromUtf8(e.what())};
  }
  std::vector<double> rms(r.parent_rms.size());
  for (std::size_t k = 0; k < rms.size(); ++k) rms[k] = std::max(r.parent_rms[k], r.child_rms[k]);
  const QString name = j->name;
  const auto done = replace_samples(doc, id, r.samples, rms, doc.data().fit.length_scale,
                                    QObject::tr("Import markers into %1").arg(name));
  if (!done.ok()) return {{}, done.error};
  const double worst = rms.empty() ? 0.0 : *std::max_element(rms.begin(), rms.end());
  QString text = QObject::tr("Imported %n sample(s) into %1 from %2 (%3 frames; %4 skipped with a missing marker",
                             nullptr, done.value)
                     .arg(name, QFileInfo(m.trc).fileName()).arg(r.total_frames).arg(r.skipped_missing);
  if (options.mot) text += QObject::tr(", %1 outside the .mot's time span").arg(r.skipped_outside_mot);
  text += QObject::tr("); largest cluster residual %1 mm; q: %2").arg(worst * 1e3, 0, 'f', 2)
              .arg(options.mot ? QObject::tr("%1 from %2").arg(m.coordinate, QFileInfo(m.mot).fileName())
                               : QObject::tr("natural parameterization along the frames"));
  text += in_bodies ? QObject::tr("; poses in the bones' frames (the model's marker locations)")
                    : QObject::tr("; poses of the clusters' own frames, not the bones' (a marker is not in the model's "
                                  "MarkerSet on the joint's bodies): compare shapes, not positions, with the model");
  return {text, {}};
}

QString export_samples(const DocumentData& d, JointId id, const QString& path) {
  const Joint* j = d.joint(id);
  if (!j) return QObject::tr("Select a joint (or its child body) whose samples to export");
  if (j->samples.empty()) return QObject::tr("%1 has no samples to export").arg(j->name);
  try {
    fit::write_samples(joint_sample_set(*j), path.toStdString());
  } catch (const std::exception& e) {
    return QString::fromUtf8(e.what());
  }
  return {};
}

}  // namespace js::ui
