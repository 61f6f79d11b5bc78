// a chain of simplified copies of one mesh (levels of detail) for drawing it far away with fewer
// triangles; picking and everything else keep the full mesh. no GL: tested on its own
// (tests/ui/test_mesh_lod.cpp). the viewport picks a level per frame (viewport/lod_select.hpp).
#pragma once

#include <atomic>
#include <memory>
#include <vector>

#include "ui/mesh/mesh_clusters.hpp"
#include "ui/mesh/mesh_data.hpp"
#include "ui/mesh/mesh_winding.hpp"

namespace js::ui {

struct MeshLodLevel {
  std::shared_ptr<const MeshData> mesh;  // level 0: the source mesh itself
  // metres (body frame): how far this level's surface may stand from the source's, an upper bound summed
  // over the simplification steps that made it (0 for level 0)
  float error = 0.0f;
  MeshWinding winding = MeshWinding::two_sided;  // this level's own check (closed_mesh_winding)
};

struct MeshLod {
  std::vector<MeshLodLevel> levels;  // finest first; triangle counts fall and errors rise along it
  MeshClusters clusters;             // level 0's triangles in clusters, for drawing it in part
};

struct MeshLodOptions {
  int max_levels = 12;            // level 0 included
  std::size_t min_triangles = 256;  // no level coarser than this
};

// the chain: each level about half the triangles of the one before (meshopt_simplify on the vertices
// welded by position, the source's open borders locked so pieces meeting there stay joined), its vertices
// the source's own (positions and normals: at a crease each corner keeps the normal nearest its new face's).
// the chain stops early when a step cannot remove a fifth of the triangles. the source's clusters come with
// it (mesh_clusters.hpp). `cancel` (may be null) is
// polled between levels: the chain built so far is returned.
// mesh: any triangle mesh; ~0.5 s for 500k triangles
MeshLod build_mesh_lod(const std::shared_ptr<const MeshData>& mesh, const MeshLodOptions& options = {},
                       const std::atomic<bool>* cancel = nullptr);

}  // namespace js::ui
