// one fit of a document joint, as plain functions (no widgets, no threads): the joint's samples and the
// fit settings in, a core joint model and its report out. FitRunner (fit_runner.hpp) runs this off the ui
// thread; the demo and the tests call it directly.
#pragma once

#include <QString>
#include <atomic>
#include <memory>

#include "core/fit/curve_fit.hpp"
#include "core/fit/report.hpp"
#include "ui/document/document_data.hpp"

namespace js::ui {

struct FitOutcome {
  std::shared_ptr<const JointModel> model;  // null when the fit failed or was stopped
  fit::FitReport report;                    // residuals per sample, objective history, iterations, seconds
  bool cancelled = false;
  QString error;                            // why there is no model (names the joint and the sample)
  QString note;                             // what the fit could not keep (an out-of-range choice), or empty
  bool ok() const { return model != nullptr; }
};

// the core options for the document's settings.
fit::CurveFitOptions curve_fit_options(const FitSettings& settings);

// the joint's samples as a core sample set; sample k is reported as line k + 1 of source "<joint name>".
fit::SampleSet joint_sample_set(const Joint& joint);

// what a joint keeps of a fit's report (history, time of one fit, smoothing weight).
FitRecord fit_record(const fit::FitReport& report);

// fits a spline curve joint (paper §6; smoothing chosen by cross-validation when automatic) or a 2-dof
// spline surface joint (eq. 25; `frames` control values per axis, no smoothing when automatic) to its samples.
// a joint with a model of its own (reauthor.hpp: fits_a_candidate) is fitted as the spline of its dof, its
// coordinates named as the model's. progress is called on the calling thread after each iteration (return false to stop); cancel may be set
// from another thread. never throws: failures come back in FitOutcome::error.
FitOutcome run_fit(const Joint& joint, const FitSettings& settings, const fit::ProgressCallback& progress = {},
                   const std::atomic<bool>* cancel = nullptr);

}  // namespace js::ui
