// shared pieces of the jointsmith python extension: the registration function of each part, q arrays from
// python objects, and the glue that lets a long C++ call run without the GIL yet stop on Ctrl-C.
#pragma once

#include <atomic>
#include <exception>
#include <string>

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include "core/joints/joint.hpp"

namespace js::py {

namespace pb = pybind11;

void register_errors(pb::module_& m);
void register_joint(pb::module_& m);
void register_fit(pb::module_& m);
void register_scene(pb::module_& m);
void register_osim(pb::module_& m);
void register_cohort(pb::module_& m);
void register_bench(pb::module_& m);

// a float64 array from any real numeric input (lists, ints, float32 …); ValueError naming `what` and the
// dtype for anything else (complex, strings, objects), or for NaN/Inf at the first bad index.
pb::array_t<double, pb::array::c_style> real_array(const pb::handle& value, const char* what);

// the joint coordinates of q for a dof-n joint: a scalar (n = 1) or shape (n,) is one q, shape (m,) (n = 1)
// or (m, n) is m of them. count = m, batched says whether the result gets the leading axis.
struct QArray {
  pb::array_t<double, pb::array::c_style> values;
  pb::ssize_t count = 1;
  bool batched = false;
};
QArray q_array(const pb::handle& q, int dof);

// checks Ctrl-C (and other signal handlers) from a thread that released the GIL, at most every
// `interval_ms`: takes the GIL briefly; remembers the python error and sets `cancel` when a handler raised.
class Interrupts {
 public:
  explicit Interrupts(double interval_ms = 50.0) : interval_ms_(interval_ms) {}
  // true when the call should stop (a signal handler raised, or an earlier check did).
  bool check();
  // call with the GIL held after the C++ call returned: rethrows the remembered error (KeyboardInterrupt).
  void rethrow();
  std::atomic<bool> cancel{false};
  // an error raised by python code called during the run (a progress callback), rethrown like a signal's
  void remember(pb::error_already_set&& e);

 private:
  double interval_ms_;
  double last_ms_ = -1e300;
  std::exception_ptr error_;
};

}  // namespace js::py
