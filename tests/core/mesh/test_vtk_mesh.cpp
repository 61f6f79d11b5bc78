// the vtk mesh reader: every shared OpenSim bone and every encoding of the shared femur read back to the
// ascii original; fixtures written here for each encoding feature and each kind of broken file.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <set>

#include "core/io/file_error.hpp"
#include "core/mesh/mesh_file.hpp"
#include "core/mesh/vtk_mesh.hpp"
#include "tests/core/mesh/vtk_fixture.hpp"

namespace js::mesh {
namespace {

namespace fs = std::filesystem;
using testing::Cells;
using testing::Compress;
using testing::Format;
using testing::Options;
using testing::Piece;
using testing::XmlWriter;

const fs::path kOpenSim = fs::path(JS_SOURCE_DIR) / ".." / "shared" / "data" / "opensim";

using Tri = std::array<int, 3>;

// the same triangle with the same winding, whatever vertex it starts at
Tri rotated_to_min(Tri t) {
  std::rotate(t.begin(), std::min_element(t.begin(), t.end()), t.end());
  return t;
}
Tri sorted(Tri t) {
  std::sort(t.begin(), t.end());
  return t;
}

fs::path temp_dir() {
  const fs::path d = fs::temp_directory_path() / ("js_vtk_" + std::to_string(::getpid()));
  fs::create_directories(d);
  return d;
}

std::string write_file(const std::string& name, const std::string& text) {
  const fs::path p = temp_dir() / name;
  std::ofstream(p, std::ios::binary) << text;
  return p.string();
}

void expect_valid(const TriangleMesh& m, const std::string& what) {
  ASSERT_FALSE(m.vertices.empty()) << what;
  ASSERT_FALSE(m.triangles.empty()) << what;
  for (const auto& t : m.triangles)
    for (int i : t) ASSERT_TRUE(i >= 0 && i < static_cast<int>(m.vertices.size())) << what;
  for (const auto& v : m.vertices) ASSERT_TRUE(v.allFinite()) << what;
}

// a small closed mesh (a tetrahedron plus a quad fan) with coordinates that float32 cannot hold exactly
Piece sample_piece(double shift = 0.0) {
  Piece p;
  p.points = {{0.1 + shift, 0.2, 0.3}, {1.1, -0.25, 0.0}, {0.0, 1.3, 1e-7}, {0.4, 0.4, 1.7}, {-0.5, -0.5, -0.5}};
  p.polys.cells = {{0, 2, 1}, {0, 1, 3}, {1, 2, 3}, {0, 3, 2}, {0, 1, 4, 2}};
  return p;
}

std::vector<Tri> expected_triangles(const Piece& p, int base = 0) {
  std::vector<Tri> out;
  for (const auto& c : p.polys.cells)
    for (std::size_t i = 1; i + 1 < c.size(); ++i)
      out.push_back({base + static_cast<int>(c[0]), base + static_cast<int>(c[i]), base + static_cast<int>(c[i + 1])});
  return out;
}

void expect_same(const TriangleMesh& m, const std::vector<Piece>& pieces, bool float64, const std::string& what) {
  std::vector<Tri> tris;
  std::size_t n = 0;
  for (const auto& p : pieces) {
    const auto t = expected_triangles(p, static_cast<int>(n));
    tris.insert(tris.end(), t.begin(), t.end());
    n += p.points.size();
  }
  ASSERT_EQ(m.vertices.size(), n) << what;
  std::size_t k = 0;
  for (const auto& p : pieces)
    for (const auto& v : p.points) {
      for (int a = 0; a < 3; ++a) {
        const double want = float64 ? v[static_cast<std::size_t>(a)] : static_cast<double>(static_cast<float>(v[static_cast<std::size_t>(a)]));
        EXPECT_EQ(m.vertices[k][a], want) << what << " point " << k;
      }
      ++k;
    }
  EXPECT_EQ(m.triangles, tris) << what;
}

// -- shared OpenSim data --------------------------------------------------------------------------

TEST(VtkShared, EveryGeometryMeshReads) {
  if (!fs::exists(kOpenSim / "Geometry")) GTEST_SKIP() << "no shared data at " << kOpenSim << " (../shared/data absent)";
  int files = 0;
  for (const auto& e : fs::directory_iterator(kOpenSim / "Geometry")) {
    if (!is_vtk_mesh_path(e.path().string())) continue;
    const TriangleMesh m = read_vtk_mesh(e.path().string());
    expect_valid(m, e.path().string());
    ++files;
  }
  EXPECT_GE(files, 81);  // at least Rajagopal2016's 81 meshes
}

TEST(VtkShared, EveryEncodingReadsBackToTheAsciiFemur) {
  if (!fs::exists(kOpenSim / "vtp-encodings")) GTEST_SKIP() << "no shared data at " << kOpenSim << " (../shared/data absent)";
  const TriangleMesh ascii = read_vtk_mesh((kOpenSim / "Geometry" / "femur_r.vtp").string());
  ASSERT_EQ(ascii.vertices.size(), 456u);
  ASSERT_EQ(ascii.triangles.size(), 908u);
  std::set<Tri> wound, unwound;
  for (const auto& t : ascii.triangles) {
    wound.insert(rotated_to_min(t));
    unwound.insert(sorted(t));
  }
  int files = 0;
  for (const auto& e : fs::directory_iterator(kOpenSim / "vtp-encodings")) {
    const std::string name = e.path().filename().string();
    SCOPED_TRACE(name);
    const TriangleMesh m = read_vtk_mesh(e.path().string());
    ++files;
    ASSERT_EQ(m.vertices.size(), ascii.vertices.size());
    for (std::size_t i = 0; i < m.vertices.size(); ++i)  // the original's 6 decimals through float32 and back
      ASSERT_LE((m.vertices[i] - ascii.vertices[i]).cwiseAbs().maxCoeff(), 1e-6) << "point " << i;
    ASSERT_EQ(m.triangles.size(), ascii.triangles.size());
    if (name.find("strips") != std::string::npos) {
      // vtkStripper reorders and may start a strip on either side: the same triangles as vertex sets, and one
      // consistent winding relative to the original
      std::set<Tri> got;
      int same_winding = 0;
      for (const auto& t : m.triangles) {
        got.insert(sorted(t));
        same_winding += wound.count(rotated_to_min(t)) ? 1 : 0;
      }
      EXPECT_EQ(got, unwound);
      EXPECT_TRUE(same_winding == static_cast<int>(m.triangles.size()) || same_winding == 0) << same_winding;
    } else {
      EXPECT_EQ(m.triangles, ascii.triangles);
    }
  }
  EXPECT_EQ(files, 9);
}

TEST(VtkShared, MeshFileDispatchesOnTheExtension) {
  if (!fs::exists(kOpenSim / "Geometry")) GTEST_SKIP() << "no shared data at " << kOpenSim << " (../shared/data absent)";
  EXPECT_EQ(read_mesh_file((kOpenSim / "Geometry" / "femur_r.vtp").string()).triangles.size(), 908u);
  EXPECT_EQ(read_mesh_file((kOpenSim / "vtp-encodings" / "femur_r.legacy-binary.vtk").string()).triangles.size(), 908u);
}

// -- fixtures: each encoding -----------------------------------------------------------------------

struct Case {
  const char* name;
  Options o;
};

std::vector<Case> encoding_cases() {
  std::vector<Case> cases;
  for (Format f : {Format::Ascii, Format::Binary, Format::AppendedRaw, Format::AppendedBase64})
    for (Compress c : {Compress::None, Compress::ZLib, Compress::LZ4})
      for (bool h64 : {false, true})
        for (bool be : {false, true}) {
          if (f == Format::Ascii && (c != Compress::None || h64 || be)) continue;
          Options o;
          o.format = f;
          o.compress = c;
          o.header64 = h64;
          o.big_endian = be;
          o.block_size = 40;  // several blocks, a partial last one
          cases.push_back({"", o});
        }
  return cases;
}

TEST(VtkFixture, EveryEncodingCompressorHeaderAndByteOrder) {
  const std::vector<Piece> pieces{sample_piece()};
  int n = 0;
  for (const auto& c : encoding_cases()) {
    for (bool p64 : {false, true})
      for (const char* idx : {"Int32", "Int64", "UInt32", "UInt64"}) {
        Options o = c.o;
        o.points64 = p64;
        o.index_type = idx;
        const std::string what = "format " + std::to_string(static_cast<int>(o.format)) + " compress " +
                                 std::to_string(static_cast<int>(o.compress)) + " header64 " + std::to_string(o.header64) +
                                 " big " + std::to_string(o.big_endian) + " float64 " + std::to_string(p64) + " " + idx;
        const std::string path = write_file("enc.vtp", XmlWriter(o).write(pieces));
        TriangleMesh m;
        ASSERT_NO_THROW(m = read_vtk_mesh(path)) << what;
        // ascii keeps 17 digits: exact doubles
        expect_same(m, pieces, p64 || o.format == Format::Ascii, what);
        ++n;
      }
  }
  EXPECT_EQ(n, 8 * (1 + 3 * 3 * 4));
}

TEST(VtkFixture, PiecesAreAppendedWithTheirIndicesShifted) {
  const std::vector<Piece> pieces{sample_piece(), sample_piece(2.0), sample_piece(4.0)};
  Options o;
  o.format = Format::AppendedRaw;
  o.compress = Compress::ZLib;
  o.points64 = true;
  const TriangleMesh m = read_vtk_mesh(write_file("pieces.vtp", XmlWriter(o).write(pieces)));
  expect_same(m, pieces, true, "three pieces");
}

TEST(VtkFixture, StripsAlternateWindingAndDropDegenerateTriangles) {
  Piece p;
  p.points = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, 1, 0}, {0, 2, 0}, {1, 2, 0}};
  // a zigzag 0 1 2 3 4 5 ending on a repeated vertex (as strips joined by vtkStripper do): one degenerate triangle
  p.strips.cells = {{0, 1, 2, 3, 4, 5, 5}};
  for (Format f : {Format::Ascii, Format::Binary}) {
    Options o;
    o.format = f;
    const TriangleMesh m = read_vtk_mesh(write_file("strip.vtp", XmlWriter(o).write({p})));
    // odd triangles flipped, (4 5 5) dropped
    const std::vector<Tri> want{{0, 1, 2}, {2, 1, 3}, {2, 3, 4}, {4, 3, 5}};
    EXPECT_EQ(m.triangles, want);
    // every triangle of the strip faces +z, as the first one does
    for (const auto& t : m.triangles) {
      const Vec3 n = (m.vertices[t[1]] - m.vertices[t[0]]).cross(m.vertices[t[2]] - m.vertices[t[0]]);
      EXPECT_GT(n.z(), 0.0);
    }
  }
}

