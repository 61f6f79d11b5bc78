// a small vtk writer for test fixtures: the same mesh in each encoding the reader must take, written the way
// vtk's own writers lay them out (vtkXMLWriter, vtkDataWriter), so every feature is tested without shared data.
#pragma once

#include <lz4.h>
#include <zlib.h>

#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace js::mesh::testing {

struct Cells {
  std::vector<std::vector<std::int64_t>> cells;  // point indices per cell
};

struct Piece {
  std::vector<std::array<double, 3>> points;
  Cells polys;
  Cells strips;
};

enum class Format { Ascii, Binary, AppendedRaw, AppendedBase64 };
enum class Compress { None, ZLib, LZ4 };

struct Options {
  Format format = Format::Ascii;
  Compress compress = Compress::None;
  bool header64 = false;
  bool big_endian = false;
  bool points64 = false;   // Float64 points (else Float32)
  std::string index_type = "Int64";  // Int32, Int64, UInt32, UInt64
  std::size_t block_size = 32768;    // compressed block size (small values give several blocks)
};

inline std::string base64(const std::vector<std::uint8_t>& b) {
  static const char* k = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  for (std::size_t i = 0; i < b.size(); i += 3) {
    const std::uint32_t v = (std::uint32_t{b[i]} << 16) | (i + 1 < b.size() ? std::uint32_t{b[i + 1]} << 8 : 0u) |
                            (i + 2 < b.size() ? std::uint32_t{b[i + 2]} : 0u);
    out += k[(v >> 18) & 63];
    out += k[(v >> 12) & 63];
    out += i + 1 < b.size() ? k[(v >> 6) & 63] : '=';
    out += i + 2 < b.size() ? k[v & 63] : '=';
  }
  return out;
}

template <class T>
void put(std::vector<std::uint8_t>& out, T value, bool big_endian) {
  std::uint8_t b[sizeof(T)];
  std::memcpy(b, &value, sizeof(T));
  if (big_endian) std::reverse(b, b + sizeof(T));
  out.insert(out.end(), b, b + sizeof(T));
}

inline void put_word(std::vector<std::uint8_t>& out, std::uint64_t v, const Options& o) {
  if (o.header64) put<std::uint64_t>(out, v, o.big_endian);
  else put<std::uint32_t>(out, static_cast<std::uint32_t>(v), o.big_endian);
}

inline std::vector<std::uint8_t> ints_bytes(const std::vector<std::int64_t>& v, const Options& o) {
  std::vector<std::uint8_t> out;
  for (std::int64_t x : v) {
    if (o.index_type == "Int32") put<std::int32_t>(out, static_cast<std::int32_t>(x), o.big_endian);
    else if (o.index_type == "UInt32") put<std::uint32_t>(out, static_cast<std::uint32_t>(x), o.big_endian);
    else if (o.index_type == "UInt64") put<std::uint64_t>(out, static_cast<std::uint64_t>(x), o.big_endian);
    else put<std::int64_t>(out, x, o.big_endian);
  }
  return out;
}

inline std::vector<std::uint8_t> points_bytes(const std::vector<std::array<double, 3>>& p, const Options& o) {
  std::vector<std::uint8_t> out;
  for (const auto& v : p)
    for (double x : v) {
      if (o.points64) put<double>(out, x, o.big_endian);
      else put<float>(out, static_cast<float>(x), o.big_endian);
    }
  return out;
}

// header + data of one array as vtkXMLWriter lays it out; header and data are separate pieces so that
// base64 can encode them apart (compressed) or together (uncompressed), as vtk does
struct Encoded {
  std::vector<std::uint8_t> header, data;
};

