// runs run_fit (fit_job.hpp) on a worker thread so the window stays live: progress comes back to the ui
// thread as signals, Stop sets the fit's cancel flag, and a finished fit is applied to the document as ONE
// undoable command (set_joint_model; set_candidate for a joint with a model of its own, reauthor.hpp). a failed or
// stopped fit changes nothing.
#pragma once

#include <QObject>
#include <QThread>
#include <atomic>
#include <memory>

#include "ui/document/document.hpp"
#include "ui/joint/fit_job.hpp"

namespace js::ui {

class FitRunner : public QObject {
  Q_OBJECT
 public:
  explicit FitRunner(Document& doc, QObject* parent = nullptr);
  ~FitRunner() override;  // stops and joins a running fit

  bool running() const { return thread_ != nullptr; }
  // the outcome of the last fit that finished (report, error), kept for the charts
  const FitOutcome& last() const { return last_; }

  // starts fitting joint `id` with the document's fit settings; false (and a message) when one is running
  // or the joint does not exist.
  bool start(JointId id);
  // asks the running fit to stop after its current iteration
  void stop();

 signals:
  void started(const QString& text);
  // fraction in [0, 1] and a line for the status bar ("iteration 7, F = 1.2e-5")
  void progress(double fraction, const QString& text);
  // applied: the model went into the document; message says what happened (or why not)
  void finished(bool applied, const QString& message);

 private:
  void on_progress(int fits, int iteration, double objective);
  void on_done(FitOutcome outcome);

  Document& doc_;
  QThread* thread_ = nullptr;
  std::shared_ptr<std::atomic<bool>> cancel_;
  JointId joint_ = 0;
  QString joint_name_;
  std::vector<Sample> samples_at_start_;
  // a fit of a joint with a model of its own is a candidate for that model: decided when the fit starts
  std::shared_ptr<const JointModel> model_at_start_;
  bool candidate_ = false;
  int expected_fits_ = 1;
  FitOutcome last_;
};

}  // namespace js::ui
