#include "ui/panels/baseline_table.hpp"

#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>
#include <cmath>
#include <functional>

#include "ui/document/coordinate_units.hpp"
#include "ui/joint/fit_job.hpp"
#include "ui/document/joint_model.hpp"

namespace js::ui {

namespace {

constexpr double kBaselineDeg = 180.0 / kPi;
constexpr std::size_t kMaxBaselineSamples = 20000;

std::size_t samples_key(const Joint& j, double length_scale) {
  std::size_t h = std::hash<double>{}(length_scale) ^ (j.samples.size() * 0x9e3779b97f4a7c15ULL);
  auto mix = [&h](double v) { h ^= std::hash<double>{}(v) + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2); };
  for (const Sample& s : j.samples) {
    for (int i = 0; i < s.q.size(); ++i) mix(s.q[i]);
    for (int i = 0; i < 9; ++i) mix(s.parent_T_child.R.data()[i]);
    for (int i = 0; i < 3; ++i) mix(s.parent_T_child.p[i]);
  }
  return h;
}

// q of sample k as the sliders show it: in the coordinate's unit (coordinate_units.hpp), short
QString q_at(const Joint& j, int k) {
  if (k < 0 || k >= static_cast<int>(j.samples.size())) return QStringLiteral("–");
  const Eigen::VectorXd& q = j.samples[static_cast<std::size_t>(k)].q;
  QStringList parts;
  for (int a = 0; a < q.size(); ++a) {
    const CoordinateUnit u = coordinate_unit(j, a);
    parts << (u == CoordinateUnit::degrees       ? QStringLiteral("%1°").arg(q[a] * kBaselineDeg, 0, 'f', 0)
              : u == CoordinateUnit::millimetres ? QStringLiteral("%1 mm").arg(q[a] * 1e3, 0, 'f', 1)
                                                 : QString::number(q[a], 'f', 2));
  }
  return parts.join(QStringLiteral(", "));
}

}  // namespace

BaselineTable::BaselineTable(QWidget* parent) : QWidget(parent) {
  table_ = new QTableWidget(3, 4);
  table_->setObjectName(QStringLiteral("baseline_table"));
  table_->setHorizontalHeaderLabels({tr("rms mm"), tr("max mm"), tr("rms °"), tr("max °")});
  for (int c : {1, 3}) table_->horizontalHeaderItem(c)->setToolTip(tr("The largest error, @ the q of its sample"));
  table_->setVerticalHeaderLabels({tr("Spline"), tr("Hinge"), tr("Ball")});
  table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  table_->setSelectionMode(QAbstractItemView::NoSelection);
  // the rms columns as narrow as their numbers, the max columns (value @ q) take the rest
  for (int c : {0, 2}) table_->horizontalHeader()->setSectionResizeMode(c, QHeaderView::ResizeToContents);
  for (int c : {1, 3}) table_->horizontalHeader()->setSectionResizeMode(c, QHeaderView::Stretch);
  table_->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
  table_->verticalHeader()->setDefaultSectionSize(table_->fontMetrics().height() + 6);
  table_->setWordWrap(false);
  table_->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  table_->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  table_->setToolTip(tr("The same samples under the spline joint, the best fixed hinge (one axis in both bones, "
                        "its angle free per sample) and the best ball joint (one centre in both bones, SCoRE): "
                        "distance of the child's origin and angle to each sample, rms and largest"));
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 4; ++c) table_->setItem(r, c, new QTableWidgetItem);
  // three rows and the header, no more: the charts below get the rest
  table_->setFixedHeight(table_->horizontalHeader()->sizeHint().height() + 3 * table_->verticalHeader()->defaultSectionSize() + 4);
  summary_ = new QLabel;
  summary_->setObjectName(QStringLiteral("baseline_summary"));
  summary_->setWordWrap(true);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(summary_);
  layout->addWidget(table_);
  clear();
}

void BaselineTable::clear() {
  hinge_.reset();
  ball_.reset();
  key_ = 0;
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 4; ++c) table_->item(r, c)->setText(QString());
  summary_->setText(tr("Baselines: fit a joint to see how a hinge and a ball joint would do with its samples."));
}

