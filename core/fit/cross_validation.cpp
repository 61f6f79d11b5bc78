#include "core/fit/cross_validation.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <optional>

#include "core/fit/curve_fitter.hpp"

namespace js::fit {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// scores fits of one frame count for any w; warm-starts each fit from the previous one.
class Scorer {
 public:
  Scorer(const SampleSet& samples, PreparedCurve prepared, const CurveFitOptions& options,
         const AutoFitOptions& automatic)
      : samples_(samples),
        automatic_(automatic),
        fitter_(samples, prepared.q, prepared.knots, options),
        warm_(std::move(prepared.frames)),
        best_(prepared.knots) {
    if (automatic.method == CrossValidation::KFold) {
      for (int f = 0; f < automatic.folds; ++f) {
        folds_.emplace_back(samples, prepared.q, prepared.knots, options);
        std::vector<bool> train(static_cast<std::size_t>(samples.size()));
        std::vector<bool> test(train.size());
        // interleaved folds: every fold spans the whole range of q
        for (std::size_t k = 0; k < train.size(); ++k) {
          test[k] = static_cast<int>(k) % automatic.folds == f;
          train[k] = !test[k];
        }
        folds_.back().set_mask(train);
        tests_.emplace_back(samples, prepared.q, prepared.knots, options);
        tests_.back().set_mask(test);
      }
    }
  }

  ScorePoint score(double w, double value) {
    ScorePoint p;
    p.value = value;
    fitter_.set_smoothing(w);
    CurveFitResult r = fitter_.run(warm_);
    cancelled_ = cancelled_ || r.cancelled;
    warm_ = r.frames;
    p.rms = std::sqrt(r.data_term);
    if (automatic_.method == CrossValidation::Generalized) {
      p.effective_parameters = fitter_.effective_parameters(r.frames);
      const double n = 6.0 * samples_.size();
      const double fraction = 1.0 - p.effective_parameters / n;
      p.score = fraction > 0.0 ? r.data_term / (fraction * fraction) : kInf;
    } else {
      double sum = 0.0;
      for (std::size_t f = 0; f < folds_.size(); ++f) {
        folds_[f].set_smoothing(w);
        const CurveFitResult rf = folds_[f].run(r.frames);
        cancelled_ = cancelled_ || rf.cancelled;
        sum += tests_[f].terms(rf.frames).data;
      }
      p.score = sum / static_cast<double>(folds_.size());
    }
    if (p.score < best_score_) {
      best_score_ = p.score;
      best_ = std::move(r);
      best_w_ = w;
    }
    return p;
  }

  bool cancelled() const { return cancelled_; }
  double best_score() const { return best_score_; }
  double best_w() const { return best_w_; }
  CurveFitResult& best() { return best_; }

 private:
  const SampleSet& samples_;
  const AutoFitOptions& automatic_;
  CurveFitter fitter_;
  std::vector<CurveFitter> folds_;  // fits without fold f
  std::vector<CurveFitter> tests_;  // scoring on fold f only
  std::vector<SE3> warm_;
  CurveFitResult best_;
  double best_score_ = kInf;
  double best_w_ = 0.0;
  bool cancelled_ = false;
};

// w on a log grid from max to min (smooth to rough, warm starts follow), then golden-section refinement
// in log w around the best grid point. returns the curve sorted by w.
std::vector<ScorePoint> search_smoothing(Scorer& scorer, const AutoFitOptions& a) {
  std::vector<ScorePoint> curve;
  const double lo = std::log(a.min_smoothing), hi = std::log(a.max_smoothing);
  const int n = std::max(2, a.grid_points);
  for (int i = n - 1; i >= 0 && !scorer.cancelled(); --i) {
    const double w = std::exp(lo + (hi - lo) * i / (n - 1));
    curve.push_back(scorer.score(w, w));
  }
  // scores can be flat to rounding over a plateau: the smoothest of the (near) best wins
  std::sort(curve.begin(), curve.end(), [](const ScorePoint& x, const ScorePoint& y) { return x.value < y.value; });
  std::size_t best = 0;
  for (std::size_t i = 0; i < curve.size(); ++i) {
    if (curve[i].score <= curve[best].score) best = i;
  }
  if (curve.size() >= 2 && !scorer.cancelled()) {
    double x0 = std::log(curve[best == 0 ? 0 : best - 1].value);
    double x1 = std::log(curve[std::min(best + 1, curve.size() - 1)].value);
    const double phi = 0.5 * (std::sqrt(5.0) - 1.0);
    for (int s = 0; s < a.refine_steps && !scorer.cancelled(); ++s) {
      // evaluate both interior golden points of [x0, x1] once each step (simple, robust to kinks)
      const double xa = x1 - phi * (x1 - x0), xb = x0 + phi * (x1 - x0);
      const ScorePoint pa = scorer.score(std::exp(xa), std::exp(xa));
      const ScorePoint pb = scorer.score(std::exp(xb), std::exp(xb));
      curve.push_back(pa);
      curve.push_back(pb);
      if (pa.score <= pb.score) {
        x1 = xb;
      } else {
        x0 = xa;
      }
    }
    std::sort(curve.begin(), curve.end(), [](const ScorePoint& x, const ScorePoint& y) { return x.value < y.value; });
  }
  return curve;
}

// every step-th sample (in sample order, so natural parameterization still follows the rows), the last
// one always: the ends of the range stay
SampleSet subsample(const SampleSet& samples, int count) {
  SampleSet out;
  out.dof = samples.dof;
  out.has_q = samples.has_q;
  out.source = samples.source;
  const int n = samples.size();
  out.samples.reserve(static_cast<std::size_t>(count) + 1);
  for (int i = 0; i < count; ++i) {
    const auto k = static_cast<std::size_t>(static_cast<long long>(i) * (n - 1) / (count - 1));
    out.samples.push_back(samples.samples[k]);
  }
  return out;
}

// the largest frame count the samples can support: each frame needs data, and gcv's 1 − tr(A)/6N is kept
// ≥ 0.2 (4N/5 frames): nearer interpolation the data term of noiseless samples falls to round-off and
// the score rewards wiggles between them; k-fold fits train on (k − 1)/k of the samples
int supported_frames(int n, const AutoFitOptions& a) {
  if (a.method == CrossValidation::KFold) return n * (a.folds - 1) / std::max(1, a.folds) - 1;
  return 4 * n / 5;
}

}  // namespace

