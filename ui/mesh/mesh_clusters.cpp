#include "ui/mesh/mesh_clusters.hpp"

#include <meshoptimizer.h>

namespace js::ui {

MeshClusters build_mesh_clusters(const MeshData& mesh) {
  MeshClusters out;
  if (mesh.indices.size() < 3 || mesh.positions.empty()) return out;
  constexpr std::size_t max_vertices = 64, max_triangles = 124;
  const float* xyz = mesh.positions.front().data();
  const std::size_t nv = mesh.positions.size(), stride = sizeof(Eigen::Vector3f);
  std::vector<meshopt_Meshlet> meshlets(meshopt_buildMeshletsBound(mesh.indices.size(), max_vertices, max_triangles));
  std::vector<unsigned int> meshlet_vertices(meshlets.size() * max_vertices);
  std::vector<unsigned char> meshlet_triangles(meshlets.size() * max_triangles * 3);
  // cone weight 0.5: clusters a little tighter in normal, so more of them face wholly away
  meshlets.resize(meshopt_buildMeshlets(meshlets.data(), meshlet_vertices.data(), meshlet_triangles.data(),
                                        mesh.indices.data(), mesh.indices.size(), xyz, nv, stride, max_vertices,
                                        max_triangles, 0.5f));
  auto regrouped = std::make_shared<MeshData>();
  regrouped->positions = mesh.positions;
  regrouped->normals = mesh.normals;
  regrouped->bounds_min = mesh.bounds_min;
  regrouped->bounds_max = mesh.bounds_max;
  regrouped->indices.reserve(mesh.indices.size());
  out.clusters.reserve(meshlets.size());
  for (const meshopt_Meshlet& m : meshlets) {
    const meshopt_Bounds b =
        meshopt_computeMeshletBounds(&meshlet_vertices[m.vertex_offset], &meshlet_triangles[m.triangle_offset],
                                     m.triangle_count, xyz, nv, stride);
    MeshCluster c;
    c.first_index = static_cast<std::uint32_t>(regrouped->indices.size());
    c.index_count = 3 * m.triangle_count;
    c.centre = Eigen::Vector3f(b.center[0], b.center[1], b.center[2]);
    c.radius = b.radius;
    c.cone_axis = Eigen::Vector3f(b.cone_axis[0], b.cone_axis[1], b.cone_axis[2]);
    c.cone_cutoff = b.cone_cutoff;
    for (std::size_t k = 0; k < 3 * m.triangle_count; ++k)
      regrouped->indices.push_back(meshlet_vertices[m.vertex_offset + meshlet_triangles[m.triangle_offset + k]]);
    out.clusters.push_back(c);
  }
  out.mesh = std::move(regrouped);
  return out;
}

}  // namespace js::ui
