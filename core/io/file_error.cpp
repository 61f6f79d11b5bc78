#include "core/io/file_error.hpp"

#include <utility>

namespace js::io {

const char* error_kind_name(ErrorKind kind) {
  switch (kind) {
    case ErrorKind::Io: return "io";
    case ErrorKind::Syntax: return "syntax";
    case ErrorKind::MissingField: return "missing_field";
    case ErrorKind::WrongType: return "wrong_type";
    case ErrorKind::NonFinite: return "non_finite";
    case ErrorKind::NotOrthonormal: return "not_orthonormal";
    case ErrorKind::BadKnots: return "bad_knots";
    case ErrorKind::CountMismatch: return "count_mismatch";
    case ErrorKind::InvalidValue: return "invalid_value";
    case ErrorKind::UnsupportedVersion: return "unsupported_version";
    case ErrorKind::UnknownKind: return "unknown_kind";
    case ErrorKind::UnknownField: return "unknown_field";
  }
  return "unknown";
}

namespace {
// io problems concern the whole file and carry no json path
std::string located(ErrorKind kind, const std::string& source, const std::string& path, const std::string& problem) {
  if (kind == ErrorKind::Io) return source + ": " + problem;
  return source + ": " + (path.empty() ? std::string("/") : path) + ": " + problem;
}
}  // namespace

FileError::FileError(ErrorKind kind, std::string source, std::string path, std::string problem)
    : std::runtime_error(located(kind, source, path, problem)),
      kind_(kind),
      source_(std::move(source)),
      path_(std::move(path)),
      problem_(std::move(problem)) {}

FileError::FileError(std::string source, int line, int column, std::string problem, ErrorKind kind)
    : std::runtime_error(source + ":" + std::to_string(line) + ":" + std::to_string(column) + ": " + problem),
      kind_(kind),
      source_(std::move(source)),
      problem_(std::move(problem)),
      line_(line),
      column_(column) {}

}  // namespace js::io
