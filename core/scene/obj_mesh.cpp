#include "core/scene/obj_mesh.hpp"

#include <fstream>
#include <sstream>

#include "core/io/file_error.hpp"
#include "core/io/file_read.hpp"

namespace js::scene {

TriangleMesh read_obj_mesh(const std::string& path) {
  std::istringstream in(io::read_file_bytes(path));
  TriangleMesh mesh;
  std::string line;
  int line_no = 0;
  while (std::getline(in, line)) {
    ++line_no;
    std::istringstream ls(line);
    std::string tag;
    ls >> tag;
    if (tag == "v") {
      Vec3 v;
      if (!(ls >> v.x() >> v.y() >> v.z())) throw io::FileError(path, line_no, 1, "malformed vertex", io::ErrorKind::WrongType);
      mesh.vertices.push_back(v);
    } else if (tag == "f") {
      std::vector<int> face;
      std::string item;
      while (ls >> item) {
        int index = 0;
        try {
          index = std::stoi(item.substr(0, item.find('/')));
        } catch (const std::exception&) {
          throw io::FileError(path, line_no, 1, "malformed face index \"" + item + "\"", io::ErrorKind::WrongType);
        }
        // 1-based, negative counts back from the last vertex read
        index = index < 0 ? static_cast<int>(mesh.vertices.size()) + index : index - 1;
        if (index < 0 || index >= static_cast<int>(mesh.vertices.size())) {
          throw io::FileError(path, line_no, 1, "face index \"" + item + "\" names no vertex read so far",
                              io::ErrorKind::InvalidValue);
        }
        face.push_back(index);
      }
      if (face.size() < 3) throw io::FileError(path, line_no, 1, "face with fewer than 3 vertices", io::ErrorKind::CountMismatch);
      for (std::size_t k = 1; k + 1 < face.size(); ++k) mesh.triangles.push_back({face[0], face[k], face[k + 1]});
    }
  }
  return mesh;
}

}  // namespace js::scene
