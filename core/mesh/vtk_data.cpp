#include "core/mesh/vtk_data.hpp"

#include <lz4.h>
#include <zlib.h>

#include <algorithm>
#include <bit>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <limits>

namespace js::mesh::vtk {

namespace {

struct Named {
  const char* name;
  Scalar scalar;
};
constexpr Named kXml[] = {{"Int8", Scalar::Int8},       {"UInt8", Scalar::UInt8},     {"Int16", Scalar::Int16},
                          {"UInt16", Scalar::UInt16},   {"Int32", Scalar::Int32},     {"UInt32", Scalar::UInt32},
                          {"Int64", Scalar::Int64},     {"UInt64", Scalar::UInt64},   {"Float32", Scalar::Float32},
                          {"Float64", Scalar::Float64}, {"Char", Scalar::Int8},       {"UChar", Scalar::UInt8}};
// legacy names; "long" is 8 bytes as vtk's writers on 64-bit linux write it
constexpr Named kLegacy[] = {{"char", Scalar::Int8},           {"unsigned_char", Scalar::UInt8},
                             {"short", Scalar::Int16},         {"unsigned_short", Scalar::UInt16},
                             {"int", Scalar::Int32},           {"unsigned_int", Scalar::UInt32},
                             {"long", Scalar::Int64},          {"unsigned_long", Scalar::UInt64},
                             {"vtktypeint64", Scalar::Int64},  {"vtktypeuint64", Scalar::UInt64},
                             {"vtkIdType", Scalar::Int64},     {"float", Scalar::Float32},
                             {"double", Scalar::Float64}};

template <class T>
T load(const std::uint8_t* p, bool big_endian) {
  using U = std::conditional_t<sizeof(T) == 1, std::uint8_t,
                               std::conditional_t<sizeof(T) == 2, std::uint16_t,
                                                  std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t>>>;
  U u;
  std::memcpy(&u, p, sizeof(U));
  if (big_endian != (std::endian::native == std::endian::big)) {
    if constexpr (sizeof(U) == 2) u = static_cast<U>(__builtin_bswap16(u));
    if constexpr (sizeof(U) == 4) u = __builtin_bswap32(u);
    if constexpr (sizeof(U) == 8) u = __builtin_bswap64(u);
  }
  return std::bit_cast<T>(u);
}

template <class T, class Out>
void decode_as(const std::uint8_t* p, std::size_t n, bool be, Out* out) {
  // NOLINTNEXTLINE(bugprone-signed-char-misuse): vtk's Int8 is signed; sign extension is the decoding
  for (std::size_t i = 0; i < n; ++i) out[i] = static_cast<Out>(load<T>(p + i * sizeof(T), be));
}

int sextet(char c) {
  if (c >= 'A' && c <= 'Z') return c - 'A';
  if (c >= 'a' && c <= 'z') return c - 'a' + 26;
  if (c >= '0' && c <= '9') return c - '0' + 52;
  if (c == '+') return 62;
  if (c == '/') return 63;
  return -1;
}


std::uint64_t header_word(const std::vector<std::uint8_t>& h, std::size_t i, std::size_t size, bool be) {
  return size == 4 ? load<std::uint32_t>(h.data() + i * 4, be) : load<std::uint64_t>(h.data() + i * 8, be);
}

}  // namespace

std::optional<Scalar> xml_scalar(std::string_view name) {
  for (const auto& n : kXml)
    if (name == n.name) return n.scalar;
  return std::nullopt;
}

std::optional<Scalar> legacy_scalar(std::string_view name) {
  for (const auto& n : kLegacy)
    if (name == n.name) return n.scalar;
  return std::nullopt;
}

std::size_t scalar_size(Scalar s) {
  switch (s) {
    case Scalar::Int8: case Scalar::UInt8: return 1;
    case Scalar::Int16: case Scalar::UInt16: return 2;
    case Scalar::Int32: case Scalar::UInt32: case Scalar::Float32: return 4;
    default: return 8;
  }
}

const char* scalar_name(Scalar s) {
  for (const auto& n : kXml)
    if (n.scalar == s) return n.name;
  return "?";
}

bool is_integer(Scalar s) { return s != Scalar::Float32 && s != Scalar::Float64; }

void decode_doubles(const std::uint8_t* p, std::size_t n, Scalar s, bool be, double* out) {
  switch (s) {
    case Scalar::Int8: decode_as<std::int8_t>(p, n, be, out); break;
    case Scalar::UInt8: decode_as<std::uint8_t>(p, n, be, out); break;
    case Scalar::Int16: decode_as<std::int16_t>(p, n, be, out); break;
    case Scalar::UInt16: decode_as<std::uint16_t>(p, n, be, out); break;
    case Scalar::Int32: decode_as<std::int32_t>(p, n, be, out); break;
    case Scalar::UInt32: decode_as<std::uint32_t>(p, n, be, out); break;
    case Scalar::Int64: decode_as<std::int64_t>(p, n, be, out); break;
    case Scalar::UInt64: decode_as<std::uint64_t>(p, n, be, out); break;
    case Scalar::Float32: decode_as<float>(p, n, be, out); break;
    case Scalar::Float64: decode_as<double>(p, n, be, out); break;
  }
}

void decode_ints(const std::uint8_t* p, std::size_t n, Scalar s, bool be, std::int64_t* out) {
  switch (s) {
    case Scalar::Int8: decode_as<std::int8_t>(p, n, be, out); break;
    case Scalar::UInt8: decode_as<std::uint8_t>(p, n, be, out); break;
    case Scalar::Int16: decode_as<std::int16_t>(p, n, be, out); break;
    case Scalar::UInt16: decode_as<std::uint16_t>(p, n, be, out); break;
    case Scalar::Int32: decode_as<std::int32_t>(p, n, be, out); break;
    case Scalar::UInt32: decode_as<std::uint32_t>(p, n, be, out); break;
    case Scalar::Int64: decode_as<std::int64_t>(p, n, be, out); break;
    case Scalar::UInt64:
      for (std::size_t i = 0; i < n; ++i) {
        const std::uint64_t v = load<std::uint64_t>(p + i * 8, be);
        if (v > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()))
          throw Bad(io::ErrorKind::InvalidValue, "value " + std::to_string(v) + " at index " + std::to_string(i) +
                                                     " is too large for an index");
        out[i] = static_cast<std::int64_t>(v);
      }
      break;
    case Scalar::Float32:
    case Scalar::Float64:
      throw Bad(io::ErrorKind::WrongType, std::string("type ") + scalar_name(s) + " where an integer type is needed");
  }
}