TEST(VtkFixture, LegacyAsciiAndBinaryClassicAndOffsetCells) {
  Piece p = sample_piece();
  p.strips.cells = {{0, 1, 2, 3}};
  for (bool binary : {false, true})
    for (bool new_cells : {false, true}) {
      const std::string what = std::string(binary ? "binary" : "ascii") + (new_cells ? " 5.1" : " classic");
      const TriangleMesh m = read_vtk_mesh(write_file("legacy.vtk", testing::write_legacy(p, binary, new_cells)));
      std::vector<Tri> want = expected_triangles(p);
      want.push_back({0, 1, 2});
      want.push_back({2, 1, 3});
      ASSERT_EQ(m.vertices.size(), p.points.size()) << what;
      for (std::size_t i = 0; i < p.points.size(); ++i)
        for (int a = 0; a < 3; ++a) EXPECT_EQ(m.vertices[i][a], p.points[i][static_cast<std::size_t>(a)]) << what;
      EXPECT_EQ(m.triangles, want) << what;
    }
}

TEST(VtkFixture, ExtensionsAreCaseInsensitive) {
  EXPECT_TRUE(is_vtk_mesh_path("a/femur_R.VTP"));
  EXPECT_TRUE(is_vtk_mesh_path("b.vtk"));
  EXPECT_FALSE(is_vtk_mesh_path("b.vtu"));
  EXPECT_FALSE(is_vtk_mesh_path("vtp"));
  EXPECT_TRUE(is_core_mesh_path("x.OBJ"));
  EXPECT_THROW(read_mesh_file("x.stl"), io::FileError);
}

