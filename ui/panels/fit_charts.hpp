// the fit dock's two Qt Charts: convergence (objective per iteration, log scale) of the last fit and the
// residual of every sample (mm and degrees) under the active joint's current model. the iteration axis ticks
// whole iterations; with no fit yet both convergence axes hide their labels. the residual axis runs from 0
// to a round number with round ticks; the sample labels thin out (every 2nd, 5th, 10th …) so that they stay
// readable for a hundred samples.
#pragma once

#include <QWidget>
#include <vector>

#include "ui/document/joint_model.hpp"

class QChart;
class QChartView;
class QLineSeries;
class QBarSeries;
class QBarSet;
class QValueAxis;
class QLogValueAxis;
class QBarCategoryAxis;

namespace js::ui {

class FitCharts : public QWidget {
  Q_OBJECT
 public:
  explicit FitCharts(QWidget* parent = nullptr);

  // F before the first iteration, then after each (FitReport::objective_history)
  void set_history(const std::vector<double>& objective);
  // one entry per sample (sample_errors); empty clears the plot
  void set_residuals(const std::vector<PoseError>& errors);
  QValueAxis* residual_axis() const { return residual_axis_; }
  QBarCategoryAxis* sample_axis() const { return sample_axis_; }

  QLineSeries* history_series() const { return history_; }
  // the convergence plot's axes: iterations (whole numbers, no labels while there is no fit) and F
  QValueAxis* iteration_axis() const { return iteration_axis_; }
  QLogValueAxis* objective_axis() const { return objective_axis_; }
  QBarSet* translation_set() const { return translation_; }
  QBarSet* rotation_set() const { return rotation_; }

 private:
  QChartView* convergence_view_;
  QChartView* residual_view_;
  QLineSeries* history_;
  QValueAxis* iteration_axis_;
  QLogValueAxis* objective_axis_;
  QBarSeries* residuals_;
  QBarSet* translation_;
  QBarSet* rotation_;
  QBarCategoryAxis* sample_axis_;
  QValueAxis* residual_axis_;
};

}  // namespace js::ui
