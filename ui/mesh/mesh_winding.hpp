// whether a mesh is a closed surface wound one way all over, so the viewport may cull the faces that can
// never be seen (renderer.cpp). no GL here: tested on its own (tests/ui/test_mesh_winding.cpp).
#pragma once

#include "ui/mesh/mesh_data.hpp"

namespace js::ui {

// how a mesh's triangles face.
//   outward:   every connected piece is closed, each of its edges is shared by exactly two triangles that run
//              along it in opposite directions, and each piece encloses a positive volume: counter-clockwise
//              (OpenGL's front face) seen from outside. from an eye outside the mesh a back face always lies
//              behind a front face, so culling back faces draws the same picture.
//   inward:    the same with every piece wound clockwise (cull front faces instead).
//   two_sided: anything else: open, non-manifold, inconsistently wound, flat, or pieces wound both ways.
// vertices closer than 1e-6 of the bounding-box diagonal count as one, so meshes split at uv seams, creases
// (one vertex per face normal, as STL files are) or the seam of a lathe are seen as closed. triangles that
// collapse to a line or a point under that welding are ignored (they draw nothing).
enum class MeshWinding { two_sided, outward, inward };

// mesh: any triangle list; a 500k-triangle mesh takes a few hundred ms (once, when first drawn)
// allow_pinched_edges: an edge may also be shared by 2k triangles, k running each way (a closed surface
// touching itself along an edge, as simplification leaves them: mesh_lod.hpp); still the boundary of a
// solid, so culling still holds
MeshWinding closed_mesh_winding(const MeshData& mesh, bool allow_pinched_edges = false);

}  // namespace js::ui
