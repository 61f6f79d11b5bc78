// a mesh's triangles grouped in small clusters with bounds, so a frame can skip the clusters that face
// away from the eye or lie outside the view before they reach the rasterizer (viewport/cluster_cull.hpp).
// no GL: tested on its own (tests/ui/test_mesh_lod.cpp).
#pragma once

#include <Eigen/Core>
#include <cstdint>
#include <memory>
#include <vector>

#include "ui/mesh/mesh_data.hpp"

namespace js::ui {

struct MeshCluster {
  std::uint32_t first_index = 0, index_count = 0;  // a range of MeshClusters::mesh's indices
  Eigen::Vector3f centre = Eigen::Vector3f::Zero();  // bounding sphere, mesh frame
  float radius = 0.0f;
  // normal cone (meshopt_computeMeshletBounds): every triangle faces away (counter-clockwise front faces)
  // from an eye e with (centre − e)·axis ≥ cutoff |centre − e| + radius; cutoff 1 when no eye sees them all
  // from behind
  Eigen::Vector3f cone_axis = Eigen::Vector3f::UnitZ();
  float cone_cutoff = 1.0f;
};

struct MeshClusters {
  std::shared_ptr<const MeshData> mesh;  // the source's vertices, its triangles regrouped cluster by cluster
  std::vector<MeshCluster> clusters;
};

// clusters of up to 64 vertices and 124 triangles (meshopt_buildMeshlets); every source triangle lands in
// exactly one. mesh: any triangle mesh; ~0.1 s for 500k triangles
MeshClusters build_mesh_clusters(const MeshData& mesh);

}  // namespace js::ui
