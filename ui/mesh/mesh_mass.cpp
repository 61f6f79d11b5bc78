#include "ui/mesh/mesh_mass.hpp"

#include <QObject>
#include <array>
#include <exception>
#include <vector>

#include "core/dynamics/rigid_body.hpp"
#include "ui/mesh/mesh_winding.hpp"

namespace js::ui {

MeshMass mesh_mass(const MeshData& mesh, double density) {
  MeshMass out;
  const MeshWinding winding = closed_mesh_winding(mesh);
  if (winding == MeshWinding::two_sided) {
    out.why_not = QObject::tr("the mesh is not a closed surface, so it has no volume to fill");
    return out;
  }
  std::vector<Vec3> vertices;
  vertices.reserve(mesh.positions.size());
  for (const auto& p : mesh.positions) vertices.emplace_back(p.cast<double>());
  std::vector<std::array<int, 3>> triangles;
  triangles.reserve(mesh.indices.size() / 3);
  const bool flip = winding == MeshWinding::inward;
  for (std::size_t t = 0; t + 2 < mesh.indices.size(); t += 3) {
    const int a = static_cast<int>(mesh.indices[t]), b = static_cast<int>(mesh.indices[t + 1]),
              c = static_cast<int>(mesh.indices[t + 2]);
    triangles.push_back(flip ? std::array<int, 3>{a, c, b} : std::array<int, 3>{a, b, c});
  }
  try {
    const BodyInertia in = inertia_from_mesh(vertices, triangles, density);
    out.mass = in.mass;
    out.com = in.com;
    out.inertia_diag = in.inertia_com.diagonal();
    out.volume = in.mass / density;
    out.ok = true;
  } catch (const std::exception& e) {
    out.why_not = QString::fromUtf8(e.what());
  }
  return out;
}

}  // namespace js::ui
