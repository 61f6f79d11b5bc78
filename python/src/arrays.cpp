#include <chrono>
#include <cmath>

#include "python/src/common.hpp"

namespace js::py {

pb::array_t<double, pb::array::c_style> real_array(const pb::handle& value, const char* what) {
  pb::array a = pb::array::ensure(value);
  if (!a) throw pb::value_error(std::string(what) + ": expected numbers (a float, a sequence or a numpy array)");
  const char kind = a.dtype().kind();
  if (kind != 'f' && kind != 'i' && kind != 'u') {
    throw pb::value_error(std::string(what) + ": expected real numbers, got an array of dtype " +
                          std::string(pb::str(a.dtype())));
  }
  auto out = pb::array_t<double, pb::array::c_style>::ensure(a);
  if (!out) throw pb::value_error(std::string(what) + ": cannot convert to float64");
  const double* d = out.data();
  for (pb::ssize_t i = 0; i < out.size(); ++i) {
    if (!std::isfinite(d[i])) {
      throw pb::value_error(std::string(what) + ": element " + std::to_string(i) + " (flat index) is " +
                            (std::isnan(d[i]) ? "NaN" : "infinite"));
    }
  }
  return out;
}

QArray q_array(const pb::handle& q, int dof) {
  QArray out;
  out.values = real_array(q, "q");
  const pb::ssize_t nd = out.values.ndim();
  const std::string n = std::to_string(dof);
  auto shape = [&] {
    std::string s = "(";
    for (pb::ssize_t i = 0; i < nd; ++i) s += (i ? ", " : "") + std::to_string(out.values.shape(i));
    return s + (nd == 1 ? ",)" : ")");
  };
  if (nd == 0) {
    if (dof != 1) throw pb::value_error("q: one number for a " + n + "-dof joint; give " + n + " values (shape (" + n + ",))");
    return out;
  }
  if (nd == 1) {
    if (dof == 1) {
      out.count = out.values.shape(0);
      out.batched = true;
      return out;
    }
    if (out.values.shape(0) != dof) {
      throw pb::value_error("q: shape " + shape() + " for a " + n + "-dof joint; expected (" + n + ",) or (m, " + n + ")");
    }
    return out;
  }
  if (nd == 2 && out.values.shape(1) == dof) {
    out.count = out.values.shape(0);
    out.batched = true;
    return out;
  }
  throw pb::value_error("q: shape " + shape() + " for a " + n + "-dof joint; expected " +
                        (dof == 1 ? std::string("a number, (m,) or (m, 1)") : "(" + n + ",) or (m, " + n + ")"));
}

namespace {
double now_ms() {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now().time_since_epoch()).count();
}
}  // namespace

bool Interrupts::check() {
  if (cancel.load()) return true;
  const double t = now_ms();
  if (t - last_ms_ < interval_ms_) return false;
  last_ms_ = t;
  pb::gil_scoped_acquire gil;
  if (PyErr_CheckSignals() != 0) {
    remember(pb::error_already_set());
    return true;
  }
  return false;
}

void Interrupts::remember(pb::error_already_set&& e) {
  if (!error_) error_ = std::make_exception_ptr(std::move(e));
  cancel.store(true);
}

void Interrupts::rethrow() {
  if (error_) {
    std::exception_ptr e = error_;
    error_ = nullptr;
    std::rethrow_exception(e);
  }
}

}  // namespace js::py
