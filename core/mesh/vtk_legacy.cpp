// legacy vtk files: four header lines, then keyword sections. binary data is big-endian and starts right
// after the line holding its type; ascii data is whitespace-separated. cells come in the classic form
// (POLYGONS n size, each cell "k i0 .. ik-1") or, from file version 5, as OFFSETS (n+1 starts) and
// CONNECTIVITY arrays.
#include <cmath>
#include <limits>

#include "core/io/file_error.hpp"
#include "core/mesh/vtk_cells.hpp"
#include "core/mesh/vtk_data.hpp"
#include "core/mesh/vtk_formats.hpp"

namespace js::mesh::vtk {

namespace {

class Reader {
 public:
  Reader(std::string_view bytes, const std::string& source) : s_(bytes), source_(source) {}

  TriangleMesh read();

 private:
  [[noreturn]] void fail(int line, io::ErrorKind kind, const std::string& problem) const {
    throw io::FileError(source_, line, 1, problem, kind);
  }
  std::string_view token() {
    while (pos_ < s_.size() && is_space(s_[pos_])) {
      if (s_[pos_] == '\n') ++line_;
      ++pos_;
    }
    const std::size_t start = pos_;
    while (pos_ < s_.size() && !is_space(s_[pos_])) ++pos_;
    return s_.substr(start, pos_ - start);
  }
  std::string_view peek() {
    const std::size_t pos = pos_;
    const int line = line_;
    const std::string_view t = token();
    pos_ = pos;
    line_ = line;
    return t;
  }
  // the rest of the current line, the newline consumed
  std::string_view rest_of_line() {
    const std::size_t start = pos_;
    while (pos_ < s_.size() && s_[pos_] != '\n') ++pos_;
    std::string_view text = s_.substr(start, pos_ - start);
    if (pos_ < s_.size()) {
      ++pos_;
      ++line_;
    }
    while (!text.empty() && is_space(text.back())) text.remove_suffix(1);
    return text;
  }
  std::int64_t count(std::string_view what, int line) {
    const std::string_view t = token();
    std::int64_t n = 0;
    try {
      n = parse_int_token(t, 0);
    } catch (const Bad&) {
      fail(line, io::ErrorKind::WrongType, std::string(what) + ": \"" + std::string(t) + "\" is not a count");
    }
    if (n < 0 || n > std::numeric_limits<int>::max())
      fail(line, io::ErrorKind::InvalidValue, std::string(what) + ": count " + std::to_string(n) + " is out of range");
    return n;
  }
  Scalar scalar(std::string_view what, int line) {
    const std::string_view t = token();
    const auto s = legacy_scalar(t);
    if (!s) fail(line, io::ErrorKind::UnknownKind, std::string(what) + ": data type \"" + std::string(t) + "\" is not supported");
    return *s;
  }
  // n values of type s: ascii tokens, or big-endian bytes starting after the current line
  template <class T>
  std::vector<T> values(std::size_t n, Scalar s, std::string_view what, int line) {
    std::vector<T> out;
    try {
      if (binary_) {
        rest_of_line();
        if (n > (s_.size() - pos_) / scalar_size(s))
          fail(line, io::ErrorKind::CountMismatch, std::string(what) + ": " + std::to_string(n) + " values of " +
                                                       scalar_name(s) + " need " + std::to_string(n * scalar_size(s)) +
                                                       " bytes, only " + std::to_string(s_.size() - pos_) + " are left");
        out.resize(n);
        const auto* p = reinterpret_cast<const std::uint8_t*>(s_.data() + pos_);
        if constexpr (std::is_same_v<T, double>) decode_doubles(p, n, s, true, out.data());
        else decode_ints(p, n, s, true, out.data());
        pos_ += n * scalar_size(s);
        return out;
      }
      if (n > (s_.size() - pos_) / 2 + 1)
        fail(line, io::ErrorKind::CountMismatch, std::string(what) + ": " + std::to_string(n) +
                                                     " values cannot fit in the rest of the file");
      out.reserve(n);
      for (std::size_t k = 0; k < n; ++k) {
        const std::string_view t = token();
        if (t.empty())
          fail(line, io::ErrorKind::CountMismatch, std::string(what) + ": the file ends after " + std::to_string(k) +
                                                       " of " + std::to_string(n) + " values");
        if constexpr (std::is_same_v<T, double>) out.push_back(parse_double_token(t, k));
        else out.push_back(parse_int_token(t, k));
      }
    } catch (const Bad& b) {
      fail(line, b.kind, std::string(what) + ": " + b.what());
    }
    return out;
  }
  void points();
  void cells(std::string_view keyword);
  void metadata();
  void field();