double parse_double_token(std::string_view tok, std::size_t index) {
  double v = 0.0;
  const char* end = tok.data() + tok.size();
  const char* first = tok.data() + (!tok.empty() && tok[0] == '+' ? 1 : 0);
  const auto [ptr, ec] = std::from_chars(first, end, v);
  if (ec == std::errc::result_out_of_range && ptr == end) {
    // from_chars leaves v alone out of range: an underflow is 0, an overflow is not finite
    const bool underflow = tok.find("e-") != std::string_view::npos || tok.find("E-") != std::string_view::npos;
    if (underflow) return 0.0;
    return std::numeric_limits<double>::infinity();
  }
  if (ec != std::errc() || ptr != end)
    throw Bad(io::ErrorKind::WrongType, "value " + std::to_string(index) + " (\"" + std::string(tok.substr(0, 40)) +
                                            "\") is not a number");
  return v;
}

std::int64_t parse_int_token(std::string_view tok, std::size_t index) {
  std::int64_t v = 0;
  const char* end = tok.data() + tok.size();
  const char* first = tok.data() + (!tok.empty() && tok[0] == '+' ? 1 : 0);
  const auto [ptr, ec] = std::from_chars(first, end, v);
  if (ec != std::errc() || ptr != end)
    throw Bad(io::ErrorKind::WrongType, "value " + std::to_string(index) + " (\"" + std::string(tok.substr(0, 40)) +
                                            "\") is not an integer");
  return v;
}