inline Encoded encode(const std::vector<std::uint8_t>& raw, const Options& o) {
  Encoded e;
  if (o.compress == Compress::None) {
    put_word(e.header, raw.size(), o);
    e.data = raw;
    return e;
  }
  const std::size_t nblocks = (raw.size() + o.block_size - 1) / o.block_size;
  const std::size_t last = raw.size() % o.block_size;
  std::vector<std::vector<std::uint8_t>> blocks;
  for (std::size_t b = 0; b < nblocks; ++b) {
    const std::size_t n = std::min(o.block_size, raw.size() - b * o.block_size);
    std::vector<std::uint8_t> out;
    if (o.compress == Compress::ZLib) {
      uLongf size = compressBound(static_cast<uLong>(n));
      out.resize(size);
      compress(out.data(), &size, raw.data() + b * o.block_size, static_cast<uLong>(n));
      out.resize(size);
    } else {
      out.resize(static_cast<std::size_t>(LZ4_compressBound(static_cast<int>(n))));
      const int size = LZ4_compress_default(reinterpret_cast<const char*>(raw.data() + b * o.block_size),
                                            reinterpret_cast<char*>(out.data()), static_cast<int>(n),
                                            static_cast<int>(out.size()));
      out.resize(static_cast<std::size_t>(size));
    }
    blocks.push_back(std::move(out));
  }
  put_word(e.header, nblocks, o);
  put_word(e.header, o.block_size, o);
  put_word(e.header, last, o);
  for (const auto& b : blocks) put_word(e.header, b.size(), o);
  for (const auto& b : blocks) e.data.insert(e.data.end(), b.begin(), b.end());
  return e;
}

inline std::string encoded_text(const Encoded& e, const Options& o) {
  if (o.compress != Compress::None) return base64(e.header) + base64(e.data);
  std::vector<std::uint8_t> all = e.header;
  all.insert(all.end(), e.data.begin(), e.data.end());
  return base64(all);
}

class XmlWriter {
 public:
  explicit XmlWriter(Options o) : o_(std::move(o)) {}

  std::string write(const std::vector<Piece>& pieces) {
    std::string body;
    for (const auto& p : pieces) body += piece(p);
    std::string out = "<?xml version=\"1.0\"?>\n<VTKFile type=\"PolyData\" version=\"1.0\" byte_order=\"";
    out += o_.big_endian ? "BigEndian" : "LittleEndian";
    out += std::string("\" header_type=\"") + (o_.header64 ? "UInt64" : "UInt32") + "\"";
    if (o_.compress == Compress::ZLib) out += " compressor=\"vtkZLibDataCompressor\"";
    if (o_.compress == Compress::LZ4) out += " compressor=\"vtkLZ4DataCompressor\"";
    out += ">\n  <PolyData>\n" + body + "  </PolyData>\n";
    if (o_.format == Format::AppendedRaw || o_.format == Format::AppendedBase64) {
      out += std::string("  <AppendedData encoding=\"") + (o_.format == Format::AppendedRaw ? "raw" : "base64") + "\">\n   _";
      out += appended_;
      out += "\n  </AppendedData>\n";
    }
    out += "</VTKFile>\n";
    return out;
  }

 private:
  std::string array(const std::string& type, const std::string& name, int comps, const std::vector<std::uint8_t>& raw,
                    const std::string& ascii) {
    std::string head = "<DataArray type=\"" + type + "\"" + (name.empty() ? "" : " Name=\"" + name + "\"") +
                       " NumberOfComponents=\"" + std::to_string(comps) + "\"";
    if (o_.format == Format::Ascii) return head + " format=\"ascii\">\n" + ascii + "\n</DataArray>\n";
    const Encoded e = encode(raw, o_);
    if (o_.format == Format::Binary) return head + " format=\"binary\">\n" + encoded_text(e, o_) + "\n</DataArray>\n";
    head += " format=\"appended\" offset=\"" + std::to_string(appended_.size()) + "\"/>\n";
    if (o_.format == Format::AppendedBase64) {
      appended_ += encoded_text(e, o_);
    } else {
      appended_.append(e.header.begin(), e.header.end());
      appended_.append(e.data.begin(), e.data.end());
    }
    return head;
  }

  std::string cells(const char* tag, const Cells& c) {
    std::vector<std::int64_t> conn, offs;
    std::string ca, oa;
    for (const auto& cell : c.cells) {
      for (auto i : cell) {
        conn.push_back(i);
        ca += std::to_string(i) + " ";
      }
      offs.push_back(static_cast<std::int64_t>(conn.size()));
      oa += std::to_string(conn.size()) + " ";
    }
    return std::string("<") + tag + ">\n" + array(o_.index_type, "connectivity", 1, ints_bytes(conn, o_), ca) +
           array(o_.index_type, "offsets", 1, ints_bytes(offs, o_), oa) + "</" + tag + ">\n";
  }

