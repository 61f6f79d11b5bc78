#include "core/io/json_cursor.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <cstdio>

namespace js::io {

namespace {

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return s;
}

// strings other tools write for non-finite numbers
bool names_non_finite(const std::string& s) {
  std::string t = lower(s);
  if (!t.empty() && (t[0] == '+' || t[0] == '-')) t.erase(0, 1);
  return t == "nan" || t == "inf" || t == "infinity";
}

// scientific with `digits` decimals and a short exponent: 2.3e-3, 1e-6
std::string short_sci(double v, int digits) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.*e", digits, v);
  std::string s = buf;
  const auto e = s.find('e');
  if (e == std::string::npos) return s;  // nan, inf
  std::string mant = s.substr(0, e);
  std::string exp = s.substr(e + 1);
  const char sign = exp[0];
  exp.erase(0, 1);
  while (exp.size() > 1 && exp[0] == '0') exp.erase(0, 1);
  return mant + "e" + (sign == '-' ? "-" : "") + exp;
}

// small errors in short scientific form (2.3e-3), others with two digits (2, 0.35)
std::string readable(double v) {
  if (std::abs(v) < 0.1) return short_sci(v, 1);
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.2g", v);
  return buf;
}

}  // namespace

std::string json_pointer_escape(const std::string& key) {
  std::string out;
  for (char c : key) {
    if (c == '~') {
      out += "~0";
    } else if (c == '/') {
      out += "~1";
    } else {
      out += c;
    }
  }
  return out;
}

void JsonCursor::fail(ErrorKind kind, const std::string& problem) const {
  throw FileError(kind, *source_, path_, problem);
}

void JsonCursor::wrong_type(const char* expected) const {
  const nlohmann::json& v = *value_;
  if (v.is_null()) fail(ErrorKind::NonFinite, std::string("expected ") + expected + ", got null (NaN/Inf are not allowed)");
  if (v.is_string() && names_non_finite(v.get<std::string>())) {
    fail(ErrorKind::NonFinite,
         std::string("expected ") + expected + ", got the string \"" + v.get<std::string>() + "\" (NaN/Inf are not allowed)");
  }
  fail(ErrorKind::WrongType, std::string("expected ") + expected + ", got " + v.type_name());
}

bool JsonCursor::has(const char* key) const {
  if (!value_->is_object()) wrong_type("an object");
  return value_->contains(key);
}

JsonCursor JsonCursor::at(const char* key) const {
  if (!value_->is_object()) wrong_type("an object");
  const auto it = value_->find(key);
  if (it == value_->end()) fail(ErrorKind::MissingField, std::string("missing field \"") + key + "\"");
  return JsonCursor(*it, *source_, path_ + "/" + json_pointer_escape(key));
}

JsonCursor JsonCursor::element(std::size_t i) const {
  if (!value_->is_array()) wrong_type("an array");
  return JsonCursor((*value_)[i], *source_, path_ + "/" + std::to_string(i));
}

std::size_t JsonCursor::size() const {
  if (!value_->is_array()) wrong_type("an array");
  return value_->size();
}

void JsonCursor::expect_array_size(std::size_t n, const char* what) const {
  const std::size_t got = size();
  if (got != n) {
    fail(ErrorKind::CountMismatch,
         "expected " + std::to_string(n) + " " + what + ", got " + std::to_string(got));
  }
}

void JsonCursor::expect_only_keys(std::initializer_list<const char*> allowed) const {
  if (!value_->is_object()) wrong_type("an object");
  for (const auto& item : value_->items()) {
    const bool known = std::any_of(allowed.begin(), allowed.end(), [&](const char* k) { return item.key() == k; });
    if (!known) {
      std::string list;
      for (const char* k : allowed) list += std::string(list.empty() ? "" : ", ") + k;
      throw FileError(ErrorKind::UnknownField, *source_, path_ + "/" + json_pointer_escape(item.key()),
                      "unknown field (expected one of: " + list + ")");
    }
  }
}