// -- broken files: one clear message naming the file and the element ------------------------------

// reads text written to name and returns the message of the one FileError it must throw
std::string error_of(const std::string& name, const std::string& text) {
  const std::string path = write_file(name, text);
  try {
    read_vtk_mesh(path);
  } catch (const io::FileError& e) {
    EXPECT_NE(std::string(e.what()).find(name), std::string::npos) << "the message names the file: " << e.what();
    return e.what();
  } catch (const std::exception& e) {
    ADD_FAILURE() << "not a FileError: " << e.what();
    return {};
  }
  ADD_FAILURE() << name << " read without error";
  return {};
}

void replace(std::string& s, const std::string& from, const std::string& to) {
  const auto at = s.find(from);
  ASSERT_NE(at, std::string::npos) << from;
  s.replace(at, from.size(), to);
}

Options binary(Compress c = Compress::None) {
  Options o;
  o.format = Format::Binary;
  o.compress = c;
  return o;
}

bool has(const std::string& msg, const std::string& part) { return msg.find(part) != std::string::npos; }

TEST(VtkBroken, NumberOfPointsDisagreesWithTheData) {
  for (Options o : {Options{}, binary(), binary(Compress::ZLib)}) {
    std::string text = XmlWriter(o).write({sample_piece()});
    replace(text, "NumberOfPoints=\"5\"", "NumberOfPoints=\"6\"");
    const std::string msg = error_of("wrong_size.vtp", text);
    EXPECT_TRUE(has(msg, "<Piece 0>/<Points>/<DataArray>")) << msg;
    EXPECT_TRUE(has(msg, "expected")) << msg;
  }
}

