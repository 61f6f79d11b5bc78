// which clusters of a mesh (mesh_clusters.hpp) a frame draws: those whose bounding sphere meets the view
// frustum and, for a mesh drawn with its back faces culled, that do not face wholly away from the eye.
// what is skipped could not have shown, so the picture is the same. no GL: unit-tested.
#pragma once

#include <vector>

#include "ui/document/document_data.hpp"
#include "ui/mesh/mesh_clusters.hpp"
#include "ui/viewport/scene.hpp"

namespace js::ui {

// clusters: of the mesh drawn at world_T_mesh (rigid); clip_T_world: projection · view; eye: world;
// cull_back_faces: the renderer culls this mesh's back faces with counter-clockwise front faces (an
// outward-wound closed mesh, not mirrored). out: the index runs to draw, adjacent clusters merged; cleared
// first (its capacity is kept)
void visible_runs(const MeshClusters& clusters, const Eigen::Matrix4f& world_T_mesh, const Eigen::Matrix4f& clip_T_world,
                  const Vec3& eye, bool cull_back_faces, std::vector<IndexRun>& out);

}  // namespace js::ui