double JsonCursor::number() const {
  if (!value_->is_number()) wrong_type("a number");
  const double v = value_->get<double>();
  // parsed text cannot hold NaN/Inf, but a json built in memory can
  if (!std::isfinite(v)) fail(ErrorKind::NonFinite, std::string("expected a finite number, got ") + (std::isnan(v) ? "NaN" : "Inf"));
  if (std::abs(v) > kMaxMagnitude) {
    fail(ErrorKind::NonFinite, "number " + value_->dump() + " is too large (|x| > 1e15: no quantity in a file is this big)");
  }
  return v;
}

double JsonCursor::limit() const {
  if (!value_->is_number()) wrong_type("a number");
  const double v = value_->get<double>();
  if (!std::isfinite(v)) fail(ErrorKind::NonFinite, std::string("expected a finite number, got ") + (std::isnan(v) ? "NaN" : "Inf"));
  if (std::abs(v) > 1e300) fail(ErrorKind::NonFinite, "limit " + value_->dump() + " is beyond ±1e300 (which means unbounded)");
  return v;
}

int JsonCursor::integer() const {
  if (!value_->is_number_integer()) wrong_type("an integer");
  if (value_->is_number_unsigned()) {
    const auto u = value_->get<std::uint64_t>();
    if (u > 1000000000u) fail(ErrorKind::InvalidValue, "integer " + std::to_string(u) + " is too large");
    return static_cast<int>(u);
  }
  const auto i = value_->get<std::int64_t>();
  if (i < -1000000000 || i > 1000000000) fail(ErrorKind::InvalidValue, "integer " + std::to_string(i) + " is too large");
  return static_cast<int>(i);
}

bool JsonCursor::boolean() const {
  if (!value_->is_boolean()) wrong_type("true or false");
  return value_->get<bool>();
}

std::string JsonCursor::string() const {
  if (!value_->is_string()) wrong_type("a string");
  return value_->get<std::string>();
}

std::vector<double> JsonCursor::numbers() const {
  std::vector<double> out(size());
  for (std::size_t i = 0; i < out.size(); ++i) out[i] = element(i).number();
  return out;
}

Vec3 JsonCursor::vec3() const {
  expect_array_size(3, "numbers [x, y, z]");
  return Vec3(element(0).number(), element(1).number(), element(2).number());
}

Twist JsonCursor::twist() const {
  expect_array_size(6, "numbers [wx, wy, wz, vx, vy, vz]");
  Twist g;
  for (std::size_t i = 0; i < 6; ++i) g[static_cast<Eigen::Index>(i)] = element(i).number();
  return g;
}

Mat3 JsonCursor::rotation() const {
  expect_array_size(3, "rows of a 3x3 rotation");
  Mat3 R;
  for (std::size_t r = 0; r < 3; ++r) {
    const JsonCursor row = element(r);
    row.expect_array_size(3, "numbers in a rotation row");
    for (std::size_t c = 0; c < 3; ++c) {
      R(static_cast<Eigen::Index>(r), static_cast<Eigen::Index>(c)) = row.element(c).number();
    }
  }
  const double err = so3_orthonormality_error(R);
  if (!(err <= kRotationTolerance)) {
    std::string problem = "not orthonormal (error " + (std::isfinite(err) ? readable(err) : std::string("Inf")) +
                          " > tolerance " + short_sci(kRotationTolerance, 0) + ")";
    if (R.determinant() < 0.0) problem += ": a reflection (det < 0)";
    fail(ErrorKind::NotOrthonormal, problem);
  }
  return R;
}

SE3 JsonCursor::transform() const {
  expect_only_keys({"rotation", "translation"});
  SE3 T;
  T.R = at("rotation").rotation();
  T.p = at("translation").vec3();
  return T;
}

}  // namespace js::io
