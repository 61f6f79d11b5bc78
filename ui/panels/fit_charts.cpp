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
  residual_axis_->setLabelFormat(QStringLiteral("%.2g"));
  // the chart is short in the dock: five labels do not fit and qt elides them all to "..."
  residual_axis_->setTickCount(3);
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
  for (std::size_t i = 0; i < errors.size(); ++i) {
    mm.append(errors[i].translation * 1e3);
    deg.append(errors[i].rotation * 180.0 / std::numbers::pi);
    names.append(QString::number(i + 1));
    hi = std::max({hi, mm.back(), deg.back()});
  }
  translation_->remove(0, translation_->count());
  rotation_->remove(0, rotation_->count());
  translation_->append(mm);
  rotation_->append(deg);
  sample_axis_->clear();
  sample_axis_->append(names);
  residual_axis_->setRange(0.0, hi > 0.0 ? hi * 1.1 : 1.0);
}

}  // namespace js::ui
