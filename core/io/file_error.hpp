// the one exception type of core/io: every problem with a joint file names the file, where in it (a json
// pointer such as /control_frames/3/rotation, or line:column for syntax errors) and what is wrong.
#pragma once

#include <stdexcept>
#include <string>

namespace js::io {

// what went wrong, for code that reacts differently per class (the message says the same in words).
enum class ErrorKind {
  Io,                  // cannot open, read or write the file
  Syntax,              // not valid json (line and column are set)
  MissingField,        // a required field is absent
  WrongType,           // a field has the wrong json type (e.g. a string where a number is needed)
  NonFinite,           // NaN or Inf: null, "nan"/"inf" strings, or a number too large for a double
  NotOrthonormal,      // a rotation is not orthonormal (or not proper) beyond the tolerance
  BadKnots,            // knots decreasing, or otherwise rejected by the knot vector
  CountMismatch,       // sizes that must agree do not (control frames vs knots and order, dof, coefficients)
  InvalidValue,        // a value out of its allowed range (order < 2, a ≤ 0, min > max, zero axis …)
  UnsupportedVersion,  // "version" is not one this build reads, or "format" is not jointsmith.joint
  UnknownKind,         // "kind" names no joint kind
  UnknownField,        // a field this version does not define (usually a typo)
};

// stable lowercase name of a kind ("not_orthonormal"), used in docs/joint-file.md and tests.
const char* error_kind_name(ErrorKind kind);

class FileError : public std::runtime_error {
 public:
  // a located problem inside a json document.
  // source: the file name shown to the user; path: json pointer ("" is the document root); problem: what
  // is wrong, in words. what() is "source: path: problem" (the root shows as "/"; Io errors omit the path).
  FileError(ErrorKind kind, std::string source, std::string path, std::string problem);
  // a problem at a text position (1-based line and column), a syntax error unless kind says otherwise;
  // what() is "source:line:column: problem".
  FileError(std::string source, int line, int column, std::string problem, ErrorKind kind = ErrorKind::Syntax);

  ErrorKind kind() const { return kind_; }
  const std::string& source() const { return source_; }
  const std::string& path() const { return path_; }
  const std::string& problem() const { return problem_; }
  // 1-based text position for syntax errors, 0 otherwise.
  int line() const { return line_; }
  int column() const { return column_; }

 private:
  ErrorKind kind_;
  std::string source_;
  std::string path_;
  std::string problem_;
  int line_ = 0;
  int column_ = 0;
};

}  // namespace js::io
