// jointsmith.fit / fit_file: the fit command (app/cli/fit_job.hpp) from arrays or a sample file, returning
// (Joint, report dict with the keys of `jointsmith-cli fit --report`). the GIL is released while fitting;
// a progress callable is called after every iteration, Ctrl-C cancels.
#include <pybind11/stl.h>

#include "app/cli/fit_job.hpp"
#include "core/fit/report.hpp"
#include "core/fit/sample_check.hpp"
#include "core/fit/sample_io.hpp"
#include "python/src/common.hpp"
#include "python/src/joint_handle.hpp"

namespace js::py {

namespace {

// "auto", a number or an int, as the cli's text
std::string option_text(const pb::handle& v, const char* name) {
  if (pb::isinstance<pb::str>(v)) return v.cast<std::string>();
  if (PyBool_Check(v.ptr())) throw pb::value_error(std::string(name) + ": expected 'auto' or a number, got a bool");
  if (PyLong_Check(v.ptr())) return std::to_string(v.cast<long long>());
  if (PyFloat_Check(v.ptr()) || pb::isinstance<pb::float_>(v)) {
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.17g", v.cast<double>());
    return buf;
  }
  if (pb::isinstance<pb::tuple>(v) || pb::isinstance<pb::list>(v)) {  // a net per axis: (8, 6)
    std::string out;
    for (auto x : v) out += (out.empty() ? "" : "x") + option_text(x, name);
    return out;
  }
  throw pb::value_error(std::string(name) + ": expected 'auto', a number or (for frames) a tuple of sizes");
}

struct FitArgs {
  cli::FitJobOptions options;
  pb::object progress;
};

pb::tuple run(const fit::SampleSet& samples, FitArgs& args) {
  Interrupts interrupts;
  args.options.cancel = &interrupts.cancel;
  const pb::object& callback = args.progress;
  args.options.progress = [&](const fit::FitProgress& p) {
    if (interrupts.cancel.load()) return false;
    if (!callback.is_none()) {
      pb::gil_scoped_acquire gil;
      try {
        pb::dict d;
        d["iteration"] = p.iteration;
        d["objective"] = p.objective;
        d["step"] = p.step;
        const pb::object r = callback(d);
        if (!r.is_none() && !pb::bool_(r)) interrupts.cancel.store(true);  // the callable asked to stop
      } catch (pb::error_already_set& e) {
        interrupts.remember(std::move(e));
        return false;
      }
    }
    return !interrupts.check();
  };
  cli::FitJobResult result;
  {
    pb::gil_scoped_release release;
    result = cli::run_fit_job(samples, args.options);
  }
  args.options.progress = nullptr;
  interrupts.rethrow();
  const pb::object loads = pb::module_::import("json").attr("loads");
  pb::object report = loads(fit::report_to_json(result.report).dump());
  return pb::make_tuple(Joint{std::shared_ptr<const JointModel>(std::move(result.joint)), ""}, report);
}

FitArgs make_args(const pb::handle& frames, const pb::handle& smooth, int order, bool closed, const std::string& method,
                  double length_scale, double huber, int max_iterations, const std::string& cv, pb::object progress) {
  FitArgs a;
  a.options.frames = option_text(frames, "frames");
  a.options.smooth = option_text(smooth, "smooth");
  a.options.order = order;
  a.options.closed = closed;
  a.options.method = method;
  a.options.length_scale = length_scale;
  a.options.huber = huber;
  a.options.max_iterations = max_iterations;
  a.options.cv = cv;
  if (!progress.is_none() && !PyCallable_Check(progress.ptr())) throw pb::value_error("progress: expected a callable or None");
  a.progress = std::move(progress);
  if (!(length_scale > 0.0)) throw pb::value_error("length_scale must be > 0 (metres)");
  if (order < 2) throw pb::value_error("order must be ≥ 2");
  if (max_iterations < 1) throw pb::value_error("max_iterations must be ≥ 1");
  return a;
}

std::string shape_of(const pb::array& a) {
  std::string s = "(";
  for (pb::ssize_t i = 0; i < a.ndim(); ++i) s += (i ? ", " : "") + std::to_string(a.shape(i));
  return s + (a.ndim() == 1 ? ",)" : ")");
}

// samples from arrays, checked like a file's rows (finite, orthonormal R, positive weights) and named
// "sample k" in messages.
fit::SampleSet samples_from_arrays(const pb::object& q, const pb::handle& R, const pb::handle& p, const pb::object& weights,
                                   bool reorthonormalize) {
  const auto Ra = real_array(R, "R");
  const auto pa = real_array(p, "p");
  if (Ra.ndim() != 3 || Ra.shape(1) != 3 || Ra.shape(2) != 3) throw pb::value_error("R: shape " + shape_of(Ra) + "; expected (N, 3, 3)");
  const pb::ssize_t N = Ra.shape(0);
  if (pa.ndim() != 2 || pa.shape(0) != N || pa.shape(1) != 3) {
    throw pb::value_error("p: shape " + shape_of(pa) + "; expected (" + std::to_string(N) + ", 3) for the " + std::to_string(N) + " rotations");
  }
  fit::SampleSet set;
  set.source = "<arrays>";
  int dof = 1;
  pb::array_t<double, pb::array::c_style> qa;
  if (q.is_none()) {
    set.has_q = false;
  } else {
    qa = real_array(q, "q");
    if (qa.ndim() == 1 && qa.shape(0) == N) {
      dof = 1;
    } else if (qa.ndim() == 2 && qa.shape(0) == N && qa.shape(1) >= 1 && qa.shape(1) <= 3) {
      dof = static_cast<int>(qa.shape(1));
    } else {
      throw pb::value_error("q: shape " + shape_of(qa) + "; expected (" + std::to_string(N) + ",) or (" + std::to_string(N) +
                            ", n) with n = 1..3, one row per sample");
    }
  }
  pb::array_t<double, pb::array::c_style> wa;
  if (!weights.is_none()) {
    wa = real_array(weights, "weights");
    if (wa.ndim() != 1 || wa.shape(0) != N) throw pb::value_error("weights: shape " + shape_of(wa) + "; expected (" + std::to_string(N) + ",)");
  }
  set.dof = dof;
  fit::SampleReadOptions read;
  read.reorthonormalize = reorthonormalize;
  for (pb::ssize_t k = 0; k < N; ++k) {
    fit::RawSample raw;
    raw.where = "sample " + std::to_string(k);
    for (int i = 0; i < 9; ++i) raw.R[static_cast<std::size_t>(i)] = Ra.data()[9 * k + i];
    for (int i = 0; i < 3; ++i) raw.p[static_cast<std::size_t>(i)] = pa.data()[3 * k + i];
    if (set.has_q) {
      for (int i = 0; i < dof; ++i) raw.q.push_back(qa.data()[dof * k + i]);
      raw.q_column.assign(static_cast<std::size_t>(dof), 0);
    }
    if (!weights.is_none()) raw.weight = wa.data()[k];
    set.samples.push_back(fit::check_sample(raw, set.source, read));
  }
  return set;
}

constexpr const char* kFitDoc = R"(fits a spline joint to sample poses, as `jointsmith-cli fit` does (paper §6, docs/fitting.md).

q: (N,) coordinates of each sample, (N, n) for an n-dof surface joint (n = 2, 3), or None for natural
   parameterization along the sample order (1-dof); R: (N, 3, 3) rotations of parent_T_child; p: (N, 3)
   translations in metres; weights: (N,) > 0 or None.
frames: 'auto' (cross-validation), a count ≥ 2, or for n-dof a size per axis (8 or (8, 6));
smooth: 'auto' (cross-validation; none for n-dof) or w in [0, 1); order: spline order (4: cubic);
closed: periodic motion; method: 'gauss-newton' or 'paper'; length_scale: metres of translation that weigh
like 1 rad; huber: outlier threshold (0: off); cv: 'gcv' or 'kfold'.
progress: called after every iteration with {'iteration', 'objective', 'step'}; return False to stop.
Returns (joint, report): the report dict has the keys of the cli's --report json. The GIL is released
while fitting; Ctrl-C raises KeyboardInterrupt. Raises SampleError naming the sample, SampleError of kind
'degenerate' when the fitted joint fails check() (as `jointsmith-cli fit` refuses to write it), ValueError
for bad shapes or options.)";

}  // namespace

