// the byte level of vtk files: scalar types, byte order, base64 and the block headers of binary arrays.
// errors are thrown as vtk::Bad (a problem in words); the readers add file and element to it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/io/file_error.hpp"

namespace js::mesh::vtk {

// a problem without its place; the xml and legacy readers turn it into one io::FileError.
struct Bad : std::runtime_error {
  Bad(io::ErrorKind k, const std::string& problem) : std::runtime_error(problem), kind(k) {}
  io::ErrorKind kind;
};

enum class Scalar { Int8, UInt8, Int16, UInt16, Int32, UInt32, Int64, UInt64, Float32, Float64 };

// "Float32", "Int64" ... as in vtk xml files
std::optional<Scalar> xml_scalar(std::string_view name);
// "float", "vtktypeint64", "unsigned_int" ... as in legacy files
std::optional<Scalar> legacy_scalar(std::string_view name);
std::size_t scalar_size(Scalar s);
const char* scalar_name(Scalar s);
bool is_integer(Scalar s);

// n values of type s from the raw bytes at p in the file's byte order (be: big-endian).
void decode_doubles(const std::uint8_t* p, std::size_t n, Scalar s, bool be, double* out);
// throws Bad for an unsigned value beyond int64 or a float type.
void decode_ints(const std::uint8_t* p, std::size_t n, Scalar s, bool be, std::int64_t* out);

// one ascii value; index says which value of the array for the message. throws Bad for a token that is not
// a number (ints: not an integer).
// ascii whitespace between tokens, in both formats
inline bool is_space(char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; }

double parse_double_token(std::string_view token, std::size_t index);
std::int64_t parse_int_token(std::string_view token, std::size_t index);

// bytes on demand from raw binary or from base64 text (concatenated padded runs allowed: vtk encodes a
// compressed array's header and its blocks as two base64 runs).
class ByteStream {
 public:
  static ByteStream raw(std::string_view bytes) { return ByteStream(bytes, false); }
  static ByteStream base64(std::string_view text) { return ByteStream(text, true); }
  // appends exactly n bytes to out; throws Bad when the data ends first or a character is not base64.
  void read(std::size_t n, std::vector<std::uint8_t>& out);
  // an upper bound of the bytes left (exact for raw data).
  std::size_t bytes_left_bound() const;

 private:
  ByteStream(std::string_view s, bool b64) : text_(s), base64_(b64) {}
  bool next_quantum();  // decodes the next base64 quantum into pending_; false at the end of the text
  std::string_view text_;
  bool base64_;
  std::size_t pos_ = 0;
  std::size_t delivered_ = 0;
  std::uint8_t pending_[3] = {0, 0, 0};
  int pending_n_ = 0, pending_at_ = 0;
};

enum class Compressor { None, ZLib, LZ4 };

// one binary data array: the header (one UInt32/UInt64 byte count, or for compressed data the block count,
// block size, last block size and each block's compressed size) followed by the data, which is returned
// uncompressed. hb is the header word's size, 4 or 8; be: big-endian. the header must say `expected` bytes
// (checked before anything is allocated, so a lying header costs nothing).
std::vector<std::uint8_t> read_binary_array(ByteStream& in, std::size_t hb, Compressor c, bool be,
                                            std::size_t expected);

}  // namespace js::mesh::vtk