TEST(VtkBroken, TruncatedBase64) {
  std::string text = XmlWriter(binary()).write({sample_piece()});
  // cut the points' base64 short
  const auto start = text.find("format=\"binary\">\n", text.find("<Points>")) + 17;
  const auto end = text.find('\n', start);
  text.erase(start + (end - start) / 2, end - start - (end - start) / 2);
  const std::string msg = error_of("truncated.vtp", text);
  EXPECT_TRUE(has(msg, "<Piece 0>/<Points>/<DataArray>")) << msg;
  EXPECT_TRUE(has(msg, "truncated") || has(msg, "ends")) << msg;
}

TEST(VtkBroken, NotBase64) {
  std::string text = XmlWriter(binary()).write({sample_piece()});
  const auto start = text.find("format=\"binary\">\n", text.find("<Points>")) + 17;
  text[start + 10] = '*';
  const std::string msg = error_of("notbase64.vtp", text);
  EXPECT_TRUE(has(msg, "<Piece 0>/<Points>/<DataArray>") && has(msg, "not base64")) << msg;
}

TEST(VtkBroken, BadZlibAndLz4Blocks) {
  for (Compress c : {Compress::ZLib, Compress::LZ4}) {
    Options o = binary(c);
    o.format = Format::AppendedRaw;
    std::string text = XmlWriter(o).write({sample_piece()});
    // scramble the compressed bytes of the first array (the normals are never read; the points follow them)
    const auto data = text.find('_', text.find("<AppendedData")) + 1;
    const std::size_t points_offset = static_cast<std::size_t>(std::stoul(text.substr(text.find("offset=\"", text.find("<Points>")) + 8)));
    const std::size_t header = 4 * 4;  // 1 block: count, size, last, one compressed size
    for (std::size_t k = header; k < header + 12; ++k) text[data + points_offset + k] = static_cast<char>(0xA5 ^ k);
    const std::string name = c == Compress::ZLib ? "bad_zlib.vtp" : "bad_lz4.vtp";
    const std::string msg = error_of(name, text);
    EXPECT_TRUE(has(msg, "<Piece 0>/<Points>/<DataArray>")) << msg;
    EXPECT_TRUE(has(msg, c == Compress::ZLib ? "zlib block 0" : "lz4 block 0")) << msg;
  }
}