  std::string piece(const Piece& p) {
    std::string ascii;
    char buf[64];
    for (const auto& v : p.points)
      for (double x : v) {
        std::snprintf(buf, sizeof buf, "%.17g ", x);
        ascii += buf;
      }
    std::string out = "<Piece NumberOfPoints=\"" + std::to_string(p.points.size()) + "\" NumberOfVerts=\"0\" NumberOfLines=\"0\" NumberOfStrips=\"" +
                      std::to_string(p.strips.cells.size()) + "\" NumberOfPolys=\"" + std::to_string(p.polys.cells.size()) + "\">\n";
    out += "<PointData Normals=\"Normals\">\n" + array("Float32", "Normals", 3, points_bytes(p.points, o_), ascii) + "</PointData>\n";
    out += "<Points>\n" + array(o_.points64 ? "Float64" : "Float32", "Points", 3, points_bytes(p.points, o_), ascii) + "</Points>\n";
    if (!p.polys.cells.empty()) out += cells("Polys", p.polys);
    if (!p.strips.cells.empty()) out += cells("Strips", p.strips);
    return out + "</Piece>\n";
  }

  Options o_;
  std::string appended_;
};

// legacy .vtk; binary data is big-endian. new_cells: the 5.1 OFFSETS/CONNECTIVITY form, else the classic one.
inline std::string write_legacy(const Piece& p, bool binary, bool new_cells) {
  std::string out = std::string("# vtk DataFile Version ") + (new_cells ? "5.1" : "4.2") + "\nfixture\n" +
                    (binary ? "BINARY" : "ASCII") + "\nDATASET POLYDATA\nPOINTS " + std::to_string(p.points.size()) + " double\n";
  Options be;
  be.big_endian = true;
  be.points64 = true;
  be.index_type = new_cells ? "Int64" : "Int32";
  auto numbers = [](const std::vector<std::int64_t>& v) {
    std::string s;
    for (auto x : v) s += std::to_string(x) + " ";
    return s + "\n";
  };
  auto data = [&](const std::vector<std::uint8_t>& b) { return std::string(b.begin(), b.end()) + "\n"; };
  if (binary) {
    out += data(points_bytes(p.points, be));
  } else {
    char buf[96];
    for (const auto& v : p.points) {
      std::snprintf(buf, sizeof buf, "%.17g %.17g %.17g\n", v[0], v[1], v[2]);
      out += buf;
    }
  }
  out += "METADATA\nINFORMATION 0\n\n";
  auto section = [&](const char* kw, const Cells& c) {
    if (c.cells.empty()) return;
    std::vector<std::int64_t> offs{0}, conn, classic;
    for (const auto& cell : c.cells) {
      conn.insert(conn.end(), cell.begin(), cell.end());
      offs.push_back(static_cast<std::int64_t>(conn.size()));
      classic.push_back(static_cast<std::int64_t>(cell.size()));
      classic.insert(classic.end(), cell.begin(), cell.end());
    }
    if (new_cells) {
      out += std::string(kw) + " " + std::to_string(offs.size()) + " " + std::to_string(conn.size()) + "\nOFFSETS vtktypeint64\n";
      out += binary ? data(ints_bytes(offs, be)) : numbers(offs);
      out += "CONNECTIVITY vtktypeint64\n";
      out += binary ? data(ints_bytes(conn, be)) : numbers(conn);
    } else {
      out += std::string(kw) + " " + std::to_string(c.cells.size()) + " " + std::to_string(classic.size()) + "\n";
      out += binary ? data(ints_bytes(classic, be)) : numbers(classic);
    }
  };
  section("POLYGONS", p.polys);
  section("TRIANGLE_STRIPS", p.strips);
  out += "POINT_DATA " + std::to_string(p.points.size()) + "\nSCALARS s float 1\nLOOKUP_TABLE default\n";
  return out;
}

}  // namespace js::mesh::testing
