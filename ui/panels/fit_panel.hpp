// the fit dock: the fit settings (undoable), Fit / Stop with a progress bar (the fit runs on a worker thread,
// fit_runner.hpp), a re-authored joint's comparison (reauthor_box.hpp), the errors of the best hinge and ball
// joint beside the spline's (baseline_table.hpp), and the convergence and per-sample residual charts (fit_charts.hpp).
#pragma once

#include <QWidget>

#include "ui/document/document.hpp"

class QSpinBox;
class QDoubleSpinBox;
class QCheckBox;
class QComboBox;
class QPushButton;
class QProgressBar;
class QLabel;

namespace js::ui {

class FitRunner;
class FitCharts;
class ReauthorBox;
class BaselineTable;

class FitPanel : public QWidget {
  Q_OBJECT
 public:
  explicit FitPanel(Document& doc, QWidget* parent = nullptr);
  QPushButton* fit_button() { return fit_; }
  QPushButton* stop_button() { return stop_; }
  QProgressBar* progress_bar() { return progress_; }
  // how the last fit ended: converged, stalled, iteration limit, and `check`'s verdict on the joint
  QLabel* verdict_label() { return verdict_; }
  QSpinBox* frames() { return frames_; }
  FitRunner* runner() { return runner_; }
  FitCharts* charts() { return charts_; }
  BaselineTable* baselines() { return baselines_; }
  // the warning that the active joint's fitted path folds back (hidden when it does not)
  QLabel* fold_warning() { return fold_; }
  // a re-authored joint's comparison with the model's, Replace in Model / Restore Original
  ReauthorBox* reauthor() { return reauthor_; }

 public slots:
  // fits the active joint (the selected joint or the parent joint of the selected body)
  void start_fit();

 signals:
  void status_message(const QString& text);
  // a fit failed: the message says which joint and why (the main window shows it prominently)
  void fit_failed(const QString& text);

 private:
  void refresh();
  void refresh_charts();
  void set_running(bool on);
  void show_verdict(bool applied);
  void commit(QWidget* source);

  Document& doc_;
  QSpinBox* frames_;
  QSpinBox* order_;
  QCheckBox* closed_;
  QCheckBox* auto_smoothing_;
  QDoubleSpinBox* smoothing_;
  QComboBox* method_;
  QDoubleSpinBox* length_scale_;
  QPushButton* fit_;
  QPushButton* stop_;
  QProgressBar* progress_;
  QLabel* verdict_;
  FitRunner* runner_;
  FitCharts* charts_;
  BaselineTable* baselines_;
  QLabel* fold_;
  ReauthorBox* reauthor_;
  bool refreshing_ = false;
  QWidget* last_source_ = nullptr;
  int merge_key_ = 0;
};

}  // namespace js::ui
