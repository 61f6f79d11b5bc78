#include "core/mesh/vtk_mesh.hpp"

#include <sys/stat.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>

#include "core/io/file_error.hpp"
#include "core/mesh/vtk_formats.hpp"

namespace js::mesh {

namespace {

bool starts_with_ci(std::string_view s, std::string_view prefix) {
  return s.size() >= prefix.size() && std::equal(prefix.begin(), prefix.end(), s.begin(), [](char a, char b) {
           return std::tolower(static_cast<unsigned char>(a)) == std::tolower(static_cast<unsigned char>(b));
         });
}

}  // namespace

bool is_vtk_mesh_path(const std::string& path) {
  if (path.size() < 4) return false;
  const std::string_view ext = std::string_view(path).substr(path.size() - 4);
  return starts_with_ci(ext, ".vtp") || starts_with_ci(ext, ".vtk");
}

TriangleMesh read_vtk_mesh_bytes(std::string_view bytes, const std::string& source) {
  std::string_view head = bytes;
  if (head.substr(0, 3) == "\xEF\xBB\xBF") head.remove_prefix(3);  // utf-8 byte order mark
  while (!head.empty() && std::isspace(static_cast<unsigned char>(head.front()))) head.remove_prefix(1);
  if (head.substr(0, 14) == "# vtk DataFile") return vtk::read_legacy_polydata(head, source);
  // xml: a <VTKFile element near the start (after the declaration and comments)
  if (!head.empty() && head.front() == '<' && head.substr(0, 4096).find("<VTKFile") != std::string_view::npos)
    return vtk::read_xml_polydata(bytes, source);
  throw io::FileError(io::ErrorKind::Syntax, io::Location{.source = source},
                      "neither VTK XML (<VTKFile type=\"PolyData\">) nor legacy VTK (# vtk DataFile)");
}

TriangleMesh read_vtk_mesh(const std::string& path) {
  // a fifo or a device would block or never end: read regular files only, of bounded size
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0)
    throw io::FileError(io::ErrorKind::Io, path, "", std::string("cannot open mesh file: ") + std::strerror(errno));
  if (!S_ISREG(st.st_mode)) throw io::FileError(io::ErrorKind::Io, path, "", "not a regular file");
  if (static_cast<std::uint64_t>(st.st_size) > kMaxVtkFileBytes)
    throw io::FileError(io::ErrorKind::Io, path, "", "the file is " + std::to_string(st.st_size >> 20) +
                                                         " MiB, larger than the " + std::to_string(kMaxVtkFileBytes >> 20) +
                                                         " MiB a mesh may be");
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> f(std::fopen(path.c_str(), "rb"), &std::fclose);
  if (!f) throw io::FileError(io::ErrorKind::Io, path, "", std::string("cannot open mesh file: ") + std::strerror(errno));
  std::string bytes(static_cast<std::size_t>(st.st_size), '\0');
  const std::size_t got = std::fread(bytes.data(), 1, bytes.size(), f.get());
  if (got != bytes.size()) throw io::FileError(io::ErrorKind::Io, path, "", "read error (the file changed while it was read?)");
  return read_vtk_mesh_bytes(bytes, path);
}

}  // namespace js::mesh
