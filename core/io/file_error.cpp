#include "core/io/file_error.hpp"

#include <sstream>
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

// "source:line:column: /pointer: element: problem" (a stream: gcc 12 -O3 warns falsely on chained string +=)
std::string located(const Location& at, const std::string& problem) {
  std::ostringstream s;
  s << (at.source.empty() ? std::string("<memory>") : at.source);
  if (at.line > 0) {
    s << ':' << at.line;
    if (at.column > 0) s << ':' << at.column;
  }
  s << ": ";
  if (at.pointer) s << (at.pointer->empty() ? std::string("/") : *at.pointer) << ": ";
  if (!at.element.empty()) s << at.element << ": ";
  s << problem;
  return s.str();
}

}  // namespace

FileError::FileError(ErrorKind kind, Location where, std::string problem)
    : std::runtime_error(located(where, problem)), kind_(kind), where_(std::move(where)), problem_(std::move(problem)) {}

FileError::FileError(ErrorKind kind, std::string source, std::string path, std::string problem)
    : FileError(kind,
                Location{.source = std::move(source),
                         .pointer = kind == ErrorKind::Io ? std::nullopt : std::optional<std::string>(std::move(path))},
                std::move(problem)) {}

FileError::FileError(std::string source, int line, int column, std::string problem, ErrorKind kind)
    : FileError(kind, Location{.source = std::move(source), .line = line, .column = column}, std::move(problem)) {}

}  // namespace js::io