TEST(VtkBroken, OffsetsAndIndicesOutOfRange) {
  {
    std::string text = XmlWriter(Options{}).write({sample_piece()});
    replace(text, "3 6 9 12 16", "3 6 9 12 17");  // the last offset beyond the connectivity
    const std::string msg = error_of("offsets.vtp", text);
    EXPECT_TRUE(has(msg, "<Piece 0>/<Polys>/<DataArray Name=\"connectivity\">") && has(msg, "expected 17")) << msg;
  }
  {
    std::string text = XmlWriter(Options{}).write({sample_piece()});
    replace(text, "3 6 9 12 16", "3 6 2 12 16");
    const std::string msg = error_of("decreasing.vtp", text);
    EXPECT_TRUE(has(msg, "<Piece 0>/<Polys>/<DataArray Name=\"offsets\">") && has(msg, "smaller")) << msg;
  }
  {
    std::string text = XmlWriter(Options{}).write({sample_piece()});
    replace(text, "0 2 1 0 1 3", "0 2 1 0 1 5");
    const std::string msg = error_of("index.vtp", text);
    EXPECT_TRUE(has(msg, "<Piece 0>/<Polys>") && has(msg, "point 5, outside 0..4")) << msg;
  }
  {
    std::string text = XmlWriter(Options{}).write({sample_piece()});
    replace(text, "0 2 1 0 1 3", "0 2 -1 0 1 3");
    const std::string msg = error_of("negative.vtp", text);
    EXPECT_TRUE(has(msg, "<Piece 0>/<Polys>") && has(msg, "point -1")) << msg;
  }
}

TEST(VtkBroken, NanAndInfPoints) {
  for (const char* bad : {"nan", "inf", "1e999"}) {
    std::string text = XmlWriter(Options{}).write({sample_piece()});
    const auto at = text.find("format=\"ascii\">\n", text.find("<Points>")) + 16;
    text.replace(at, text.find(' ', at) - at, bad);
    const std::string msg = error_of("nan.vtp", text);
    EXPECT_TRUE(has(msg, "<Piece 0>/<Points>/<DataArray>") && has(msg, "point 0 is not finite")) << bad << ": " << msg;
  }
}

