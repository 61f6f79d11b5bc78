#include "core/io/json_text.hpp"

#include <cerrno>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <system_error>

#include "core/io/atomic_file.hpp"
#include "core/io/file_error.hpp"
#include "core/io/file_read.hpp"
#include "core/io/json_cursor.hpp"

namespace js::io {

namespace {

using nlohmann::json;

// nlohmann's what() is "[json.exception.parse_error.101] parse error at line 3, column 4: syntax error …";
// keep the part after the position, which we print ourselves.
std::string parse_problem(const std::string& what) {
  const auto col = what.find("column ");
  if (col != std::string::npos) {
    const auto colon = what.find(": ", col);
    if (colon != std::string::npos) return what.substr(colon + 2);
  }
  const auto bracket = what.find("] ");
  return bracket == std::string::npos ? what : what.substr(bracket + 2);
}

template <typename Json>
bool is_flat_scalar_array(const Json& v) {
  if (!v.is_array()) return false;
  for (const auto& e : v) {
    if (e.is_array() || e.is_object()) return false;
  }
  return true;
}

// an array printed on one line: scalars, or a few short arrays of scalars (a 3×3 rotation, one twist)
template <typename Json>
bool inline_array(const Json& v) {
  if (is_flat_scalar_array(v)) return true;
  if (!v.is_array() || v.empty() || v.size() > 4) return false;
  std::size_t total = 0;
  for (const auto& e : v) {
    if (!is_flat_scalar_array(e)) return false;
    total += e.size();
  }
  return total <= 9;
}

template <typename Json>
void check_finite(const Json& v, const std::string& path, const std::string& source) {
  if (v.is_number_float() && !std::isfinite(v.template get<double>())) {
    throw FileError(ErrorKind::NonFinite, source, path,
                    std::string("cannot write ") + (std::isnan(v.template get<double>()) ? "NaN" : "Inf") +
                        ": json has no non-finite numbers");
  }
  if (v.is_object()) {
    for (const auto& item : v.items()) check_finite(item.value(), path + "/" + json_pointer_escape(item.key()), source);
  } else if (v.is_array()) {
    for (std::size_t i = 0; i < v.size(); ++i) check_finite(v[i], path + "/" + std::to_string(i), source);
  }
}

template <typename Json>
void dump(const Json& v, int indent, std::string& out) {
  const std::string pad(static_cast<std::size_t>(indent), ' ');
  const std::string inner(static_cast<std::size_t>(indent + 2), ' ');
  if (v.is_object() && !v.empty()) {
    out += "{\n";
    bool first = true;
    for (const auto& item : v.items()) {
      if (!first) out += ",\n";
      first = false;
      out += inner + Json(item.key()).dump() + ": ";
      dump(item.value(), indent + 2, out);
    }
    out += "\n" + pad + "}";
  } else if (v.is_array() && !v.empty() && !inline_array(v)) {
    out += "[\n";
    for (std::size_t i = 0; i < v.size(); ++i) {
      if (i > 0) out += ",\n";
      out += inner;
      dump(v[i], indent + 2, out);
    }
    out += "\n" + pad + "]";
  } else if (v.is_array()) {
    out += "[";
    for (std::size_t i = 0; i < v.size(); ++i) {
      if (i > 0) out += ", ";
      dump(v[i], indent, out);
    }
    out += "]";
  } else {
    // scalars: nlohmann prints doubles in the shortest form that parses back to the same bits
    out += v.dump();
  }
}

template <typename Json>
std::string dump_text(const Json& value, const std::string& source) {
  check_finite(value, "", source);
  std::string out;
  dump(value, 0, out);
  out += "\n";
  return out;
}

}  // namespace

void line_column(const std::string& text, std::size_t byte, int& line, int& column) {
  line = 1;
  column = 1;
  const std::size_t end = std::min(byte == 0 ? 0 : byte - 1, text.size());
  for (std::size_t i = 0; i < end; ++i) {
    if (text[i] == '\n') {
      ++line;
      column = 1;
    } else {
      ++column;
    }
  }
}

json parse_json_text(const std::string& text, const std::string& source) {
  check_json_depth(text, source);
  try {
    return json::parse(text);
  } catch (const json::parse_error& e) {
    int line = 0, column = 0;
    line_column(text, e.byte, line, column);
    throw FileError(source, line, column, "invalid JSON: " + parse_problem(e.what()));
  } catch (const json::out_of_range& e) {
    // 406: a number like 1e999 overflows a double. nlohmann gives no position: find the token.
    std::string problem = parse_problem(e.what());
    const auto q1 = problem.find('\'');
    const auto q2 = q1 == std::string::npos ? q1 : problem.find('\'', q1 + 1);
    if (q2 != std::string::npos) {
      const auto at = text.find(problem.substr(q1 + 1, q2 - q1 - 1));
      if (at != std::string::npos) {
        int line = 0, column = 0;
        line_column(text, at + 1, line, column);
        throw FileError(source, line, column, problem + " (NaN/Inf are not allowed)", ErrorKind::NonFinite);
      }
    }
    throw FileError(ErrorKind::NonFinite, source, "", problem + " (NaN/Inf are not allowed)");
  }
}

std::string dump_json_text(const json& value, const std::string& source) { return dump_text(value, source); }
std::string dump_json_text(const nlohmann::ordered_json& value, const std::string& source) {
  return dump_text(value, source);
}

std::string read_text_file(const std::string& path) { return read_file_bytes(path); }

void write_text_file_atomic(const std::string& path, const std::string& text) { write_file_atomic(path, text); }

void check_json_depth(const std::string& text, const std::string& source, int max_depth) {
  int depth = 0;
  bool in_string = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (c == '\\') {
        ++i;
      } else if (c == '"') {
        in_string = false;
      }
      continue;
    }
    if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > max_depth) {
        int line = 0, column = 0;
        line_column(text, i + 1, line, column);
        throw FileError(source, line, column, "nested deeper than " + std::to_string(max_depth) + " levels");
      }
    } else if ((c == ']' || c == '}') && depth > 0) {
      --depth;
    }
  }
}

}  // namespace js::io
