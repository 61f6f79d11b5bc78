// json text in and out for core/io: parsing with line:column syntax errors, a compact pretty printer
// that keeps doubles bit-exact, and whole-file reads and atomic writes.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

namespace js::io {

// parses text; throws FileError(Syntax) with the 1-based line and column of the offending character, or
// FileError(NonFinite) for a number too large for a double (e.g. 1e999). source names the text in messages.
nlohmann::json parse_json_text(const std::string& text, const std::string& source);

// how deep arrays and objects may nest in any file we read: far beyond any real file, far below what
// recursive code (copying, printing, building joints) can take on the stack.
inline constexpr int kMaxJsonDepth = 256;

// throws FileError(Syntax) at the line and column of the first bracket nested deeper than max_depth. run
// before parsing, as nlohmann's values copy, compare and print themselves recursively.
void check_json_depth(const std::string& text, const std::string& source, int max_depth = kMaxJsonDepth);

// 1-based line and column of 1-based byte offset `byte` in text (nlohmann's parse_error::byte).
void line_column(const std::string& text, std::size_t byte, int& line, int& column);

// pretty json: objects one key per line with two-space indents; arrays of scalars, and up to four short
// arrays of scalars holding at most 9 values in all (a 3×3 rotation, one twist), on one line. numbers
// use nlohmann's shortest round-trip form, so every double reads back bit-identical. ends with a newline.
// throws FileError(NonFinite) for NaN/Inf, naming its json pointer, as json cannot hold them. source names
// the document in that message.
std::string dump_json_text(const nlohmann::json& value, const std::string& source);
std::string dump_json_text(const nlohmann::ordered_json& value, const std::string& source);

// the whole file as text (read_file_bytes: regular files only, size capped); FileError(Io) naming path
// when it cannot be read.
std::string read_text_file(const std::string& path);

// writes text to path atomically (write_file_atomic: temporary, fsync, rename, symlinks followed,
// permissions kept). FileError(Io) on failure (the temporary is removed, the old file intact).
void write_text_file_atomic(const std::string& path, const std::string& text);

}  // namespace js::io
