// jointsmith.Joint: load, save, eval (one q or a leading axis of many), dof, coordinates, check.
#include <cstring>
#include <vector>

#include <pybind11/stl.h>

#include "core/io/joint_file.hpp"
#include "core/joints/spline_checks.hpp"
#include "core/joints/spline_curve_joint.hpp"
#include "core/joints/spline_surface_joint.hpp"
#include "python/src/common.hpp"
#include "python/src/joint_handle.hpp"

namespace js::py {

namespace {

// a coordinate's unit: lengths for sliding coordinates of lower pairs, radians otherwise (spline joints'
// parameters are angles in their files' convention, docs/joints.md).
std::string unit_of(const JointModel& joint, const Coordinate& c) {
  if (c.name == "slide") return "m";
  if (joint.kind() == JointKind::Planar && (c.name == "x" || c.name == "y")) return "m";
  return "rad";
}

// writes G (4×4 row-major), S (6×n row-major) and ∇S (n×n×6) of one evaluation at the given addresses.
inline void store(const JointData& d, int n, double* G, double* S, double* dS) {
  for (int r = 0; r < 3; ++r) {
    for (int c = 0; c < 3; ++c) G[4 * r + c] = d.G.R(r, c);
    G[4 * r + 3] = d.G.p[r];
  }
  G[12] = G[13] = G[14] = 0.0;
  G[15] = 1.0;
  for (int r = 0; r < 6; ++r) {
    for (int c = 0; c < n; ++c) S[r * n + c] = d.S(r, c);
  }
  // ∇S column i·n + j is ∂s_i/∂q_j: column-major storage is already the (n, n, 6) layout
  std::memcpy(dS, d.dS.data(), sizeof(double) * 6 * static_cast<std::size_t>(n * n));
}

pb::tuple eval(const Joint& j, const pb::handle& q) {
  const JointModel& model = *j.model;
  const int n = model.dof();
  // one float for a 1-dof joint: the quick path (no q array)
  if (n == 1 && (PyFloat_CheckExact(q.ptr()) || PyLong_CheckExact(q.ptr()))) {
    const double x = PyFloat_AsDouble(q.ptr());
    if (x == -1.0 && PyErr_Occurred()) throw pb::error_already_set();
    if (!std::isfinite(x)) throw pb::value_error("q: element 0 (flat index) is " + std::string(std::isnan(x) ? "NaN" : "infinite"));
    JointData d(1);
    const Eigen::Matrix<double, 1, 1> qv(x);
    model.evaluate(qv, d, EvalLevel::Hessian);
    pb::array_t<double> G({4, 4}), S({6, 1}), dS({1, 1, 6});
    store(d, 1, G.mutable_data(), S.mutable_data(), dS.mutable_data());
    return pb::make_tuple(std::move(G), std::move(S), std::move(dS));
  }
  const QArray qa = q_array(q, n);
  const pb::ssize_t m = qa.count;
  std::vector<pb::ssize_t> gs{4, 4}, ss{6, n}, hs{n, n, 6};
  if (qa.batched) {
    gs.insert(gs.begin(), m);
    ss.insert(ss.begin(), m);
    hs.insert(hs.begin(), m);
  }
  pb::array_t<double> G(gs), S(ss), dS(hs);
  double* g = G.mutable_data();
  double* s = S.mutable_data();
  double* h = dS.mutable_data();
  const double* qs = qa.values.data();
  auto run = [&] {
    JointData d(n);
    for (pb::ssize_t k = 0; k < m; ++k) {
      model.evaluate(Eigen::Map<const Eigen::VectorXd>(qs + k * n, n), d, EvalLevel::Hessian);
      store(d, n, g + 16 * k, s + 6 * n * k, h + 6 * n * n * k);
    }
  };
  if (m >= 256) {
    pb::gil_scoped_release release;  // many q: let other threads run
    run();
  } else {
    run();
  }
  return pb::make_tuple(std::move(G), std::move(S), std::move(dS));
}

std::vector<double> knots_of(const JointModel& joint, int axis) {
  if (const auto* c = dynamic_cast<const SplineCurveJoint*>(&joint)) return c->knots().knots();
  if (const auto* s = dynamic_cast<const SplineSurfaceJoint*>(&joint)) return s->knots()[static_cast<std::size_t>(axis)].knots();
  return {};
}

// the cli's check (app/cli/cmd_check.cpp) as a dict.
pb::dict check(const Joint& j, double length_scale, int samples) {
  if (!(length_scale > 0.0)) throw pb::value_error("check: length_scale must be > 0");
  if (samples < 10) throw pb::value_error("check: samples must be ≥ 10");
  const JointModel& joint = *j.model;
  const int n = joint.dof();
  pb::list continuity;
  bool c2 = true;
  JacobianNormReport s;
  std::vector<std::pair<std::string, ContinuityReport>> reports;
  {
    pb::gil_scoped_release release;
    Eigen::VectorXd mid(n);
    for (int i = 0; i < n; ++i) {
      const Coordinate& c = joint.coordinates()[static_cast<std::size_t>(i)];
      mid[i] = c.is_bounded() ? 0.5 * (c.min + c.max) : 0.0;
    }
    for (int axis = 0; axis < n; ++axis) {
      const std::vector<double> knots = knots_of(joint, axis);
      if (knots.empty()) continue;
      reports.emplace_back(joint.coordinates()[static_cast<std::size_t>(axis)].name,
                           check_c2_across_knots(joint, knots, axis, mid));
    }
    const int per_axis = n <= 1 ? samples : (n == 2 ? 120 : 30);
    s = check_jacobian_norm(joint, per_axis, length_scale);
  }
  for (const auto& [name, r] : reports) {
    c2 = c2 && r.c2;
    pb::dict d;
    d["coordinate"] = name;
    d["knots_checked"] = r.knots_checked;
    d["max_jump_transform"] = r.max_jump_transform;
    d["max_jump_jacobian"] = r.max_jump_jacobian;
    d["max_jump_hessian"] = r.max_jump_hessian;
    d["worst_knot"] = r.worst_knot;
    d["c2"] = r.c2;
    continuity.append(d);
  }
  pb::dict out;
  out["kind"] = joint_kind_name(joint.kind());
  out["dof"] = n;
  out["c2"] = c2;
  out["continuity"] = continuity;
  out["min_jacobian_norm"] = s.min_norm;
  out["min_jacobian_norm_at"] = std::vector<double>(s.where.data(), s.where.data() + s.where.size());
  out["length_scale"] = length_scale;
  out["max_speed_deviation"] = s.max_speed_deviation;
  out["rms_speed_deviation"] = s.rms_speed_deviation;
  out["ok"] = c2 && s.min_norm >= 1e-6;
  return out;
}

struct PyCoordinate {
  std::string name;
  double min = 0.0, max = 0.0;
  std::string unit;
  bool locked = false;
};

}  // namespace

void register_joint(pb::module_& m) {
  pb::class_<PyCoordinate>(m, "Coordinate", "one joint coordinate: name, range (min, max; ±inf when unbounded), unit")
      .def_readonly("name", &PyCoordinate::name)
      .def_readonly("min", &PyCoordinate::min)
      .def_readonly("max", &PyCoordinate::max)
      .def_property_readonly("range", [](const PyCoordinate& c) { return pb::make_tuple(c.min, c.max); })
      .def_readonly("unit", &PyCoordinate::unit, "'rad' or 'm'")
      .def_readonly("locked", &PyCoordinate::locked)
      .def("__repr__", [](const PyCoordinate& c) {
        return "Coordinate(name=" + std::string(pb::repr(pb::str(c.name))) + ", range=(" + std::string(pb::repr(pb::float_(c.min))) +
               ", " + std::string(pb::repr(pb::float_(c.max))) + "), unit='" + c.unit + "')";
      });

  pb::class_<Joint>(m, "Joint", R"(a joint: G(q) = parent_T_child, its jacobian S(q) and hessian dS(q) (paper eq. 13, §4).

Load one with Joint.load(path) or get one from jointsmith.fit(). Joints are immutable.)")
      .def_static(
          "load",
          [](const std::string& path) {
            std::unique_ptr<JointModel> model;
            {
              pb::gil_scoped_release release;
              model = io::read_joint_file(path);
            }
            return Joint{std::shared_ptr<const JointModel>(std::move(model)), path};
          },
          pb::arg("path"), "reads a joint file (docs/joint-file.md); raises FileError naming the file and json pointer")
      .def_static(
          "from_json",
          [](const std::string& text) {
            return Joint{std::shared_ptr<const JointModel>(io::read_joint_text(text, "<text>")), ""};
          },
          pb::arg("text"), "a joint from the text of a joint file")
      .def(
          "save", [](const Joint& j, const std::string& path) { io::write_joint_file(*j.model, path); }, pb::arg("path"),
          "writes the joint file (atomically: a temporary file, then renamed)")
      .def("to_json", [](const Joint& j) { return io::joint_to_text(*j.model); }, "the text of the joint file")
      .def("eval", &eval, pb::arg("q"), R"(evaluates the joint at q: returns (G, S, dS) as float64 arrays.

One q (a float for a 1-dof joint, or shape (n,)): G (4, 4) = parent_T_child(q), S (6, n) whose column i
is the twist s_i = (G^-1 dG/dq_i)^v in the child frame, dS (n, n, 6) with dS[i, j] = d s_i / d q_j.
Many q (shape (m,) for a 1-dof joint, or (m, n)): the same with a leading axis of m.
Twists are [w; v] (angular first); metres and radians. Raises ValueError for a wrong shape, dtype or NaN.)")
      .def_property_readonly("dof", [](const Joint& j) { return j.model->dof(); }, "number of coordinates n")
      .def_property_readonly("kind", [](const Joint& j) { return std::string(joint_kind_name(j.model->kind())); },
                             "'spline_curve', 'spline_surface', 'revolute', …")
      .def_property_readonly("source", [](const Joint& j) { return j.source; }, "the file it was loaded from ('' if none)")
      .def_property_readonly(
          "coordinates",
          [](const Joint& j) {
            std::vector<PyCoordinate> out;
            for (const Coordinate& c : j.model->coordinates()) {
              const double inf = std::numeric_limits<double>::infinity();
              out.push_back({c.name, c.has_lower_limit() ? c.min : -inf, c.has_upper_limit() ? c.max : inf, unit_of(*j.model, c), c.locked});
            }
            return out;
          },
          "the coordinates (name, range, unit) in q order")
      .def_property_readonly(
          "out_of_range", [](const Joint& j) { return std::string(out_of_range_name(j.model->out_of_range())); },
          "what q past the ranges does: 'extrapolate' (the kind's own continuation), 'clamp' or 'wrap' (docs/joints.md)")
      .def(
          "with_out_of_range",
          [](const Joint& j, const std::string& policy) {
            OutOfRange p{};
            if (!out_of_range_from_name(policy, p))
              throw pb::value_error("unknown out_of_range '" + policy + "' (known: extrapolate, clamp, wrap)");
            std::unique_ptr<JointModel> copy = j.model->clone();
            copy->set_out_of_range(p);  // std::invalid_argument (ValueError) says why a choice does not fit
            return Joint{std::shared_ptr<const JointModel>(std::move(copy)), j.source};
          },
          pb::arg("policy"),
          R"(a copy of the joint with another out-of-range policy: 'extrapolate', 'clamp' (the pose stops at the ends)
or 'wrap' (q taken into [min, max), only where the joint comes back to where it started). Raises ValueError
saying why a policy does not fit the joint. save() writes it as the joint file's "out_of_range".)")
      .def("check", &check, pb::arg("length_scale") = 1.0, pb::arg("samples") = 2000,
           R"(the paper's requirements (§5) as `jointsmith-cli check` reports them: a dict with c2 (continuity across
every knot), continuity (per coordinate), min_jacobian_norm (min |S| over the range) and where, the speed
deviation from natural parameterization, and ok (C2 and S never vanishes).)")
      .def("__repr__", [](const Joint& j) {
        return "<jointsmith.Joint " + std::string(joint_kind_name(j.model->kind())) + ", " + std::to_string(j.model->dof()) +
               " dof" + (j.source.empty() ? std::string() : ", from " + j.source) + ">";
      });
}

}  // namespace js::py