bool ByteStream::next_quantum() {
  int v[4];
  int got = 0, pad = 0;
  while (got + pad < 4) {
    while (pos_ < text_.size() && is_space(text_[pos_])) ++pos_;
    if (pos_ >= text_.size()) {
      if (got + pad == 0) return false;
      throw Bad(io::ErrorKind::Syntax, "base64 text is truncated (ends inside a 4-character group after " +
                                           std::to_string(delivered_) + " bytes)");
    }
    const char c = text_[pos_++];
    if (c == '=') {
      if (got < 2) throw Bad(io::ErrorKind::Syntax, "misplaced '=' in base64 text at character " + std::to_string(pos_ - 1));
      ++pad;
      continue;
    }
    const int s = sextet(c);
    if (pad > 0)
      throw Bad(io::ErrorKind::Syntax, "base64 text goes on after '=' padding at character " + std::to_string(pos_ - 1));
    if (s < 0) {
      const auto u = static_cast<unsigned char>(c);
      char shown[16];
      if (u >= 0x21 && u < 0x7f) std::snprintf(shown, sizeof shown, "'%c'", c);
      else std::snprintf(shown, sizeof shown, "byte 0x%02x", u);
      throw Bad(io::ErrorKind::Syntax, std::string(shown) + " at character " + std::to_string(pos_ - 1) +
                                           " of the base64 text is not base64");
    }
    v[got++] = s;
  }
  const std::uint32_t bits = (static_cast<std::uint32_t>(v[0]) << 18) | (static_cast<std::uint32_t>(v[1]) << 12) |
                             (got > 2 ? static_cast<std::uint32_t>(v[2]) << 6 : 0u) | (got > 3 ? static_cast<std::uint32_t>(v[3]) : 0u);
  pending_[0] = static_cast<std::uint8_t>(bits >> 16);
  pending_[1] = static_cast<std::uint8_t>(bits >> 8);
  pending_[2] = static_cast<std::uint8_t>(bits);
  pending_n_ = got - 1;
  pending_at_ = 0;
  return true;
}

void ByteStream::read(std::size_t n, std::vector<std::uint8_t>& out) {
  if (!base64_) {
    if (n > text_.size() - pos_)
      throw Bad(io::ErrorKind::CountMismatch, "data ends after " + std::to_string(text_.size() - pos_) + " of " +
                                                  std::to_string(n) + " bytes");
    out.insert(out.end(), reinterpret_cast<const std::uint8_t*>(text_.data() + pos_),
               reinterpret_cast<const std::uint8_t*>(text_.data() + pos_ + n));
    pos_ += n;
    delivered_ += n;
    return;
  }
  if (n > bytes_left_bound())
    throw Bad(io::ErrorKind::CountMismatch, "base64 text is truncated: " + std::to_string(n) +
                                                " more bytes needed, at most " + std::to_string(bytes_left_bound()) + " left");
  out.reserve(out.size() + n);
  for (std::size_t k = 0; k < n; ++k) {
    if (pending_at_ >= pending_n_ && !next_quantum())
      throw Bad(io::ErrorKind::CountMismatch, "base64 text is truncated: it ends after " + std::to_string(delivered_) +
                                                  " bytes, " + std::to_string(n - k) + " more needed");
    out.push_back(pending_[pending_at_++]);
    ++delivered_;
  }
}

std::size_t ByteStream::bytes_left_bound() const {
  const std::size_t left = text_.size() - pos_;
  return base64_ ? left / 4 * 3 + 3 + static_cast<std::size_t>(pending_n_ - pending_at_) : left;
}

