#include "ui/panels/fit_panel.hpp"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QVBoxLayout>

#include "core/fit/curve_fit.hpp"
#include "ui/document/operations.hpp"
#include "ui/joint/fit_runner.hpp"
#include "ui/joint/fold_check.hpp"
#include "ui/panels/baseline_table.hpp"
#include "ui/panels/fit_charts.hpp"
#include "ui/panels/reauthor_box.hpp"

namespace js::ui {

FitPanel::FitPanel(Document& doc, QWidget* parent) : QWidget(parent), doc_(doc) {
  frames_ = new QSpinBox;
  frames_->setRange(2, 200);
  frames_->setToolTip(tr("Number of control frames of the spline"));
  order_ = new QSpinBox;
  order_->setRange(2, 8);
  order_->setToolTip(tr("B-spline order k (4 = cubic, the lowest order whose joints are C²; 3 is only C¹)"));
  closed_ = new QCheckBox(tr("Closed"));
  closed_->setToolTip(tr("Periodic spline: the joint path closes on itself"));
  auto_smoothing_ = new QCheckBox(tr("Automatic"));
  auto_smoothing_->setToolTip(tr("Choose the smoothing weight automatically"));
  smoothing_ = new QDoubleSpinBox;
  smoothing_->setDecimals(6);
  smoothing_->setRange(0.0, 0.999999);
  smoothing_->setSingleStep(1e-3);
  smoothing_->setToolTip(tr("Weight of the Hessian smoothing term (used when not automatic)"));
  method_ = new QComboBox;
  method_->addItems({fit_method_text(fit::FitMethod::GaussNewton), fit_method_text(fit::FitMethod::Paper)});
  method_->setToolTip(tr("gauss_newton: levenberg–marquardt with exact derivatives; paper: the iteration of "
                         "eq. 32–36 (docs/fitting.md)"));
  length_scale_ = new QDoubleSpinBox;
  length_scale_->setDecimals(1);
  length_scale_->setRange(0.1, 1e5);
  length_scale_->setSuffix(tr(" mm"));
  length_scale_->setToolTip(tr("Length that weighs translation against rotation in the twist metric"));
  for (QAbstractSpinBox* s : std::initializer_list<QAbstractSpinBox*>{frames_, order_, smoothing_, length_scale_})
    s->setKeyboardTracking(false);
  fit_ = new QPushButton(tr("Fit"));
  fit_->setToolTip(tr("Fit the active spline joint to its samples (runs in the background; one undo step)"));
  stop_ = new QPushButton(tr("Stop"));
  stop_->setEnabled(false);
  stop_->setToolTip(tr("Stop the running fit; the joint stays as it was"));
  progress_ = new QProgressBar;
  progress_->setRange(0, 100);
  progress_->setValue(0);
  progress_->setToolTip(tr("Progress of the running fit"));

  auto* smoothing_row = new QHBoxLayout;
  smoothing_row->addWidget(smoothing_, 1);
  smoothing_row->addWidget(auto_smoothing_);
  auto* form = new QFormLayout;
  form->addRow(tr("Control frames"), frames_);
  form->addRow(tr("Order"), order_);
  form->addRow(QString(), closed_);
  form->addRow(tr("Smoothing"), smoothing_row);
  form->addRow(tr("Method"), method_);
  form->addRow(tr("Length scale"), length_scale_);
  auto* buttons = new QHBoxLayout;
  buttons->addWidget(fit_);
  buttons->addWidget(stop_);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->addLayout(form);
  layout->addLayout(buttons);
  layout->addWidget(progress_);
  fold_ = new QLabel;
  fold_->setWordWrap(true);
  fold_->setObjectName(QStringLiteral("fold_warning"));
  fold_->setStyleSheet(QStringLiteral("QLabel { color: #8a4b00; background: #fff3d6; padding: 4px; }"));
  fold_->setVisible(false);
  layout->addWidget(fold_);
  verdict_ = new QLabel;
  verdict_->setWordWrap(true);
  verdict_->setToolTip(tr("How the last fit ended, and what `jointsmith-cli check` says of the fitted joint"));
  layout->addWidget(verdict_);
  reauthor_ = new ReauthorBox(doc_);
  connect(reauthor_, &ReauthorBox::status_message, this, &FitPanel::status_message);
  layout->addWidget(reauthor_);
  baselines_ = new BaselineTable;
  layout->addWidget(baselines_);
  charts_ = new FitCharts;
  layout->addWidget(charts_, 1);

  runner_ = new FitRunner(doc_, this);
  connect(fit_, &QPushButton::clicked, this, &FitPanel::start_fit);
  connect(stop_, &QPushButton::clicked, this, [this] {
    runner_->stop();
    emit status_message(tr("Stopping the fit…"));
  });
  connect(runner_, &FitRunner::started, this, [this](const QString& text) {
    set_running(true);
    emit status_message(text);
  });
  connect(runner_, &FitRunner::progress, this, [this](double fraction, const QString& text) {
    progress_->setValue(static_cast<int>(fraction * 100.0));
    emit status_message(text);
  });
  connect(runner_, &FitRunner::finished, this, [this](bool applied, const QString& text) {
    set_running(false);
    progress_->setValue(applied ? 100 : 0);
    show_verdict(applied);
    if (applied || runner_->last().cancelled) emit status_message(text);
    else emit fit_failed(text);
    refresh_charts();
  });
  connect(&doc_, &Document::selection_changed, this, &FitPanel::refresh_charts);

  connect(frames_, &QSpinBox::valueChanged, this, [this] { commit(frames_); });
  connect(order_, &QSpinBox::valueChanged, this, [this] { commit(order_); });
  connect(closed_, &QCheckBox::toggled, this, [this] { commit(closed_); });
  connect(auto_smoothing_, &QCheckBox::toggled, this, [this] { commit(auto_smoothing_); });
  connect(smoothing_, &QDoubleSpinBox::valueChanged, this, [this] { commit(smoothing_); });
  connect(method_, &QComboBox::currentTextChanged, this, [this] { commit(method_); });
  connect(length_scale_, &QDoubleSpinBox::valueChanged, this, [this] { commit(length_scale_); });
  connect(&doc_, &Document::changed, this, &FitPanel::refresh);
  refresh();
}

void FitPanel::start_fit() {
  const Selection& s = doc_.selection();
  const Joint* j = doc_.data().joint(s.joint);
  if (!j) j = doc_.data().joint_of_child(s.body);
  runner_->start(j ? j->id : 0);
}

void FitPanel::show_verdict(bool applied) {
  const fit::FitReport& r = runner_->last().report;
  if (!applied) {
    verdict_->clear();
    return;
  }
  QString text = r.converged ? tr("Converged")
                 : r.stalled ? tr("Stalled: no step lowered the objective (damping reached 1e10); the fit may "
                                  "not be at a minimum")
                 : r.cancelled ? tr("Stopped")
                               : tr("Iteration limit reached before convergence");
  const bool bad = !r.check_problem.empty();
  if (bad) text += tr("\nCheck fails: %1").arg(QString::fromStdString(r.check_problem));
  verdict_->setText(text);
  verdict_->setStyleSheet(bad || r.stalled ? QStringLiteral("color: #c0392b;") : QString());
}

void FitPanel::set_running(bool on) {
  fit_->setEnabled(!on);
  stop_->setEnabled(on);
  progress_->setValue(0);
}

void FitPanel::refresh_charts() {
  const Selection& s = doc_.selection();
  const Joint* j = doc_.data().joint(s.joint);
  if (!j) j = doc_.data().joint_of_child(s.body);
  charts_->set_residuals(j ? sample_errors(*j) : std::vector<PoseError>{});
  baselines_->set_joint(j, doc_.data().fit.length_scale);
  // the history of the fit that made the active joint's model (kept with the joint, so it shows for a
  // fitted demo or a reopened project before any Fit of this session)
  charts_->set_history(j ? j->last_fit.history : std::vector<double>{});
  // a path that turns back on itself is flagged, not silently kept
  const FoldCheck fold = j && j->model ? check_fold(*j->model, doc_.data().fit.length_scale) : FoldCheck{};
  fold_->setText(j ? fold_message(fold, *j) : QString());
  fold_->setVisible(fold.folds);
}

void FitPanel::refresh() {
  refresh_charts();
  refreshing_ = true;
  const FitSettings& f = doc_.data().fit;
  frames_->setValue(f.frames);
  order_->setValue(f.order);
  closed_->setChecked(f.closed);
  auto_smoothing_->setChecked(f.auto_smoothing);
  smoothing_->setValue(f.smoothing);
  smoothing_->setEnabled(!f.auto_smoothing);
  method_->setCurrentText(fit_method_text(f.method));
  length_scale_->setValue(f.length_scale * 1e3);
  refreshing_ = false;
}

void FitPanel::commit(QWidget* source) {
  if (refreshing_) return;
  // repeated steps of one field are one undo step
  if (source != last_source_) {
    last_source_ = source;
    merge_key_ = doc_.next_merge_key();
  }
  FitSettings f;
  f.frames = frames_->value();
  f.order = order_->value();
  f.closed = closed_->isChecked();
  f.auto_smoothing = auto_smoothing_->isChecked();
  f.smoothing = smoothing_->value();
  fit_method_from_text(method_->currentText(), f.method);  // the combo offers only known names
  f.length_scale = length_scale_->value() * 1e-3;
  const auto r = set_fit_settings(doc_, f, merge_key_);
  if (!r.ok()) {
    emit status_message(r.error);
    refresh();
  }
}

}  // namespace js::ui
