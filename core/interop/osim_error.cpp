// OsimError: the io::FileError every .osim reading problem throws, with its osim kind (osim_file.hpp).
#include "core/interop/osim_file.hpp"

#include <utility>

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

io::ErrorKind io_error_kind(OsimErrorKind kind) {
  switch (kind) {
    case OsimErrorKind::Io: return io::ErrorKind::Io;
    case OsimErrorKind::Syntax: return io::ErrorKind::Syntax;
    case OsimErrorKind::MissingJoint:
    case OsimErrorKind::MissingElement: return io::ErrorKind::MissingField;
    case OsimErrorKind::UnknownFunction: return io::ErrorKind::UnknownKind;
    case OsimErrorKind::BadNumber: return io::ErrorKind::WrongType;
    case OsimErrorKind::CountMismatch: return io::ErrorKind::CountMismatch;
    case OsimErrorKind::InvalidValue: return io::ErrorKind::InvalidValue;
  }
  return io::ErrorKind::InvalidValue;
}

OsimError::OsimError(OsimErrorKind kind, std::string file, int line, const std::string& element,
                     const std::string& problem)
    : io::FileError(io_error_kind(kind), io::Location{.source = std::move(file), .line = line, .element = element}, problem),
      kind_(kind) {}

}  // namespace js::interop