void register_fit(pb::module_& m) {
  m.def(
      "fit",
      [](const pb::object& q, const pb::object& R, const pb::object& p, const pb::object& weights, const pb::object& frames,
         const pb::object& smooth, int order, bool closed, const std::string& method, double length_scale, double huber,
         int max_iterations, const std::string& cv, bool reorthonormalize, pb::object progress) {
        FitArgs args = make_args(frames, smooth, order, closed, method, length_scale, huber, max_iterations, cv, std::move(progress));
        const fit::SampleSet samples = samples_from_arrays(q, R, p, weights, reorthonormalize);
        return run(samples, args);
      },
      pb::arg("q"), pb::arg("R"), pb::arg("p"), pb::kw_only(), pb::arg("weights") = pb::none(), pb::arg("frames") = "auto",
      pb::arg("smooth") = "auto", pb::arg("order") = 4, pb::arg("closed") = false, pb::arg("method") = "gauss-newton",
      pb::arg("length_scale") = 0.05, pb::arg("huber") = 0.0, pb::arg("max_iterations") = 100, pb::arg("cv") = "gcv",
      pb::arg("reorthonormalize") = false, pb::arg("progress") = pb::none(), kFitDoc);
  m.def(
      "fit_file",
      [](const std::string& path, const pb::object& frames, const pb::object& smooth, int order, bool closed,
         const std::string& method, double length_scale, double huber, int max_iterations, const std::string& cv,
         bool reorthonormalize, pb::object progress) {
        FitArgs args = make_args(frames, smooth, order, closed, method, length_scale, huber, max_iterations, cv, std::move(progress));
        fit::SampleReadOptions read;
        read.reorthonormalize = reorthonormalize;
        fit::SampleSet samples;
        {
          pb::gil_scoped_release release;
          samples = fit::read_samples(path, read);
        }
        return run(samples, args);
      },
      pb::arg("path"), pb::kw_only(), pb::arg("frames") = "auto", pb::arg("smooth") = "auto", pb::arg("order") = 4,
      pb::arg("closed") = false, pb::arg("method") = "gauss-newton", pb::arg("length_scale") = 0.05, pb::arg("huber") = 0.0,
      pb::arg("max_iterations") = 100, pb::arg("cv") = "gcv", pb::arg("reorthonormalize") = false,
      pb::arg("progress") = pb::none(),
      "fits the samples of a file (.csv or .json, docs/samples.md); otherwise as fit(). SampleError names the file, line and column.");
  m.def(
      "read_samples",
      [](const std::string& path, bool reorthonormalize) {
        fit::SampleReadOptions read;
        read.reorthonormalize = reorthonormalize;
        const fit::SampleSet s = fit::read_samples(path, read);
        const pb::ssize_t N = s.size();
        pb::array_t<double> q(std::vector<pb::ssize_t>{N, s.dof}), R(std::vector<pb::ssize_t>{N, 3, 3}),
            p(std::vector<pb::ssize_t>{N, 3}), w(std::vector<pb::ssize_t>{N});
        for (pb::ssize_t k = 0; k < N; ++k) {
          const fit::Sample& x = s.samples[static_cast<std::size_t>(k)];
          for (int i = 0; i < s.dof; ++i) q.mutable_data()[k * s.dof + i] = s.has_q ? x.q[i] : std::nan("");
          const Mat4 T = x.parent_T_child.matrix();
          for (int r = 0; r < 3; ++r) {
            for (int c = 0; c < 3; ++c) R.mutable_data()[9 * k + 3 * r + c] = T(r, c);
            p.mutable_data()[3 * k + r] = T(r, 3);
          }
          w.mutable_data()[k] = x.weight;
        }
        pb::object qo = s.has_q ? pb::object(s.dof == 1 ? q.attr("reshape")(N) : q) : pb::none();
        return pb::make_tuple(qo, R, p, w);
      },
      pb::arg("path"), pb::kw_only(), pb::arg("reorthonormalize") = false,
      "reads a sample file: (q, R, p, weights) with q (N,) or (N, n), or None without q columns");
}

}  // namespace js::py
