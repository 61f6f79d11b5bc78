// a read position inside a parsed json document that remembers its json pointer, so every typed read
// can throw a FileError naming the file, the path and the problem. used by the joint-file reader.
#pragma once

#include <initializer_list>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/io/file_error.hpp"
#include "core/lie/se3.hpp"

namespace js::io {

// largest |RᵀR − I| entry or |det R − 1| accepted for a rotation read from a file.
inline constexpr double kRotationTolerance = 1e-6;

// the largest magnitude a number in a file may have: far beyond any length, angle, mass, stiffness or
// rate in SI units, far below where products of a few of them overflow.
inline constexpr double kMaxMagnitude = 1e15;

class JsonCursor {
 public:
  // value: the json node (must outlive the cursor); source: file name for messages; path: its json pointer.
  JsonCursor(const nlohmann::json& value, const std::string& source, std::string path = "")
      : value_(&value), source_(&source), path_(std::move(path)) {}

  const nlohmann::json& json() const { return *value_; }
  const std::string& path() const { return path_; }
  const std::string& source() const { return *source_; }

  // throws FileError(kind) located at this node.
  [[noreturn]] void fail(ErrorKind kind, const std::string& problem) const;

  // --- structure
  // requires an object. has(): whether key is present.
  bool has(const char* key) const;
  // the member key of an object; MissingField when absent.
  JsonCursor at(const char* key) const;
  // element i of an array (i < size()).
  JsonCursor element(std::size_t i) const;
  // requires an array; its length.
  std::size_t size() const;
  // requires an array of exactly n elements (CountMismatch otherwise); `what` names the expected content.
  void expect_array_size(std::size_t n, const char* what) const;
  // requires an object whose keys are all in allowed (UnknownField otherwise).
  void expect_only_keys(std::initializer_list<const char*> allowed) const;

  // --- scalars
  // a finite number of plausible size. null, "nan", "inf", non-finite values and |x| > kMaxMagnitude
  // (1e308 overflows the first product it enters) are NonFinite; other types WrongType.
  double number() const;
  // a coordinate limit: as number(), but up to ±1e300, the files' way of writing "unbounded".
  double limit() const;
  // an integer (a json number without fraction or exponent).
  int integer() const;
  bool boolean() const;
  std::string string() const;

  // --- arrays of numbers and geometry
  std::vector<double> numbers() const;
  // [x, y, z]
  Vec3 vec3() const;
  // [ωx, ωy, ωz, vx, vy, vz]
  Twist twist() const;
  // 3×3 row-major nested arrays, orthonormal with det +1 within kRotationTolerance (NotOrthonormal).
  Mat3 rotation() const;
  // {"rotation": 3×3, "translation": [x, y, z]}
  SE3 transform() const;

 private:
  // "expected X, got <type>" with the NaN/Inf special cases.
  [[noreturn]] void wrong_type(const char* expected) const;

  const nlohmann::json* value_;
  const std::string* source_;
  std::string path_;
};

// json-pointer escaping of one key ("~" → "~0", "/" → "~1").
std::string json_pointer_escape(const std::string& key);

}  // namespace js::io
