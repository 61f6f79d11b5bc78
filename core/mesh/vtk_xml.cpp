// VTK XML PolyData: the xml part through tinyxml2, binary arrays inline (base64) or in <AppendedData> (raw
// bytes or base64 after a '_', each array at its offset), one header word or a compression header first.
#include <tinyxml2.h>

#include <cmath>
#include <cstring>
#include <limits>

#include "core/io/file_error.hpp"
#include "core/mesh/vtk_cells.hpp"
#include "core/mesh/vtk_data.hpp"
#include "core/mesh/vtk_formats.hpp"

namespace js::mesh::vtk {

namespace {

using tinyxml2::XMLElement;

struct Context {
  explicit Context(const std::string& s) : source(s) {}
  const std::string& source;
  bool big_endian = false;
  std::size_t header_bytes = 4;
  Compressor compressor = Compressor::None;
  bool appended_base64 = false;
  std::string_view appended;  // the bytes after '_' (raw) or the text after it (base64)
  bool has_appended = false;
};

[[noreturn]] void fail(const Context& cx, const std::string& where, io::ErrorKind kind, const std::string& problem) {
  // where: the element path, "<Piece 0>/<Points>/<DataArray>"
  throw io::FileError(kind, io::Location{.source = cx.source, .element = where}, problem);
}


// the text of an element (all its text children: vtk writes <InformationKey> children before the data).
std::string_view element_text(const XMLElement* e, std::string& holder) {
  std::string_view single;
  int n = 0;
  for (const tinyxml2::XMLNode* c = e->FirstChild(); c; c = c->NextSibling()) {
    if (const auto* t = c->ToText()) {
      if (n++ == 0) single = t->Value();
      holder += t->Value();
      holder += ' ';
    }
  }
  return n <= 1 ? single : std::string_view(holder);
}

std::int64_t count_attribute(const Context& cx, const XMLElement* e, const std::string& where, const char* name,
                             bool required) {
  const char* v = e->Attribute(name);
  if (!v) {
    if (required) fail(cx, where, io::ErrorKind::MissingField, std::string("the attribute ") + name + " is missing");
    return 0;
  }
  std::int64_t n = 0;
  try {
    n = parse_int_token(v, 0);
  } catch (const Bad&) {
    fail(cx, where, io::ErrorKind::WrongType, std::string(name) + "=\"" + v + "\" is not an integer");
  }
  if (n < 0 || n > std::numeric_limits<int>::max())
    fail(cx, where, io::ErrorKind::InvalidValue, std::string(name) + "=\"" + v + "\" is outside 0.." +
                                                      std::to_string(std::numeric_limits<int>::max()));
  return n;
}

// what a DataArray holds, in one of its three formats, as raw little/big-endian bytes or ascii text.
struct ArrayData {
  Scalar type;
  bool ascii = false;
  std::string_view text;             // ascii
  std::vector<std::uint8_t> bytes;   // binary or appended, uncompressed
  std::string holder;
};

ArrayData fetch(const Context& cx, const XMLElement* e, const std::string& where, std::size_t count, bool need_int) {
  ArrayData a{};
  const char* type = e->Attribute("type");
  if (!type) fail(cx, where, io::ErrorKind::MissingField, "the attribute type is missing");
  const auto scalar = xml_scalar(type);
  if (!scalar) fail(cx, where, io::ErrorKind::UnknownKind, std::string("type=\"") + type + "\" is not a numeric type this reader reads");
  a.type = *scalar;
  if (need_int && !is_integer(a.type))
    fail(cx, where, io::ErrorKind::WrongType, std::string("type=\"") + type + "\" where an integer type is needed");
  const char* format_attr = e->Attribute("format");
  const std::string format = format_attr ? format_attr : "ascii";
  if (format == "ascii") {
    a.ascii = true;
    a.text = element_text(e, a.holder);
    return a;
  }
  const std::size_t expected = count * scalar_size(a.type);
  try {
    if (format == "binary") {
      std::string_view text = element_text(e, a.holder);
      ByteStream in = ByteStream::base64(text);
      a.bytes = read_binary_array(in, cx.header_bytes, cx.compressor, cx.big_endian, expected);
    } else if (format == "appended") {
      if (!cx.has_appended) fail(cx, where, io::ErrorKind::MissingField, "format=\"appended\" but the file has no <AppendedData>");
      const std::int64_t offset = count_attribute(cx, e, where, "offset", true);
      if (static_cast<std::size_t>(offset) > cx.appended.size())
        fail(cx, where, io::ErrorKind::InvalidValue, "offset=\"" + std::to_string(offset) + "\" is beyond the " +
                                                          std::to_string(cx.appended.size()) + " bytes of <AppendedData>");
      const std::string_view rest = cx.appended.substr(static_cast<std::size_t>(offset));
      ByteStream in = cx.appended_base64 ? ByteStream::base64(rest) : ByteStream::raw(rest);
      a.bytes = read_binary_array(in, cx.header_bytes, cx.compressor, cx.big_endian, expected);
    } else {
      fail(cx, where, io::ErrorKind::UnknownKind, "format=\"" + format + "\" is none of ascii, binary, appended");
    }
  } catch (const Bad& b) {
    fail(cx, where, b.kind, b.what());
  }
  return a;
}

// calls f(token, index) for each whitespace-separated token; returns how many there were.
template <class F>
std::size_t for_each_token(std::string_view text, F&& f) {
  std::size_t i = 0, n = 0;
  while (true) {
    while (i < text.size() && is_space(text[i])) ++i;
    if (i >= text.size()) return n;
    const std::size_t start = i;
    while (i < text.size() && !is_space(text[i])) ++i;
    f(text.substr(start, i - start), n);
    ++n;
  }
}

std::vector<double> read_doubles(const Context& cx, const XMLElement* e, const std::string& where, std::size_t count) {
  ArrayData a = fetch(cx, e, where, count, false);
  std::vector<double> out;
  if (a.ascii) {
    if (count > a.text.size()) fail(cx, where, io::ErrorKind::CountMismatch, "expected " + std::to_string(count) + " values, the text is too short to hold them");
    out.reserve(count);
    try {
      const std::size_t n = for_each_token(a.text, [&](std::string_view tok, std::size_t k) {
        if (k < count) out.push_back(parse_double_token(tok, k));
      });
      if (n != count) fail(cx, where, io::ErrorKind::CountMismatch, "holds " + std::to_string(n) + " values, expected " + std::to_string(count));
    } catch (const Bad& b) {
      fail(cx, where, b.kind, b.what());
    }
    return out;
  }
  out.resize(count);
  decode_doubles(a.bytes.data(), count, a.type, cx.big_endian, out.data());
  return out;
}

std::vector<std::int64_t> read_ints(const Context& cx, const XMLElement* e, const std::string& where, std::size_t count) {
  ArrayData a = fetch(cx, e, where, count, true);
  std::vector<std::int64_t> out;
  try {
    if (a.ascii) {
      if (count > a.text.size()) throw Bad(io::ErrorKind::CountMismatch, "expected " + std::to_string(count) + " values, the text is too short to hold them");
      out.reserve(count);
      const std::size_t n = for_each_token(a.text, [&](std::string_view tok, std::size_t k) {
        if (k < count) out.push_back(parse_int_token(tok, k));
      });
      if (n != count) throw Bad(io::ErrorKind::CountMismatch, "holds " + std::to_string(n) + " values, expected " + std::to_string(count));
      return out;
    }
    out.resize(count);
    decode_ints(a.bytes.data(), count, a.type, cx.big_endian, out.data());
  } catch (const Bad& b) {
    fail(cx, where, b.kind, b.what());
  }
  return out;
}

std::string array_path(const std::string& parent, const XMLElement* e) {
  const char* name = e->Attribute("Name");
  return parent + "/<DataArray" + (name ? std::string(" Name=\"") + name + "\"" : std::string()) + ">";
}

// <Polys> or <Strips>: offsets (cell ends) then connectivity.
void read_cells(const Context& cx, const XMLElement* piece, const std::string& piece_path, const char* tag, CellKind kind,
                std::int64_t n_cells, std::int64_t n_points, int base, std::vector<std::array<int, 3>>& out) {
  const std::string where = piece_path + "/<" + tag + ">";
  const XMLElement* cells = piece->FirstChildElement(tag);
  if (!cells) {
    if (n_cells > 0) fail(cx, piece_path, io::ErrorKind::MissingField, "Number" + std::string(tag == std::string("Polys") ? "OfPolys" : "OfStrips") +
                                                                            "=" + std::to_string(n_cells) + " but there is no <" + tag + ">");
    return;
  }
  const XMLElement* conn = nullptr;
  const XMLElement* offs = nullptr;
  const XMLElement* unnamed[2] = {nullptr, nullptr};
  int n_unnamed = 0;
  for (const XMLElement* a = cells->FirstChildElement("DataArray"); a; a = a->NextSiblingElement("DataArray")) {
    const char* name = a->Attribute("Name");
    if (name && std::strcmp(name, "connectivity") == 0) conn = a;
    else if (name && std::strcmp(name, "offsets") == 0) offs = a;
    else if (!name && n_unnamed < 2) unnamed[n_unnamed++] = a;
  }
  // files from old writers leave the arrays unnamed: connectivity first, then offsets
  if (!conn && !offs && n_unnamed == 2) {
    conn = unnamed[0];
    offs = unnamed[1];
  }
  if (n_cells == 0) return;
  if (!offs) fail(cx, where, io::ErrorKind::MissingField, "no <DataArray Name=\"offsets\">");
  if (!conn) fail(cx, where, io::ErrorKind::MissingField, "no <DataArray Name=\"connectivity\">");
  const std::string offs_path = array_path(where, offs);
  std::vector<std::int64_t> starts = read_ints(cx, offs, offs_path, static_cast<std::size_t>(n_cells));
  for (std::size_t c = 0; c < starts.size(); ++c) {
    if (starts[c] < (c == 0 ? 0 : starts[c - 1]))
      fail(cx, offs_path, io::ErrorKind::InvalidValue, "offset " + std::to_string(c) + " (" + std::to_string(starts[c]) +
                                                            ") is smaller than the one before it");
  }
  starts.insert(starts.begin(), 0);  // xml offsets are cell ends
  const std::string conn_path = array_path(where, conn);
  if (starts.back() > std::numeric_limits<int>::max())
    fail(cx, offs_path, io::ErrorKind::InvalidValue, "the last offset " + std::to_string(starts.back()) + " is too large");
  const std::vector<std::int64_t> connectivity = read_ints(cx, conn, conn_path, static_cast<std::size_t>(starts.back()));
  try {
    append_triangles(kind, starts, connectivity, n_points, base, out);
  } catch (const Bad& b) {
    fail(cx, where, b.kind, b.what());
  }
}

void read_piece(const Context& cx, const XMLElement* piece, int index, TriangleMesh& mesh) {
  const std::string where = "<Piece " + std::to_string(index) + ">";
  const std::int64_t n_points = count_attribute(cx, piece, where, "NumberOfPoints", true);
  const std::int64_t n_polys = count_attribute(cx, piece, where, "NumberOfPolys", false);
  const std::int64_t n_strips = count_attribute(cx, piece, where, "NumberOfStrips", false);
  if (static_cast<std::int64_t>(mesh.vertices.size()) + n_points > std::numeric_limits<int>::max())
    fail(cx, where, io::ErrorKind::InvalidValue, "too many points for one mesh");
  const int base = static_cast<int>(mesh.vertices.size());
  if (n_points > 0) {
    const XMLElement* points = piece->FirstChildElement("Points");
    if (!points) fail(cx, where, io::ErrorKind::MissingField, "NumberOfPoints=" + std::to_string(n_points) + " but there is no <Points>");
    const XMLElement* array = points->FirstChildElement("DataArray");
    const std::string points_path = where + "/<Points>";
    if (!array) fail(cx, points_path, io::ErrorKind::MissingField, "no <DataArray>");
    const std::string array_where = points_path + "/<DataArray>";
    const int components = array->IntAttribute("NumberOfComponents", 1);
    if (components != 3)
      fail(cx, array_where, io::ErrorKind::InvalidValue, "NumberOfComponents=" + std::to_string(components) + ", points need 3");
    const std::vector<double> xyz = read_doubles(cx, array, array_where, static_cast<std::size_t>(n_points) * 3);
    mesh.vertices.reserve(mesh.vertices.size() + static_cast<std::size_t>(n_points));
    for (std::size_t p = 0; p < static_cast<std::size_t>(n_points); ++p) {
      const Vec3 v(xyz[3 * p], xyz[3 * p + 1], xyz[3 * p + 2]);
      if (!v.allFinite())
        fail(cx, array_where, io::ErrorKind::NonFinite, "point " + std::to_string(p) + " is not finite (" +
                                                             std::to_string(v.x()) + ", " + std::to_string(v.y()) + ", " +
                                                             std::to_string(v.z()) + ")");
      mesh.vertices.push_back(v);
    }
  }
  read_cells(cx, piece, where, "Polys", CellKind::Polygons, n_polys, n_points, base, mesh.triangles);
  read_cells(cx, piece, where, "Strips", CellKind::Strips, n_strips, n_points, base, mesh.triangles);
}

}  // namespace

TriangleMesh read_xml_polydata(std::string_view bytes, const std::string& source) {
  Context cx(source);
  // raw appended bytes are not xml: parse the part before <AppendedData> and find the data by hand
  std::string xml;
  const std::size_t appended_at = bytes.find("<AppendedData");
  if (appended_at != std::string_view::npos) {
    const std::size_t tag_end = bytes.find('>', appended_at);
    if (tag_end == std::string_view::npos) fail(cx, "<AppendedData>", io::ErrorKind::Syntax, "the tag is not closed");
    tinyxml2::XMLDocument tag_doc;
    const std::string tag = std::string(bytes.substr(appended_at, tag_end + 1 - appended_at));
    const std::string tag_xml = tag.back() == '>' && tag[tag.size() - 2] == '/' ? tag : tag + "</AppendedData>";
    if (tag_doc.Parse(tag_xml.c_str(), tag_xml.size()) != tinyxml2::XML_SUCCESS || !tag_doc.RootElement())
      fail(cx, "<AppendedData>", io::ErrorKind::Syntax, "malformed tag " + tag.substr(0, 80));
    const char* enc = tag_doc.RootElement()->Attribute("encoding");
    const std::string encoding = enc ? enc : "raw";
    if (encoding != "raw" && encoding != "base64")
      fail(cx, "<AppendedData>", io::ErrorKind::UnknownKind, "encoding=\"" + encoding + "\" is neither raw nor base64");
    cx.appended_base64 = encoding == "base64";
    std::size_t start = tag_end + 1;
    while (start < bytes.size() && is_space(bytes[start])) ++start;
    if (start >= bytes.size() || bytes[start] != '_')
      fail(cx, "<AppendedData>", io::ErrorKind::Syntax, "the data does not start with '_'");
    ++start;
    std::size_t end = bytes.rfind("</AppendedData>");
    if (end == std::string_view::npos || end < start) end = bytes.size();  // a truncated file fails at its arrays
    cx.appended = bytes.substr(start, end - start);
    cx.has_appended = true;
    xml.assign(bytes.substr(0, appended_at));
    xml += "</VTKFile>";
  } else {
    xml.assign(bytes);
  }
  tinyxml2::XMLDocument doc;
  if (doc.Parse(xml.data(), xml.size()) != tinyxml2::XML_SUCCESS)
    throw io::FileError(source, doc.ErrorLineNum(), 1, std::string("malformed XML: ") + doc.ErrorStr());
  const XMLElement* root = doc.FirstChildElement("VTKFile");
  if (!root) fail(cx, "/", io::ErrorKind::MissingField, "no <VTKFile> element");
  const char* type = root->Attribute("type");
  if (!type || std::strcmp(type, "PolyData") != 0)
    fail(cx, "<VTKFile>", io::ErrorKind::UnknownKind, std::string("type=\"") + (type ? type : "") +
                                                           "\": only PolyData (.vtp) meshes are read");
  if (const char* order = root->Attribute("byte_order")) {
    if (std::strcmp(order, "BigEndian") == 0) cx.big_endian = true;
    else if (std::strcmp(order, "LittleEndian") != 0)
      fail(cx, "<VTKFile>", io::ErrorKind::InvalidValue, std::string("byte_order=\"") + order + "\" is neither LittleEndian nor BigEndian");
  }
  if (const char* header = root->Attribute("header_type")) {
    if (std::strcmp(header, "UInt64") == 0) cx.header_bytes = 8;
    else if (std::strcmp(header, "UInt32") != 0)
      fail(cx, "<VTKFile>", io::ErrorKind::InvalidValue, std::string("header_type=\"") + header + "\" is neither UInt32 nor UInt64");
  }
  if (const char* comp = root->Attribute("compressor"); comp && *comp) {
    if (std::strcmp(comp, "vtkZLibDataCompressor") == 0) cx.compressor = Compressor::ZLib;
    else if (std::strcmp(comp, "vtkLZ4DataCompressor") == 0) cx.compressor = Compressor::LZ4;
    else fail(cx, "<VTKFile>", io::ErrorKind::UnknownKind, std::string("compressor=\"") + comp +
                                                                "\" is not supported (zlib and lz4 are; write the file with one of them)");
  }
  const XMLElement* poly = root->FirstChildElement("PolyData");
  if (!poly) fail(cx, "<VTKFile>", io::ErrorKind::MissingField, "no <PolyData> element");
  TriangleMesh mesh;
  int index = 0;
  for (const XMLElement* piece = poly->FirstChildElement("Piece"); piece; piece = piece->NextSiblingElement("Piece"))
    read_piece(cx, piece, index++, mesh);
  if (index == 0) fail(cx, "<PolyData>", io::ErrorKind::MissingField, "no <Piece> element");
  return mesh;
}

}  // namespace js::mesh::vtk
