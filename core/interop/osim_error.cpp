// OsimError: the located error every .osim reading problem throws (osim_file.hpp).
#include "core/interop/osim_file.hpp"

namespace js::interop {

const char* osim_error_kind_name(OsimErrorKind kind) {
  switch (kind) {
    case OsimErrorKind::Io: return "io";
    case OsimErrorKind::Syntax: return "syntax";
    case OsimErrorKind::MissingJoint: return "missing_joint";
    case OsimErrorKind::MissingElement: return "missing_element";
    case OsimErrorKind::UnknownFunction: return "unknown_function";
    case OsimErrorKind::BadNumber: return "bad_number";
    case OsimErrorKind::CountMismatch: return "count_mismatch";
    case OsimErrorKind::InvalidValue: return "invalid_value";
  }
  return "unknown";
}

OsimError::OsimError(OsimErrorKind kind, std::string file, int line, const std::string& element,
                     const std::string& problem)
    : std::runtime_error(file + (line > 0 ? ":" + std::to_string(line) : std::string()) + ": " +
                         (element.empty() ? std::string() : element + ": ") + problem),
      kind_(kind),
      file_(std::move(file)),
      line_(line) {}

}  // namespace js::interop