std::vector<std::uint8_t> read_binary_array(ByteStream& in, std::size_t hb, Compressor c, bool be, std::size_t expected) {
  std::vector<std::uint8_t> head;
  if (c == Compressor::None) {
    in.read(hb, head);
    const std::uint64_t n = header_word(head, 0, hb, be);
    if (n != expected)
      throw Bad(io::ErrorKind::CountMismatch, "the block header says " + std::to_string(n) + " bytes, expected " +
                                                  std::to_string(expected));
    std::vector<std::uint8_t> data;
    in.read(static_cast<std::size_t>(n), data);
    return data;
  }
  // compressed: [number of blocks, uncompressed block size, uncompressed size of the last block (0: a full
  // block), compressed size of each block], then the blocks (vtkXMLDataParser::ReadCompressionHeader)
  in.read(3 * hb, head);
  const std::uint64_t nblocks = header_word(head, 0, hb, be);
  const std::uint64_t block = header_word(head, 1, hb, be);
  const std::uint64_t last = header_word(head, 2, hb, be);
  if (nblocks > in.bytes_left_bound() / hb)
    throw Bad(io::ErrorKind::CountMismatch, "the compression header names " + std::to_string(nblocks) +
                                                " blocks, more than the data can hold");
  if (last > block)
    throw Bad(io::ErrorKind::InvalidValue, "the compression header's last block (" + std::to_string(last) +
                                               " bytes) is larger than its block size (" + std::to_string(block) + ")");
  if (nblocks > 0 && block == 0) throw Bad(io::ErrorKind::InvalidValue, "the compression header's block size is 0");
  const std::uint64_t total = nblocks == 0 ? 0 : (nblocks - 1) * block + (last == 0 ? block : last);
  if ((nblocks > 0 && (nblocks - 1) > expected / block) || total != expected)
    throw Bad(io::ErrorKind::CountMismatch, "the compression header says " +
                                                (nblocks > 0 && (nblocks - 1) > expected / block ? std::string("more than ")
                                                                                                 : std::string()) +
                                                std::to_string(total) + " uncompressed bytes, expected " + std::to_string(expected));
  std::vector<std::uint8_t> sizes;
  in.read(static_cast<std::size_t>(nblocks * hb), sizes);
  // bound the allocation by what the compressed bytes can hold before making it
  std::uint64_t packed_total = 0;
  for (std::uint64_t b = 0; b < nblocks && packed_total <= in.bytes_left_bound(); ++b)
    packed_total += std::min<std::uint64_t>(header_word(sizes, static_cast<std::size_t>(b), hb, be), std::uint64_t{1} << 40);
  if (packed_total > in.bytes_left_bound())
    throw Bad(io::ErrorKind::CountMismatch, "the compression header names " + std::to_string(packed_total) +
                                                " compressed bytes but the data ends first (truncated)");
  if (total > 1100 * packed_total + 1024 * nblocks)
    throw Bad(io::ErrorKind::InvalidValue, "the compression header claims " + std::to_string(total) + " bytes from " +
                                               std::to_string(packed_total) + " compressed bytes, beyond any compressor's ratio");
  std::vector<std::uint8_t> data(static_cast<std::size_t>(total));
  std::vector<std::uint8_t> packed;
  std::size_t at = 0;
  for (std::uint64_t b = 0; b < nblocks; ++b) {
    const std::uint64_t csize = header_word(sizes, static_cast<std::size_t>(b), hb, be);
    const std::size_t usize = static_cast<std::size_t>(b + 1 == nblocks && last != 0 ? last : block);
    const std::string which = "block " + std::to_string(b) + " of " + std::to_string(nblocks);
    if (csize > in.bytes_left_bound() || csize > std::numeric_limits<int>::max())
      throw Bad(io::ErrorKind::CountMismatch, which + " says " + std::to_string(csize) +
                                                  " compressed bytes, more than the data left");
    // neither zlib nor lz4 expands more than about 1032:1, so a larger claim is a broken header, not data
    if (usize > 1100 * csize + 1024)
      throw Bad(io::ErrorKind::InvalidValue, which + " claims " + std::to_string(usize) + " bytes from " +
                                                 std::to_string(csize) + " compressed bytes, beyond any compressor's ratio");
    packed.clear();
    in.read(static_cast<std::size_t>(csize), packed);
    if (c == Compressor::ZLib) {
      uLongf got = static_cast<uLongf>(usize);
      const int rc = uncompress(data.data() + at, &got, packed.data(), static_cast<uLong>(packed.size()));
      if (rc != Z_OK || got != usize)
        throw Bad(io::ErrorKind::InvalidValue, "zlib " + which + " does not decompress to " + std::to_string(usize) +
                                                   " bytes (" + (rc == Z_OK ? std::to_string(got) + " bytes" : std::string(zError(rc))) + ")");
    } else {
      const int got = LZ4_decompress_safe(reinterpret_cast<const char*>(packed.data()),
                                          reinterpret_cast<char*>(data.data() + at), static_cast<int>(packed.size()),
                                          static_cast<int>(usize));
      if (got != static_cast<int>(usize))
        throw Bad(io::ErrorKind::InvalidValue, "lz4 " + which + " does not decompress to " + std::to_string(usize) +
                                                   " bytes" + (got < 0 ? std::string(" (corrupt data)") : " (" + std::to_string(got) + " bytes)"));
    }
    at += usize;
  }
  return data;
}

}  // namespace js::mesh::vtk
