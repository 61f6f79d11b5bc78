// the compiled part of the `jointsmith` package (python/jointsmith/__init__.py re-exports it).
#include "python/src/common.hpp"

PYBIND11_MODULE(_core, m) {
  m.doc() = "Jointsmith's C++ core: spline joints, fitting, scenes and OpenSim exchange (see help(jointsmith))";
  js::py::register_errors(m);
  js::py::register_joint(m);
  js::py::register_fit(m);
  js::py::register_scene(m);
  js::py::register_osim(m);
  js::py::register_cohort(m);
  js::py::register_bench(m);
}