void BaselineTable::set_joint(const Joint* j, double length_scale) {
  const std::vector<PoseError> spline = j ? sample_errors(*j) : std::vector<PoseError>{};
  if (!j || spline.empty() || j->samples.size() < 2) {
    clear();
    return;
  }
  // the fit runs on the ui thread (84 ms of cpu for 10,000 samples, docs/fitting.md): beyond that, the cli
  if (j->samples.size() > kMaxBaselineSamples) {
    clear();
    summary_->setText(tr("Baselines: %1 samples are more than the dock fits while you work (%2); "
                         "`jointsmith-cli fit SAMPLES --baseline` reports them.")
                          .arg(j->samples.size())
                          .arg(kMaxBaselineSamples));
    return;
  }
  const std::size_t key = samples_key(*j, length_scale);
  QString problem;
  if (key != key_) {
    key_ = key;
    const fit::SampleSet set = joint_sample_set(*j);
    try {
      hinge_ = fit::fit_hinge(set, length_scale);
    } catch (const fit::SampleError& e) {
      hinge_.reset();
      problem = tr("No hinge: the samples do not rotate.");
    }
    ball_ = fit::fit_ball(set);
  }
  std::vector<double> t, r;
  for (const PoseError& e : spline) {
    t.push_back(e.translation);
    r.push_back(e.rotation);
  }
  const fit::BaselineErrors s = fit::summarize_errors(std::move(t), std::move(r));
  auto fill = [&](int row, const fit::BaselineErrors* e) {
    if (!e) {
      for (int c = 0; c < 4; ++c) table_->item(row, c)->setText(QStringLiteral("–"));
      return;
    }
    table_->item(row, 0)->setText(QString::number(e->rms_translation_m * 1e3, 'f', 2));
    table_->item(row, 1)->setText(QStringLiteral("%1 @%2").arg(e->max_translation_m * 1e3, 0, 'f', 2).arg(q_at(*j, e->worst_translation)));
    table_->item(row, 2)->setText(QString::number(e->rms_rotation_rad * kBaselineDeg, 'f', 2));
    // the ball's rotation is free (its error 0 by construction); any other row names its worst sample
    table_->item(row, 3)->setText(row == 2 ? tr("0 (free)")
                                           : QStringLiteral("%1 @%2").arg(e->max_rotation_rad * kBaselineDeg, 0, 'f', 2).arg(q_at(*j, e->worst_rotation)));
  };
  // a model that is not a spline (a lower pair, an opensim joint) is compared as itself
  const bool is_spline = is_spline_kind(j->kind);
  table_->verticalHeaderItem(0)->setText(is_spline ? tr("Spline") : tr("This joint"));
  fill(0, &s);
  fill(1, hinge_ ? &hinge_->errors : nullptr);
  fill(2, ball_ ? &ball_->errors : nullptr);
  // where the lower pairs are, for someone who would build one: the axis and the centre in the parent frame
  auto vec = [](const Vec3& v, double scale, int decimals) {
    return QStringLiteral("(%1, %2, %3)").arg(v.x() * scale, 0, 'f', decimals).arg(v.y() * scale, 0, 'f', decimals).arg(v.z() * scale, 0, 'f', decimals);
  };
  table_->verticalHeaderItem(1)->setToolTip(
      hinge_ ? tr("Best fixed hinge: axis %1 in the parent frame through %2 mm; its angle is free per sample")
                   .arg(vec(hinge_->axis_in_parent(), 1.0, 3), vec(hinge_->point_in_parent(), 1e3, 1))
             : QString());
  table_->verticalHeaderItem(2)->setToolTip(
      ball_ ? tr("Best ball joint (SCoRE): centre %1 mm in the parent frame, %2 mm in the child frame; rotation free")
                  .arg(vec(ball_->centre_in_parent, 1e3, 1), vec(ball_->centre_in_child, 1e3, 1))
            : QString());
  table_->item(2, 1)->setToolTip(ball_ && !ball_->determined
                                     ? tr("The samples rotate about one axis only: the ball's centre is free along "
                                          "it (the one nearest the child's origin is shown)")
                                     : QString());
  QString text;
  if (hinge_) {
    text = (is_spline ? tr("A hinge is off by %1 mm at q = %2; the spline by %3 mm at most.")
                   : tr("A hinge is off by %1 mm at q = %2; this joint by %3 mm at most."))
               .arg(hinge_->errors.max_translation_m * 1e3, 0, 'f', 1)
               .arg(q_at(*j, hinge_->errors.worst_translation))
               .arg(s.max_translation_m * 1e3, 0, 'f', 1);
  } else {
    text = problem;
  }
  summary_->setText(text);
}

}  // namespace js::ui
