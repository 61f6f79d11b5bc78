// core exceptions as python exceptions, with the core's message (file, line or sample, what is wrong) and
// its location as attributes. hierarchy: jointsmith.Error(RuntimeError) ⊃ FileError, SampleError, OsimError;
// std::invalid_argument → ValueError.
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
                               "a joint or scene file that cannot be read or written; attributes: source (file), "
                               "path (json pointer), line, column (syntax errors), kind");
  g_sample_error = new_exception(m, "SampleError", g_error,
                                 "unusable samples; attributes: file, line, column (0: not applicable), kind");
  g_osim_error = new_exception(m, "OsimError", g_error, "an OpenSim model problem; attributes: file, line, kind");
  pb::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const pb::builtin_exception&) {
      throw;  // pybind11's own (value_error …) are std::runtime_errors too: leave them to its translator
    } catch (const io::FileError& e) {
      pb::dict a;
      a["source"] = e.source();
      a["path"] = e.path();
      a["line"] = e.line();
      a["column"] = e.column();
      a["kind"] = io::error_kind_name(e.kind());
      raise(g_file_error, e.what(), a);
    } catch (const fit::SampleError& e) {
      pb::dict a;
      a["file"] = e.file();
      a["line"] = e.line();
      a["column"] = e.column();
      a["kind"] = fit::sample_error_kind_name(e.kind());
      raise(g_sample_error, e.what(), a);
    } catch (const interop::OsimError& e) {
      pb::dict a;
      a["file"] = e.file();
      a["line"] = e.line();
      a["kind"] = interop::osim_error_kind_name(e.kind());
      raise(g_osim_error, e.what(), a);
    } catch (const std::invalid_argument& e) {
      PyErr_SetString(PyExc_ValueError, e.what());
    } catch (const std::runtime_error& e) {
      PyErr_SetString(g_error, e.what());
    }
  });
}

}  // namespace js::py