TEST(VtkBroken, UnsupportedTypesAndFormats) {
  struct Edit {
    const char* from;
    const char* to;
    const char* element;
    const char* words;
  };
  const Edit edits[] = {
      {"type=\"Float32\" Name=\"Points\"", "type=\"String\" Name=\"Points\"", "<Piece 0>/<Points>/<DataArray>", "String"},
      {"type=\"Int64\" Name=\"offsets\"", "type=\"Float32\" Name=\"offsets\"", "<DataArray Name=\"offsets\">", "integer type"},
      {"type=\"PolyData\"", "type=\"UnstructuredGrid\"", "<VTKFile>", "only PolyData"},
      {"header_type=\"UInt32\"", "header_type=\"UInt16\"", "<VTKFile>", "UInt16"},
      {"byte_order=\"LittleEndian\"", "byte_order=\"Middle\"", "<VTKFile>", "byte_order"},
      {"format=\"binary\" offset", "format=\"hex\" offset", "<Points>", "hex"},
      {"NumberOfPoints=\"5\"", "NumberOfPoints=\"five\"", "<Piece 0>", "not an integer"},
  };
  for (const auto& e : edits) {
    std::string text = XmlWriter(binary()).write({sample_piece()});
    if (std::string(e.to).rfind("format=", 0) == 0) {
      // an inline array has no offset attribute: change the points' format
      const auto at = text.find("format=\"binary\"", text.find("<Points>"));
      text.replace(at, 15, "format=\"hex\"");
    } else {
      replace(text, e.from, e.to);
    }
    const std::string msg = error_of("unsupported.vtp", text);
    EXPECT_TRUE(has(msg, e.element) && has(msg, e.words)) << e.to << ": " << msg;
  }
  std::string lzma = XmlWriter(binary()).write({sample_piece()});
  replace(lzma, "header_type=\"UInt32\"", "header_type=\"UInt32\" compressor=\"vtkLZMADataCompressor\"");
  const std::string msg = error_of("lzma.vtp", lzma);
  EXPECT_TRUE(has(msg, "<VTKFile>") && has(msg, "vtkLZMADataCompressor")) << msg;
}

TEST(VtkBroken, MalformedXmlNamesTheLine) {
  std::string text = XmlWriter(Options{}).write({sample_piece()});
  replace(text, "</Points>", "</Pointz>");
  const std::string msg = error_of("malformed.vtp", text);
  EXPECT_TRUE(has(msg, "malformed XML")) << msg;
  EXPECT_TRUE(has(msg, "malformed.vtp:")) << msg;
}

TEST(VtkBroken, AppendedOffsetBeyondTheData) {
  Options o;
  o.format = Format::AppendedRaw;
  std::string text = XmlWriter(o).write({sample_piece()});
  const auto at = text.find("offset=\"", text.find("<Points>")) + 8;
  text.replace(at, text.find('"', at) - at, "99999");
  const std::string msg = error_of("appended.vtp", text);
  EXPECT_TRUE(has(msg, "<Piece 0>/<Points>/<DataArray>") && has(msg, "offset=\"99999\"")) << msg;
}

TEST(VtkBroken, TruncatedAppendedFileAndLyingHeaders) {
  Options o;
  o.format = Format::AppendedRaw;
  o.compress = Compress::ZLib;
  const std::string text = XmlWriter(o).write({sample_piece()});
  // cut inside the data: every array that reaches past the cut fails cleanly
  const std::string cut = text.substr(0, text.find('_', text.find("<AppendedData")) + 40);
  const std::string msg = error_of("cut.vtp", cut);
  EXPECT_TRUE(has(msg, "<Piece 0>/")) << msg;
  // a compression header claiming 2^31 blocks of 1 GiB in a tiny file: refused before allocating
  std::string lying = text;
  const auto data = lying.find('_', lying.find("<AppendedData")) + 1;
  const std::size_t points = static_cast<std::size_t>(std::stoul(lying.substr(lying.find("offset=\"", lying.find("<Points>")) + 8)));
  for (int k = 0; k < 4; ++k) lying[data + points + static_cast<std::size_t>(k)] = static_cast<char>(k == 3 ? 0x7f : 0xff);
  const std::string msg2 = error_of("lying.vtp", lying);
  EXPECT_TRUE(has(msg2, "<Piece 0>/<Points>/<DataArray>") && has(msg2, "blocks")) << msg2;
}

