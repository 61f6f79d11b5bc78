#include "ui/joint/fit_runner.hpp"

#include <algorithm>
#include <numbers>

#include "core/fit/cross_validation.hpp"
#include "ui/joint/joint_operations.hpp"
#include "ui/joint/reauthor.hpp"

namespace js::ui {

FitRunner::FitRunner(Document& doc, QObject* parent) : QObject(parent), doc_(doc) {}

FitRunner::~FitRunner() {
  if (!thread_) return;
  cancel_->store(true);
  thread_->wait();
}

bool FitRunner::start(JointId id) {
  const Joint* j = doc_.data().joint(id);
  if (running()) {
    emit finished(false, tr("A fit is already running: Stop it first"));
    return false;
  }
  if (!j) {
    emit finished(false, tr("Select a joint (or its child body) to fit"));
    return false;
  }
  joint_ = id;
  joint_name_ = j->name;
  samples_at_start_ = j->samples;
  model_at_start_ = j->model;
  candidate_ = fits_a_candidate(*j);
  const FitSettings settings = doc_.data().fit;
  // cross-validation fits once per grid point and refinement step, then once more at the choice
  const fit::AutoFitOptions automatic;
  expected_fits_ = settings.auto_smoothing ? automatic.grid_points + automatic.refine_steps + 1 : 1;
  cancel_ = std::make_shared<std::atomic<bool>>(false);
  // the worker owns copies: the document may change while it runs
  const Joint joint = *j;
  auto cancel = cancel_;
  auto fits = std::make_shared<int>(0);
  thread_ = QThread::create([this, joint, settings, cancel, fits] {
    const fit::ProgressCallback progress = [this, fits](const fit::FitProgress& p) {
      if (p.iteration == 1) ++*fits;
      const int n = *fits, it = p.iteration;
      const double f = p.objective;
      QMetaObject::invokeMethod(this, [this, n, it, f] { on_progress(n, it, f); }, Qt::QueuedConnection);
      return true;
    };
    FitOutcome outcome = run_fit(joint, settings, progress, cancel.get());
    QMetaObject::invokeMethod(this, [this, o = std::move(outcome)]() mutable { on_done(std::move(o)); },
                              Qt::QueuedConnection);
  });
  connect(thread_, &QThread::finished, thread_, &QObject::deleteLater);
  thread_->start();
  emit started(tr("Fitting %1 to %n sample(s)…", nullptr, static_cast<int>(samples_at_start_.size())).arg(joint_name_));
  return true;
}

void FitRunner::stop() {
  if (cancel_) cancel_->store(true);
}

void FitRunner::on_progress(int fits, int iteration, double objective) {
  if (!running()) return;
  // each fit converges in a few to a few tens of iterations: count fits, and creep within one
  const double within = iteration / (iteration + 8.0);
  const double fraction = std::min(0.99, (std::max(fits, 1) - 1 + within) / expected_fits_);
  emit progress(fraction, tr("Fitting %1: fit %2 of ~%3, iteration %4, objective %5")
                              .arg(joint_name_).arg(fits).arg(expected_fits_).arg(iteration)
                              .arg(objective, 0, 'g', 4));
}

void FitRunner::on_done(FitOutcome outcome) {
  thread_ = nullptr;  // deletes itself once its run returns
  last_ = std::move(outcome);
  if (!last_.ok()) {
    emit finished(false, last_.error);
    return;
  }
  const Joint* j = doc_.data().joint(joint_);
  if (!j) {
    emit finished(false, tr("Fit of %1 finished, but the joint was deleted meanwhile").arg(joint_name_));
    return;
  }
  // a candidate stays a candidate: if the model it was fitted beside was replaced or restored meanwhile, the fit
  // must not become the model behind the user's back
  const bool candidate = candidate_;
  if (candidate && j->model != model_at_start_) {
    emit finished(false, tr("Fit of %1 finished, but the joint's model changed during the fit (Replace in Model or "
                            "Restore Original): the fit was not applied; press Fit again").arg(joint_name_));
    return;
  }
  if (candidate) {
    // a joint with a model of its own keeps it: the fit is a candidate, compared until Replace in Model
    const auto r = set_candidate(doc_, joint_, last_.model, fit_record(last_.report), tr("Fit %1 (candidate)").arg(joint_name_));
    if (!r.ok()) {
      emit finished(false, r.error);
      return;
    }
  } else {
    const auto r = set_joint_model(doc_, joint_, last_.model, tr("Fit %1").arg(joint_name_), std::nullopt,
                                   fit_record(last_.report));
    if (!r.ok()) {
      emit finished(false, r.error);
      return;
    }
  }
  j = doc_.data().joint(joint_);
  const fit::FitReport& rep = last_.report;
  QString text = tr("Fitted %1: rms %2 mm / %3°, max %4 mm / %5°, %6, %7 ms")
                     .arg(joint_name_)
                     .arg(rep.rms_translation_m * 1e3, 0, 'f', 2)
                     .arg(rep.rms_rotation_rad * 180.0 / kPi, 0, 'f', 2)
                     .arg(rep.max_translation_m * 1e3, 0, 'f', 2)
                     .arg(rep.max_rotation_rad * 180.0 / kPi, 0, 'f', 2)
                     .arg(tr("%n iteration(s)", nullptr, rep.iterations))
                     .arg(rep.seconds * 1e3, 0, 'f', 0);
  const bool same = j->samples.size() == samples_at_start_.size() &&
                    std::equal(j->samples.begin(), j->samples.end(), samples_at_start_.begin(),
                               [](const Sample& a, const Sample& b) {
                                 return a.q == b.q && a.parent_T_child.is_approx(b.parent_T_child, 0.0);
                               });
  if (!same) text += tr(" (samples changed during the fit: press Fit again)");
  if (!last_.note.isEmpty()) text += QStringLiteral("; ") + last_.note;
  if (candidate) {
    if (const auto d = comparison_difference(*j)) text += QStringLiteral(". ") + comparison_text(*j, *d);
    text += tr(". Joint ▸ Replace in Model puts it in the model");
  }
  emit finished(true, text);
}

}  // namespace js::ui
