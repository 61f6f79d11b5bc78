#include "core/mesh/obj_write.hpp"

#include <cstdio>

namespace js::mesh {

std::string obj_text(const TriangleMesh& mesh, const std::string& comment) {
  std::string s;
  s.reserve(64 * mesh.vertices.size() + 24 * mesh.triangles.size() + comment.size() + 4);
  if (!comment.empty()) s += "# " + comment + "\n";
  char buf[128];
  for (const Vec3& v : mesh.vertices) {
    std::snprintf(buf, sizeof buf, "v %.17g %.17g %.17g\n", v.x(), v.y(), v.z());
    s += buf;
  }
  for (const auto& t : mesh.triangles) {
    std::snprintf(buf, sizeof buf, "f %d %d %d\n", t[0] + 1, t[1] + 1, t[2] + 1);
    s += buf;
  }
  return s;
}

}  // namespace js::mesh