AutoFitResult fit_spline_curve_auto(const SampleSet& all_samples, const CurveFitOptions& options,
                                    const AutoFitOptions& automatic) {
  const auto start = std::chrono::steady_clock::now();
  CurveFitOptions base = options;
  if (automatic.auto_smoothing) base.smoothing = 0.0;
  int frames = options.knots ? options.knots->num_control() : options.num_frames;
  std::vector<ScorePoint> frames_curve;
  const bool searching = automatic.auto_frames || automatic.auto_smoothing;
  const bool sub = searching && automatic.max_search_samples > 1 && all_samples.size() > automatic.max_search_samples;
  const SampleSet reduced = sub ? subsample(all_samples, automatic.max_search_samples) : SampleSet{};
  const SampleSet& samples = sub ? reduced : all_samples;
  bool at_edge = false;
  int limit = 0;

  if (automatic.auto_frames && !options.knots) {
    // frame counts growing by ≈ 25 %, scored without smoothing (or at the given w); the search goes on
    // while the score keeps falling, up to what the samples support, and stops three counts past the best
    const int order = options.order;
    const int first = options.closed ? std::max(3, order - 1) : order;
    limit = std::max(first, std::min(automatic.max_frames, supported_frames(samples.size(), automatic)));
    double best_score = kInf;
    int rising = 0;
    for (int f = first;; f = std::min(limit, std::max(f + 1, static_cast<int>(std::lround(f * 1.25))))) {
      CurveFitOptions o = base;
      o.num_frames = f;
      std::optional<PreparedCurve> prepared;
      try {
        prepared = prepare_curve_fit(samples, o);
      } catch (const SampleError&) {
        if (f == first) throw;
        // the samples leave a frame of this count undetermined: the previous count was the most they support
        limit = static_cast<int>(frames_curve.back().value);
        at_edge = frames == limit;
        break;
      }
      Scorer scorer(samples, std::move(*prepared), o, automatic);
      ScorePoint p = scorer.score(o.smoothing, f);
      frames_curve.push_back(p);
      if (scorer.cancelled()) break;
      if (p.score < best_score) {
        best_score = p.score;
        frames = f;
        rising = 0;
      } else if (++rising >= 3) {
        break;  // past the minimum
      }
      if (f >= limit) {
        at_edge = frames == f;  // still falling where the samples stop supporting more
        break;
      }
    }
  }

  CurveFitOptions o = base;
  o.num_frames = frames;
  Scorer scorer(samples, prepare_curve_fit(samples, o), o, automatic);
  std::vector<ScorePoint> curve;
  if (automatic.auto_smoothing) {
    curve = search_smoothing(scorer, automatic);
  } else {
    curve.push_back(scorer.score(o.smoothing, o.smoothing));
  }
  const double chosen_w = scorer.best_w();
  bool cancelled = scorer.cancelled();
  CurveFitResult fit = std::move(scorer.best());
  if (sub && !cancelled) {
    // the chosen frames and w on every sample, warm-started from the subsample's fit where the knots agree
    CurveFitOptions final_options = base;
    final_options.num_frames = frames;
    final_options.smoothing = chosen_w;
    PreparedCurve prepared = prepare_curve_fit(all_samples, final_options);
    if (prepared.knots.knots() == fit.knots.knots()) prepared.frames = fit.frames;
    CurveFitter fitter(all_samples, std::move(prepared.q), std::move(prepared.knots), final_options);
    fit = fitter.run(std::move(prepared.frames));
    cancelled = cancelled || fit.cancelled;
  }
  AutoFitResult result(std::move(fit));
  result.smoothing = chosen_w;
  result.frames = frames;
  result.smoothing_curve = std::move(curve);
  result.frames_curve = std::move(frames_curve);
  result.frames_at_edge = at_edge;
  result.frames_limit = limit;
  result.search_samples = samples.size();
  result.fit.cancelled = result.fit.cancelled || cancelled;
  for (const ScorePoint& p : result.smoothing_curve) {
    if (p.value == result.smoothing) result.fit.effective_parameters = p.effective_parameters;
  }
  result.fit.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

}  // namespace js::fit
