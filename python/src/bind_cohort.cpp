// the cohort manifest (app/cli/fit_batch.hpp) for python3 -m jointsmith.cohort: rows as dicts that travel to
// dask workers, and the same per-row fit and summary as `jointsmith-cli fit-batch`. plus the c++ side of
// the eval benchmark (python/scripts/bench_eval.py).
#include <chrono>

#include <pybind11/stl.h>

#include "app/cli/fit_batch.hpp"
#include "python/src/common.hpp"
#include "python/src/joint_handle.hpp"

namespace js::py {

namespace {

pb::dict row_to_dict(const cli::ManifestRow& r) {
  pb::dict d;
  d["row"] = r.row;
  d["line"] = r.line;
  d["samples"] = r.samples;
  d["samples_path"] = r.samples_path;
  d["output"] = r.output;
  d["frames"] = r.options.frames;
  d["smooth"] = r.options.smooth;
  d["order"] = r.options.order;
  d["closed"] = r.options.closed;
  d["method"] = r.options.method;
  d["length_scale"] = r.options.length_scale;
  d["huber"] = r.options.huber;
  d["max_iterations"] = r.options.max_iterations;
  d["cv"] = r.options.cv;
  d["reorthonormalize"] = r.reorthonormalize;
  return d;
}

cli::ManifestRow row_from_dict(const pb::dict& d) {
  cli::ManifestRow r;
  r.row = d["row"].cast<int>();
  r.line = d["line"].cast<int>();
  r.samples = d["samples"].cast<std::string>();
  r.samples_path = d["samples_path"].cast<std::string>();
  r.output = d["output"].cast<std::string>();
  r.options.frames = d["frames"].cast<std::string>();
  r.options.smooth = d["smooth"].cast<std::string>();
  r.options.order = d["order"].cast<int>();
  r.options.closed = d["closed"].cast<bool>();
  r.options.method = d["method"].cast<std::string>();
  r.options.length_scale = d["length_scale"].cast<double>();
  r.options.huber = d["huber"].cast<double>();
  r.options.max_iterations = d["max_iterations"].cast<int>();
  r.options.cv = d["cv"].cast<std::string>();
  r.reorthonormalize = d["reorthonormalize"].cast<bool>();
  return r;
}

}  // namespace

void register_cohort(pb::module_& m) {
  pb::module_ c = m.def_submodule("_manifest", "the cohort manifest shared with jointsmith-cli fit-batch (internal)");
  c.def("read_manifest", [](const std::string& path) {
    pb::list rows;
    for (const cli::ManifestRow& r : cli::read_manifest(path)) rows.append(row_to_dict(r));
    return rows;
  });
  c.def("finished_row", [](const pb::dict& row, const std::string& dir) { return cli::finished_row(row_from_dict(row), dir); });
  c.def("run_row", [](const pb::dict& row, const std::string& dir) {
    const cli::ManifestRow r = row_from_dict(row);
    pb::gil_scoped_release release;
    return cli::run_manifest_row(r, dir);
  });
  c.def("write_summary", &cli::write_summary);
  c.def("summary_header", &cli::summary_header);
}

void register_bench(pb::module_& m) {
  pb::module_ b = m.def_submodule("_bench", "benchmark helpers (python/scripts/bench_eval.py)");
  b.def(
      "cpp_eval_seconds",
      [](const Joint& j, const pb::array_t<double, pb::array::c_style | pb::array::forcecast>& qs) {
        const JointModel& model = *j.model;
        const int n = model.dof();
        const pb::ssize_t count = qs.size() / n;
        const double* q = qs.data();
        double sink = 0.0;
        double s = 0.0;
        {
          pb::gil_scoped_release release;
          // what a c++ caller does: one JointData, evaluate G, S and ∇S at each q
          JointData d(n);
          const auto start = std::chrono::steady_clock::now();
          for (pb::ssize_t k = 0; k < count; ++k) {
            model.evaluate(Eigen::Map<const Eigen::VectorXd>(q + k * n, n), d, EvalLevel::Hessian);
            sink += d.G.p[0] + d.S(0, 0) + d.dS(0, 0);
          }
          s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        }
        return pb::make_tuple(s, sink);
      },
      pb::arg("joint"), pb::arg("qs"), "(seconds, checksum) of evaluating the joint at every q in a c++ loop");
}

}  // namespace js::py
