// core exceptions as python exceptions, with the core's message (file, line or sample, what is wrong) and
// its location as attributes. hierarchy: jointsmith.Error(RuntimeError) ⊃ FileError ⊃ SampleError, OsimError,
// as core's io::FileError ⊃ fit::SampleError, interop::OsimError; std::invalid_argument → ValueError.
#include "core/fit/samples.hpp"
#include "core/interop/osim_file.hpp"
#include "core/io/file_error.hpp"
#include "python/src/common.hpp"

namespace js::py {

namespace {

PyObject* g_error = nullptr;
PyObject* g_file_error = nullptr;
PyObject* g_sample_error = nullptr;
PyObject* g_osim_error = nullptr;

PyObject* new_exception(pb::module_& m, const char* name, PyObject* base, const char* doc) {
  const std::string full = std::string("jointsmith.") + name;
  PyObject* type = PyErr_NewExceptionWithDoc(full.c_str(), doc, base, nullptr);
  if (!type) throw pb::error_already_set();
  m.add_object(name, pb::handle(type));
  return type;
}

// the location of core's one error type as attributes (file: the name SampleError and OsimError had for source).
pb::dict located(const io::FileError& e, const char* kind) {
  pb::dict a;
  a["source"] = e.source();
  a["file"] = e.source();
  a["path"] = e.path();
  a["element"] = e.element();
  a["line"] = e.line();
  a["column"] = e.column();
  a["kind"] = kind;
  return a;
}

// raises type(message) with the given attributes set on the instance.
void raise(PyObject* type, const std::string& message, const pb::dict& attributes) {
  pb::object e = pb::reinterpret_borrow<pb::object>(type)(message);
  for (auto item : attributes) pb::setattr(e, item.first, item.second);
  PyErr_SetObject(type, e.ptr());
}

}  // namespace

void register_errors(pb::module_& m) {
  g_error = new_exception(m, "Error", PyExc_RuntimeError,
                          "a problem reported by Jointsmith's core (the message says where and what)");
  g_file_error = new_exception(m, "FileError", g_error,
                               "a file that cannot be read or written; attributes: source (the file; also file), "
                               "path (json pointer), element (xml element), line, column (0: not applicable), kind");
  g_sample_error = new_exception(m, "SampleError", g_file_error,
                                 "unusable samples (a FileError whose kind names the sample problem)");
  g_osim_error = new_exception(m, "OsimError", g_file_error,
                               "an OpenSim model problem (a FileError whose kind names the osim problem)");
  pb::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const pb::builtin_exception&) {
      throw;  // pybind11's own (value_error …) are std::runtime_errors too: leave them to its translator
    } catch (const fit::SampleError& e) {
      raise(g_sample_error, e.what(), located(e, fit::sample_error_kind_name(e.kind())));
    } catch (const interop::OsimError& e) {
      raise(g_osim_error, e.what(), located(e, interop::osim_error_kind_name(e.kind())));
    } catch (const io::FileError& e) {
      raise(g_file_error, e.what(), located(e, io::error_kind_name(e.kind())));
    } catch (const std::invalid_argument& e) {
      PyErr_SetString(PyExc_ValueError, e.what());
    } catch (const std::runtime_error& e) {
      PyErr_SetString(g_error, e.what());
    }
  });
}

}  // namespace js::py