TEST(VtkBroken, LegacyFiles) {
  const Piece p = sample_piece();
  {
    std::string text = testing::write_legacy(p, false, false);
    replace(text, "POLYGONS 5 21", "POLYGONS 6 21");
    const std::string msg = error_of("count.vtk", text);
    EXPECT_TRUE(has(msg, "count.vtk:") && has(msg, "POLYGONS") && has(msg, "6 cells")) << msg;
  }
  {
    std::string text = testing::write_legacy(p, false, true);
    replace(text, "CONNECTIVITY vtktypeint64\n0 2 1", "CONNECTIVITY vtktypeint64\n0 2 9");
    const std::string msg = error_of("index.vtk", text);
    EXPECT_TRUE(has(msg, "POLYGONS") && has(msg, "point 9")) << msg;
  }
  {
    const std::string text = testing::write_legacy(p, true, true);
    const std::string msg = error_of("short.vtk", text.substr(0, text.find("OFFSETS") + 30));
    EXPECT_TRUE(has(msg, "POLYGONS OFFSETS") && has(msg, "bytes")) << msg;
  }
  {
    std::string text = testing::write_legacy(p, false, false);
    replace(text, "0.10000000000000001", "nan");
    const std::string msg = error_of("nan.vtk", text);
    EXPECT_TRUE(has(msg, "nan.vtk:5:") && has(msg, "POINTS: point 0 is not finite")) << msg;
  }
  {
    std::string text = testing::write_legacy(p, false, false);
    replace(text, "DATASET POLYDATA", "DATASET UNSTRUCTURED_GRID");
    const std::string msg = error_of("grid.vtk", text);
    EXPECT_TRUE(has(msg, "grid.vtk:4:") && has(msg, "only POLYDATA")) << msg;
  }
  {
    std::string text = testing::write_legacy(p, false, false);
    replace(text, "POINTS 5 double", "POINTS 5 bit");
    const std::string msg = error_of("bit.vtk", text);
    EXPECT_TRUE(has(msg, "POINTS: data type \"bit\"")) << msg;
  }
}

TEST(VtkBroken, NotAMeshAtAll) {
  EXPECT_TRUE(has(error_of("text.vtp", "hello\n"), "neither VTK XML"));
  EXPECT_TRUE(has(error_of("empty.vtk", ""), "neither VTK XML"));
  EXPECT_TRUE(has(error_of("png.vtp", std::string("\x89PNG\r\n\x1a\n\0\0", 10)), "neither VTK XML"));
}

TEST(VtkBroken, RefusesFifosAndMissingFiles) {
  const fs::path fifo = temp_dir() / "pipe.vtp";
  fs::remove(fifo);
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  try {
    read_vtk_mesh(fifo.string());  // must not block waiting for a writer
    ADD_FAILURE() << "a fifo was read";
  } catch (const io::FileError& e) {
    EXPECT_TRUE(has(e.what(), "pipe.vtp") && has(e.what(), "not a regular file")) << e.what();
  }
  fs::remove(fifo);
  EXPECT_THROW(read_vtk_mesh((temp_dir() / "missing.vtp").string()), io::FileError);
  EXPECT_THROW(read_vtk_mesh("/dev/zero"), io::FileError);
}

TEST(VtkBroken, EveryTruncationOfEveryEncodingFailsCleanly) {
  // cut each fixture at many places: each cut either reads (an ascii cut can still be whole) or throws one
  // FileError, never anything else
  std::vector<std::string> texts;
  for (const auto& c : encoding_cases()) texts.push_back(XmlWriter(c.o).write({sample_piece()}));
  texts.push_back(testing::write_legacy(sample_piece(), true, true));
  texts.push_back(testing::write_legacy(sample_piece(), true, false));
  texts.push_back(testing::write_legacy(sample_piece(), false, false));
  int thrown = 0;
  for (const auto& t : texts)
    for (std::size_t cut = 0; cut < t.size(); cut += 7) {
      try {
        const TriangleMesh m = read_vtk_mesh_bytes(std::string_view(t).substr(0, cut), "cut.vtp");
        for (const auto& tri : m.triangles)
          for (int i : tri) ASSERT_TRUE(i >= 0 && i < static_cast<int>(m.vertices.size()));
      } catch (const io::FileError&) {
        ++thrown;
      }
    }
  EXPECT_GT(thrown, 100);
}

}  // namespace
}  // namespace js::mesh
