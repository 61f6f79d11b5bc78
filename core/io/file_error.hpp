// the one located-error type of core: every reader of a user's file (joint and scene json, sample csv/json,
// .osim xml, .trc/.mot text, .vtp/.vtk/.obj meshes) throws io::FileError, naming the file, where in it
// (line:column, a json pointer such as /control_frames/3/rotation, or an xml element) and what is wrong.
// readers with their own vocabulary of kinds derive a thin subclass that adds only that kind
// (fit::SampleError, interop::OsimError); the location and the message format live here. core/io/README.md.
#pragma once

#include <optional>
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

// where a problem is. any part may be absent; what() shows the parts present, in this order.
struct Location {
  std::string source = {};                  // the file name shown to the user ("<memory>" when empty)
  int line = 0;                             // 1-based text line; 0: none
  int column = 0;                           // 1-based column (bytes, or a csv field); 0: the whole line
  std::optional<std::string> pointer = {};  // json pointer; "" is the document root (shown as "/")
  std::string element = {};                 // xml element or element path ("<CustomJoint name='knee'>")
};

class FileError : public std::runtime_error {
 public:
  // what() is "source:line:column: /pointer: element: problem" with absent parts left out:
  // "knee.json: /knots/3: …", "s.csv:3:2: …", "leg.osim:41: <CustomJoint name='knee'>: …", "x.vtp: cannot open …".
  FileError(ErrorKind kind, Location where, std::string problem);
  // a problem inside a json document: source: file name; path: json pointer ("" is the root). Io errors
  // concern the whole file and carry no pointer.
  FileError(ErrorKind kind, std::string source, std::string path, std::string problem);
  // a problem at a text position (1-based line and column), a syntax error unless kind says otherwise.
  FileError(std::string source, int line, int column, std::string problem, ErrorKind kind = ErrorKind::Syntax);

  ErrorKind kind() const { return kind_; }
  const Location& location() const { return where_; }
  const std::string& source() const { return where_.source; }
  // the json pointer ("" when there is none: has_pointer() tells the root from none).
  const std::string& path() const { return where_.pointer ? *where_.pointer : empty_; }
  bool has_pointer() const { return where_.pointer.has_value(); }
  const std::string& element() const { return where_.element; }
  const std::string& problem() const { return problem_; }
  // 1-based text position, 0 when the error has none.
  int line() const { return where_.line; }
  int column() const { return where_.column; }

 private:
  ErrorKind kind_;
  Location where_;
  std::string problem_;
  static inline const std::string empty_;
};

}  // namespace js::io