  std::string_view s_;
  const std::string& source_;
  std::size_t pos_ = 0;
  int line_ = 1;
  bool binary_ = false;
  TriangleMesh mesh_;
};

void Reader::points() {
  const int line = line_;
  if (!mesh_.vertices.empty()) fail(line, io::ErrorKind::InvalidValue, "POINTS: a second POINTS section");
  const std::int64_t n = count("POINTS", line);
  const Scalar s = scalar("POINTS", line);
  const std::vector<double> xyz = values<double>(static_cast<std::size_t>(n) * 3, s, "POINTS", line);
  mesh_.vertices.reserve(static_cast<std::size_t>(n));
  for (std::size_t p = 0; p < static_cast<std::size_t>(n); ++p) {
    const Vec3 v(xyz[3 * p], xyz[3 * p + 1], xyz[3 * p + 2]);
    if (!v.allFinite())
      fail(line, io::ErrorKind::NonFinite, "POINTS: point " + std::to_string(p) + " is not finite (" + std::to_string(v.x()) +
                                                ", " + std::to_string(v.y()) + ", " + std::to_string(v.z()) + ")");
    mesh_.vertices.push_back(v);
  }
}

void Reader::cells(std::string_view keyword) {
  const int line = line_;
  const std::string kw(keyword);
  const std::int64_t a = count(kw, line);
  const std::int64_t b = count(kw, line);
  std::vector<std::int64_t> starts, conn;
  if (peek() == "OFFSETS") {
    // 5.1: a = cells + 1 offsets, b = connectivity size
    token();
    const int offs_line = line_;
    const Scalar so = scalar(kw + " OFFSETS", offs_line);
    starts = values<std::int64_t>(static_cast<std::size_t>(a), so, kw + " OFFSETS", offs_line);
    if (token() != "CONNECTIVITY") fail(line_, io::ErrorKind::MissingField, kw + ": CONNECTIVITY expected after OFFSETS");
    const int conn_line = line_;
    const Scalar sc = scalar(kw + " CONNECTIVITY", conn_line);
    conn = values<std::int64_t>(static_cast<std::size_t>(b), sc, kw + " CONNECTIVITY", conn_line);
    if (a == 0 && b == 0) return;
  } else {
    // classic: b ints holding a cells, each its size then its points (binary: 32-bit)
    const std::vector<std::int64_t> raw = values<std::int64_t>(static_cast<std::size_t>(b), Scalar::Int32, kw, line);
    starts.reserve(static_cast<std::size_t>(a) + 1);
    conn.reserve(raw.size());
    starts.push_back(0);
    std::size_t k = 0;
    for (std::int64_t c = 0; c < a; ++c) {
      if (k >= raw.size())
        fail(line, io::ErrorKind::CountMismatch, kw + ": " + std::to_string(a) + " cells declared, the " +
                                                     std::to_string(b) + " values hold only " + std::to_string(c));
      const std::int64_t n = raw[k++];
      if (n < 0 || static_cast<std::size_t>(n) > raw.size() - k)
        fail(line, io::ErrorKind::CountMismatch, kw + ": cell " + std::to_string(c) + " has size " + std::to_string(n) +
                                                     ", beyond the " + std::to_string(b) + " values given");
      conn.insert(conn.end(), raw.begin() + static_cast<std::ptrdiff_t>(k), raw.begin() + static_cast<std::ptrdiff_t>(k + n));
      k += static_cast<std::size_t>(n);
      starts.push_back(static_cast<std::int64_t>(conn.size()));
    }
    if (k != raw.size())
      fail(line, io::ErrorKind::CountMismatch, kw + ": " + std::to_string(a) + " cells use " + std::to_string(k) + " of the " +
                                                   std::to_string(b) + " values declared");
  }
  if (keyword != "POLYGONS" && keyword != "TRIANGLE_STRIPS") return;  // vertices and lines carry no surface
  try {
    append_triangles(keyword == "POLYGONS" ? CellKind::Polygons : CellKind::Strips, starts, conn,
                     static_cast<std::int64_t>(mesh_.vertices.size()), 0, mesh_.triangles);
  } catch (const Bad& e) {
    fail(line, e.kind, kw + ": " + e.what());
  }
}

// METADATA blocks (vtk 9 writers) are text up to an empty line
void Reader::metadata() {
  rest_of_line();
  while (pos_ < s_.size() && !rest_of_line().empty()) {
  }
}

// FIELD name n: n arrays "name components tuples type" and their values, skipped
void Reader::field() {
  const int line = line_;
  token();
  const std::int64_t n = count("FIELD", line);
  for (std::int64_t i = 0; i < n; ++i) {
    const int array_line = line_;
    const std::string_view name = token();
    if (name == "METADATA") {
      metadata();
      --i;
      continue;
    }
    const std::string what = "FIELD array " + std::string(name);
    const std::int64_t comps = count(what, array_line);
    const std::int64_t tuples = count(what, array_line);
    const Scalar s = scalar(what, array_line);
    values<double>(static_cast<std::size_t>(comps) * static_cast<std::size_t>(tuples), s, what, array_line);
  }
}

TriangleMesh Reader::read() {
  const std::string_view first = rest_of_line();
  if (first.substr(0, 22) != "# vtk DataFile Version")
    fail(1, io::ErrorKind::Syntax, "not a legacy vtk file (the first line is not \"# vtk DataFile Version ...\")");
  rest_of_line();  // title
  const std::string_view mode = rest_of_line();
  if (mode == "BINARY") binary_ = true;
  else if (mode != "ASCII") fail(3, io::ErrorKind::Syntax, "the third line is \"" + std::string(mode.substr(0, 40)) + "\", not ASCII or BINARY");
  const int dataset_line = line_;
  if (token() != "DATASET") fail(dataset_line, io::ErrorKind::Syntax, "DATASET expected");
  const std::string_view kind = token();
  if (kind != "POLYDATA")
    fail(dataset_line, io::ErrorKind::UnknownKind, "DATASET " + std::string(kind.substr(0, 40)) + ": only POLYDATA meshes are read");
  while (true) {
    const std::string_view kw = peek();
    if (kw.empty() || kw == "POINT_DATA" || kw == "CELL_DATA") break;  // attributes follow the geometry
    token();
    const int line = line_;
    if (kw == "POINTS") points();
    else if (kw == "VERTICES" || kw == "LINES" || kw == "POLYGONS" || kw == "TRIANGLE_STRIPS") cells(kw);
    else if (kw == "METADATA") metadata();
    else if (kw == "FIELD") field();
    else fail(line, io::ErrorKind::UnknownKind, "unknown keyword \"" + std::string(kw.substr(0, 40)) + "\"");
  }
  return std::move(mesh_);
}

}  // namespace

TriangleMesh read_legacy_polydata(std::string_view bytes, const std::string& source) {
  return Reader(bytes, source).read();
}

}  // namespace js::mesh::vtk
