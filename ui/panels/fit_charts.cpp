#include "ui/panels/fit_charts.hpp"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QValueAxis>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <numbers>

namespace js::ui {
namespace {

QChartView* make_view(QChart* chart, const QString& tip) {
  chart->setMargins(QMargins(2, 2, 2, 2));
  chart->layout()->setContentsMargins(0, 0, 0, 0);
  chart->setBackgroundRoundness(0);
  chart->legend()->setAlignment(Qt::AlignBottom);
  auto* view = new QChartView(chart);
  view->setRenderHint(QPainter::Antialiasing);
  view->setMinimumHeight(150);
  view->setToolTip(tip);
  return view;
}

// whole iterations only: a tick every 1, 2, 5, 10, 20, … iterations, at most 6 ticks over [0, last]
double iteration_tick_step(double last) {
  for (double decade = 1.0;; decade *= 10.0)
    for (double m : {1.0, 2.0, 5.0})
      if (last / (m * decade) <= 5.0) return m * decade;
}

// a round step (1, 2 or 5 × 10^k) that splits [0, hi] into at most `ticks` intervals
double round_step(double hi, int ticks) {
  const double raw = hi / ticks;
  const double decade = std::pow(10.0, std::floor(std::log10(raw)));
  for (double m : {1.0, 2.0, 5.0, 10.0})
    if (m * decade >= raw) return m * decade;
  return 10.0 * decade;
}

}  // namespace

FitCharts::FitCharts(QWidget* parent) : QWidget(parent) {
  auto* convergence = new QChart;
  convergence->setTitle(tr("Convergence"));
  history_ = new QLineSeries;
  history_->setName(tr("objective F"));
  history_->setPointsVisible(true);
  convergence->addSeries(history_);
  iteration_axis_ = new QValueAxis;
  iteration_axis_->setTitleText(tr("iteration"));
  iteration_axis_->setLabelFormat(QStringLiteral("%.0f"));
  iteration_axis_->setTickType(QValueAxis::TicksDynamic);
  iteration_axis_->setTickAnchor(0.0);
  iteration_axis_->setMinorTickCount(0);
  objective_axis_ = new QLogValueAxis;
  objective_axis_->setLabelFormat(QStringLiteral("%.0e"));
  objective_axis_->setBase(10.0);
  convergence->addAxis(iteration_axis_, Qt::AlignBottom);
  convergence->addAxis(objective_axis_, Qt::AlignLeft);
  history_->attachAxis(iteration_axis_);
  history_->attachAxis(objective_axis_);
  convergence->legend()->hide();
  convergence_view_ = make_view(convergence, tr("Objective of the last fit after each iteration (log scale)"));

  auto* residual = new QChart;
  residual->setTitle(tr("Residual per sample"));
  translation_ = new QBarSet(tr("mm"));
  rotation_ = new QBarSet(tr("degrees"));
  residuals_ = new QBarSeries;
  residuals_->append(translation_);
  residuals_->append(rotation_);
  residual->addSeries(residuals_);
  sample_axis_ = new QBarCategoryAxis;
  residual_axis_ = new QValueAxis;
  // round ticks from 0 (set_residuals), never a label like 2.78e-17 or 0.333
  residual_axis_->setTickType(QValueAxis::TicksDynamic);
  residual_axis_->setTickAnchor(0.0);
  residual_axis_->setMinorTickCount(0);
  residual->addAxis(sample_axis_, Qt::AlignBottom);
  residual->addAxis(residual_axis_, Qt::AlignLeft);
  residuals_->attachAxis(sample_axis_);
  residuals_->attachAxis(residual_axis_);
  residual_view_ = make_view(residual, tr("Distance (mm) and angle (degrees) from each sample to the joint at its q"));

  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(convergence_view_);
  layout->addWidget(residual_view_);
}

void FitCharts::set_history(const std::vector<double>& objective) {
  QList<QPointF> points;
  double lo = 1e300, hi = 0.0;
  for (std::size_t i = 0; i < objective.size(); ++i) {
    // a log axis cannot show zero: an exact fit sits at the floor
    const double f = std::max(objective[i], 1e-30);
    points.append(QPointF(static_cast<double>(i), f));
    lo = std::min(lo, f);
    hi = std::max(hi, f);
  }
  history_->replace(points);
  // say why the plot is empty rather than leave a blank frame
  convergence_view_->chart()->setTitle(objective.empty() ? tr("Convergence (no fit of this joint yet)")
                                                         : tr("Convergence of the last fit"));
  // an empty plot keeps its frame but no numbers: its placeholder range would label made-up ticks
  iteration_axis_->setLabelsVisible(!objective.empty());
  iteration_axis_->setTitleVisible(!objective.empty());
  objective_axis_->setLabelsVisible(!objective.empty());
  const double last = std::max<double>(1.0, static_cast<double>(objective.size()) - 1.0);
  iteration_axis_->setRange(0.0, last);
  iteration_axis_->setTickInterval(iteration_tick_step(last));
  if (!points.isEmpty()) {
    objective_axis_->setRange(lo / 2.0, hi * 2.0);
    // a tick every 1, 2, 3, … decades so that at most about 7 labels share the height (an exact fit's floor
    // at 1e-30 would otherwise crowd 30 labels into "…")
    const double decades = std::log10(hi * 2.0) - std::log10(lo / 2.0);
    objective_axis_->setBase(std::pow(10.0, std::max(1.0, std::ceil(decades / 6.0))));
  }
}

void FitCharts::set_residuals(const std::vector<PoseError>& errors) {
  QList<qreal> mm, deg;
  QStringList names;
  double hi = 0.0;
  // a label every 1, 2, 5, 10, … samples, at most about 10 along the axis: "…" from sample 10 otherwise.
  // the categories must be unique, so the unlabelled ones are runs of zero-width spaces of different length
  const int n = static_cast<int>(errors.size());
  int every = 1;
  for (int m : {1, 2, 5, 10, 20, 50, 100, 200, 500, 1000})
    if (n / m <= 10) {
      every = m;
      break;
    }
  for (int i = 0; i < n; ++i) {
    // below a micrometre or a microdegree is round-off (2.78e-17 of an exact fit): zero
    const double t = errors[static_cast<std::size_t>(i)].translation * 1e3;
    const double r = errors[static_cast<std::size_t>(i)].rotation * 180.0 / kPi;
    mm.append(t < 1e-6 ? 0.0 : t);
    deg.append(r < 1e-6 ? 0.0 : r);
    names.append((i + 1) % every == 0 || i == 0 ? QString::number(i + 1) : QString(i + 1, QChar(0x200B)));
    hi = std::max({hi, mm.back(), deg.back()});
  }
  translation_->remove(0, translation_->count());
  rotation_->remove(0, rotation_->count());
  translation_->append(mm);
  rotation_->append(deg);
  sample_axis_->clear();
  sample_axis_->append(names);
  // 0 to a round top with two or three round ticks (the chart is short in the dock)
  const double step = hi > 0.0 ? round_step(hi, 3) : 0.5;
  const double top = hi > 0.0 ? step * std::ceil(hi / step - 1e-9) : 1.0;
  residual_axis_->setRange(0.0, top);
  residual_axis_->setTickInterval(step);
  const int decimals = std::max(0, static_cast<int>(-std::floor(std::log10(step) + 1e-9)));
  residual_axis_->setLabelFormat(QStringLiteral("%.") + QString::number(decimals) + QStringLiteral("f"));
  residual_view_->chart()->setTitle(errors.empty() ? tr("Residual per sample (no fitted model)") : tr("Residual per sample"));
}

}  // namespace js::ui
